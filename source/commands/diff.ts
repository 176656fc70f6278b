import {formatDiagnosticLine} from '../hcl/index.js';
import {openGitRevision} from '../config/git-source.js';
import type {ConfigSource} from '../config/source.js';
import {diffWorkspaces} from '../diff/index.js';
import {diffJson, type Side} from '../diff/format-json.js';
import {formatDiffMarkdown} from '../diff/format-markdown.js';
import {formatDiffText} from '../diff/format-text.js';
import {hasChanges} from '../diff/summary.js';
import {type Workspace, loadWorkspace} from '../workspace.js';
import type {Estate} from '../terragrunt/estate.js';
import type {Command, CommandInput} from './command.js';
import {exitCodes, usageExitCode} from './exit-codes.js';
import {terminalSafeWriter} from './terminal-text.js';
import {chdirOf, workspaceOptions} from './workspace-options.js';

/*
`tfscope diff [dir] --from REV [--to REV]`, `--from-dir DIR`, or `--from-var-file`/`--to-var-file` alone: loads both sides with the same flags and prints what the change does, as a tree, `--json` or `--format markdown`. Exit codes (exit-codes.ts): 0 the diff was made (whether or not something changes), 1 either side has configuration errors (the diff is still printed, the errors follow on stderr) or a revision cannot be read, 2 a usage error; with --detailed-exitcode, as terraform plan -detailed-exitcode: 0 nothing changes, 1 any error (usage errors included), 2 something changes.
*/

type SideSpec = {
	readonly label: string;
	readonly side: Side;
	readonly source?: ConfigSource;
	readonly directory: string;
	readonly varFiles: readonly string[];
};

async function openSide(input: CommandInput, directory: string, revision: string | undefined, varFiles: readonly string[], label = `${directory} (working tree)`): Promise<SideSpec | string> {
	if (revision === undefined) {
		return {label, side: {description: 'the working tree', directory}, directory, varFiles};
	}

	const opened = await openGitRevision({
		revision, directory, cwd: chdirOf(input.flags, input.cwd), ...(input.flags.gitDir !== undefined && {gitDirectory: input.flags.gitDir}),
	});
	if (!opened.ok) {
		return opened.message;
	}

	return {
		label: `${revision} (${opened.revision.commit.slice(0, 7)})`,
		side: {description: opened.revision.source.description, directory, commit: opened.revision.commit},
		source: opened.revision.source,
		directory,
		varFiles,
	};
}

async function load(input: CommandInput, spec: SideSpec): Promise<Workspace> {
	const options = workspaceOptions(input.flags, spec.directory, input.environment, input.cwd);
	const variableArguments = [
		...(options.variableArguments ?? [...(options.varFiles ?? []).map(file => ({kind: 'var-file' as const, path: file})), ...(options.variables ?? []).map(text => ({kind: 'var' as const, text}))]),
		...spec.varFiles.map(file => ({kind: 'var-file' as const, path: file})),
	];
	// The state file does not take part: a diff compares configurations.
	const {stateFile: _, ...rest} = options;
	return loadWorkspace({...rest, variableArguments, ...(spec.source && {source: spec.source})});
}

/**
Both sides as Terragrunt estates, when either side's directory is one (a side without units is an estate of none).
*/
async function estatesOf(input: CommandInput, from: SideSpec, to: SideSpec): Promise<{from: Estate; to: Estate} | undefined> {
	const {estateOf} = await import('../terragrunt/estate-commands.js');
	const {openEstate} = await import('../terragrunt/estate.js');
	const open = (spec: SideSpec): Estate | undefined => estateOf({...workspaceOptions(input.flags, spec.directory, input.environment, input.cwd), ...(spec.source && {source: spec.source})});
	const fromEstate = open(from);
	const toEstate = open(to);
	if (!fromEstate && !toEstate) {
		return undefined;
	}

	const empty = (spec: SideSpec): Estate => openEstate({root: spec.directory, discover: false, ...(spec.source && {source: spec.source})});
	return {from: fromEstate ?? empty(from), to: toEstate ?? empty(to)};
}

/**
The configuration of `directory` at a git revision, loaded with the command line's options (no state file: a diff compares configurations): the other side of the explorer's `--diff REV`. A message when the revision cannot be read.
*/
export async function loadRevisionWorkspace(flags: CommandInput['flags'], directory: string, revision: string, environment: CommandInput['environment'], cwd: string): Promise<{readonly workspace: Workspace; readonly label: string} | string> {
	const input = {flags, environment, cwd} as CommandInput;
	const side = await openSide(input, directory, revision, []);
	if (typeof side === 'string') {
		return side;
	}

	return {workspace: await load(input, side), label: side.label};
}

