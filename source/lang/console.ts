import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {maximumDeepWalkNodes, treeSize} from './budget.js';
import {formatTerraformDiagnostic} from '../hcl/format-diagnostic.js';
import {isIncompleteExpression, parseExpression} from '../hcl/index.js';
import {evaluate, typeOfArgument} from './eval/evaluate.js';
import type {Scope} from './eval/scope.js';
import {
	formatCharacters, maximumPrintedCharacters, printType, printValue, typeSummary, valueSummary,
} from './format-value.js';

/*
The one console formatter: what `terraform console` (1.11) prints for one expression, used by the `console` command and the explorer's console pane alike, so both print the same bytes for the same input and scope.
*/

/**
The file name diagnostics of console input carry, as in Terraform.
*/
export const consoleFilename = '<console-input>';

// The explorer's diagnostics pane wraps details as the console does.
export {wrapText} from '../hcl/format-diagnostic.js';

export type ConsoleFormatOptions = {
	/** Terraform's box-drawn, coloured diagnostics (a colour terminal). */
	readonly color?: boolean;
	/** Applied to text from the configuration (values, types, diagnostic texts), not to the formatter's own colours: the command escapes control characters on a terminal. */
	readonly escape?: (text: string) => string;
};

/**
What the console prints for one complete expression: the result on stdout, or the diagnostics on stderr.
*/
export type ConsoleOutput = {
	readonly ok: boolean;
	readonly stdout: string;
	readonly stderr: string;
};

/**
Diagnostics as the console prints them, one after the other.
*/
export function formatConsoleDiagnostics(diagnostics: readonly Diagnostic[], options: ConsoleFormatOptions = {}): string {
	// No sources: the console's input is no file, and Terraform says "(source code not available)".
	return diagnostics.map(diagnostic => formatTerraformDiagnostic(diagnostic, options)).join('');
}

/**
Evaluates one complete expression in `scope` and formats what `terraform console` prints for it. `type(x)` prints the type of its argument, as only the console allows.
*/
export function consoleOutput(text: string, scope: Scope, options: ConsoleFormatOptions = {}): ConsoleOutput {
	const safe = options.escape ?? ((text: string) => text);
	const failed = (diagnostics: readonly Diagnostic[]): ConsoleOutput => ({ok: false, stdout: '', stderr: formatConsoleDiagnostics(diagnostics, options)});
	const parsed = parseExpression(text, consoleFilename);
	if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return failed(parsed.diagnostics);
	}

	const expression = parsed.value;
	// Each console line is one evaluation, with a budget of its own.
	if (scope.console) {
		scope.functionContext.budget?.reset();
	}

	if (expression.kind === 'FunctionCall' && expression.name === 'type') {
		const result = typeOfArgument(expression, scope);
		if (result.value === undefined) {
			return failed(result.diagnostics);
		}

		const printed = printType(result.value);
		return printed.complete ? {ok: true, stdout: `${safe(printed.text)}\n`, stderr: ''} : failed([tooLargeToPrint('Type', typeSummary(result.value), expression.range, 'type() of an element or attribute shows part of it.')]);
	}

	const result = evaluate(expression, scope);
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return failed(result.diagnostics);
	}

	// Printing walks the whole value and writes a line or more a node: past the deep-walk limit that is seconds and hundreds of MB of text no one reads.
	const nodes = treeSize(result.value);
	if (nodes > maximumDeepWalkNodes) {
		return failed([errorDiagnostic('Value too large to print', `This value has ${nodes} elements and attributes counting nested ones (a value used twice counts twice), more than the console prints (${maximumDeepWalkNodes}, maximumDeepWalkNodes). length(), keys() or an index show parts of it.`, expression.range)]);
	}

	const printed = printValue(result.value);
	return printed.complete ? {ok: true, stdout: `${safe(printed.text)}\n`, stderr: ''} : failed([tooLargeToPrint('Value', valueSummary(result.value), expression.range, result.value.kind === 'string' ? 'length() or substr() show parts of it.' : 'length(), keys() or an index show parts of it.')]);
}

// The printer stopped at the limit: what it was printing, from what is known without printing it.
function tooLargeToPrint(what: 'Value' | 'Type', summary: string, range: Parameters<typeof errorDiagnostic>[2], parts: string): Diagnostic {
	return errorDiagnostic(`${what} too large to print`, `Printed, this ${what.toLowerCase()} would take more than ${formatCharacters(maximumPrintedCharacters)}, the most the console prints (maximumPrintedCharacters): it is ${summary}. ${parts}`, range);
}

/**
How a console reads an expression over several lines. Both consoles go on while a bracket (or here a string, template or heredoc) is open; OpenTofu's also when a line ends with one backslash (not two), which it drops (opentofu/opentofu internal/command/console_state.go, 1.9+).
*/
export type ConsoleLineRules = {
	readonly backslashContinuation: boolean;
};

const terraformConsoleLines: ConsoleLineRules = {backslashContinuation: false};

/**
The entry so far after one more input line (`pending` is what earlier lines left, '' at first), and whether it is complete and should be evaluated. A backslash continuation is removed from the text, and the lines are joined with newlines, as OpenTofu joins them.
*/
export function addConsoleLine(pending: string, line: string, rules: ConsoleLineRules = terraformConsoleLines): {readonly text: string; readonly complete: boolean} {
	let added = line;
	let continued = false;
	if (rules.backslashContinuation) {
		const trimmed = line.trimEnd();
		if (trimmed.endsWith('\\') && !trimmed.endsWith('\\\\')) {
			added = trimmed.slice(0, -1);
			continued = true;
		}
	}

	const text = pending === '' ? added : `${pending}\n${added}`;
	return {text, complete: !continued && !isIncompleteExpression(text)};
}
