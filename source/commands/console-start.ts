import type {Diagnostic} from '../hcl/diagnostics.js';
import {parseConfig} from '../hcl/index.js';
import {LineIndex} from '../hcl/line-index.js';
import {wrapText} from '../lang/console.js';
import type {Workspace} from '../workspace.js';

/*
What `terraform console` prints before it reads an expression (internal/command/console.go, 1.11): the configuration's problems, as its other commands print them (the source lines, `in BLOCK`, the values involved). Errors of loading the configuration stop it (exit 1); errors of evaluating its variables, locals and outputs are printed, followed by the warning "Due to the problems above, some expressions may produce unexpected results.", and the console goes on; warnings alone are printed and it goes on. Errors go to stderr, warnings to stdout, warnings first (tfdiags' order).
*/

export type ConsoleStart = {
	readonly stdout: string;
	readonly stderr: string;
	/** The configuration could not be loaded: Terraform's console stops here, with exit status 1. */
	readonly stop: boolean;
};

export type ConsoleStartOptions = {
	readonly color?: boolean;
	readonly escape?: (text: string) => string;
};

const problemsAbove: Diagnostic = {severity: 'warning', summary: 'Due to the problems above, some expressions may produce unexpected results.'};

/**
The report of a Workspace's problems that the console prints before its first expression.
*/
export function consoleStart(workspace: Workspace, options: ConsoleStartOptions = {}): ConsoleStart {
	const {load, evaluation} = workspace.startDiagnostics();
	const stop = load.some(diagnostic => diagnostic.severity === 'error');
	const shown = terraformOrder([...load, ...evaluation]);
	if (shown.length === 0) {
		return {stdout: '', stderr: '', stop: false};
	}

	const blocks = new Map<string, ReadonlyArray<{readonly start: number; readonly end: number; readonly header: string}>>();
	const format = (diagnostic: Diagnostic) => formatConfigurationDiagnostic(diagnostic, workspace.sources, blocks, options);
	let stdout = shown.filter(diagnostic => diagnostic.severity !== 'error').map(format).join('');
	const stderr = shown.filter(diagnostic => diagnostic.severity === 'error').map(format).join('');
	if (!stop && stderr !== '') {
		stdout += format(problemsAbove);
	}

	return {stdout, stderr, stop};
}

/**
tfdiags' order: warnings before errors, then those without a place first, then by file, start and end.
*/
function terraformOrder(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return [...diagnostics].sort((a, b) => {
		if (a.severity !== b.severity) {
			return a.severity === 'error' ? 1 : -1;
		}

		if ((a.subject === undefined) !== (b.subject === undefined)) {
			return a.subject === undefined ? -1 : 1;
		}

		if (!a.subject || !b.subject) {
			return 0;
		}

		if (a.subject.filename !== b.subject.filename) {
			return a.subject.filename < b.subject.filename ? -1 : 1;
		}

		return (a.subject.start.offset - b.subject.start.offset) || (a.subject.end.offset - b.subject.end.offset);
	});
}

/**
`in resource "terraform_data" "a"`: the top-level block of a native-syntax file that holds `offset`, as HCL's ContextString names it.
*/
function contextOf(filename: string, offset: number, sources: ReadonlyMap<string, string>, cache: Map<string, ReadonlyArray<{readonly start: number; readonly end: number; readonly header: string}>>): string | undefined {
	let blocks = cache.get(filename);
	if (!blocks) {
		const text = sources.get(filename);
		blocks = text === undefined || filename.endsWith('.json')
			? []
			: parseConfig(text, filename).value.items.flatMap(item => (item.kind === 'Block' ? [{
				start: item.range.start.offset, end: item.range.end.offset, header: [item.type, ...item.labels.map(label => JSON.stringify(label))].join(' '),
			}] : []));
		cache.set(filename, blocks);
	}

	return blocks.find(block => block.start <= offset && offset < block.end)?.header;
}

function formatConfigurationDiagnostic(diagnostic: Diagnostic, sources: ReadonlyMap<string, string>, blocks: Map<string, ReadonlyArray<{readonly start: number; readonly end: number; readonly header: string}>>, options: ConsoleStartOptions): string {
	const safe = options.escape ?? ((text: string) => text);
	const color = options.color ?? false;
	const label = diagnostic.severity === 'error' ? 'Error' : 'Warning';
	const where: string[] = [];
	const {subject} = diagnostic;
	const text = subject && sources.get(subject.filename);
	if (subject) {
		const range = diagnostic.context && diagnostic.context.filename === subject.filename ? {
			start: diagnostic.context.start.offset < subject.start.offset ? diagnostic.context.start : subject.start,
			end: diagnostic.context.end.offset > subject.end.offset ? diagnostic.context.end : subject.end,
		} : subject;
		const context = contextOf(subject.filename, Math.max(0, subject.start.offset - 1), sources, blocks);
		where.push(`  on ${safe(subject.filename)} line ${range.start.line}${context ? `, in ${safe(context)}` : ''}:`);
		if (text !== undefined) {
			const index = new LineIndex(text);
			for (let line = range.start.line; line <= Math.max(range.start.line, range.end.line); line++) {
				const lineText = index.lineText(line);
				const lineStart = index.lineStarts[line - 1] ?? 0;
				// On a terminal the subject is underlined, as Terraform does in colour.
				const from = Math.max(0, Math.min(lineText.length, subject.start.offset - lineStart));
				const to = Math.max(from, Math.min(lineText.length, subject.end.offset - lineStart));
				const shown = color && from < to ? `${safe(lineText.slice(0, from))}\u001B[4m${safe(lineText.slice(from, to))}\u001B[0m${safe(lineText.slice(to))}` : safe(lineText);
				where.push(`${String(line).padStart(4)}: ${shown}`);
			}
		}

		const values = [...diagnostic.values ?? []].sort((a, b) => (a.traversal < b.traversal ? -1 : (a.traversal > b.traversal ? 1 : 0)));
		if (values.length > 0) {
			where.push('    ├────────────────', ...values.map(value => `    │ ${safe(value.traversal)} ${safe(value.statement)}`));
		}

		where.push('');
	}

	const summary = safe(diagnostic.summary);
	const detail = diagnostic.detail ? safe(diagnostic.detail) : undefined;
	if (!color) {
		return `\n${label}: ${summary}\n\n${where.map(line => `${line}\n`).join('')}${detail === undefined ? '' : `${wrapText(detail, 77)}\n`}\n`;
	}

	const tint = diagnostic.severity === 'error' ? '\u001B[31m' : '\u001B[33m';
	const reset = '\u001B[0m';
	const lines = [`\u001B[1m${tint}${label}: ${reset}\u001B[1m${summary}${reset}`, '', ...where, ...(detail === undefined ? [] : wrapText(detail, 75).split('\n'))];
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return `${tint}╷${reset}\n${lines.map(line => `${tint}│${reset} ${line}\n`).join('')}${tint}╵${reset}\n`;
}
