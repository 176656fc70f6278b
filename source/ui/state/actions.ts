import type {BindingId, PaneId} from '../input/keymap.js';
import type {ExplorerData} from '../explorer-data.js';
import type {ViewRows} from './state.js';
import type {MouseAction} from './mouse.js';

/**
Everything that changes the explorer's state. Key bindings dispatch `{type: <binding id>}`; the rest come from components and effects.
*/
export type Action =
	| {readonly type: BindingId}
	/** A key press, resolved through the keymap against the state at the time it is handled (several keys can arrive before a render). */
	| {readonly type: 'key'; readonly name: string}
	| {readonly type: 'focus-pane'; readonly pane: PaneId}
	| {readonly type: 'navigate'; readonly address: string}
	/** From the prompt's text input; `serial` is the prompt it was typed into (a late change for a prompt already closed is dropped). */
	| {readonly type: 'prompt-change'; readonly text: string; readonly serial?: number}
	| {readonly type: 'console-change'; readonly text: string}
	/** `hint`: a line shown after the result (ExplorerData's Evaluation). */
	| {readonly type: 'console-result'; readonly serial: number; readonly ok: boolean; readonly text: string; readonly hint?: string}
	| {readonly type: 'console-history-loaded'; readonly history: readonly string[]}
	| {readonly type: 'show-message'; readonly text: string}
	/** The Workspace was rebuilt with other assumptions (`data` is the new one, which the explorer shows from now on), or could not be (`message` says why). */
	| {readonly type: 'assumptions-applied'; readonly serial: number; readonly data: ExplorerData; readonly summary: string}
	| {readonly type: 'assumptions-refused'; readonly serial: number; readonly message: string}
	| {readonly type: 'resize'; readonly viewRows: ViewRows; readonly consoleRows: number}
	/** A click or wheel step, with what is under the pointer (see `mouse-target.ts`). */
	| MouseAction;
