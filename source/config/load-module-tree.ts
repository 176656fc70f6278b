import fs from 'node:fs';
import {findAttribute} from '../hcl/ast.js';
import process from 'node:process';
import path from 'node:path';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {type LanguageRules, terraformRules} from './language.js';
import {type LoadedDirectory, loadDirectory} from './load-directory.js';
import {childListDiagnostic} from './load-query-files.js';
import type {ConfigSource} from './source.js';
import {emptyModule, type Module, type ModuleCall} from './module.js';
import type {ModuleNode, ModuleSource} from './module-tree.js';
import {isLocalSource, readModuleManifest} from './module-sources.js';
import {runToEnd} from '../run-steps.js';

/*
Builds the static module tree from a root directory by following module calls. A call whose source cannot be loaded becomes an unresolved node with a diagnostic; the rest loads. Each directory is read once however many calls use it.
*/

export type ModuleTreeOptions = {
	readonly environment?: Readonly<Record<string, string | undefined>>;
	/**
	The language mode's rules (default Terraform's): how module calls are read and their sources found.
	*/
	readonly rules?: LanguageRules;
	/**
	Where the files come from (default: the disk).
	*/
	readonly source?: ConfigSource;
	/**
	Where module sources that are expressions are evaluated (OpenTofu's early evaluation, expand/static-evaluation.ts; Terraform 1.15's init walk, expand/init-evaluation.ts): the root module's static scope. Without it such calls stay unresolved.
	*/
	readonly staticScope?: (root: Module) => StaticScope;
};

/**
The static values of one module of the tree, as the loader needs them: a call's source, and the scope of the module a call loads.
*/
export type StaticScope = {
	callSource(call: ModuleCall): {readonly source?: string; readonly diagnostics: readonly Diagnostic[]};
	child(call: ModuleCall, module: Module): StaticScope;
	/**
	What loading the module a call names finds wrong in the call's inputs (Terraform 1.15: a const variable given a value not known at init).
	*/
	callDiagnostics?(call: ModuleCall, module: Module): readonly Diagnostic[];
};

export type LoadedModuleTree = {
	readonly root: ModuleNode;
	readonly diagnostics: Diagnostic[];
	readonly sources: Map<string, string>;
};

const maximumDepth = 64;

function realDirectory(directory: string, source: ConfigSource | undefined): string | undefined {
	if (source) {
		const real = source.realPath(directory);
		return real !== undefined && source.stat(real)?.kind === 'directory' ? real : undefined;
	}

	try {
		// The native call: one realpath(3), where the JavaScript one makes an lstat call for every component of every module directory's path.
		const real = fs.realpathSync.native(directory);
		return fs.statSync(real).isDirectory() ? real : undefined;
	} catch {
		return undefined;
	}
}

export function loadModuleTree(rootDirectory: string, options: ModuleTreeOptions = {}): LoadedModuleTree {
	return runToEnd(loadModuleTreeSteps(rootDirectory, options));
}

