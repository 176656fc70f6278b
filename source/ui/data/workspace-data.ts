import type {Workspace} from '../../workspace.js';
import type {ExplorerData, ModuleRow} from '../explorer-data.js';
import {assumptionText, createAssumptionData, reassume} from './assumptions.js';
import {createConsoleData} from './console.js';
import type {ConsoleThread, ConsoleWorkspace} from './console-thread.js';
import {createContext} from './context.js';
import {createDetails} from './details.js';
import {createDiagnosticData} from './diagnostics.js';
import {createEdgeData} from './edges.js';
import type {Formatting} from './formatting.js';
import {moduleRows} from './module-rows.js';
import {createPlaces} from './places.js';
import {withPlan} from './plan.js';
import {createStatus} from './status.js';
import {createWhyData} from './why.js';

/*
The explorer's view of a Workspace: the ExplorerData the panes read, put together from one module per view's data (places, details, edges, diagnostics, console, assumptions, status, why). Everything is computed on demand and memoised per address, so opening a large configuration costs only the module list, and a selection costs only what its panes show.
*/

export type WorkspaceDataOptions = {
	/** Where each assumption in force came from, in order, when the explorer rebuilt the Workspace (`:assume`): the Workspace itself only knows them as `--assume` texts. */
	readonly assumptionSources?: readonly string[];
	/**
	When console lines are evaluated in a worker thread that loads the Workspace again (console-thread.ts; the explorer's, not the HTML page's): what it loads it from, and what starts the thread (passed in, so the commands' build, which has no worker, does not bundle it).
	*/
	readonly consoleThread?: {readonly workspace: ConsoleWorkspace; readonly start: (workspace: ConsoleWorkspace) => ConsoleThread};
};

export function createWorkspaceData(workspace: Workspace, formatting: Formatting, options: WorkspaceDataOptions = {}): ExplorerData {
	const context = createContext(workspace, formatting);
	const {tree} = context;
	const places = createPlaces(context);
	const assumptionData = createAssumptionData(context, options.assumptionSources);
	const diagnosticData = createDiagnosticData(context);
	const {edges, drawGraph} = createEdgeData(context, places);
	const {evaluate, complete, signature} = createConsoleData(context, places);
	const thread = options.consoleThread?.start(options.consoleThread.workspace);

	// The module tree's rows, made again once every diagnostic is known (they then carry their badges).
	let moduleRowsCache: {readonly rows: readonly ModuleRow[]; readonly checked: boolean} | undefined;
	const modules = (): readonly ModuleRow[] => {
		const checked = diagnosticData.known();
		if (moduleRowsCache?.checked !== checked) {
			moduleRowsCache = {rows: moduleRows(tree().root, {calls: instance => instance.calls, resources: instance => instance.resources}, diagnosticData.countsOf), checked};
		}

		return moduleRowsCache.rows;
	};

	let addressList: string[] | undefined;
	const data: ExplorerData = {
		directory: workspace.directory,
		consoleBackslashContinuation: workspace.language.rules.consoleBackslashContinuation,
		status: createStatus(context, diagnosticData.progress),
		modules,
		blocks: places.blocks,
		details: createDetails(context, places, assumptionData),
		edges,
		locate: address => places.all().get(address),
		addresses: () => {
			addressList ??= [...places.all().keys()];
			return addressList;
		},
		diagnostics: diagnosticData.diagnostics,
		evaluateSome: diagnosticData.evaluateSome,
		addressAt: diagnosticData.addressAt,
		evaluate,
		...(thread && {evaluateInThread: thread.evaluate, prepareConsole: thread.prepare, cancelEvaluation: thread.cancel}),
		complete,
		signature,
		drawGraph,
		skipped: assumptionData.skipped,
		assumptions: assumptionData.assumptions,
		unknownCauses: assumptionData.unknownCauses,
		withAssumptions: async assumptions => reassume(workspace, assumptions, next => createWorkspaceData(next, formatting, {
			assumptionSources: assumptions.map(assumption => assumption.source),
			...(options.consoleThread && {consoleThread: {
				...options.consoleThread,
				workspace: {...options.consoleThread.workspace, assumptions: assumptions.map(assumption => ({kind: 'text' as const, text: assumptionText(assumption)}))},
			}}),
		})),
		explain: createWhyData(workspace),
	};
	// `--plan FILE`: the same panes with the plan's marks and reasons (plan.ts); `:assume` keeps the plan, as it rebuilds through here.
	return workspace.plan ? withPlan(data, workspace, workspace.plan, formatting) : data;
}
