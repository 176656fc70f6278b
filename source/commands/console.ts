import type {Diagnostic} from '../hcl/diagnostics.js';
import {escapeControls} from './terminal-text.js';
import {isIncompleteExpression, parseExpression} from '../hcl/index.js';
import {evaluate, typeOfArgument} from '../lang/eval/evaluate.js';
import {type Scope, createScope, moduleResolver} from '../lang/eval/scope.js';
import {formatType, formatValue} from '../lang/format-value.js';
import {builtinFunctionNames, createNodeFilesystem, lookupFunction} from '../lang/functions/index.js';
import type {Command, CommandInput, Writer} from './command.js';

/*
`tfscope console [dir] [--at ADDRESS]`: reads expressions from stdin and prints each result as `terraform console` prints it. Unlike terraform's, it goes on after an error; the exit status is 1 if any expression failed. An expression continues on the next line while a bracket, string, template or heredoc is open.
*/

const consoleFilename = '<console-input>';

/**
Function names for "Did you mean" suggestions in the console, where `type` exists too.
*/
export const consoleFunctionNames: readonly string[] = [...builtinFunctionNames(), 'type'].sort();

/**
The scope of a console without a configuration: Terraform's empty root module.
*/
export function emptyConsoleScope(cwd: string): Scope {
	return createScope({
		resolveReference: moduleResolver({path: {module: '.', root: '.', cwd}}),
		functions: lookupFunction,
		functionNames: () => consoleFunctionNames,
		functionContext: {baseDirectory: cwd, impure: true, filesystem: createNodeFilesystem({cwd})},
		console: true,
	});
}

/**
Wraps text as go-wordwrap does for Terraform's diagnostics: lines of at most `limit` characters, broken at spaces; a longer word stays whole.
*/
export function wrapText(text: string, limit: number): string {
	const lines: string[] = [];
	for (const paragraph of text.split('\n')) {
		if (paragraph.startsWith(' ')) {
			lines.push(paragraph);
			continue;
		}

		let line = '';
		for (const word of paragraph.split(' ')) {
			if (line === '') {
				line = word;
			} else if ([...line].length + 1 + [...word].length > limit && [...word].length < limit) {
				lines.push(line);
				line = word;
			} else {
				line += ` ${word}`;
			}
		}

		lines.push(line);
	}

	return lines.join('\n');
}

/**
A diagnostic as `terraform console` prints it: plain text when not on a terminal (the byte-for-byte case), or on a terminal with colour its box-drawn form (a red `╷ │ ╵` rule, bold summary, detail wrapped to fit beside the rule).
*/
export function formatConsoleDiagnostic(diagnostic: Diagnostic, color = false): string {
	const label = diagnostic.severity === 'error' ? 'Error' : 'Warning';
	const where = diagnostic.subject ? [`  on ${diagnostic.subject.filename} line ${diagnostic.subject.start.line}:`, '  (source code not available)', ''] : [];
	if (!color) {
		const detail = diagnostic.detail ? `${wrapText(diagnostic.detail, 77)}\n` : '';
		return `\n${label}: ${diagnostic.summary}\n\n${where.map(line => `${line}\n`).join('')}${detail}\n`;
	}

	const tint = diagnostic.severity === 'error' ? '\u001B[31m' : '\u001B[33m';
	const reset = '\u001B[0m';
	const rule = `${tint}│${reset} `;
	const lines = [
		`\u001B[1m${tint}${label}: ${reset}\u001B[1m${diagnostic.summary}${reset}`,
		'',
		...where,
		...(diagnostic.detail ? wrapText(diagnostic.detail, 75).split('\n') : []),
	];
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return `${tint}╷${reset}\n${lines.map(line => `${rule}${line}\n`).join('')}${tint}╵${reset}\n`;
}

export type ConsoleSession = {
	readonly scope: Scope;
	readonly stdout: Writer;
	readonly stderr: Writer;
	readonly color?: boolean;
	/**
	Output goes to a terminal: control characters from configuration text (raw in heredocs, as terraform prints them) are escaped so they cannot drive the terminal.
	*/
	readonly terminal?: boolean;
};

