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
	readonly environment: Readonly<Record<string, string | undefined>>;
	readonly cwd: string;
};

export type Writer = {
	write(text: string): unknown;
};

export type CommandFlags = {
	readonly var: readonly string[];
	readonly varFile: readonly string[];
	/**
	`--var` and `--var-file` interleaved in command-line order, when known; otherwise every `varFile` applies before every `var`.
	*/
	readonly variableArguments?: readonly VariableArgument[];
	readonly workspace?: string;
	readonly state?: string;
	readonly color: boolean;
	readonly json: boolean;
	readonly at?: string;
	readonly format?: string;
	readonly instances: boolean;
	readonly focus?: string;
	readonly depth?: number;
};

/**
A command: a thin function from its input to an exit code.
*/
export type Command = (input: CommandInput) => Promise<number>;

export const defaultFlags: CommandFlags = {
	var: [], varFile: [], color: false, json: false, instances: false,
};
