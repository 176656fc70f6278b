import {EvaluationBudget} from '../lang/budget.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import {escapeUnsafe} from '../text/escape.js';
import {terminalStream} from './terminal-text.js';
import {type Scope, createScope, moduleResolver} from '../lang/eval/scope.js';
import {
	type ConsoleLineRules, addConsoleLine, consoleOutput, formatConsoleDiagnostics,
} from '../lang/console.js';
import {builtinFunctionNames, createNodeFilesystem, lookupFunction} from '../lang/functions/index.js';
import type {Command, CommandInput, Writer} from './command.js';
import type {ConsoleStart, ConsoleStartOptions} from './console-start.js';

/*
`tfscope console [dir] [--at ADDRESS]`: reads expressions from stdin and prints each result as `terraform console` prints it. Unlike terraform's, it goes on after an error; the exit status is 1 if any expression failed. An expression continues on the next line while a bracket, string, template or heredoc is open.
*/

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
		functionContext: {baseDirectory: cwd, impure: true, filesystem: createNodeFilesystem({cwd}), budget: new EvaluationBudget()},
		console: true,
	});
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
	/**
	How an expression continues on the next line: OpenTofu's console also takes a trailing backslash.
	*/
	readonly lines?: ConsoleLineRules;
	/**
	`:why EXPRESSION`: the provenance trace of the expression in the session's scope (a configuration's console only), as `tfscope why` prints it.
	*/
	readonly explain?: (expression: string) => {readonly ok: boolean; readonly text: string};
};

/**
Evaluates one complete expression and prints its result or its diagnostics (through the one console formatter, `lang/console.ts`); true when it succeeded.
*/
export function evaluateConsoleInput(text: string, session: ConsoleSession): boolean {
	if (/^:why(\s|$)/.test(text.trim())) {
		const expression = text.trim().slice(':why'.length).trim();
		const explained = expression === '' ? {ok: false, text: 'Error: Missing expression\n\n:why takes an expression: :why local.name\n'} : (session.explain?.(expression) ?? {ok: false, text: 'Error: No configuration\n\n:why traces values of a configuration: run the console in a directory with one.\n'});
		const safe = session.terminal ? escapeUnsafe(explained.text) : explained.text;
		(explained.ok ? session.stdout : session.stderr).write(safe);
		return explained.ok;
	}

	const output = consoleOutput(text, session.scope, {...(session.color !== undefined && {color: session.color}), ...(session.terminal && {escape: escapeUnsafe})});
	if (output.stderr !== '') {
		session.stderr.write(output.stderr);
	}

	if (output.stdout !== '') {
		session.stdout.write(output.stdout);
	}

	return output.ok;
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
		const entry = addConsoleLine(pending, line, session.lines);
		pending = entry.text;
		if (!entry.complete) {
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
export type ConsoleScopeProvider = (input: CommandInput) => Promise<{
	scope: Scope;
	diagnostics: Diagnostic[];
	lines?: ConsoleLineRules;
	explain?: ConsoleSession['explain'];
	/** The configuration's problems, printed before the first expression as `terraform console` prints them (console-start.ts). */
	start?: (options: ConsoleStartOptions) => ConsoleStart;
}>;

export const emptyScopeProvider: ConsoleScopeProvider = async input => ({scope: emptyConsoleScope(input.cwd), diagnostics: []});

export function createConsoleCommand(provideScope: ConsoleScopeProvider = emptyScopeProvider): Command {
	return async input => {
		if (input.arguments.length > 1) {
			input.stderr.write(`Error: Too many arguments\n\ntfscope console takes one directory, not: ${input.arguments.join(' ')}\n`);
			return 2;
		}

		const {scope, diagnostics, lines: lineRules, explain, start} = await provideScope(input);
		const color = input.isTerminal && input.flags.color;
		const report = start?.({color, ...(input.isTerminal && {escape: escapeUnsafe})});
		if (report) {
			input.stderr.write(report.stderr);
			input.stdout.write(report.stdout);
			if (report.stop) {
				return 1;
			}
		}

		input.stderr.write(formatConsoleDiagnostics(diagnostics, {color, ...(input.isTerminal && {escape: escapeUnsafe})}));

		if (diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return 1;
		}

		if (input.stdinIsTerminal && input.isTerminal) {
			const [{runInteractiveConsole}, {defaultHistoryFile}] = await Promise.all([import('./interactive-console.js'), import('../ui/run/effects.js')]);
			return runInteractiveConsole({
				scope, stdout: input.stdout, stderr: input.stderr, color, terminal: true, ...(lineRules && {lines: lineRules}), ...(explain && {explain}),
			}, {
				stdin: input.stdin,
				stdout: terminalStream(input.stdout) as NodeJS.WritableStream,
				stderr: input.stderr,
				historyFile: defaultHistoryFile(input.environment),
			});
		}

		const text = await readAll(input.stdin);
		return runConsole(text, {
			scope, stdout: input.stdout, stderr: input.stderr, color, terminal: input.isTerminal, ...(lineRules && {lines: lineRules}), ...(explain && {explain}),
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
	const [{explainExpression}, {formatTraceText}, {consoleStart}] = await Promise.all([import('../explain/index.js'), import('../explain/format-text.js'), import('./console-start.js')]);
	const explain = (expression: string) => {
		const explained = explainExpression(workspace, expression, flags.at ?? '');
		return explained.value ? {ok: true, text: formatTraceText(explained.value)} : {ok: false, text: formatConsoleDiagnostics(explained.diagnostics)};
	};
	return {
		scope: value ?? emptyConsoleScope(input.cwd), diagnostics, lines: {backslashContinuation: workspace.language.rules.consoleBackslashContinuation}, explain, start: options => consoleStart(workspace, options),
	};
};

export const consoleCommand: Command = createConsoleCommand(workspaceScopeProvider);
