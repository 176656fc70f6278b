import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {bindings, type BindingId} from '../../source/ui/input/keymap.js';
import {cliCommand} from './cli-command.js';

/*
A driver for the real CLI in a real terminal: a private tmux server (`-L`), a detached session of a fixed size, keys sent by keymap id, and assertions that poll the screen until what they wait for appears (lazygit's integration tests work the same way). Ink renders nothing until exit under CI=true, so the app runs with CI=0.
*/

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** tmux key names for the keymap's key names. */
const tmuxKeys: Readonly<Record<string, string>> = {
	up: 'Up',
	down: 'Down',
	left: 'Left',
	right: 'Right',
	enter: 'Enter',
	escape: 'Escape',
	tab: 'Tab',
	'shift+tab': 'BTab',
	backspace: 'BSpace',
	pageup: 'PPage',
	pagedown: 'NPage',
	home: 'Home',
	end: 'End',
	'ctrl+c': 'C-c',
};

export function tmuxAvailable(): boolean {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

export type TerminalOptions = {
	readonly arguments?: readonly string[];
	readonly columns?: number;
	readonly rows?: number;
	readonly environment?: Readonly<Record<string, string>>;
	readonly cwd?: string;
	/**
	Record every byte the app writes (tmux `pipe-pane`), from its first byte on: the app starts only once the recording runs. Read it with `output()`. For assertions about frames a poll of the screen could miss.
	*/
	readonly record?: boolean;
	/** The command to run instead of this checkout's tfscope (`cliCommand()`), with `arguments` after it: `['npm', 'start']`, an installed `tfscope`. */
	readonly program?: readonly string[];
};

export type Terminal = {
	/** The screen as text; with `ansi`, with its colour codes. */
	screen(ansi?: boolean): string;
	press(...ids: BindingId[]): void;
	/** Keys by tmux name (`C-d`, `Up`), for programs outside the keymap (the interactive console). */
	keys(...names: string[]): void;
	/** Literal text, as typed. */
	type(text: string): void;
	/** Text pasted in one piece, as a terminal pastes it (line breaks arrive as carriage returns, all in one read). */
	paste(text: string): void;
	waitFor(pattern: RegExp | string, timeout?: number): Promise<string>;
	/** Waits until the pane's process has ended; its exit status. */
	waitForExit(timeout?: number): Promise<number>;
	resize(columns: number, rows: number): void;
	/** Sends a signal to the app's process. */
	signal(name: NodeJS.Signals): void;
	/** The terminal's modes as tmux sees them: the alternate screen, a visible cursor. */
	modes(): {alternateScreen: boolean; cursorVisible: boolean};
	/** Mouse reporting as the app asked tmux for it: button presses (1000) and the SGR encoding (1006). */
	mouseModes(): {buttons: boolean; sgr: boolean};
	/** Bytes as the terminal would send them (a mouse report), sent as hex so tmux passes them through as they are. */
	sendBytes(bytes: string): void;
	/** Everything the app wrote so far, with `record`. */
	output(): string;
	close(): void;
};

function shellQuote(text: string): string {
	return `'${text.replaceAll('\'', '\'\\\'\'')}'`;
}

export function keyForTmux(id: BindingId, which = 0): string {
	const key = bindings.find(binding => binding.id === id)?.keys[which];
	if (key === undefined) {
		throw new Error(`No key ${which} for ${id}`);
	}

	return tmuxKeys[key] ?? key;
}

/**
Starts this checkout's tfscope (`cliCommand()`) with ARGS (or `options.program` ARGS) in a new private tmux server.
*/
export function startTerminal(options: TerminalOptions): Terminal {
	const server = `tfscope-test-${process.pid}-${randomBytes(4).toString('hex')}`;
	const columns = options.columns ?? 120;
	const rows = options.rows ?? 40;
	const tmux = (...arguments_: string[]) => execFileSync('tmux', ['-L', server, '-f', '/dev/null', ...arguments_], {encoding: 'utf8'});
	const tmuxWithInput = (input: string, ...arguments_: string[]) => execFileSync('tmux', ['-L', server, '-f', '/dev/null', ...arguments_], {encoding: 'utf8', input});
	const environment: Record<string, string> = {CI: '0', TERM: 'xterm-256color', ...options.environment};
	const exports = Object.entries(environment).map(([name, value]) => `${name}=${shellQuote(value)}`).join(' ');
	// The status file records the exit code; the pane stays open after the app ends so the last screen can be read.
	const recording = options.record ? path.join(mkdtempSync(path.join(os.tmpdir(), 'tfscope-tmux-')), 'output') : undefined;
	// With a recording, the pane first waits on a tmux channel that is signalled once pipe-pane is attached.
	const start = recording ? `tmux -L ${server} wait-for started; ` : '';
	const command = `${start}cd ${shellQuote(options.cwd ?? repositoryRoot)} && env -u CI ${exports} ${(options.program ?? cliCommand()).map(part => shellQuote(part)).join(' ')} ${(options.arguments ?? []).map(argument => shellQuote(argument)).join(' ')}; echo "[exit $?]"; sleep 600`;
	tmux('new-session', '-d', '-s', 'main', '-x', String(columns), '-y', String(rows), '-e', 'CI=0', command);
	tmux('set-option', '-t', 'main', 'status', 'off');
	tmux('resize-window', '-t', 'main', '-x', String(columns), '-y', String(rows));
	if (recording) {
		tmux('pipe-pane', '-t', 'main', `cat >> ${shellQuote(recording)}`);
		tmux('wait-for', '-S', 'started');
	}

	const screen = (ansi = false) => tmux('capture-pane', '-p', ...(ansi ? ['-e'] : []), '-t', 'main');
	const waitFor = async (pattern: RegExp | string, timeout = 20_000) => {
		const deadline = Date.now() + timeout;
		const matches = (text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
		for (;;) {
			const text = screen(false);
			if (matches(text)) {
				return text;
			}

			if (Date.now() > deadline) {
				throw new Error(`Timed out after ${timeout} ms waiting for ${String(pattern)}; screen:\n${text}`);
			}

			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => {
				setTimeout(resolve, 50);
			});
		}
	};

	return {
		screen,
		press(...ids) {
			for (const id of ids) {
				tmux('send-keys', '-t', 'main', keyForTmux(id));
			}
		},
		keys(...names) {
			tmux('send-keys', '-t', 'main', ...names);
		},
		type(text) {
			tmux('send-keys', '-t', 'main', '-l', text);
		},
		paste(text) {
			// paste-buffer turns each line feed into a carriage return, as terminals do for a paste.
			tmuxWithInput(text, 'load-buffer', '-b', 'paste', '-');
			tmux('paste-buffer', '-d', '-b', 'paste', '-t', 'main');
		},
		waitFor,
		async waitForExit(timeout = 20_000) {
			const text = await waitFor(/\[exit \d+\]/, timeout);
			return Number(/\[exit (\d+)\]/.exec(text)?.[1]);
		},
		resize(newColumns, newRows) {
			tmux('resize-window', '-t', 'main', '-x', String(newColumns), '-y', String(newRows));
		},
		signal(name) {
			// The pane runs a shell whose child is the app (env execs node).
			const shell = tmux('display-message', '-p', '-t', 'main', '#{pane_pid}').trim();
			const children = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], {encoding: 'utf8'}).trim().split(/\s+/).filter(Boolean);
			for (const child of children) {
				process.kill(Number(child), name);
			}
		},
		modes() {
			const [alternate, cursor] = tmux('display-message', '-p', '-t', 'main', '#{alternate_on} #{cursor_flag}').trim().split(' ');
			return {alternateScreen: alternate === '1', cursorVisible: cursor === '1'};
		},
		mouseModes() {
			const [buttons, sgr] = tmux('display-message', '-p', '-t', 'main', '#{mouse_standard_flag} #{mouse_sgr_flag}').trim().split(' ');
			return {buttons: buttons === '1', sgr: sgr === '1'};
		},
		sendBytes(bytes) {
			tmux('send-keys', '-t', 'main', '-H', ...[...Buffer.from(bytes, 'utf8')].map(byte => byte.toString(16).padStart(2, '0')));
		},
		output() {
			return recording ? readFileSync(recording, 'utf8') : '';
		},
		close() {
			try {
				tmux('kill-server');
			} catch {
				// Already gone.
			}

			if (recording) {
				rmSync(path.dirname(recording), {recursive: true, force: true});
			}
		},
	};
}
