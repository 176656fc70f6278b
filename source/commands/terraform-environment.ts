import {type CommandSpec, commandNamed} from './command-table.js';
import {type FlagName, flagNamed, flagTable} from './flags.js';
import {terraformHints} from './terraform-hints.js';

/*
`TF_CLI_ARGS` and `TF_CLI_ARGS_<command>`, read as Terraform reads them (hashicorp/terraform, main.go, mergeEnvArgs): each value is split into words as a shell would (go-shellwords, without variables or backticks), and the words are inserted right after the command's name; Terraform merges `TF_CLI_ARGS` first and then inserts `TF_CLI_ARGS_<command>` at the same place, in front of it, so the order is the command's own variable, then the general one, then the command line (a later -var wins: the command line beats both, and `TF_CLI_ARGS` beats `TF_CLI_ARGS_console`). Only the commands with a Terraform twin read them (the `terraform` entry of their command-table row: console, graph, check as validate), and only the options the twin and tfscope's command share are honoured; any other word is left out with a one-line warning instead of being silently ignored or misread.
*/

export type EnvironmentArguments = {
	/** argv with the honoured words inserted after the command's name. */
	readonly argv: readonly string[];
	readonly warnings: readonly string[];
	/** A variable that cannot be split (an unclosed quote): Terraform stops on it. */
	readonly error?: string;
};

/**
A value split into words as go-shellwords splits it (Terraform's parser for these variables): blanks separate words; single quotes keep everything literally; a backslash outside single quotes takes the next character literally (inside double quotes too); an unquoted `;`, `&`, `|`, `<` or `>` ends the words (the rest is dropped, as Terraform drops it). An unclosed quote is an error.
*/
export function splitShellWords(text: string): {readonly words: readonly string[]} | {readonly error: string} {
	const words: string[] = [];
	let word = '';
	let inWord = false;
	let single = false;
	let double = false;
	let escaped = false;
	for (const character of text) {
		if (escaped) {
			word += character;
			escaped = false;
			inWord = true;
			continue;
		}

		if (character === '\\' && !single) {
			escaped = true;
			continue;
		}

		if (character === '\'' && !double) {
			single = !single;
			inWord = true;
			continue;
		}

		if (character === '"' && !single) {
			double = !double;
			inWord = true;
			continue;
		}

		if (single || double) {
			word += character;
			continue;
		}

		if (/\s/.test(character)) {
			if (inWord) {
				words.push(word);
			}

			word = '';
			inWord = false;
			continue;
		}

		if (';&|<>'.includes(character)) {
			break;
		}

		word += character;
		inWord = true;
	}

	if (single || double || escaped) {
		return {error: 'invalid command line string'};
	}

	if (inWord) {
		words.push(word);
	}

	return {words};
}

/** Terraform options that take a value, which may be the next word (`-target x`), so that an ignored one does not leave its value behind as an argument. */
const terraformValueOptions = new Set(['var', 'var-file', 'state', 'state-out', 'backup', 'target', 'replace', 'exclude', 'lock-timeout', 'parallelism', 'type', 'module-depth', 'test-directory', 'out', 'chdir']);

/**
The words of one variable that tfscope's command honours, and a warning for each it leaves out.
*/
function honoured(words: readonly string[], variable: string, command: CommandSpec, shared: readonly FlagName[]): {kept: string[]; warnings: string[]} {
	const kept: string[] = [];
	const warnings: string[] = [];
	for (let index = 0; index < words.length; index++) {
		const word = words[index]!;
		if (!word.startsWith('-') || word === '-') {
			warnings.push(`tfscope: warning: ${variable}: ignoring the argument "${word}" (only options are taken from it)`);
			continue;
		}

		const body = word.replace(/^--?/, '');
		const equals = body.indexOf('=');
		const option = equals === -1 ? body : body.slice(0, equals);
		const name = flagNamed(option) ?? (option.startsWith('no-') ? flagNamed(option.slice(3)) : undefined);
		const takesValue = name === undefined ? terraformValueOptions.has(option) || (option === 'plan' && command.terraform?.name === 'graph') : flagTable[name].type !== 'boolean';
		const next = words[index + 1];
		const valueWord = equals === -1 && takesValue && next !== undefined && !next.startsWith('-') ? next : undefined;
		if (name !== undefined && shared.includes(name)) {
			kept.push(word, ...(valueWord === undefined ? [] : [valueWord]));
		} else {
			const hint = terraformHints[option];
			warnings.push(`tfscope: warning: ${variable}: ignoring ${word}${valueWord === undefined ? '' : ` ${valueWord}`} (${hint ?? `tfscope ${command.name} does not honour it`})`);
		}

		if (valueWord !== undefined) {
			index++;
		}
	}

	return {kept, warnings};
}

/**
argv with what `TF_CLI_ARGS` and `TF_CLI_ARGS_<twin>` add for the command it names, if that command has a Terraform twin.
*/
export function withTerraformEnvironment(argv: readonly string[], commandName: string | undefined, environment: Readonly<Record<string, string | undefined>>): EnvironmentArguments {
	const command = commandName === undefined ? undefined : commandNamed(commandName);
	const twin = command?.terraform;
	if (command === undefined || twin === undefined) {
		return {argv, warnings: []};
	}

	const position = argv.indexOf(command.name) + 1;
	const inserted: string[] = [];
	const warnings: string[] = [];
	// The command's own variable goes first, then the general one (see above).
	for (const variable of [`TF_CLI_ARGS_${twin.name}`, 'TF_CLI_ARGS']) {
		const value = environment[variable];
		if (value === undefined || value === '') {
			continue;
		}

		const split = splitShellWords(value);
		if ('error' in split) {
			return {argv, warnings, error: `Error parsing extra CLI args from ${variable}: ${split.error}`};
		}

		const {kept, warnings: more} = honoured(split.words, variable, command, twin.options);
		inserted.push(...kept);
		warnings.push(...more);
	}

	return {argv: [...argv.slice(0, position), ...inserted, ...argv.slice(position)], warnings};
}
