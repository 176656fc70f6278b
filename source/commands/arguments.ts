import meow from 'meow';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import type {CommandFlags} from './command.js';
import {type CommandSpec, commandNamed, commandTable} from './command-table.js';
import {type FlagName, type FlagSpec, defaultFlagValues, flagNamed, flagTable, optionName, takesFlag} from './flags.js';
import {usageExitCode} from './exit-codes.js';
import {terraformHints} from './terraform-hints.js';
import type {VariableArgument} from './variable-arguments.js';

/*
The command line into what to run, from the tables in `command-table.ts` and `flags.ts`. meow parses its options, with its flags derived from the option table: the values, their types, repeated options, `--no-NAME`, `-h`. Before it, a small pre-pass (`prepare`) does what meow does not, so that every mistake is a one-line usage error (exit 2) instead of a silently different meaning:
- Terraform's single-dash spellings (`-var`, `-var-file=x`, `-json`) become their double-dash twins, and `-v`/`--version` are taken out;
- an unknown option is reported with suggestions from the options of the command (meow, with unknown flags allowed, would take `--frob check` as --frob's value and swallow the command; with them refused it prints its own message and exits the process);
- an option without its value (`--var` last, or followed by another option) is an error (meow would give it an empty string), and a switch given a value (`--json=yes`) too;
- each option is written back as `--name=value`, so a value is never read as an option, and the order of `--var` and `--var-file` is kept (meow gives each option's values apart).
- the positional arguments (and all that follows `--`) are set apart, in order, so meow reads the options alone.
The command may come after global options and options after the command: meow reads them anywhere. A number option reaches meow as a string and is checked here (meow turns a bad number into null).
*/

export type CommandLine =
	/** `command` undefined: the explorer. */
	| {readonly kind: 'run'; readonly command: CommandSpec | undefined; readonly arguments: readonly string[]; readonly flags: CommandFlags}
	| {readonly kind: 'help'; readonly command: CommandSpec | undefined}
	/** `--version`, `-v`: `json` with --json. */
	| {readonly kind: 'version'; readonly json: boolean}
	/** `exitCode`: 2, or 1 when the line asks for --detailed-exitcode (exit-codes.ts). */
	| {readonly kind: 'usage-error'; readonly message: string; readonly command: CommandSpec | undefined; readonly exitCode: 1 | 2};


type Occurrence = {readonly name: FlagName; readonly spelling: string};

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

type Prepared = {
	/** The options for meow: each as `--name=value`, `--name` or `--no-name`, `-h`. */
	readonly tokens: readonly string[];
	/** The positional arguments, and what follows `--`, in order: meow is not given them (it would read them as they are, but spent 20-80 ms on the 4,747 files of a `parse` of the bench's real corpus). */
	readonly positional: readonly string[];
	/** The options given, in their order on the command line, as they are named in messages. */
	readonly occurrences: readonly Occurrence[];
	/** Each usage error, as a message once the command is known. */
	readonly errors: ReadonlyArray<string | Unknown>;
	readonly version: boolean;
};

/**
What meow does not do (see the header): Terraform's spellings, `-v`, unknown options, missing values and switches given values, every option written back as one token.
*/
function prepare(argv: readonly string[]): Prepared {
	const tokens: string[] = [];
	const positional: string[] = [];
	const occurrences: Occurrence[] = [];
	const errors: Array<string | Unknown> = [];
	let version = false;
	for (let index = 0; index < argv.length; index++) {
		const token = argv[index]!;
		if (token === '--') {
			positional.push(...argv.slice(index + 1));
			break;
		}

		if (token === '-' || !token.startsWith('-')) {
			positional.push(token);
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
				tokens.push(`-${option}`);
				occurrences.push({name: short[0] as FlagName, spelling: token});
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
			if (inline === undefined) {
				tokens.push(spelling);
				occurrences.push({name, spelling});
			} else {
				errors.push(`option ${spelling} takes no value (given "${token}")`);
			}

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

		tokens.push(`${spelling}=${value}`);
		occurrences.push({name, spelling});
	}

	return {tokens, positional, occurrences, errors, version};
}

/**
meow's flags, from the option table. Every option is repeatable to meow: the last value of a single-valued option wins, as in Terraform's flag package (TF_CLI_ARGS relies on it: the command line's own option comes after the variable's), where meow would refuse a second one; a number reaches this file as text, to be checked with its own message.
*/
const meowFlags = Object.fromEntries((Object.entries(flagTable) as Array<[string, FlagSpec]>).map(([name, spec]) => [name, {
	type: spec.type === 'boolean' ? 'boolean' as const : 'string' as const,
	isMultiple: true,
	...(spec.short !== undefined && {shortFlag: spec.short}),
}]));

/**
Each option's values in order, as meow reads the prepared options.
*/
function parseWithMeow(tokens: readonly string[]): ReadonlyMap<FlagName, ReadonlyArray<string | boolean>> {
	const cli = meow({
		// Only its url, which the build defines for the CommonJS bundle of the commands (where `import.meta` itself is empty); meow would read package.json near it, but `pkg` is given, so it reads nothing from disk (and names the process tfscope).
		importMeta: {url: import.meta.url} as ImportMeta,
		pkg: {name: 'tfscope'},
		argv: [...tokens],
		flags: meowFlags,
		autoHelp: false,
		autoVersion: false,
		// Unknown options were reported by `prepare`, each with its own message; none reaches meow.
		allowUnknownFlags: true,
		// No default: an option that is absent is an empty list, so the options given are known; the table's defaults apply afterwards.
		booleanDefault: undefined,
		description: false,
	});
	const values = new Map<FlagName, ReadonlyArray<string | boolean>>();
	for (const name of Object.keys(flagTable) as FlagName[]) {
		const given = (cli.flags as Record<string, unknown>)[name];
		values.set(name, Array.isArray(given) ? given as Array<string | boolean> : []);
	}

	return values;
}

/**
Parses `argv` (without `node` and the script).
*/
export function parseCommandLine(argv: readonly string[]): CommandLine {
	const {tokens, positional, occurrences: given, errors, version} = prepare(argv);
	// A command line of no options (`tfscope DIR`, `tfscope check DIR`) has nothing for meow to read: its set-up is not paid (and the built tool's CommonJS builds then never evaluate meow's module, scripts/bundle/plugins.ts meowOnFirstUse).
	const meowValues = given.length === 0 && tokens.length === 0 ? new Map<FlagName, ReadonlyArray<string | boolean>>() : parseWithMeow(tokens);
	// Each occurrence with its value: the values of one option come from meow in the order they were given.
	const taken = new Map<FlagName, number>();
	const occurrences = given.map(occurrence => {
		const index = taken.get(occurrence.name) ?? 0;
		taken.set(occurrence.name, index + 1);
		return {...occurrence, value: meowValues.get(occurrence.name)![index]!};
	});
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
