import path from 'node:path';
import type {Diagnostic} from '../hcl/diagnostics.js';
import {formatDiagnosticLine} from '../hcl/index.js';
import {capPerFile, omittedLine} from '../hcl/format-diagnostic.js';
import {assumedInstances, countInstances, describeCounts} from '../expand/counts.js';
import type {InstanceTree} from '../expand/instance-tree.js';
import {describeCause} from '../expand/unknown-causes.js';
import {countListInstances} from '../expand/list-expansion.js';
import {type LanguageChoice, languageName} from '../config/language.js';
import {jsonFormatVersion} from '../json-format.js';
import type {Command} from './command.js';
import {estateFor, workspaceFor} from './instances.js';
import {terminalSafeWriter} from './terminal-text.js';

/*
`tfscope check [dir]`: every diagnostic of the configuration (parse, load, expansion, evaluation, failed conditions), one a line, `file:line:col` first, with the detail indented below; a count on stderr. Exit 1 if any is an error.
*/

export function renderCheck(diagnostics: readonly Diagnostic[], directory: string): string {
	const {shown, omitted} = capPerFile(diagnostics);
	return shown.map(diagnostic => {
		const line = diagnostic.subject ? formatDiagnosticLine(diagnostic) : `${directory}: ${diagnostic.severity}: ${diagnostic.summary}`;
		const detail = diagnostic.detail ? diagnostic.detail.split('\n').map(text => (text === '' ? '' : `  ${text}`)).join('\n') + '\n' : '';
		return `${line}\n${detail}`;
	}).join('') + [...omitted].map(([file, count]) => `${omittedLine(file, count)}\n`).join('');
}

/**
What `check` adds below the diagnostics: the causes of placeholders that are not problems (a data source read at plan; an unset variable, an error of its own), as notes.
*/
export function renderNotes(tree: InstanceTree): string {
	return tree.unknownCauses.filter(report => report.cause.when !== 'apply').map(report => {
		const {summary, detail} = describeCause(report);
		const {range} = report.cause;
		return `${range ? `${range.filename}:${range.start.line}:${range.start.column}: ` : ''}note: ${summary}\n  ${detail}\n`;
	}).join('');
}

/**
Which language and release the configuration was read as, and why: `Read as OpenTofu 1.12: main.tofu is an OpenTofu file; 1.12 is the newest release.`
*/
export function describeLanguage(language: LanguageChoice): string {
	return `Read as ${languageName(language.rules)}: ${language.reason}; ${language.versionReason}.`;
}

/**
The root module's query files (Terraform 1.14+), checked as `terraform validate -query` checks them: `Query files checked as terraform validate -query does: main.tfquery.hcl (2 list blocks, 3 list instances).`; nothing without them.
*/
export function describeQueryFiles(tree: InstanceTree): string {
	const {root} = tree;
	const files = root.node.module.queryFiles ?? [];
	if (files.length === 0) {
		return '';
	}

	const blocks = root.lists.length;
	const instances = countListInstances(root.lists);
	return `Query files checked as terraform validate -query does: ${files.map(file => path.basename(file)).join(', ')} (${blocks} list block${blocks === 1 ? '' : 's'}, ${instances} list instance${instances === 1 ? '' : 's'}).\n`;
}

type JsonPosition = {readonly line: number; readonly column: number; readonly byte: number};

/**
`check --json`: the shape of `terraform validate -json` (format_version, valid, counts, diagnostics with severity, summary, detail and a range with the file name and 1-based line/column plus 0-based byte offsets).
*/
export type CheckJson = {
	readonly format_version: typeof jsonFormatVersion;
	readonly valid: boolean;
	readonly error_count: number;
	readonly warning_count: number;
	readonly diagnostics: ReadonlyArray<{
		readonly severity: 'error' | 'warning';
		readonly summary: string;
		readonly detail: string;
		readonly range?: {readonly filename: string; readonly start: JsonPosition; readonly end: JsonPosition};
	}>;
};

/**
`sources` (file name to text) turns offsets, which count UTF-16 code units, into UTF-8 byte offsets as Terraform reports them.
*/
export function checkJson(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string> = new Map()): CheckJson {
	const bytes = (filename: string, offset: number) => {
		const text = sources.get(filename);
		return text === undefined ? offset : Buffer.byteLength(text.slice(0, offset));
	};

	const position = (filename: string, {line, column, offset}: {line: number; column: number; offset: number}): JsonPosition => ({line, column, byte: bytes(filename, offset)});
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	return {
		format_version: jsonFormatVersion,
		valid: errors === 0,
		error_count: errors,
		warning_count: diagnostics.length - errors,
		diagnostics: diagnostics.map(diagnostic => ({
			severity: diagnostic.severity === 'error' ? 'error' : 'warning',
			summary: diagnostic.summary,
			detail: diagnostic.detail ?? '',
			...(diagnostic.subject && {range: {filename: diagnostic.subject.filename, start: position(diagnostic.subject.filename, diagnostic.subject.start), end: position(diagnostic.subject.filename, diagnostic.subject.end)}}),
		})),
	};
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
	const estate = await estateFor(input, directory);
	if (estate) {
		const {estateDiagnostics, excludedNote} = await import('../terragrunt/estate-commands.js');
		const found = await estateDiagnostics(estate);
		if (input.flags.json) {
			const json = checkJson(found.diagnostics, found.sources);
			input.stdout.write(`${JSON.stringify(json, undefined, 2)}\n`);
			return json.valid ? 0 : 1;
		}

		stdout.write(renderCheck(found.diagnostics, directory));
		stderr.write(excludedNote(estate, found.excluded));
		const errors = found.diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
		const warnings = found.diagnostics.length - errors;
		stderr.write(`${errors === 0 && warnings === 0 ? 'No problems found' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`} in ${found.units} Terragrunt unit${found.units === 1 ? '' : 's'}${found.excluded.length > 0 ? ` (${found.excluded.length} excluded)` : ''}.\n`);
		return errors > 0 ? 1 : 0;
	}

	const workspace = await workspaceFor(input, directory);
	const {diagnostics} = workspace;
	if (input.flags.json) {
		const json = checkJson(diagnostics, workspace.sources);
		input.stdout.write(`${JSON.stringify(json, undefined, 2)}\n`);
		return json.valid ? 0 : 1;
	}

	stdout.write(renderCheck(diagnostics, directory));
	stdout.write(renderNotes(workspace.instances));
	stdout.write(workspace.assumptions.map(assumption => `assumed: ${assumption.address} = ${assumption.expression.replaceAll('\n', ' ')} (from ${assumption.source})\n`).join(''));
	stderr.write(`${describeLanguage(workspace.language)}\n`);
	stderr.write(describeQueryFiles(workspace.instances));
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	const warnings = diagnostics.length - errors;
	const modules = workspace.instances.moduleInstances.size;
	stderr.write(`${errors === 0 && warnings === 0 ? 'No problems found' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`} in ${modules} module instance${modules === 1 ? '' : 's'} and ${describeCounts(countInstances(workspace.instances), assumedInstances(workspace.instances).resources.size)}.\n`);
	return errors > 0 ? 1 : 0;
};
