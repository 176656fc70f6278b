import type {Diagnostic} from '../../hcl/diagnostics.js';
import {formatRangeStart, type Range} from '../../hcl/position.js';
import type {ModuleInstance} from '../../expand/instance-tree.js';
import type {DiagnosticRow} from '../explorer-data.js';
import type {DataContext} from './context.js';
import {join} from './shared.js';

/*
The diagnostics view's data and the background pass that finds every diagnostic between frames, with the counts per module directory the module tree's badges show.
*/

/**
A few lines of source around a range, numbered, with a marker under the start, for the diagnostics view.
*/
export function snippet(sources: ReadonlyMap<string, string>, range: Range): string | undefined {
	const text = sources.get(range.filename);
	if (text === undefined) {
		return undefined;
	}

	const lines = text.split('\n');
	const first = Math.max(1, range.start.line - 2);
	const last = Math.min(lines.length, range.start.line + 2);
	const width = String(last).length;
	const out: string[] = [];
	for (let line = first; line <= last; line++) {
		out.push(`${String(line).padStart(width)} │ ${lines[line - 1] ?? ''}`);
		if (line === range.start.line) {
			out.push(`${' '.repeat(width)} │ ${' '.repeat(Math.max(0, range.start.column - 1))}^`);
		}
	}

	return out.join('\n');
}

type Counts = {readonly errors: number; readonly warnings: number};

/** How far the background pass has got: not started, checking (a percentage), or every diagnostic known. */
export type CheckProgress =
	| {readonly state: 'idle'}
	| {readonly state: 'checking'; readonly percent: number}
	| {readonly state: 'done'; readonly errors: number; readonly warnings: number};

export type DiagnosticData = {
	readonly diagnostics: () => readonly DiagnosticRow[];
	readonly evaluateSome: (budgetMs: number) => boolean;
	readonly addressAt: (filename: string, line: number) => string | undefined;
	/** The badge counts of a module instance, once every diagnostic is known. */
	readonly countsOf: (instance: ModuleInstance) => Counts | undefined;
	readonly progress: () => CheckProgress;
	/** Whether every diagnostic is known (cheap, for every frame). */
	readonly known: () => boolean;
};

function directoryOf(filename: string): string {
	const slash = filename.lastIndexOf('/');
	return slash === -1 ? '.' : filename.slice(0, slash);
}

