import {act} from 'react';
import {render} from 'ink-testing-library';
import {Explorer} from '../../source/ui/app.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {defaultFlags} from '../../source/commands/command.js';
import {readHistory} from '../../source/ui/run/effects.js';

/*
An end-to-end explorer session over a real configuration, in-process (a `_` file: AVA does not run it): load the directory as the CLI does, render the explorer, visit every pane and view and use the console. Returns every frame written and every sequence the app asked to write to the terminal itself (OSC 52).
*/

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

const keys = {
	up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D', enter: '\r', escape: '\u001B', tab: '\t',
} as const;

/** Waits, letting the app run, until `done` holds (content, not time: the bound only ends a session that never gets there). */
async function waitFor(done: () => boolean): Promise<void> {
	for (let poll = 0; poll < 30_000 && !done(); poll++) {
		// eslint-disable-next-line no-await-in-loop
		await act(async () => {
			await new Promise(resolve => {
				setTimeout(resolve, 10);
			});
		});
	}

	if (!done()) {
		throw new Error('the console never answered');
	}
}

export type Session = {
	readonly frames: readonly string[];
	readonly terminalWrites: readonly string[];
};

export async function exploreSession(directory: string, options: {historyFile: string; consoleExpressions: readonly string[]; blockRows: number}): Promise<Session> {
	const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: directory});
	const terminalWrites: string[] = [];
	let instance: ReturnType<typeof render> | undefined;
	await act(async () => {
		instance = render(<Explorer data={data} columns={120} rows={36} color historyFile={options.historyFile} writeTerminal={sequence => {
			terminalWrites.push(sequence);
		}}/>);
	});
	const app = instance!;
	const press = async (...sequence: string[]) => {
		for (const key of sequence) {
			// eslint-disable-next-line no-await-in-loop
			await act(async () => {
				app.stdin.write(key);
			});
		}
	};

	const type = async (text: string) => {
		await press(...text);
	};

	// Modules pane: every row. Blocks pane: every row, each instance of each, copy its address.
	await press(keys.down, keys.down, keys.down, keys.up, keys.up, keys.up, keys.tab);
	for (let row = 0; row < options.blockRows; row++) {
		await press(keys.down, ']', 'y');
	}

	// Details and edges panes.
	await press(keys.tab, keys.down, keys.down, keys.right, keys.tab, keys.down, keys.enter, keys.escape);
	// Graph, diagnostics and help views.
	await press('g', keys.down, keys.down, keys.escape, 'd', keys.down, keys.enter, keys.escape, keys.escape, '?', keys.down, keys.escape);
	// Filter and go-to prompts.
	await press('/');
	await type('keys');
	await press(keys.escape, ':');
	await type('terraform_data.');
	await press(keys.tab, keys.escape);
	// Console.
	await press('c');
	for (const [index, expression] of options.consoleExpressions.entries()) {
		await type(expression);
		await press(keys.enter);
		// A line is evaluated in the console's worker thread, and recorded in the history when its result comes back: wait for that before the next.
		// eslint-disable-next-line no-await-in-loop
		await waitFor(() => readHistory(options.historyFile).length > index);
	}

	await press(keys.up, keys.up, keys.escape);
	const frames = [...app.frames];
	await act(async () => {
		app.unmount();
	});
	return {frames, terminalWrites};
}
