import type {Diagnostic} from '../hcl/diagnostics.js';
import {parseConfig} from '../hcl/index.js';
import {type DiagnosticSources, formatTerraformDiagnostic} from '../hcl/format-diagnostic.js';
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

const unsetRequiredVariable = 'No value for required variable';

const problemsAbove: Diagnostic = {severity: 'warning', summary: 'Due to the problems above, some expressions may produce unexpected results.'};

/**
The report of a Workspace's problems that the console prints before its first expression.
*/
export function consoleStart(workspace: Workspace, options: ConsoleStartOptions = {}): ConsoleStart {
	const {load, evaluation: evaluated} = workspace.startDiagnostics();
	// terraform console stubs an unset required root variable as an unknown value and says nothing of it (internal/command/console.go, stubUnsetRequiredVariables); tfscope's value of such a variable is already unknown.
	const evaluation = evaluated.filter(diagnostic => diagnostic.summary !== unsetRequiredVariable);
	const stop = load.some(diagnostic => diagnostic.severity === 'error');
	const shown = terraformOrder([...load, ...evaluation]);
	if (shown.length === 0) {
		return {stdout: '', stderr: '', stop: false};
	}

	const blocks = new Map<string, ReadonlyArray<{readonly start: number; readonly end: number; readonly header: string}>>();
	const sources: DiagnosticSources = {
		text: filename => workspace.sources.get(filename),
		context: (filename, offset) => contextOf(filename, offset, workspace.sources, blocks),
	};
	const format = (diagnostic: Diagnostic) => formatTerraformDiagnostic(diagnostic, {...options, sources});
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
