import {useCallback, useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {Box, Text, useApp, useStdin, useStdout} from 'ink';
import type {Evaluation, ExplorerData, ExplorerLoad} from './explorer-data.js';
import {statusBindings} from './input/keymap.js';
import {useKeymap} from './hooks/use-keymap.js';
import {usePrefetch} from './hooks/use-prefetch.js';
import {reduce} from './state/reducer.js';
import type {Action} from './state/actions.js';
import {createInitialState, type State} from './state/state.js';
import {
	blockCursor, blockList, consoleContext, skippedInstances, detailsCursor, detailsTargets, detailsView, diagnosticGroups, goToCandidates, moduleCursor, moduleList,
} from './state/selectors.js';
import {entryLineRange} from './state/console-results.js';
import {computeLayout, fitsMinimum, minimumSize, viewRowsOf, type Layout} from './layout/layout.js';
import {mouseTarget} from './input/mouse-target.js';
import {graphDrawingRows} from './layout/view-geometry.js';
import type {MouseEvent} from './input/mouse.js';
import {ThemeContext} from './components/theme.js';
import {ModuleTreePane, moduleRowsWidth} from './panes/module-tree.js';
import {BlocksPane, blockRowsWidth} from './panes/blocks.js';
import {DetailsPane} from './panes/details.js';
import {EdgesPane} from './panes/edges.js';
import {edgeRows, type EdgeRow} from './state/edge-groups.js';
import {ConsolePane, lastEntryLines} from './panes/console.js';
import {GraphPane} from './panes/graph.js';
import {DiagnosticsPane} from './panes/diagnostics.js';
import {AssumptionsPane} from './panes/assumptions.js';
import {StatusBar} from './components/status-bar.js';
import {HelpOverlay, helpLayout} from './components/help-overlay.js';
import {WhyPane} from './panes/why.js';
import {GoToOverlay, PromptLine} from './components/prompt.js';
import {appendHistory, clipboardSequence, readHistory} from './run/effects.js';
import {sanitizeLine} from './text/sanitize.js';
import type {StyledLine} from './text/detail-lines.js';
import {describeInternalError} from '../commands/internal-error.js';

const noEdges: readonly EdgeRow[] = [];
// How long no key must come before the dependency graph is built (ms).
const graphPause = 250;
// What Details says while the configuration is still being expanded.
const expandingLines: readonly StyledLine[] = [[{text: 'Still expanding: details to follow', style: 'dim'}]];

export type ExplorerProps = {
	readonly data: ExplorerData;
	readonly color?: boolean;
	/** Mark the selection with `▶` (colour off: inverse video may not show either). */
	readonly marker?: boolean;
	/** Terminal size; by default read from stdout and followed on resize. */
	readonly columns?: number;
	readonly rows?: number;
	/** Where console history is kept between sessions; none in tests. */
	readonly historyFile?: string;
	readonly initialState?: State;
	/** Summary for the status bar's right side (default: the data's own status). */
	readonly loadState?: string;
	/** Called when the user quits, before the app exits. */
	readonly onQuit?: () => void;
	/** Called instead of exiting when the user quits: the Terragrunt estate's unit tree takes the screen back (ui/estate/estate-app.tsx). */
	readonly onLeave?: () => void;
	/** Where the clipboard escape goes (default: stdout). */
	readonly writeTerminal?: (sequence: string) => void;
	/** Quit right after the first frame of the panes (the bench's first-frame probe). */
	readonly firstFrameProbe?: boolean;
	/** Called once the first frame of the panes is rendered (run/run-explorer.tsx: the bundle keeps the code compiled so far for the next start). */
	readonly onFirstFrame?: () => void;
	/** Keys typed while the configuration loaded, in order: applied once the panes are laid out, as if typed then. */
	readonly takeTypedKeys?: () => readonly string[];
	/** The Terragrunt unit open in the panes (its path in the estate): the Modules and Details titles name it, and the Blocks and Console titles at its root module. */
	readonly unit?: string;
};

function useTerminalSize(columns?: number, rows?: number): {columns: number; rows: number} {
	const {stdout} = useStdout();
	// One row less than the terminal: a frame as tall as the screen makes Ink clear the whole screen on every render.
	const read = () => ({columns: columns ?? stdout.columns ?? 100, rows: rows ?? (stdout.rows ?? 31) - 1});
	const [size, setSize] = useState(read);
	useEffect(() => {
		if (columns !== undefined && rows !== undefined) {
			return;
		}

		const onResize = () => {
			setSize(read());
		};

		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [stdout, columns, rows]);
	return size;
}

export function Explorer({data: loadedData, color = true, marker = false, columns, rows, historyFile, initialState, loadState, writeTerminal, onQuit, onLeave, firstFrameProbe = false, onFirstFrame, takeTypedKeys, unit}: ExplorerProps) {
	const {exit} = useApp();
	useEffect(() => {
		onFirstFrame?.();
		if (firstFrameProbe) {
			exit();
		}
	// Once, on the first frame.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	}, []);
	const {stdout} = useStdout();
	const size = useTerminalSize(columns, rows);
	const theme = useMemo(() => ({color, marker}), [color, marker]);
	// The configuration as loaded, until `:assume` (or dropping an assumption) rebuilds it.
	const [rebuilt, setRebuilt] = useState<ExplorerData>();
	const data = rebuilt ?? loadedData;
	const dataReference = useRef(data);
	dataReference.current = data;
	const reducer = useCallback((state: State, action: Action) => reduce(state, action, data), [data]);
	const [state, dispatch] = useReducer(reducer, initialState ?? createInitialState());
	const lastResult = useMemo(() => lastEntryLines(state.console.output), [state.console.output]);
	const consoleFocused = state.focus === 'console' && state.overlay.kind === 'none';
	const modules = moduleList(data, state);
	const blocks = blockList(data, state);
	// The focused list widens to show its names whole (up to half the width).
	const modulesWidth = useMemo(() => moduleRowsWidth(modules.rows), [modules.rows]);
	const blocksWidth = useMemo(() => blockRowsWidth(blocks.rows), [blocks.rows]);
	const layout = computeLayout(size.columns, size.rows, {
		shares: state.shares,
		focus: state.focus,
		...(state.focus === 'modules' && {listWants: modulesWidth}),
		...(state.focus === 'blocks' && {listWants: blocksWidth}),
		...(state.zoomed && state.overlay.kind === 'none' && {zoomed: state.focus}),
		...(consoleFocused && {consoleWants: lastResult + 1 + state.console.pending.length}),
	});

	const helpView = state.overlay.kind === 'help' ? {...(state.overlay.first !== undefined && {first: state.overlay.first}), ...(state.overlay.query !== undefined && {query: state.overlay.query})} : {};
	const help = helpLayout(layout.width, layout.top, helpView);
	const viewRows = viewRowsOf(layout, help.perScreen);
	const viewRowsKey = JSON.stringify(viewRows);
	useEffect(() => {
		dispatch({type: 'resize', viewRows, consoleRows: layout.console - 4});
	// The rows as a string: the layout is a new object on every render.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [viewRowsKey, layout.console]);

	// Keys typed while loading, after the panes' sizes are known (the effect above), so a page key moves by what the pane shows.
	useEffect(() => {
		for (const name of takeTypedKeys?.() ?? []) {
			dispatch({type: 'key', name});
		}
	// Once, on the first frame.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	}, []);

	// Console history from earlier sessions.
	useEffect(() => {
		if (historyFile !== undefined) {
			dispatch({type: 'console-history-loaded', history: readHistory(historyFile)});
		}
	}, [historyFile]);

	// Evaluate submitted console lines one at a time, each after the frame that shows it.
	// While the configuration is still being expanded, a submitted line waits (the console shows it busy) and is evaluated once it is whole.
	const request = state.console.requests[0];
	useEffect(() => {
		if (!request || data.expanding !== undefined) {
			return;
		}

		let live = true;
		// Sent to the worker and not answered yet: stopped when its request is gone (Esc cancelled it), the data is replaced (`:assume`) or the explorer closes, so no worker goes on with a line nobody waits for.
		let running = false;
		const finish = (result: Evaluation) => {
			running = false;
			if (!live) {
				return;
			}

			dispatch({type: 'console-result', serial: request.serial, ok: result.ok, text: result.text, ...(result.hint !== undefined && {hint: result.hint})});
			if (historyFile !== undefined) {
				appendHistory(historyFile, request.expression);
			}
		};

		const failed = (error: unknown): Evaluation => ({ok: false, text: describeInternalError(error).trimEnd()});
		const timer = setTimeout(() => {
			// The explorer's Workspace answers from a worker thread (data/console-thread.ts): keys go on being read meanwhile.
			if (data.evaluateInThread) {
				running = true;
				data.evaluateInThread(request.expression, request.context).then(finish, (error: unknown) => {
					finish(failed(error));
				});
				return;
			}

			let result: Evaluation;
			try {
				result = data.evaluate(request.expression, request.context);
			} catch (error) {
				result = failed(error);
			}

			finish(result);
		}, 0);
		return () => {
			live = false;
			clearTimeout(timer);
			if (running) {
				data.cancelEvaluation?.();
			}
		};
	}, [request, data, historyFile]);

	// The worker that evaluates console lines loads its Workspace when the console is first opened, while the first line is typed.
	const consoleOpen = state.focus === 'console';
	useEffect(() => {
		if (consoleOpen && data.expanding === undefined) {
			data.prepareConsole?.();
		}
	}, [consoleOpen, data]);

	// Rebuild the Workspace with other assumptions; the reducer keeps the selection where it still exists.
	const {reassume} = state;
	useEffect(() => {
		if (!reassume) {
			return;
		}

		let live = true;
		const current = dataReference.current;
		const refuse = (message: string) => {
			dispatch({type: 'assumptions-refused', serial: reassume.serial, message});
		};

		if (!current.withAssumptions) {
			refuse('assumptions need a configuration loaded from a directory');
			return;
		}

		current.withAssumptions(reassume.assumptions).then(result => {
			if (!live) {
				return;
			}

			if (result.ok) {
				setRebuilt(result.data);
				dispatch({type: 'assumptions-applied', serial: reassume.serial, data: result.data, summary: result.summary});
			} else {
				refuse(result.message);
			}
		}, (error: unknown) => {
			if (live) {
				refuse(error instanceof Error ? error.message : String(error));
			}
		});
		return () => {
			live = false;
		};
	}, [reassume]);

	const {clipboard} = state;
	useEffect(() => {
		if (clipboard) {
			const sequence = clipboardSequence(clipboard.text);
			if (writeTerminal) {
				writeTerminal(sequence);
			} else {
				stdout.write(sequence);
			}
		}
	}, [clipboard, stdout, writeTerminal]);

	useEffect(() => {
		if (state.quitting) {
			if (onLeave) {
				onLeave();
				return;
			}

			onQuit?.();
			exit();
		}
	}, [state.quitting, exit, onQuit, onLeave]);

	// A click or wheel step is read against the frame on screen.
	const screen = useRef<{layout: Layout; fits: boolean}>({layout, fits: true});
	screen.current = {layout, fits: fitsMinimum(size.columns, size.rows)};
	const onMouse = useCallback((event: MouseEvent) => {
		if (!event.release && screen.current.fits) {
			dispatch({type: 'mouse', button: event.button, target: mouseTarget(screen.current.layout, event.column, event.row)});
		}
	}, []);
	useKeymap({dispatch, isActive: true, onMouse});

	const lines = data.expanding === undefined ? detailsView(data, state) : expandingLines;
	// The dependency graph is built on first use, which takes seconds on a large configuration: not before the first frame, and not while keys are coming in (a pause of a quarter second starts it).
	// Nor while the instances are still being made: the frame that shows them all would build it before it is drawn. The pause counts from the last key, so once they are all made the graph follows that frame at once when no key came in the last quarter second.
	const [graphWanted, setGraphWanted] = useState(false);
	const expanding = data.expanding !== undefined;
	const lastChange = useRef(Date.now());
	useEffect(() => {
		lastChange.current = Date.now();
	}, [state]);
	useEffect(() => {
		if (graphWanted || expanding) {
			return;
		}

		const timer = setTimeout(() => {
			setGraphWanted(true);
		}, Math.max(0, graphPause - (Date.now() - lastChange.current)));
		return () => {
			clearTimeout(timer);
		};
	}, [graphWanted, expanding, state]);
	const edges = graphWanted && data.expanding === undefined ? edgeRows(data, state) : undefined;
	usePrefetch(data, state, graphWanted);

	// After the first pause, every diagnostic is found in the background, a slice of about 8 ms between frames (a key waits at most one slice), for the module badges and the status bar's totals.
	// The data that was checked: a rebuild (`:assume`) is checked again.
	const [checkedData, setCheckedData] = useState<ExplorerData>();
	const checked = checkedData === data;
	const [, setCheckProgress] = useState(0);
	useEffect(() => {
		if (!graphWanted || checked) {
			return;
		}

		let handle: NodeJS.Immediate | undefined;
		let lastProgress = Date.now();
		const step = () => {
			let done: boolean;
			try {
				done = data.evaluateSome(8);
			} catch {
				// A failure of the background pass must not end the session: the diagnostics view still evaluates on demand.
				done = true;
			}

			if (done) {
				setCheckedData(data);
				return;
			}

			if (Date.now() - lastProgress >= 500) {
				lastProgress = Date.now();
				setCheckProgress(value => value + 1);
			}

			handle = setImmediate(step);
		};

		handle = setImmediate(step);
		return () => {
			if (handle) {
				clearImmediate(handle);
			}
		};
	}, [graphWanted, checked, data]);
	// The title names the module instance by its whole address (the tree shows only each row's last step).
	// In a Terragrunt unit, its root module is the unit.
	const moduleLabel = state.module === '' ? (unit ?? 'root') : state.module;
	const unitTitle = unit === undefined ? '' : ` — ${sanitizeLine(unit)}`;
	const moduleRow = data.modules().find(row => row.address === state.module);

	const modulesPane = (width: number, height: number) => <ModuleTreePane rows={modules.rows} cursor={moduleCursor(data, state)} focused={state.focus === 'modules'} width={width} height={height} filter={state.filters.modules} title={`Modules${unitTitle}`}/>;
	const unavailable = moduleRow?.unavailable;
	const blocksPane = (width: number, height: number) => <BlocksPane title={`Blocks — ${sanitizeLine(moduleLabel)}`} rows={blocks.rows} cursor={blockCursor(data, state)} expanded={state.expanded} focused={state.focus === 'blocks'} width={width} height={height} filter={state.filters.blocks} skipped={skippedInstances(data, state)} {...(unavailable && {empty: `${unavailable.label === 'not installed' ? 'Not installed' : 'Not loaded'}: see Details`})} {...(data.expanding !== undefined && {empty: 'Expanding the configuration…'})}/>;
	const detailsTarget = state.focus === 'details' ? detailsTargets(data, state)[detailsCursor(data, state)] : undefined;
	const detailsPane = (width: number, height: number) => <DetailsPane lines={lines} scroll={state.detailsScroll} column={state.detailsColumn} focused={state.focus === 'details'} width={width} height={height} highlight={detailsTarget} title={`Details${unitTitle}`}/>;
	const edgesPane = (width: number, height: number) => <EdgesPane rows={edges ?? noEdges} loading={edges === undefined} cursor={state.edgeCursor} focused={state.focus === 'edges'} width={width} height={height} filter={state.filters.edges} {...(data.expanding !== undefined && {waiting: 'Expanding the configuration…'})}/>;
	let panes;
	switch (layout.zoomed) {
		case 'modules': {
			panes = modulesPane(layout.width, layout.top);
			break;
		}

		case 'blocks': {
			panes = blocksPane(layout.width, layout.top);
			break;
		}

		case 'details': {
			panes = detailsPane(layout.width, layout.top);
			break;
		}

		case 'edges': {
			panes = edgesPane(layout.width, layout.top);
			break;
		}

		case 'console': {
			panes = null;
			break;
		}

		case undefined: {
			panes = (
				<Box flexDirection='row' height={layout.top}>
					{layout.stacked
						? (
							<Box flexDirection='column' width={layout.modules}>
								{modulesPane(layout.modules, layout.modulesHeight)}
								{blocksPane(layout.blocks, layout.blocksHeight)}
							</Box>
						)
						: (
							<>
								{modulesPane(layout.modules, layout.top)}
								{blocksPane(layout.blocks, layout.top)}
							</>
						)}
					<Box flexDirection='column' width={layout.right}>
						{detailsPane(layout.right, layout.details)}
						{edgesPane(layout.right, layout.edges)}
					</Box>
				</Box>
			);
			break;
		}
	}

	let top;
	const {overlay} = state;
	switch (overlay.kind) {
		case 'help': {
			top = <HelpOverlay width={layout.width} height={layout.top} scroll={overlay.scroll} view={helpView} searching={overlay.searching === true}/>;
			break;
		}

		case 'graph': {
			top = <GraphPane center={overlay.center} drawing={data.drawGraph(overlay.center, viewRows.viewWidth, graphDrawingRows(viewRows.diagnostics))} cursor={overlay.cursor} width={layout.width} height={layout.top}/>;
			break;
		}

		case 'diagnostics': {
			const all = data.diagnostics();
			const errors = all.filter(row => row.severity === 'error').length;
			top = <DiagnosticsPane groups={diagnosticGroups(data, overlay.severity)} cursor={overlay.cursor} severity={overlay.severity} errors={errors} warnings={all.length - errors} width={layout.width} height={layout.top}/>;
			break;
		}

		case 'assumptions': {
			top = <AssumptionsPane assumptions={data.assumptions?.() ?? []} causes={data.unknownCauses?.() ?? []} cursor={overlay.cursor} busy={state.reassume !== undefined} width={layout.width} height={layout.top}/>;
			break;
		}

		case 'why': {
			top = <WhyPane view={data.explain?.(overlay.subject) ?? {ok: false, message: 'No traces here'}} cursor={overlay.cursor} folded={overlay.folded} width={layout.width} height={layout.top}/>;
			break;
		}

		case 'prompt': {
			// The filter prompt keeps the panes in view: the filter applies while typing.
			top = overlay.purpose === 'go-to'
				? <GoToOverlay text={overlay.text} candidates={goToCandidates(data, overlay.text)} cursor={overlay.cursor} width={layout.width} height={layout.top} cursorFromEnd={state.textCursorFromEnd}/>
				: panes;
			break;
		}

		case 'none': {
			top = panes;
			break;
		}
	}

	const filterPrompt = overlay.kind === 'prompt' && overlay.purpose === 'filter' ? overlay : undefined;
	if (!fitsMinimum(size.columns, size.rows)) {
		return <TooSmall columns={size.columns} rows={size.rows}/>;
	}

	return (
		<ThemeContext.Provider value={theme}>
			<Box flexDirection='column' width={layout.width} height={layout.height}>
				{top}
				<ConsolePane
					output={state.console.output}
					input={state.console.input}
					pending={state.console.pending}
					context={consoleContext(data, state)}
					{...(unit !== undefined && {root: unit})}
					scroll={state.console.scroll}
					busy={state.console.requests.length > 0 || state.reassume !== undefined}
					cursorFromEnd={state.textCursorFromEnd}
					focused={state.focus === 'console' && overlay.kind === 'none'}
					selected={state.focus === 'console' && state.console.browse !== undefined && state.console.output[state.console.browse]?.kind === 'input' ? entryLineRange(state.console.output, state.console.browse) : undefined}
					width={layout.width}
					height={layout.console}
				/>
				{filterPrompt
					? <PromptLine prefix={`/ filter ${filterPrompt.target}: `} text={filterPrompt.text} width={layout.width} cursorFromEnd={state.textCursorFromEnd}/>
					: <StatusBar bindings={statusBindings(state)} message={state.message} state={rebuilt ? data.status() : (loadState ?? data.status())} width={layout.width} textEntry={consoleFocused && state.console.browse === undefined}/>}
			</Box>
		</ThemeContext.Provider>
	);
}

/**
Shown instead of panes that would overflow a terminal smaller than the explorer can draw (the row below the frame counted back in); keys still work, and the panes come back on resize.
*/
export function TooSmall({columns, rows}: {readonly columns: number; readonly rows: number}) {
	const lines = [
		'Terminal too small',
		`${columns}×${rows + 1}: need ${minimumSize.columns}×${minimumSize.rows + 1}`,
		'Enlarge it, or q to quit',
	];
	return (
		<Box flexDirection='column'>
			{lines.map(line => <Text key={line} wrap='truncate'>{line.slice(0, Math.max(1, columns))}</Text>)}
		</Box>
	);
}

export type LoadingProps = {
	readonly directory: string;
	readonly progress: string;
	readonly frame: number;
	/** Ctrl-C while loading (default: quit the app). */
	readonly onInterrupt?: () => void;
	/** Any other key typed while loading, by its keymap name (kept for the explorer; default: ignored). */
	readonly onKey?: (name: string) => void;
	/** How many keys wait for the explorer. */
	readonly waiting?: number;
};

// How often the explorer redraws what is made so far while the instances are being made.
const expandingRefreshMilliseconds = 500;

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
The terminal in raw mode while loading: keys typed meanwhile are not echoed onto the screen; they are read as the explorer reads keys (the same names, mouse reports left out, as they point at no frame) and kept, to be applied in order once the panes are drawn. Ctrl-C interrupts at once. Loading runs in slices of about 16 ms, so a key is read within one slice.
*/
function useLoadingKeys(onInterrupt: () => void, onKey: (name: string) => void): void {
	const {isRawModeSupported} = useStdin();
	const dispatch = useCallback((action: Action) => {
		if (action.type !== 'key') {
			return;
		}

		// Keys typed during a slice of loading are read together (`abc\u0003` is one input): Ctrl-C anywhere among them interrupts.
		if (action.name === 'ctrl+c') {
			onInterrupt();
		} else {
			onKey(action.name);
		}
	}, [onInterrupt, onKey]);
	useKeymap({dispatch, isActive: isRawModeSupported === true});
}

const ignoreKey = () => undefined;

export function Loading({directory, progress, frame, onInterrupt, onKey = ignoreKey, waiting = 0}: LoadingProps) {
	const {exit} = useApp();
	useLoadingKeys(onInterrupt ?? exit, onKey);
	return (
		<Box flexDirection='column' padding={1}>
			<Text>
				{spinner[frame % spinner.length]}
				{` Loading ${sanitizeLine(directory)} `}
				<Text dimColor>{sanitizeLine(progress)}</Text>
			</Text>
			{waiting > 0 && <Text dimColor>{`${waiting} key${waiting === 1 ? '' : 's'} typed: applied once the panes open`}</Text>}
		</Box>
	);
}

export type AppProps = Omit<ExplorerProps, 'data' | 'loadState'> & {
	readonly directory: string;
	/** Ctrl-C while loading (default: the app exits once loading is done). */
	readonly onInterrupt?: () => void;
	readonly load: (onProgress: (progress: string) => void) => Promise<ExplorerLoad>;
};

/**
Shows a spinner with counts while the Workspace loads, then the explorer; when the instances are made after loading (`expanding`), the explorer shows the module tree as it grows until they all are.
*/
export function App({directory, load, onInterrupt, ...rest}: AppProps) {
	const [loaded, setLoaded] = useState<ExplorerLoad>();
	// While the instances are being made: what is made so far; undefined once they all are.
	const [view, setView] = useState<ExplorerData>();
	const [expanded, setExpanded] = useState(false);
	const [failure, setFailure] = useState<string>();
	// What failed, so the explorer ends with it: a reason for the user (ExplorerStartFailure) is told as such, anything else is a bug.
	const failedWith = useRef<unknown>(undefined);
	const [progress, setProgress] = useState('');
	// The latest report, shown at the spinner's next tick: a render for every report (one per slice of loading, every 16 ms) took about a twentieth of loading a large configuration, for text that changes faster than it can be read.
	const latestProgress = useRef('');
	const [frame, setFrame] = useState(0);
	const {exit} = useApp();
	// Set as loading ends, before the explorer's first frame: see `interrupt`.
	const loadDone = useRef(false);
	// Keys typed while loading, for the explorer's first frame; the count, for the loading screen.
	const typedKeys = useRef<string[]>([]);
	const [waiting, setWaiting] = useState(0);
	const keepKey = useCallback((name: string) => {
		typedKeys.current.push(name);
		setWaiting(typedKeys.current.length);
	}, []);
	const takeTypedKeys = useCallback(() => typedKeys.current.splice(0), []);
	useEffect(() => {
		let live = true;
		let stop: (() => void) | undefined;
		load(text => {
			latestProgress.current = text;
		}).then(result => {
			if (live) {
				loadDone.current = true;
				if (result.expanding) {
					stop = result.expanding.stop;
					setView(result.expanding.view());
					result.expanding.done.then(() => {
						if (live) {
							setExpanded(true);
							setView(undefined);
						}
					}, (error: unknown) => {
						if (live) {
							setFailure(error instanceof Error ? error.message : String(error));
						}
					});
				}

				setLoaded(result);
			}
		}, (error: unknown) => {
			if (live) {
				failedWith.current = error;
				setFailure(error instanceof Error ? error.message : String(error));
			}
		});
		return () => {
			live = false;
			// Quitting while the instances are still being made: the background work stops with the explorer.
			stop?.();
		};
	}, [load]);
	useEffect(() => {
		if (loaded || failure !== undefined) {
			return;
		}

		const timer = setInterval(() => {
			setFrame(value => value + 1);
			setProgress(latestProgress.current);
		}, 100);
		return () => {
			clearInterval(timer);
		};
	}, [loaded, failure]);
	useEffect(() => {
		if (failure !== undefined) {
			exit(failedWith.current instanceof Error ? failedWith.current : new Error(failure));
		}
	}, [failure, exit]);
	// The module tree as it grows: soon after the first frame, then twice a second: a frame of the whole explorer at 4x costs 10-20 ms of CPU, taken from the expansion.
	useEffect(() => {
		const expanding = loaded?.expanding;
		if (!expanding || expanded) {
			return;
		}

		const refresh = () => {
			setView(expanding.view());
		};

		const first = setTimeout(refresh, 20);
		const timer = setInterval(refresh, expandingRefreshMilliseconds);
		return () => {
			clearTimeout(first);
			clearInterval(timer);
		};
	}, [loaded, expanded]);

	// The loading screen's keys stay subscribed until React runs the effects of the explorer's first frame, which may be on screen already: a Ctrl-C read in between is the explorer's (quit, exit 0), not an interruption of loading (exit 130).
	const {onQuit} = rest;
	const interrupt = useCallback(() => {
		if (loadDone.current) {
			onQuit?.();
			exit();
		} else {
			// The keys typed before it were meant for a session the user has given up.
			typedKeys.current = [];
			setWaiting(0);
			(onInterrupt ?? exit)();
		}
	}, [onInterrupt, onQuit, exit]);

	if (failure !== undefined) {
		return <Text>{`Could not load ${sanitizeLine(directory)}: ${sanitizeLine(failure)}`}</Text>;
	}

	return loaded ? <Explorer data={expanded ? loaded.data : (view ?? loaded.data)} takeTypedKeys={takeTypedKeys} {...rest}/> : <Loading directory={directory} progress={progress} frame={frame} onInterrupt={interrupt} onKey={keepKey} waiting={waiting}/>;
}