/**
Evaluates one complete expression and prints its result or its diagnostics; true when it succeeded.
*/
export function evaluateConsoleInput(text: string, session: ConsoleSession): boolean {
	const parsed = parseExpression(text, consoleFilename);
	const safe = (text: string): string => (session.terminal ? escapeControls(text) : text);
	const printDiagnostics = (diagnostics: readonly Diagnostic[]): void => {
		for (const diagnostic of diagnostics) {
			const shown = session.terminal ? sanitizeDiagnostic(diagnostic) : diagnostic;
			session.stderr.write(formatConsoleDiagnostic(shown, session.color));
		}
	};

	if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		printDiagnostics(parsed.diagnostics);
		return false;
	}

	const expression = parsed.value;
	if (expression.kind === 'FunctionCall' && expression.name === 'type') {
		const result = typeOfArgument(expression, session.scope);
		if (result.value === undefined) {
			printDiagnostics(result.diagnostics);
			return false;
		}

		session.stdout.write(`${safe(formatType(result.value))}\n`);
		return true;
	}

	const result = evaluate(expression, session.scope);
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		printDiagnostics(result.diagnostics);
		return false;
	}

	session.stdout.write(`${safe(formatValue(result.value))}\n`);
	return true;
}

function sanitizeDiagnostic(diagnostic: Diagnostic): Diagnostic {
	return {
		...diagnostic,
		summary: escapeControls(diagnostic.summary),
		...(diagnostic.detail !== undefined && {detail: escapeControls(diagnostic.detail)}),
		...(diagnostic.subject && {subject: {...diagnostic.subject, filename: escapeControls(diagnostic.subject.filename)}}),
	};
}

/**
Runs a whole console session over the given input text; resolves to the exit code.
*/
export function runConsole(input: string, session: ConsoleSession): number {
	let failed = false;
	let pending = '';
	const lines = input.split('\n');
	if (lines.at(-1) === '') {
		lines.pop();
	}

	for (const line of lines) {
		pending = pending === '' ? line : `${pending}\n${line}`;
		if (isIncompleteExpression(pending)) {
			continue;
		}

		const text = pending;
		pending = '';
		if (text.trim() === '') {
			continue;
		}

		if (text.trim() === 'exit') {
			break;
		}

		if (!evaluateConsoleInput(text, session)) {
			failed = true;
		}
	}

	if (pending.trim() !== '' && !evaluateConsoleInput(pending, session)) {
		failed = true;
	}

	return failed ? 1 : 0;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
	const chunks: string[] = [];
	stream.setEncoding('utf8');
	for await (const chunk of stream) {
		chunks.push(String(chunk));
	}

	return chunks.join('');
}

/**
The scope the console evaluates in: the configuration's (through the Workspace) when the directory holds one, else Terraform's empty root module.
*/
export type ConsoleScopeProvider = (input: CommandInput) => Promise<{scope: Scope; diagnostics: Diagnostic[]}>;

export const emptyScopeProvider: ConsoleScopeProvider = async input => ({scope: emptyConsoleScope(input.cwd), diagnostics: []});

export function createConsoleCommand(provideScope: ConsoleScopeProvider = emptyScopeProvider): Command {
	return async input => {
		const {scope, diagnostics} = await provideScope(input);
		const color = input.isTerminal && input.flags.color;
		for (const diagnostic of diagnostics) {
			input.stderr.write(formatConsoleDiagnostic(input.isTerminal ? sanitizeDiagnostic(diagnostic) : diagnostic, color));
		}

		if (diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return 1;
		}

		const text = await readAll(input.stdin);
		return runConsole(text, {
			scope, stdout: input.stdout, stderr: input.stderr, color, terminal: input.isTerminal,
		});
	};
}

/**
The configuration's scope at `--at ADDRESS` (default: the root module instance) of `[dir]` (default: the working directory), through the Workspace.
*/
export const workspaceScopeProvider: ConsoleScopeProvider = async input => {
	const {flags} = input;
	const {loadCommandWorkspace} = await import('./workspace-options.js');
	const workspace = await loadCommandWorkspace(flags, input.arguments[0] ?? '.', input.environment, input.cwd);
	const {value, diagnostics} = workspace.scopeAt(flags.at);
	return {scope: value ?? emptyConsoleScope(input.cwd), diagnostics};
};

export const consoleCommand: Command = createConsoleCommand(workspaceScopeProvider);
