import {nameSuggestion} from '../hcl/did-you-mean.js';
import type {CommandFlags} from './command.js';
import {type CommandSpec, commandNamed, commandTable} from './command-table.js';
import {type FlagName, type FlagSpec, defaultFlagValues, flagNamed, flagTable, optionName, takesFlag} from './flags.js';
import {usageExitCode} from './exit-codes.js';
import {terraformHints} from './terraform-hints.js';
import type {VariableArgument} from './variable-arguments.js';

/*
The command line into what to run, from the tables in `command-table.ts` and `flags.ts`. Written by hand rather than with a parser library so that the command may come after global options, options may come after the command, Terraform's single-dash spellings (`-var`, `-var-file=x`, `-json`) mean their double-dash twins, and every mistake is a one-line usage error (exit 2) instead of a silently different meaning.
*/

export type CommandLine =
	/** `command` undefined: the explorer. */
	| {readonly kind: 'run'; readonly command: CommandSpec | undefined; readonly arguments: readonly string[]; readonly flags: CommandFlags}
	| {readonly kind: 'help'; readonly command: CommandSpec | undefined}
	/** `--version`, `-v`: `json` with --json. */
	| {readonly kind: 'version'; readonly json: boolean}
	/** `exitCode`: 2, or 1 when the line asks for --detailed-exitcode (exit-codes.ts). */
	| {readonly kind: 'usage-error'; readonly message: string; readonly command: CommandSpec | undefined; readonly exitCode: 1 | 2};


type Occurrence = {readonly name: FlagName; readonly value: string | boolean; readonly spelling: string};

/** An option no command takes, reported once the command is known: suggestions come from that command's options. */
type Unknown = {readonly token: string; readonly option: string};

/**
The message for an option tfscope does not have: a hint for a Terraform option with no twin, else the closest option the command takes (`check --frob` suggests nothing, since `--from` is diff's).
*/
function unknownOptionMessage({token, option}: Unknown, commandName: string, loadsWorkspace: boolean): string {
	const hint = terraformHints[option];
	if (hint) {
		return `unknown option "${token}": ${hint}`;
	}

	const taken = (Object.keys(flagTable) as FlagName[]).filter(name => takesFlag(name, commandName, loadsWorkspace)).map(name => optionName(name));
	const suggestion = nameSuggestion(option, commandName === 'explorer' ? [...taken, 'version'] : taken);
	return `unknown option "${token}"${suggestion ? `; did you mean --${suggestion}?` : ''}`;
}

function describeValue(spec: FlagSpec): string {
	return spec.type === 'boolean' ? '' : ` ${spec.value}`;
}

