import type {WorkspaceOptions} from '../workspace.js';
import type {CommandFlags} from './command.js';

/**
The Workspace options every command derives from the global flags, so that `--var`, `--var-file`, `--workspace` and `--state` mean the same in each.
*/
export function workspaceOptions(flags: CommandFlags, directory: string, environment: Readonly<Record<string, string | undefined>>, cwd: string): WorkspaceOptions {
	return {
		directory,
		variables: flags.var,
		varFiles: flags.varFile,
		...(flags.variableArguments !== undefined && {variableArguments: flags.variableArguments}),
		...(flags.workspace !== undefined && {workspaceName: flags.workspace}),
		...(flags.state !== undefined && {stateFile: flags.state}),
		environment,
		cwd,
	};
}
