import readline from 'node:readline';
import {addConsoleLine} from '../lang/console.js';
import {appendHistory, historyEntries, readHistory} from '../ui/run/effects.js';
import {type ConsoleSession, evaluateConsoleInput} from './console.js';

/*
`tfscope console` on a terminal, as `terraform console` is: a `> ` prompt with line editing (node:readline), history shared with the explorer's console pane (the same file), a `… ` prompt while an expression continues (a bracket, string or heredoc open), `exit`, Ctrl-D or Ctrl-C on an empty line to leave; Ctrl-C with text drops it.
*/

export type InteractiveConsoleOptions = {
	readonly stdin: NodeJS.ReadableStream;
	readonly stdout: NodeJS.WritableStream;
	readonly stderr: {write(text: string): unknown};
	readonly historyFile: string;
};

export const consolePrompt = '> ';
export const continuationPrompt = '… ';

export async function runInteractiveConsole(session: ConsoleSession, options: InteractiveConsoleOptions): Promise<number> {
	const history = readHistory(options.historyFile);
	const lines = readline.createInterface({
		input: options.stdin,
		output: options.stdout,
		terminal: true,
		// Newest first, one line an entry: readline's history is line by line.
		history: history.filter(entry => !entry.includes('\n')).reverse(),
		historySize: historyEntries,
		removeHistoryDuplicates: true,
		prompt: consolePrompt,
	});
	let pending = '';
	let warned = false;
	const record = (entry: string) => {
		const problem = appendHistory(options.historyFile, entry);
		if (problem !== undefined && !warned) {
			warned = true;
			options.stderr.write(`tfscope: warning: ${problem}\n`);
		}
	};

	return new Promise<number>(resolve => {
		lines.on('line', line => {
			const entry = addConsoleLine(pending, line, session.lines);
			pending = entry.text;
			if (!entry.complete) {
				lines.setPrompt(continuationPrompt);
				lines.prompt();
				return;
			}

			const text = pending;
			pending = '';
			lines.setPrompt(consolePrompt);
			if (text.trim() === 'exit') {
				lines.close();
				return;
			}

			if (text.trim() !== '') {
				record(text);
				evaluateConsoleInput(text, session);
			}

			lines.prompt();
		});
		lines.on('SIGINT', () => {
			if (pending === '' && lines.line === '') {
				lines.close();
				return;
			}

			pending = '';
			lines.write('', {ctrl: true, name: 'u'});
			options.stdout.write('\n');
			lines.setPrompt(consolePrompt);
			lines.prompt();
		});
		lines.on('close', () => {
			options.stdout.write('\n');
			resolve(0);
		});
		lines.prompt();
	});
}