export const diffCommand: Command = async input => {
	const {flags} = input;
	const usage = usageExitCode(flags);
	const directory = input.arguments[0] ?? '.';
	if (input.arguments.length > 1) {
		input.stderr.write(`Error: diff takes one directory, not ${input.arguments.length}.\n`);
		return usage;
	}

	if (flags.json && flags.format !== undefined && flags.format !== 'json') {
		input.stderr.write(`Error: --json and --format ${flags.format} ask for two formats; give one.\n`);
		return usage;
	}

	const format = flags.json ? 'json' : (flags.format ?? 'text');
	if (!['text', 'json', 'markdown'].includes(format)) {
		input.stderr.write(`Error: --format must be text, json or markdown for diff, not "${format}".\n`);
		return usage;
	}

	const fromVarFiles = flags.fromVarFile ?? [];
	const toVarFiles = flags.toVarFile ?? [];
	if (flags.from !== undefined && flags.fromDir !== undefined) {
		input.stderr.write('Error: give --from REV or --from-dir DIR, not both.\n');
		return usage;
	}

	if (flags.from === undefined && flags.fromDir === undefined && fromVarFiles.length === 0 && toVarFiles.length === 0) {
		input.stderr.write('Error: diff needs something to compare with: --from REV (a git revision), --from-dir DIR, or --from-var-file/--to-var-file.\n');
		return usage;
	}

	if (flags.gitDir !== undefined && (flags.from === undefined || flags.to === undefined)) {
		input.stderr.write('Error: with --git-dir both --from and --to must be revisions (a bare repository has no working tree).\n');
		return usage;
	}

	const fromDirectory = flags.fromDir ?? directory;
	const [from, to] = await Promise.all([
		openSide(input, fromDirectory, flags.from, fromVarFiles, flags.fromDir),
		openSide(input, directory, flags.to, toVarFiles),
	]);
	for (const side of [from, to]) {
		// A revision that cannot be read is a named thing that is wrong, as a missing file is: 1.
		if (typeof side === 'string') {
			input.stderr.write(`Error: ${side}\n`);
			return exitCodes.error;
		}
	}

	const fromSpec = from as SideSpec;
	const toSpec = to as SideSpec;
	// A directory of Terragrunt units: the diff unit by unit (terragrunt/estate-diff.ts).
	const estates = await estatesOf(input, fromSpec, toSpec);
	if (estates) {
		const {diffEstates, estateDiffHasChanges, estateDiffJson, formatEstateDiffText} = await import('../terragrunt/estate-diff.js');
		const diff = await diffEstates(estates.from, estates.to);
		const out = terminalSafeWriter(input.stdout, input.isTerminal, flags.color);
		out.write(format === 'json'
			? `${JSON.stringify(estateDiffJson(diff, {from: fromSpec.side, to: toSpec.side}), null, 2)}\n`
			: formatEstateDiffText(diff, {from: fromSpec.label, to: toSpec.label, colour: flags.color && input.isTerminal && format === 'text'}));
		return flags.detailedExitcode && estateDiffHasChanges(diff) ? exitCodes.changes : exitCodes.success;
	}

	const fromWorkspace = await load(input, fromSpec);
	const toWorkspace = await load(input, toSpec);
	const diff = diffWorkspaces(fromWorkspace, toWorkspace);
	const errors = [
		...fromWorkspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `from ${fromSpec.label}: ${formatDiagnosticLine(diagnostic)}`),
		...toWorkspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `to ${toSpec.label}: ${formatDiagnosticLine(diagnostic)}`),
	];
	const fromLabel = fromVarFiles.length > 0 && flags.from === undefined && flags.fromDir === undefined ? `${fromSpec.label} with ${fromVarFiles.join(', ')}` : fromSpec.label;
	const toLabel = toVarFiles.length > 0 && flags.to === undefined ? `${toSpec.label} with ${toVarFiles.join(', ')}` : toSpec.label;
	const out = terminalSafeWriter(input.stdout, input.isTerminal, flags.color);
	switch (format) {
		case 'json': {
			out.write(`${JSON.stringify({...diffJson(diff, {from: fromSpec.side, to: toSpec.side}), errors}, null, 2)}\n`);
			break;
		}

		case 'markdown': {
			out.write(formatDiffMarkdown(diff, {from: fromLabel, to: toLabel}));
			break;
		}

		default: {
			out.write(formatDiffText(diff, {colour: flags.color && input.isTerminal, from: fromLabel, to: toLabel}));
		}
	}

	if (errors.length > 0) {
		const err = terminalSafeWriter(input.stderr, input.isTerminal, false);
		err.write(`${errors.length} configuration ${errors.length === 1 ? 'error' : 'errors'}: the diff may be incomplete (tfscope check shows them in full).\n`);
		for (const error of errors.slice(0, 20)) {
			err.write(`  ${error}\n`);
		}

		return exitCodes.error;
	}

	return flags.detailedExitcode && hasChanges(diff) ? exitCodes.changes : exitCodes.success;
};
