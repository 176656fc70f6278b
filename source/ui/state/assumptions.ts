import type {AssumptionRow, ExplorerData} from '../explorer-data.js';
import {splitAssignment} from '../../expand/assumptions.js';
import type {Action} from './actions.js';
import {withMessage} from './common.js';
import {appendHistory, pushOutput} from './console-output.js';
import {assumptionAddress, focusedDetailTarget} from './details-cursor.js';
import {consoleContext} from './selectors.js';
import type {State} from './state.js';

/*
What-if assumptions in the explorer: `:assume ADDRESS = VALUE` and `:unassume ADDRESS` in the console, the assumptions view (`a`), `A` on a Details value; each asks the effect to rebuild the Workspace, and the selection keeps its place in the new one.
*/

/**
Asks the effect to rebuild the Workspace with these assumptions; the console says what was asked and, once done, what changed.
*/
function requestReassume(state: State, assumptions: readonly AssumptionRow[], note: string): State {
	const serial = state.reassumeSerial + 1;
	return {
		...state,
		reassume: {assumptions, serial},
		reassumeSerial: serial,
		console: pushOutput(state.console, [{kind: 'hint', text: `${note}: expanding again…`}]),
	};
}

/**
`:assume` (the list), `:assume ADDRESS = VALUE` (a new assumption, or a new value for one in force) and `:unassume ADDRESS`.
*/
export function assumeCommand(state: State, data: ExplorerData, text: string): State | undefined {
	const match = /^:(un)?assume(?:\s+([\s\S]*))?$/.exec(text.trim());
	if (!match) {
		return undefined;
	}

	const history = appendHistory(state.console.history, text);
	const cleared: State = {...state, console: {...pushOutput(state.console, [{kind: 'input', text, context: consoleContext(data, state)}]), input: '', historyIndex: undefined, history}};
	if (!data.assumptions || !data.withAssumptions) {
		return {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: assumptions need a configuration loaded from a directory'}])};
	}

	const current = data.assumptions();
	const argument = (match[2] ?? '').trim();
	if (argument === '') {
		return match[1] === undefined ? {...cleared, overlay: {kind: 'assumptions', cursor: 0}} : {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: :unassume ADDRESS drops the assumption of ADDRESS (a lists them)'}])};
	}

	if (match[1] !== undefined) {
		const kept = current.filter(assumption => assumption.address !== argument);
		return kept.length === current.length
			? {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: `Error: no assumption of ${argument} is in force`}])}
			: requestReassume(cleared, kept, `dropping ${argument}`);
	}

	const split = splitAssignment(argument);
	if (!split || split[0] === '' || split[1] === '') {
		return {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: expected :assume ADDRESS = VALUE (data.aws_region.current.name = "eu-west-1")'}])};
	}

	const [address, expression] = split;
	// A new value for an address in force replaces it where it stands.
	const row: AssumptionRow = {address, expression, source: ':assume'};
	const at = current.findIndex(assumption => assumption.address === address);
	const next = at === -1 ? [...current, row] : current.map((assumption, index) => (index === at ? row : assumption));
	return requestReassume(cleared, next, `assuming ${address}`);
}

/**
The rows of the assumptions view: the assumptions in force, then the unknowns an assumption could pin.
*/
export function assumptionRows(data: ExplorerData): {readonly assumptions: readonly AssumptionRow[]; readonly length: number} {
	const assumptions = data.assumptions?.() ?? [];
	return {assumptions, length: assumptions.length + (data.unknownCauses?.().length ?? 0)};
}

/**
After the Workspace was rebuilt: the same module instance and selection where they still exist; a placeholder (`[*]`) that now has instances gives way to its block, a module instance that is gone to the nearest one above it.
*/
function keepPlace(state: State, data: ExplorerData): State {
	const modules = data.modules();
	const module = modules.some(row => row.address === state.module)
		? state.module
		: modules.filter(row => row.address === '' || state.module.startsWith(`${row.address}.`)).reduce((best, row) => (row.address.length > best.length ? row.address : best), '');
	let {selected} = state;
	if (module !== state.module) {
		selected = undefined;
	} else if (selected !== undefined && data.locate(selected) === undefined) {
		selected = data.blocks(module).find(entry => selected!.startsWith(`${entry.address}[`))?.address;
	}

	return {...state, module, selected, detailsScroll: 0, edgeCursor: 0};
}

/**
The assumptions view and `:assume`: showing them, dropping one, writing one in the console, and the Workspace rebuilt (or refused).
*/
export function reduceAssumptions(state: State, action: Action, data: ExplorerData): State {
	switch (action.type) {
		case 'details-assume': {
			const target = focusedDetailTarget(state, data);
			if (!target) {
				return withMessage(state, 'Nothing under the cursor to assume');
			}

			const assumable = assumptionAddress(state, data, target);
			if ('message' in assumable) {
				return withMessage(state, assumable.message);
			}

			return {...state, focus: 'console', textCursorFromEnd: 0, console: {...state.console, browse: undefined, pending: [], input: `:assume ${assumable.address} = `, historyIndex: undefined}};
		}

		case 'show-assumptions': {
			return {...state, overlay: {kind: 'assumptions', cursor: 0}};
		}

		case 'assumption-drop': {
			const {overlay} = state;
			if (overlay.kind !== 'assumptions') {
				return state;
			}

			const {assumptions} = assumptionRows(data);
			const dropped = assumptions[overlay.cursor];
			if (!dropped) {
				return withMessage(state, 'Only an assumption in force can be dropped (Enter writes one for this unknown)');
			}

			return requestReassume({...state, overlay: {...overlay, cursor: Math.max(0, Math.min(overlay.cursor, assumptions.length - 2))}}, assumptions.filter(assumption => assumption !== dropped), `dropping ${dropped.address}`);
		}

		case 'assumption-write': {
			const {overlay} = state;
			if (overlay.kind !== 'assumptions') {
				return state;
			}

			const {assumptions} = assumptionRows(data);
			const assumption = assumptions[overlay.cursor];
			const cause = assumption ? undefined : data.unknownCauses?.()[overlay.cursor - assumptions.length];
			const input = assumption ? `:assume ${assumption.address} = ${assumption.expression.replaceAll('\n', ' ')}` : (cause ? `:assume ${cause.address} = ` : undefined);
			return input === undefined ? state : {...state, overlay: {kind: 'none'}, focus: 'console', textCursorFromEnd: 0, console: {...state.console, input, historyIndex: undefined}};
		}

		case 'assumptions-applied': {
			if (state.reassume?.serial !== action.serial) {
				return state;
			}

			const applied = keepPlace({...state, reassume: undefined}, action.data);
			return {...applied, console: pushOutput(applied.console, [{kind: 'result', ok: true, text: action.summary}])};
		}

		case 'assumptions-refused': {
			if (state.reassume?.serial !== action.serial) {
				return state;
			}

			return {...state, reassume: undefined, console: pushOutput(state.console, [{kind: 'result', ok: false, text: `Error: ${action.message}`}])};
		}

		default: {
			return state;
		}
	}
}
