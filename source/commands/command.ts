import {type ParsedFlags, defaultFlagValues} from './flags.js';
import type {VariableArgument} from './variable-arguments.js';

/**
What every non-interactive command receives: its positional arguments, the parsed flags, and the streams to use (injected so tests run commands in-process).
*/
export type CommandInput = {
	readonly arguments: readonly string[];
	readonly flags: CommandFlags;
	readonly stdin: NodeJS.ReadableStream;
	readonly stdout: Writer;
	readonly stderr: Writer;
	/**
	Whether stdout is a terminal (colour and escaping decisions).
	*/
	readonly isTerminal: boolean;
	/**
	Whether stdin is a terminal (the console is interactive then).
	*/
	readonly stdinIsTerminal?: boolean;
	readonly environment: Readonly<Record<string, string | undefined>>;
	readonly cwd: string;
};

export type Writer = {
	write(text: string): unknown;
};

/**
The parsed options (see the table in `flags.ts`), plus the order of `--var` and `--var-file`.
*/
export type CommandFlags = ParsedFlags & {
	/**
	`--var` and `--var-file` interleaved in command-line order, when known; otherwise every `varFile` applies before every `var`.
	*/
	readonly variableArguments?: readonly VariableArgument[];
};

/**
A command: a thin function from its input to an exit code.
*/
export type Command = (input: CommandInput) => Promise<number>;

/**
Every option at its default, colour off (what tests start from).
*/
export const defaultFlags: CommandFlags = {...defaultFlagValues(), color: false};

/**
A failure that ends a command with a one-line message on stderr and an exit code (1: the input is wrong, 2: usage), thrown where the problem is found (before any output) and reported by the dispatcher.
*/
export class CommandFailure extends Error {
	readonly exitCode: 1 | 2;

	constructor(message: string, exitCode: 1 | 2 = 1) {
		super(message);
		this.exitCode = exitCode;
		this.name = 'CommandFailure';
	}
}
