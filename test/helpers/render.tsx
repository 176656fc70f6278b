import {act, type ReactElement} from 'react';
import {render} from 'ink-testing-library';
import stripAnsi from 'strip-ansi';
import {bindings, type BindingId} from '../../source/ui/input/keymap.js';

/*
Frame tests: every render, key press and unmount goes through act(), so React has handled a key before the next one is written (fixed sleeps lose keys when the machine is busy). Assertions wait for content, they never sleep a fixed time.
*/

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

export const rawKeys: Readonly<Record<string, string>> = {
	up: '\u001B[A',
	down: '\u001B[B',
	right: '\u001B[C',
	left: '\u001B[D',
	enter: '\r',
	escape: '\u001B',
	tab: '\t',
	'shift+tab': '\u001B[Z',
	backspace: '\u007F',
	pageup: '\u001B[5~',
	pagedown: '\u001B[6~',
	home: '\u001B[H',
	end: '\u001B[F',
	'ctrl+c': '\u0003',
};

/**
The bytes a terminal sends for the first key of a binding.
*/
export function keyOf(id: BindingId, which = 0): string {
	const binding = bindings.find(each => each.id === id);
	const key = binding?.keys[which];
	if (key === undefined) {
		throw new Error(`No key ${which} for ${id}`);
	}

	return rawKeys[key] ?? key;
}

export type Rendered = {
	/** The last frame, without ANSI codes. */
	frame(): string;
	/** The last frame as written, with ANSI codes. */
	rawFrame(): string;
	/** Press the key of each keymap binding, in order. */
	press(...ids: BindingId[]): Promise<void>;
	/** Type text (each character a key press). */
	type(text: string): Promise<void>;
	write(data: string): Promise<void>;
	/** Write to stdin now, outside act(), so React has not yet rendered what is pending: for races between a key and a render. */
	writeNow(data: string): void;
	waitFor(pattern: RegExp | string, timeout?: number): Promise<string>;
	unmount(): Promise<void>;
};

async function tick(): Promise<void> {
	await act(async () => {
		await new Promise(resolve => {
			setImmediate(resolve);
		});
	});
}

export async function renderFrames(tree: ReactElement): Promise<Rendered> {
	let instance: ReturnType<typeof render> | undefined;
	await act(async () => {
		instance = render(tree);
	});
	const app = instance!;
	const write = async (data: string) => {
		await act(async () => {
			app.stdin.write(data);
		});
	};

	const frame = () => stripAnsi(app.lastFrame() ?? '');
	return {
		frame,
		rawFrame: () => app.lastFrame() ?? '',
		async press(...ids) {
			for (const id of ids) {
				// eslint-disable-next-line no-await-in-loop
				await write(keyOf(id));
			}
		},
		async type(text) {
			for (const character of text) {
				// eslint-disable-next-line no-await-in-loop
				await write(character);
			}
		},
		write,
		writeNow(data) {
			app.stdin.write(data);
		},
		async waitFor(pattern, timeout = 5000) {
			const deadline = Date.now() + timeout;
			const matches = (text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
			while (!matches(frame())) {
				if (Date.now() > deadline) {
					throw new Error(`Timed out waiting for ${String(pattern)}; last frame:\n${frame()}`);
				}

				// eslint-disable-next-line no-await-in-loop
				await tick();
			}

			return frame();
		},
		async unmount() {
			await act(async () => {
				app.unmount();
			});
		},
	};
}