/**
Parses `argv` (without `node` and the script).
*/
export function parseCommandLine(argv: readonly string[]): CommandLine {
	const positional: string[] = [];
	const occurrences: Occurrence[] = [];
	// Each usage error, as a message once the command is known.
	const errors: Array<string | Unknown> = [];
	let version = false;
	let optionsEnded = false;
	for (let index = 0; index < argv.length; index++) {
		const token = argv[index]!;
		if (optionsEnded || token === '-' || !token.startsWith('-')) {
			positional.push(token);
			continue;
		}

		if (token === '--') {
			optionsEnded = true;
			continue;
		}

		const doubleDash = token.startsWith('--');
		const body = token.slice(doubleDash ? 2 : 1);
		const equals = body.indexOf('=');
		const option = equals === -1 ? body : body.slice(0, equals);
		const inline = equals === -1 ? undefined : body.slice(equals + 1);

		// One-letter forms: -h, -v.
		if (!doubleDash && option.length === 1) {
			if (option === 'v' && inline === undefined) {
				version = true;
				continue;
			}

			const short = Object.entries(flagTable).find(([, spec]) => 'short' in spec && spec.short === option);
			if (short && inline === undefined) {
				occurrences.push({name: short[0] as FlagName, value: true, spelling: token});
				continue;
			}

			errors.push(`unknown option "${token}"`);
			continue;
		}

		if (option === 'version' && inline === undefined) {
			version = true;
			continue;
		}

		let name = flagNamed(option);
		let negated = false;
		if (name === undefined && option.startsWith('no-')) {
			const positive = flagNamed(option.slice(3));
			if (positive !== undefined && flagTable[positive].type === 'boolean') {
				name = positive;
				negated = true;
			}
		}

		if (name === undefined) {
			errors.push({token, option});
			continue;
		}

		const spec: FlagSpec = flagTable[name];
		// Terraform's single-dash spellings are the same options: -var, -var-file=x, -json, -no-color.
		const spelling = `--${negated ? 'no-' : ''}${optionName(name)}`;
		if (spec.type === 'boolean') {
			if (inline !== undefined) {
				errors.push(`option ${spelling} takes no value (given "${token}")`);
				continue;
			}

			occurrences.push({name, value: !negated, spelling});
			continue;
		}

		let value = inline;
		if (value === undefined) {
			const next = argv[index + 1];
			// A value that looks like an option is almost always a forgotten value; --name=VALUE still allows one.
			if (next === undefined || (next.startsWith('-') && next.length > 1)) {
				errors.push(`option ${spelling} needs a value:${describeValue(spec)}`);
				continue;
			}

			value = next;
			index++;
		}

		occurrences.push({name, value, spelling});
	}

	const commandSpec = positional.length > 0 ? commandNamed(positional[0]!) : undefined;
	const help = occurrences.some(occurrence => occurrence.name === 'help') || (commandSpec === undefined && positional[0] === 'help');
	if (help) {
		const topic = commandSpec ?? (positional[0] === 'help' && positional[1] !== undefined ? commandNamed(positional[1]) : undefined);
		return {kind: 'help', command: topic};
	}

	const commandName = commandSpec?.name ?? 'explorer';
	const loadsWorkspace = commandSpec?.loadsWorkspace ?? true;
	const exitCode = usageExitCode({detailedExitcode: occurrences.some(occurrence => occurrence.name === 'detailedExitcode')});
	const usageError = (message: string): CommandLine => ({kind: 'usage-error', message, command: commandSpec, exitCode});
	if (errors.length > 0) {
		const first = errors[0]!;
		return usageError(typeof first === 'string' ? first : unknownOptionMessage(first, commandName, loadsWorkspace));
	}

	if (version && commandSpec === undefined && positional.length === 0) {
		// --json is the one option --version takes (as version --json); any other is refused below, by the version command's options.
		const others = occurrences.find(occurrence => occurrence.name !== 'json' && !takesFlag(occurrence.name, 'version', false));
		if (others) {
			return usageError(`--version does not take ${others.spelling}`);
		}

		return {kind: 'version', json: occurrences.some(occurrence => occurrence.name === 'json' && occurrence.value === true)};
	}

	if (version) {
		return usageError('--version takes no command or directory (or use tfscope version)');
	}
	const values: Record<string, unknown> = {...defaultFlagValues()};
	const variableArguments: VariableArgument[] = [];
	for (const occurrence of occurrences) {
		if (!takesFlag(occurrence.name, commandName, loadsWorkspace)) {
			const which = commandSpec ? `the ${commandSpec.name} command` : 'the explorer';
			return usageError(`${which} does not take ${occurrence.spelling}`);
		}

		const spec: FlagSpec = flagTable[occurrence.name];
		const {value} = occurrence;
		if (spec.type === 'number') {
			const number = Number(value);
			if (typeof value !== 'string' || !/^\d+$/.test(value) || (spec.minimum !== undefined && number < spec.minimum)) {
				return usageError(`${occurrence.spelling} must be a whole number, not "${String(value)}"`);
			}

			values[occurrence.name] = number;
		} else if (spec.type === 'string' && spec.multiple) {
			values[occurrence.name] = [...(values[occurrence.name] as string[]), value];
		} else {
			values[occurrence.name] = value;
		}

		if (occurrence.name === 'var') {
			const text = value as string;
			const equals = text.indexOf('=');
			if (equals <= 0 || !/^[A-Za-z_][\w-]*$/.test(text.slice(0, equals).trim())) {
				return usageError(`invalid --var "${text}": give a variable name and a value separated by an equals sign, like --var 'name=value'`);
			}

			variableArguments.push({kind: 'var', text});
		} else if (occurrence.name === 'varFile') {
			variableArguments.push({kind: 'var-file', path: value as string});
		}
	}

	const arguments_ = commandSpec ? positional.slice(1) : positional;
	if (commandSpec === undefined && positional.length > 1) {
		const suggestion = nameSuggestion(positional[0]!, commandTable.map(command => command.name));
		return usageError(suggestion ? `unknown command "${positional[0]!}"; did you mean ${suggestion}?` : `unknown command "${positional[0]!}" (the explorer takes one directory)`);
	}

	return {kind: 'run', command: commandSpec, arguments: arguments_, flags: {...values, variableArguments} as unknown as CommandFlags};
}
