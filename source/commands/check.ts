import type {Diagnostic} from '../hcl/diagnostics.js';
import {formatDiagnosticLine} from '../hcl/index.js';
import type {Command} from './command.js';
import {workspaceFor} from './instances.js';
import {terminalSafeWriter} from './terminal-text.js';

/*
`tfscope check [dir]`: every diagnostic of the configuration (parse, load, expansion, evaluation, failed conditions), one a line, `file:line:col` first, with the detail indented below; a count on stderr. Exit 1 if any is an error.
*/

export function renderCheck(diagnostics: readonly Diagnostic[], directory: string): string {
	return diagnostics.map(diagnostic => {
		const line = diagnostic.subject ? formatDiagnosticLine(diagnostic) : `${directory}: ${diagnostic.severity}: ${diagnostic.summary}`;
		const detail = diagnostic.detail ? diagnostic.detail.split('\n').map(text => (text === '' ? '' : `  ${text}`)).join('\n') + '\n' : '';
		return `${line}\n${detail}`;
	}).join('');
}

export const checkCommand: Command = async input => {
	const {arguments: positional} = input;
	const stdout = terminalSafeWriter(input.stdout, input.isTerminal, input.flags.color);
	const stderr = terminalSafeWriter(input.stderr, input.isTerminal, input.flags.color);
	if (positional.length > 1) {
		stderr.write(`Error: Too many arguments\n\ntfscope check takes one directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	const directory = positional[0] ?? '.';
	const workspace = await workspaceFor(input, directory);
	const {diagnostics} = workspace;
	stdout.write(renderCheck(diagnostics, directory));
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	const warnings = diagnostics.length - errors;
	// Counted as `instances` lists them: ephemeral resources are not instances in a plan.
	const resourceInstances = [...workspace.instances.resourceInstances.values()].filter(instance => instance.address.mode !== 'ephemeral').length;
	stderr.write(`${errors === 0 && warnings === 0 ? 'No problems found' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`} in ${workspace.instances.moduleInstances.size} module instance${workspace.instances.moduleInstances.size === 1 ? '' : 's'} and ${resourceInstances} resource instance${resourceInstances === 1 ? '' : 's'}.\n`);
	return errors > 0 ? 1 : 0;
};
