import fs from 'node:fs';
import path from 'node:path';
import type {Workspace, WorkspaceOptions} from '../workspace.js';
import {describeReadFailure, inspectFile} from '../files/read-file.js';
import {CommandFailure, type CommandFlags} from './command.js';

/**
The directory relative paths are taken from: `--chdir DIR` as `terraform -chdir=DIR` (the directory argument and the option files are relative to it; `path.cwd` stays where tfscope was started).
*/
export function chdirOf(flags: CommandFlags, cwd: string): string {
	return flags.chdir === undefined ? cwd : path.resolve(cwd, flags.chdir);
}

/**
The configuration directory a command's `[dir]` names, after `--chdir`.
*/
export function configurationDirectory(flags: CommandFlags, directory: string, cwd: string): string {
	return flags.chdir === undefined ? directory : path.resolve(chdirOf(flags, cwd), directory);
}

/**
The Workspace options every command derives from the global flags, so that `--var`, `--var-file`, `--workspace`, `--state`, `--schema` and `--chdir` mean the same in each.
*/
export function workspaceOptions(flags: CommandFlags, directory: string, environment: Readonly<Record<string, string | undefined>>, cwd: string): WorkspaceOptions {
	return {
		directory: configurationDirectory(flags, directory, cwd),
		variables: flags.var,
		varFiles: flags.varFile,
		...(flags.variableArguments !== undefined && {variableArguments: flags.variableArguments}),
		...(flags.workspace !== undefined && {workspaceName: flags.workspace}),
		...(flags.state !== undefined && {stateFile: flags.state}),
		...(flags.plan !== undefined && {planFile: flags.plan}),
		...(flags.opentofu !== flags.terraform && {language: flags.opentofu ? 'opentofu' : 'terraform'}),
		// Files first, then each --assume: a later assumption of the same address wins.
		...((flags.assume.length > 0 || flags.assumeFile.length > 0) && {
			assumptions: [...flags.assumeFile.map(file => ({kind: 'file' as const, path: file})), ...flags.assume.map(text => ({kind: 'text' as const, text}))],
		}),
		...(flags.schema.length > 0 && {schemaFiles: flags.schema}),
		...(!flags.bundledSchemas && {bundledSchemas: false}),
		...(flags.sourceMap.length > 0 && {sourceMappings: flags.sourceMap}),
		...(flags.terragruntEnv && {terragruntEnvironment: true}),
		environment,
		cwd: chdirOf(flags, cwd),
		startDirectory: cwd,
	};
}

function kindOf(file: string): 'missing' | 'directory' | 'other' {
	try {
		return fs.statSync(file).isDirectory() ? 'directory' : 'other';
	} catch {
		return 'missing';
	}
}

/**
A directory a `terragrunt.stack.hcl` generates into `.terragrunt-stack`: it exists in memory only (terragrunt/stack-overlay.ts), so it is not on disk to check.
*/
function generatedByStack(directory: string): boolean {
	const parts = directory.split(path.sep);
	const generated = parts.indexOf('.terragrunt-stack');
	return generated > 0 && kindOf(directory) === 'missing' && kindOf(path.join(parts.slice(0, generated).join(path.sep) || path.sep, 'terragrunt.stack.hcl')) !== 'missing';
}

/**
Checks what the command line names before anything loads (the directory, `--var-file` and `--state` files), so a typo is a one-line error with exit 1 instead of an empty result. A FIFO, device or socket is refused here too, in the file reader's words: the reader would refuse it later, and `instances` or `tree` would then list instances without the file, saying nothing.
*/
export function checkWorkspaceArguments(flags: CommandFlags, directory: string, cwd: string, options: {readonly directoryInRevision?: boolean} = {}): void {
	if (flags.opentofu && flags.terraform) {
		throw new CommandFailure('--opentofu and --terraform cannot be used together', 2);
	}

	if (flags.chdir !== undefined && kindOf(chdirOf(flags, cwd)) !== 'directory') {
		throw new CommandFailure(`--chdir ${flags.chdir}: ${kindOf(chdirOf(flags, cwd)) === 'missing' ? 'no such directory' : 'not a directory'}`);
	}

	const base = chdirOf(flags, cwd);
	const where = path.resolve(base, directory);
	// `diff --git-dir`: the directory is a path inside the revisions, not on disk.
	const kind = options.directoryInRevision === true || generatedByStack(where) ? 'directory' : kindOf(where);
	if (kind === 'missing') {
		throw new CommandFailure(`no such directory: ${directory}`);
	}

	if (kind !== 'directory') {
		throw new CommandFailure(`${directory} is a file, not a directory (give the directory that holds it: ${path.dirname(directory)})`);
	}

	for (const [option, files] of [['--var-file', flags.varFile], ['--assume-file', flags.assumeFile], ['--state', flags.state === undefined ? [] : [flags.state]], ['--plan', flags.plan === undefined ? [] : [flags.plan]], ['--schema', flags.schema]] as const) {
		for (const file of files) {
			const inspected = inspectFile(path.resolve(base, file));
			if (inspected.kind === 'failure' && inspected.failure.kind === 'missing') {
				throw new CommandFailure(`${option} ${file}: no such file`);
			}

			if (inspected.kind === 'not-regular' && inspected.what === 'directory') {
				throw new CommandFailure(`${option} ${file}: is a directory, not a file`);
			}

			if (inspected.kind !== 'file') {
				throw new CommandFailure(`${option} ${describeReadFailure(inspected.kind === 'failure' ? inspected.failure : {kind: 'not-regular', path: file, what: inspected.what}, file)}`);
			}
		}
	}
}

/**
Terraform refuses a `-var` for a variable the root module does not declare (a value from a file or the environment is only a warning): the message for the first such `--var`, if any.
*/
export function undeclaredVariableMessage(workspace: Workspace, flags: CommandFlags): string | undefined {
	for (const text of flags.var) {
		const name = text.slice(0, text.indexOf('=')).trim();
		if (!workspace.moduleTree.module.variables.has(name)) {
			return `--var ${name}: the root module declares no variable "${name}" (add a variable "${name}" block to use it)`;
		}
	}

	return undefined;
}

/**
The Workspace of a command's directory; a `--var` for an undeclared variable fails the command, as in Terraform. `expansion: 'on-demand'` for a command that may not read the instances (see WorkspaceOptions).
*/
export async function loadCommandWorkspace(flags: CommandFlags, directory: string, environment: Readonly<Record<string, string | undefined>>, cwd: string, expansion?: WorkspaceOptions['expansion']): Promise<Workspace> {
	const {loadWorkspace} = await import('../workspace.js');
	const workspace = await loadWorkspace({...workspaceOptions(flags, directory, environment, cwd), ...(expansion && {expansion})});
	if (workspace.planProblem !== undefined) {
		throw new CommandFailure(workspace.planProblem);
	}

	if (workspace.otherPlan) {
		throw new CommandFailure(`--plan ${workspace.otherPlan.detail ?? workspace.otherPlan.summary}`);
	}

	const undeclared = undeclaredVariableMessage(workspace, flags);
	if (undeclared !== undefined) {
		throw new CommandFailure(undeclared);
	}

	return workspace;
}