function normalizeDirectory(directory: string): string {
	return directory.replace(/^\.\//, '').replace(/\/$/, '') || '.';
}

export function createDiagnosticData({workspace, sources, tree, relativeFilename, failures}: DataContext): DiagnosticData {
	// Reading workspace.diagnostics evaluates every value of the configuration: never before the first frame; the background pass (evaluateSome) or the diagnostics view asks.
	let diagnosticList: readonly Diagnostic[] | undefined;
	const workspaceDiagnostics = (): readonly Diagnostic[] => {
		if (!diagnosticList) {
			try {
				diagnosticList = workspace.diagnostics;
			} catch (error) {
				failures.push(error instanceof Error ? error.message : String(error));
				diagnosticList = [];
			}
		}

		return diagnosticList;
	};

	// Diagnostics per module directory, for the badges of the module tree.
	let diagnosticCounts: Map<string, {errors: number; warnings: number}> | undefined;
	const countDiagnostics = () => {
		const counts = new Map<string, {errors: number; warnings: number}>();
		for (const diagnostic of workspaceDiagnostics()) {
			const directory = diagnostic.subject ? normalizeDirectory(directoryOf(diagnostic.subject.filename)) : '.';
			const count = counts.get(directory) ?? {errors: 0, warnings: 0};
			if (diagnostic.severity === 'error') {
				count.errors++;
			} else {
				count.warnings++;
			}

			counts.set(directory, count);
		}

		diagnosticCounts = counts;
	};

	const addressAt = (filename: string, line: number): string | undefined => {
		const inside = (range: Range | undefined) => range !== undefined && range.filename === filename && range.start.line <= line && line <= range.end.line;
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			if (!module.files.includes(filename)) {
				continue;
			}

			const candidates: Array<[string, Range | undefined]> = [
				...[...module.resources.values()].map((resource): [string, Range] => [resource.key, resource.range]),
				...[...module.moduleCalls.values()].map((call): [string, Range] => [`module.${call.name}`, call.range]),
				...[...module.variables.values()].map((variable): [string, Range] => [`var.${variable.name}`, variable.range]),
				...[...module.locals.values()].map((local): [string, Range] => [`local.${local.name}`, local.range]),
				...[...module.outputs.values()].map((output): [string, Range] => [`output.${output.name}`, output.range]),
			];
			const found = candidates.find(([, range]) => inside(range));
			return found ? join(instance.text, found[0]) : instance.text;
		}

		return undefined;
	};

	let diagnosticRows: DiagnosticRow[] | undefined;
	const diagnostics = (): readonly DiagnosticRow[] => {
		if (!diagnosticRows) {
			countDiagnostics();
		}

		diagnosticRows ??= workspaceDiagnostics().map((diagnostic): DiagnosticRow => {
			const {subject} = diagnostic;
			return {
				severity: diagnostic.severity,
				summary: diagnostic.summary,
				...(diagnostic.detail !== undefined && {detail: diagnostic.detail}),
				where: subject ? formatRangeStart({...subject, filename: relativeFilename(subject.filename)}) : '',
				...(subject && {filename: subject.filename, line: subject.start.line}),
				...(subject && {snippet: snippet(sources, subject)}),
			};
		}).concat(failures.map(message => ({severity: 'error', summary: `tfscope failed to evaluate a value: ${message}`, where: ''})));
		return diagnosticRows;
	};

	// A value whose evaluation throws (a bug, not a diagnostic) must not stop the explorer: the pass goes on, and the diagnostics view says what failed.
	const touch = (read: () => unknown): undefined => {
		try {
			read();
		} catch (error) {
			failures.push(error instanceof Error ? error.message : String(error));
		}

		return undefined;
	};

	// The background pass: every value of every module instance, a slice at a time (values are memoised by the expander, so reading `workspace.diagnostics` afterwards only adds what no value holds: conditions, checks).
	function * valuesToEvaluate(): Generator<undefined, void> {
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			for (const name of module.variables.keys()) {
				yield touch(() => instance.variable(name));
			}

			for (const name of module.locals.keys()) {
				yield touch(() => instance.local(name));
			}

			for (const resource of instance.resources) {
				for (const each of resource.instances) {
					yield touch(() => each.value);
				}
			}

			for (const name of module.outputs.keys()) {
				yield touch(() => instance.output(name));
			}
		}
	}

	let background: Generator<undefined, void> | undefined;
	let evaluated = 0;
	const totalValues = (): number => {
		let total = 0;
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			total += module.variables.size + module.locals.size + module.outputs.size;
			for (const resource of instance.resources) {
				total += resource.instances.length;
			}
		}

		return total;
	};

	let valueCount: number | undefined;
	const evaluateSome = (budgetMs: number): boolean => {
		if (diagnosticRows) {
			return true;
		}

		background ??= valuesToEvaluate();
		const deadline = performance.now() + budgetMs;
		for (;;) {
			if (background.next().done) {
				break;
			}

			evaluated++;
			// The clock is read every few values: a value takes microseconds.
			if ((evaluated & 7) === 0 && performance.now() >= deadline) {
				return false;
			}
		}

		diagnostics();
		return true;
	};

	const progress = (): CheckProgress => {
		if (diagnosticRows) {
			const errors = diagnosticRows.filter(row => row.severity === 'error').length;
			return {state: 'done', errors, warnings: diagnosticRows.length - errors};
		}

		if (background === undefined) {
			return {state: 'idle'};
		}

		valueCount ??= totalValues();
		return {state: 'checking', percent: Math.min(99, Math.floor(100 * evaluated / Math.max(1, valueCount)))};
	};

	return {
		diagnostics,
		evaluateSome,
		addressAt,
		countsOf: instance => diagnosticCounts?.get(normalizeDirectory(instance.node.module.directory)),
		progress,
		known: () => diagnosticRows !== undefined,
	};
}
