import {terminalSafeWriter} from './terminal-text.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import {parseCommandLine} from './arguments.js';
import {CommandFailure, type CommandInput, type Writer} from './command.js';
import {commandTable} from './command-table.js';
import {exitCodes, usageExitCode} from './exit-codes.js';
import {describeInternalError, internalErrorExitCode} from './internal-error.js';
import {commandHelp, mainHelp} from './help.js';
import {tfscopeVersion, versionText} from './version.js';
import {withTerraformEnvironment} from './terraform-environment.js';
import {checkWorkspaceArguments} from './workspace-options.js';

/*
The dispatcher behind `cli.tsx`: the command line into a command (or the explorer, help, the version), with every usage problem reported as one line on stderr before anything loads or any screen is taken over. The process plumbing (exit code, closed pipes, signals) stays in cli.tsx so this runs in-process in tests.
*/

export type MainInput = Omit<CommandInput, 'arguments' | 'flags'> & {
	readonly stdinIsTerminal: boolean;
	/** Whether stderr is a terminal (its text is escaped then); stdout's answer when not given. */
	readonly stderrIsTerminal?: boolean;
	/** Opens the explorer; injected so tests need no terminal. */
	readonly explorer?: (directory: string, flags: CommandInput['flags']) => Promise<number>;
};

function fail(stderr: Writer, message: string, exitCode: number): number {
	stderr.write(`tfscope: ${message}\n`);
	return exitCode;
}

/**
Whether colour is wanted: `--no-color`, `NO_COLOR` (any value), `FORCE_COLOR=0` and `TERM=dumb` turn it off.
*/
export function colourWanted(flag: boolean, environment: Readonly<Record<string, string | undefined>>): boolean {
	return flag && environment['NO_COLOR'] === undefined && environment['FORCE_COLOR'] !== '0' && environment['TERM'] !== 'dumb';
}

export async function main(argv: readonly string[], given: MainInput): Promise<number> {
	// What reaches stderr on a terminal is escaped (terminal-text.ts): messages name the user's own arguments, files, revisions and git refs, any of which can hold escape sequences or bidi overrides.
	// Stdout too, whatever the command and format: JSON escapes C0 controls itself but passes bidi overrides and C1 controls, which are written as JSON's own escapes (\u202e) there.
	const colour = colourWanted(true, given.environment);
	// The other properties keep their descriptors: stdin may be a getter, read only by a command that reads it.
	const input = Object.defineProperties({}, {
		...Object.getOwnPropertyDescriptors(given),
		stdout: {value: terminalSafeWriter(given.stdout, given.isTerminal, colour), enumerable: true},
		stderr: {value: terminalSafeWriter(given.stderr, given.stderrIsTerminal ?? given.isTerminal, colour), enumerable: true},
	}) as MainInput;
	let line = parseCommandLine(argv);
	// TF_CLI_ARGS and TF_CLI_ARGS_<twin>, for a command with a Terraform twin: their words join the command line after the command's name, as Terraform puts them.
	if (line.kind === 'run' && line.command?.terraform) {
		const merged = withTerraformEnvironment(argv, line.command.name, input.environment);
		if (merged.error !== undefined) {
			return fail(input.stderr, merged.error, exitCodes.usage);
		}

		for (const warning of merged.warnings) {
			input.stderr.write(`${warning}\n`);
		}

		if (merged.argv.length !== argv.length) {
			line = parseCommandLine(merged.argv);
		}
	}

	switch (line.kind) {
		case 'help': {
			input.stdout.write(line.command ? commandHelp(line.command) : mainHelp(tfscopeVersion));
			return 0;
		}

		case 'version': {
			input.stdout.write(versionText(line.json));
			return 0;
		}

		case 'usage-error': {
			return fail(input.stderr, `${line.message} (see tfscope${line.command ? ` ${line.command.name}` : ''} --help)`, line.exitCode);
		}

		case 'run': {
			break;
		}
	}

	const flags = {...line.flags, color: colourWanted(line.flags.color, input.environment)};
	const {command} = line;
	try {
		if (command === undefined || command.loadsWorkspace) {
			const directory = line.arguments[command?.directoryPosition ?? 0] ?? '.';
			if (command === undefined && line.arguments.length === 1) {
				try {
					checkWorkspaceArguments(flags, directory, input.cwd);
				} catch (error) {
					// `tfscope conosle`: a typo of a command, not a directory (looked for only then: the edit distances to every command's name are work an explorer's start need not do).
					const suggestion = directory.includes('/') ? undefined : nameSuggestion(directory, commandTable.map(each => each.name));
					if (suggestion !== undefined) {
						return fail(input.stderr, `unknown command "${directory}"; did you mean ${suggestion}? (see tfscope --help)`, exitCodes.usage);
					}

					throw error;
				}
			} else {
				checkWorkspaceArguments(flags, directory, input.cwd, {directoryInRevision: command?.name === 'diff' && flags.gitDir !== undefined});
			}
		}

		if (command === undefined) {
			const explorer = input.explorer ?? (async (directory: string, explorerFlags: CommandInput['flags']) => {
				const {runExplorer} = await import('../ui/run/run-explorer.js');
				return runExplorer({directory, flags: explorerFlags});
			});
			return await explorer(line.arguments[0] ?? '.', flags);
		}

		const run = await command.load();
		// The input's properties are copied as they are defined, not read: a getter (cli-process.ts's stdin, made only when a command reads it) stays a getter.
		const commandInput: CommandInput = Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(input)) as MainInput, {arguments: line.arguments, flags});
		return await run(commandInput);
	} catch (error) {
		if (error instanceof CommandFailure) {
			return fail(input.stderr, error.message, error.exitCode === exitCodes.usage ? usageExitCode(flags) : error.exitCode);
		}

		// Anything else is a bug: one clear message, never a stack.
		input.stderr.write(describeInternalError(error));
		return internalErrorExitCode;
	}
}
