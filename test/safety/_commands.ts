import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {Readable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {type Command, type CommandFlags, defaultFlags} from '../../source/commands/command.js';
import {commandTable} from '../../source/commands/command-table.js';

/*
Runs the non-interactive commands in-process, as cli.tsx would, with captured output (a `_` file: AVA does not run it). Commands are found by listing source/commands/, so a command added later is covered without editing the safety tests.
*/

const commandsDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../source/commands');

export type CommandRun = {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
};

/**
The command modules in source/commands, by name: the files that export `<name>Command` (synchronous, so tests can be declared per command; helpers beside them are not commands).
*/
export function commandNames(): string[] {
	return readdirSync(commandsDirectory)
		.filter(file => /\.tsx?$/.test(file))
		.map(file => file.replace(/\.tsx?$/, ''))
		.filter(name => readFileSync(path.join(commandsDirectory, `${name}.ts`), 'utf8').includes(`export const ${name}Command`))
		.sort();
}

/**
The command function a module exports (`<name>Command`).
*/
export async function loadCommand(name: string): Promise<Command> {
	// Through the command table, as main.ts loads it (a dynamic import of the file would need tsx under `npm test`, which runs compiled tests).
	const spec = commandTable.find(candidate => candidate.name === name);
	if (spec === undefined) {
		throw new TypeError(`source/commands/${name}.ts exports ${name}Command but command-table.ts has no ${name}`);
	}

	return spec.load();
}

export async function findCommands(): Promise<Map<string, Command>> {
	const commands = new Map<string, Command>();
	for (const name of commandNames()) {
		// eslint-disable-next-line no-await-in-loop
		commands.set(name, await loadCommand(name));
	}

	return commands;
}

export async function runCommand(command: Command, options: {
	arguments: readonly string[];
	flags?: Partial<CommandFlags>;
	stdin?: string;
	isTerminal?: boolean;
	cwd: string;
}): Promise<CommandRun> {
	let stdout = '';
	let stderr = '';
	const code = await command({
		arguments: options.arguments,
		flags: {...defaultFlags, ...options.flags},
		stdin: Readable.from([options.stdin ?? '']),
		stdout: {write(text: string) {
			stdout += text;
			return true;
		}},
		stderr: {write(text: string) {
			stderr += text;
			return true;
		}},
		isTerminal: options.isTerminal ?? false,
		environment: {},
		cwd: options.cwd,
	});
	return {code, stdout, stderr};
}

/**
The invocations every command gets in the safety tests: its flags and inputs over one configuration directory.
*/
export function invocationsFor(name: string, directory: string, files: readonly string[], expressions: readonly string[]): Array<{label: string; arguments: string[]; flags?: Partial<CommandFlags>; stdin?: string}> {
	switch (name) {
		case 'console': {
			return [{label: 'console', arguments: [directory], stdin: `${expressions.join('\n')}\n`}];
		}

		case 'instances': {
			return [
				{label: 'instances', arguments: [directory]},
				{label: 'instances --json', arguments: [directory], flags: {json: true}},
			];
		}

		case 'graph': {
			return [
				{label: 'graph', arguments: [directory]},
				{label: 'graph --format mermaid', arguments: [directory], flags: {format: 'mermaid'}},
				{label: 'graph --format json', arguments: [directory], flags: {format: 'json'}},
				{label: 'graph --format text --instances', arguments: [directory], flags: {format: 'text', instances: true}},
			];
		}

		case 'parse': {
			return [
				{label: 'parse', arguments: [...files]},
				{label: 'parse --json', arguments: [...files], flags: {json: true}},
			];
		}

		case 'version': {
			// It takes no directory.
			return [{label: 'version', arguments: []}];
		}

		case 'diff': {
			return [
				{label: 'diff --from-dir', arguments: [directory], flags: {fromDir: directory}},
				{label: 'diff --from-dir --format markdown', arguments: [directory], flags: {fromDir: directory, format: 'markdown'}},
				{label: 'diff --from-dir --json', arguments: [directory], flags: {fromDir: directory, json: true}},
			];
		}

		case 'why': {
			// The address first, the directory second: the expressions that are addresses (a local, a variable, a resource instance's attribute).
			const addresses = expressions.filter(expression => /^(local|var)\.\w+$|^\w+\.\w+\[[^\]]+\]\.\w+$/.test(expression)).slice(0, 4);
			return [
				...addresses.map(address => ({label: `why ${address}`, arguments: [address, directory]})),
				...addresses.slice(0, 1).map(address => ({label: `why --json ${address}`, arguments: [address, directory], flags: {json: true}})),
			];
		}

		default: {
			return [{label: name, arguments: [directory]}];
		}
	}
}
