import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

/*
Loose adapters over the stages the benchmark times. The stages are written by other people at the same time as the bench, so each one is imported at run time and probed: a missing module or function gives `undefined`, and the bench prints "n/a (not implemented)" for it instead of failing. The shapes below are only what the bench calls.
*/

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type DiagnosticLike = {
	readonly severity: string;
	readonly summary: string;
	readonly detail?: string;
	readonly subject?: {readonly filename: string; readonly start: {readonly line: number; readonly column: number}};
};

export type ResultLike<T> = {readonly value: T; readonly diagnostics: readonly DiagnosticLike[]};

export type ParseConfig = (text: string, filename: string) => ResultLike<unknown>;

export type WorkspaceLike = {
	readonly diagnostics: readonly DiagnosticLike[];
	readonly instances: {
		readonly moduleInstances: ReadonlyMap<string, unknown>;
		readonly resourceInstances: ReadonlyMap<string, unknown>;
		readonly resources: ReadonlyMap<string, unknown>;
	};
	evaluateAt(expressionText: string, address?: string): ResultLike<unknown>;
};

export type LoadWorkspace = (options: {directory: string; environment?: Record<string, string | undefined>; cwd?: string}) => Promise<WorkspaceLike>;

export type GraphLike = {
	readonly nodeCount: number;
	readonly edgeCount: number;
	has(id: string): boolean;
	nodes(): ReadonlyArray<{readonly id: string; readonly kind: string}>;
};

export type BuildGraph = (workspace: WorkspaceLike, options?: {instances?: boolean}) => GraphLike;

export type GraphQueries = {
	dependents(graph: GraphLike, id: string): readonly unknown[];
	transitiveDependents?: (graph: GraphLike, id: string) => readonly unknown[];
};

export type FormatValue = (value: unknown) => string;

async function importOptional(relative: string): Promise<Record<string, unknown> | undefined> {
	try {
		return await import(pathToFileURL(path.join(repositoryRoot, relative)).href) as Record<string, unknown>;
	} catch (error) {
		const code = (error as {code?: string}).code;
		if (code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_UNSUPPORTED_DIR_IMPORT') {
			return undefined;
		}

		// A module that exists but fails to load (another engineer's work in progress) counts as missing too; say why.
		process.stderr.write(`bench: could not load ${relative}: ${(error as Error).message.split('\n')[0]}\n`);
		return undefined;
	}
}

function functionFrom<T>(module: Record<string, unknown> | undefined, ...names: string[]): T | undefined {
	for (const name of names) {
		if (typeof module?.[name] === 'function') {
			return module[name] as T;
		}
	}

	return undefined;
}

export async function loadParseConfig(): Promise<ParseConfig | undefined> {
	return functionFrom<ParseConfig>(await importOptional('source/hcl/index.ts'), 'parseConfig');
}

/**
`loadWorkspace`, or undefined while it is missing or still the placeholder that throws "not implemented".
*/
export async function loadLoadWorkspace(): Promise<LoadWorkspace | undefined> {
	const load = functionFrom<LoadWorkspace>(await importOptional('source/workspace.ts'), 'loadWorkspace');
	if (!load) {
		return undefined;
	}

	try {
		await load({directory: path.join(repositoryRoot, 'bench', 'generated', '.probe-missing'), environment: {}});
	} catch (error) {
		if (/not implemented/i.test((error as Error).message)) {
			return undefined;
		}
	}

	return load;
}

/**
A function building the dependency graph of a Workspace (block level, or instance level), from wherever the graph layer exports it.
*/
export async function loadBuildGraph(level: 'block' | 'instance' = 'block'): Promise<BuildGraph | undefined> {
	const names = level === 'block' ? ['buildGraph', 'buildWorkspaceGraph'] : ['buildInstanceGraph'];
	for (const relative of ['source/graph/index.ts', 'source/graph/build.ts']) {
		const build = functionFrom<BuildGraph>(await importOptional(relative), ...names);
		if (build) {
			return build;
		}
	}

	return undefined;
}

export async function loadGraphQueries(): Promise<GraphQueries | undefined> {
	const module = await importOptional('source/graph/queries.ts');
	const dependents = functionFrom<GraphQueries['dependents']>(module, 'dependents');
	if (!dependents) {
		return undefined;
	}

	return {dependents, transitiveDependents: functionFrom<GraphQueries['dependents']>(module, 'transitiveDependents')};
}

export async function loadFormatValue(): Promise<FormatValue | undefined> {
	return functionFrom<FormatValue>(await importOptional('source/lang/format-value.ts'), 'formatValue', 'format');
}

export {importOptional, functionFrom};