/**
Builds the module tree one directory at a time: each `next()` reads one module directory and yields how many have been read, so a caller can give the event loop a turn between directories (the explorer's loading screen); the generator's return value is the tree. Driving it to the end in one go is `loadModuleTree`.
*/
export function * loadModuleTreeSteps(rootDirectory: string, options: ModuleTreeOptions = {}): Generator<number, LoadedModuleTree, void> {
	const diagnostics: Diagnostic[] = [];
	const sources = new Map<string, string>();
	// Each module directory's real path, found once: a module node's directory is looked up when its call is checked and again when it is built, and many calls name the same directory.
	const reals = new Map<string, string | undefined>();
	const realOf = (directory: string): string | undefined => {
		if (!reals.has(directory)) {
			reals.set(directory, realDirectory(directory, options.source));
		}

		return reals.get(directory);
	};
	const rules = options.rules ?? terraformRules;
	const cache = new Map<string, LoadedDirectory>();
	const {manifest, error} = readModuleManifest(rootDirectory, options.environment ?? {}, options.source);
	if (error) {
		diagnostics.push(warningDiagnostic('Invalid module manifest', `${error}. Run "terraform init" again; modules from the registry are shown as unresolved.`));
	}

	// Whether the last `load` read a directory (a step to yield after) rather than reusing one.
	let read = false;
	const load = (directory: string, real: string): LoadedDirectory => {
		let loaded = cache.get(real);
		read = !loaded;
		if (!loaded) {
			loaded = loadDirectory(directory, rules, options.source);
			cache.set(real, loaded);
			diagnostics.push(...loaded.diagnostics);
			for (const [file, text] of loaded.sources) {
				sources.set(file, text);
			}
		}

		return loaded;
	};

	const unresolved = (pathNames: readonly string[], call: ModuleCall, reason: string, summary: string): ModuleNode => {
		// The source argument's range, worked out only for this diagnostic.
		diagnostics.push(errorDiagnostic(summary, reason, findAttribute(call.block.body, 'source')?.expression.range ?? call.block.typeRange, call.range));
		const source: ModuleSource = {kind: 'unresolved', source: call.source ?? '', reason};
		return {
			path: pathNames, module: emptyModule(''), source, call, children: new Map(),
		};
	};

	function * build(pathNames: readonly string[], directory: string, source: ModuleSource, call: ModuleCall | undefined, ancestors: readonly string[], scopeOf: ((module: Module) => StaticScope) | undefined): Generator<number, ModuleNode, void> {
		const real = realOf(directory)!;
		const loaded = load(directory, real);
		if (read) {
			yield cache.size;
		}

		const lists = loaded.module.lists;
		if (lists && lists.size > 0 && pathNames.length > 0) {
			diagnostics.push(childListDiagnostic(pathNames, lists));
		}

		const scope = scopeOf?.(loaded.module);
		const children = new Map<string, ModuleNode>();
		for (const declared of loaded.module.moduleCalls.values()) {
			const childPath = [...pathNames, declared.name];
			let child = declared;
			if (scope && (declared.sourceExpression ?? declared.versionExpression)) {
				const evaluated = scope.callSource(declared);
				diagnostics.push(...evaluated.diagnostics);
				if (evaluated.source === undefined) {
					children.set(declared.name, {
						path: childPath, module: emptyModule(''), source: {kind: 'unresolved', source: '', reason: 'The module source could not be evaluated statically.'}, call: declared, children: new Map(),
					});
					continue;
				}

				// This use of the call, with its source evaluated: the same directory may be called with other inputs elsewhere.
				child = {...declared, source: evaluated.source};
			}

			if (child.source === undefined) {
				children.set(child.name, {
					path: childPath, module: emptyModule(''), source: {kind: 'unresolved', source: '', reason: 'The module call has no literal source.'}, call: child, children: new Map(),
				});
				continue;
			}

			let childDirectory: string;
			let childSource: ModuleSource;
			if (isLocalSource(child.source)) {
				childDirectory = path.join(directory, child.source);
				childSource = {kind: 'local', directory: childDirectory};
			} else {
				const entry = manifest.get(childPath.join('.'));
				if (!entry) {
					children.set(child.name, unresolved(childPath, child, `Module "${child.name}" (source "${child.source}") is not installed: it is not in the module manifest. Run "terraform init" to install it; until then its contents are unknown.`, 'Module not installed'));
					continue;
				}

				childDirectory = path.relative(process.cwd(), entry.directory) || '.';
				childSource = {kind: 'installed', directory: childDirectory, source: entry.source};
			}

			const childReal = realOf(childDirectory);
			if (childReal === undefined) {
				children.set(child.name, unresolved(childPath, child, `The module directory ${childDirectory} does not exist or is not a directory.`, 'Unreadable module directory'));
				continue;
			}

			if (ancestors.includes(childReal) || childReal === real) {
				children.set(child.name, unresolved(childPath, child, `Module "${child.name}" calls ${child.source}, which is one of its own callers: ${[...pathNames.map(name => `module.${name}`), `module.${child.name}`].join(' → ')}. Module calls must not form a cycle.`, 'Module cycle'));
				continue;
			}

			if (childPath.length > maximumDepth) {
				children.set(child.name, unresolved(childPath, child, `Module calls are nested more than ${maximumDepth} levels deep.`, 'Module tree too deep'));
				continue;
			}

			const node = yield * build(childPath, childDirectory, childSource, child, [...ancestors, real], scope && (module => scope.child(child, module)));
			if (scope?.callDiagnostics) {
				diagnostics.push(...scope.callDiagnostics(child, node.module));
			}

			for (const input of child.inputs) {
				if (!node.module.variables.has(input.name)) {
					diagnostics.push(errorDiagnostic('Unsupported argument', `An argument named "${input.name}" is not expected here: module "${child.name}" (${child.source}) declares no variable "${input.name}".`, input.nameRange, child.range));
				}
			}

			children.set(child.name, node);
		}

		return {
			path: pathNames, module: loaded.module, source, ...(call && {call}), children,
		};
	}

	if (realDirectory(rootDirectory, options.source) === undefined) {
		diagnostics.push(errorDiagnostic('No configuration directory', `The directory ${rootDirectory} does not exist or is not a directory.`));
		return {
			root: {
				path: [], module: emptyModule(rootDirectory), source: {kind: 'root', directory: rootDirectory}, children: new Map(),
			},
			diagnostics,
			sources,
		};
	}

	const root = yield * build([], rootDirectory, {kind: 'root', directory: rootDirectory}, undefined, [], options.staticScope);
	return {root, diagnostics, sources};
}
