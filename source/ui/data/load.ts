import type {CommandFlags} from '../../commands/command.js';
import {undeclaredVariableMessage, workspaceOptions} from '../../commands/workspace-options.js';
import {languageName} from '../../config/language.js';
import type {ExpandProgress} from '../../expand/expander.js';
import {loadWorkspace, type LoadProgress, type Workspace} from '../../workspace.js';
import type {ExplorerData, ExplorerLoad, ModuleRow} from '../explorer-data.js';
import {ExplorerStartFailure} from '../run/start-failure.js';
import {defaultFormatting} from './formatting.js';
import {blockEntries, moduleRows} from './module-rows.js';
import {plural} from './shared.js';
import {createConsoleThread, threadOptions} from './console-thread.js';
import {createWorkspaceData} from './workspace-data.js';

/*
Loading a configuration for the explorer: the loading screen's progress lines, the Workspace loaded as the CLI flags say, and what the explorer shows while its instances are still being made in the background.
*/

/**
The loading screen's line for a progress report: what is being done, with its count.
*/
export function describeProgress(progress: LoadProgress): string {
	const count = `${progress.done}${progress.total === undefined ? '' : `/${progress.total}`}`;
	switch (progress.phase) {
		case 'parse': {
			return 'reading the configuration…';
		}

		case 'modules': {
			return `${count} module ${progress.done === 1 ? 'directory' : 'directories'} read`;
		}

		case 'expand': {
			const resources = progress.resourceInstances === undefined ? '' : `, ${progress.resourceInstances} resource ${progress.resourceInstances === 1 ? 'instance' : 'instances'}`;
			return `${count} module ${progress.done === 1 ? 'instance' : 'instances'}${resources} expanded`;
		}

		case 'graph': {
			return `building the dependency graph ${count}`;
		}
	}
}

/**
How long the background expansion works between two turns of the event loop once the explorer is on screen (unless the caller gives its own slice): a key waits at most this long, as for the background check.
*/
const backgroundSliceMilliseconds = 8;

/**
Loads the directory as the CLI flags say and wraps the Workspace for the explorer.
*/
export async function loadExplorerData(options: {
	readonly directory: string;
	readonly flags: CommandFlags;
	readonly environment: Readonly<Record<string, string | undefined>>;
	readonly cwd: string;
	readonly onProgress?: (text: string) => void;
	readonly sliceMilliseconds?: number;
}): Promise<ExplorerLoad> {
	// The same options as every command: --var and --var-file interleaved in command-line order, --workspace, --state.
	const commandOptions = workspaceOptions(options.flags, options.directory, options.environment, options.cwd);
	const workspace = await loadWorkspace({
		...commandOptions,
		...(options.sliceMilliseconds !== undefined && {sliceMilliseconds: options.sliceMilliseconds}),
		// The explorer opens on the module tree once the files are read; the instances are made after, in the background (`--diff` compares whole configurations first).
		expansion: options.flags.diff === undefined ? 'background' : 'load',
		onProgress(progress) {
			options.onProgress?.(describeProgress(progress));
		},
	});
	if (workspace.planProblem !== undefined) {
		throw new Error(workspace.planProblem);
	}

	if (workspace.otherPlan) {
		throw new Error(`--plan ${workspace.otherPlan.detail ?? workspace.otherPlan.summary}`);
	}

	// Terraform refuses a -var for an undeclared variable; the explorer says so instead of opening.
	const undeclared = undeclaredVariableMessage(workspace, options.flags);
	if (undeclared !== undefined) {
		throw new ExplorerStartFailure(undeclared);
	}

	// Console lines are evaluated in a worker thread, so the explorer answers keys (q, Ctrl-C) during a slow one.
	const threadWorkspace = threadOptions(commandOptions);
	const data = createWorkspaceData(workspace, defaultFormatting(), threadWorkspace ? {consoleThread: {workspace: {options: threadWorkspace}, start: createConsoleThread}} : {});
	if (options.flags.diff !== undefined) {
		// `--diff REV`: the same panes, marked with what changed since REV (diff.ts).
		const {diffExplorerData} = await import('./diff.js');
		const diffData = await diffExplorerData(data, workspace, options);
		return {data: diffData, summary: diffData.status()};
	}

	// Its first slice runs now: a small configuration is whole after it, and opens as it always did.
	const stopping = new AbortController();
	const done = workspace.finishExpansion(options.sliceMilliseconds ?? backgroundSliceMilliseconds, stopping.signal);
	if (!workspace.expanding) {
		await done;
		return {data, summary: data.status()};
	}

	let shown: {readonly moduleInstances: number; readonly resourceInstances: number; readonly view: ExplorerData} | undefined;
	return {
		data,
		// The status of the whole configuration: read only when asked for, as it needs every instance.
		get summary() {
			return data.status();
		},
		expanding: {
			view() {
				const step = workspace.expanding;
				if (!step) {
					return data;
				}

				if (shown?.moduleInstances !== step.moduleInstances || shown.resourceInstances !== step.resourceInstances) {
					shown = {moduleInstances: step.moduleInstances, resourceInstances: step.resourceInstances, view: expandingData(workspace, step)};
				}

				return shown.view;
			},
			done,
			stop() {
				stopping.abort();
			},
		},
	};
}

/**
What the explorer shows while the Workspace makes its instances in the background: the module tree as far as the walk has got (an instance it has not finished shows `…` for its counts and no children yet), the blocks of the module instances it has finished, and nothing that would need an instance not made yet or a value, so showing it never changes what the walk does (it reads the walk's partial tree, which computes nothing).
*/
function expandingData(workspace: Workspace, step: ExpandProgress): ExplorerData {
	const {partial} = step;
	let rows: ModuleRow[] | undefined;
	const modules = (): ModuleRow[] => {
		rows ??= moduleRows(partial.root, {calls: instance => partial.callsOf(instance), resources: instance => partial.resourcesOf(instance)}, () => undefined);
		return rows;
	};

	// The module instances the walk has reached of those made so far (the tree lists them all), and the resource instances made.
	const status = `${languageName(workspace.language.rules)} · expanding… ${step.moduleInstances}/${plural(modules().length, 'module instance')}, ${plural(step.resourceInstances, 'resource instance')} so far`;
	return {
		directory: workspace.directory,
		consoleBackslashContinuation: workspace.language.rules.consoleBackslashContinuation,
		expanding: status,
		status: () => status,
		modules,
		// The blocks of a module instance the walk has finished (its blocks and calls are made); the others wait.
		blocks(address) {
			const instance = partial.moduleInstances.get(address);
			const resources = instance && partial.resourcesOf(instance);
			const calls = instance && partial.callsOf(instance);
			return instance && resources && calls ? blockEntries(instance, resources, calls) : [];
		},
		details: () => undefined,
		edges: () => [],
		locate: address => (modules().some(row => row.address === address) ? {module: address} : undefined),
		addresses: () => modules().map(row => row.address),
		diagnostics: () => [],
		// Nothing to check yet: the explorer checks the whole configuration once it has it.
		evaluateSome: () => true,
		evaluate: () => ({ok: false, text: status}),
		complete: () => [],
		drawGraph: () => ({lines: [], nodes: []}),
	};
}

