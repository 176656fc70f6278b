#!/usr/bin/env node
import process from 'node:process';
import meow from 'meow';
import type {Command, CommandFlags, CommandInput} from './source/commands/command.js';
import {orderedVariableArguments} from './source/commands/variable-arguments.js';

const help = `
	Usage
	  $ tfscope [dir]                      Open the interactive explorer
	  $ tfscope console [dir] [--at ADDR]  Evaluate expressions from stdin
	  $ tfscope instances [dir] [ADDR]     List expanded module and resource instances
	  $ tfscope tree [dir]                 Print the module instance tree
	  $ tfscope graph [dir]                Print the dependency graph
	  $ tfscope parse FILE...              Print the parsed syntax tree of files
	  $ tfscope check [dir]                Print every diagnostic

	Options
	  --var NAME=VALUE     Set a root input variable (repeatable)
	  --var-file FILE      Read variables from a .tfvars file (repeatable)
	  --workspace NAME     Value of terraform.workspace
	  --state FILE         Read resource attributes from a state file
	  --no-color           Do not colour the output
	  --json               JSON output (parse, instances)
	  --at ADDRESS         console: evaluate in this module or resource instance
	  --format FORMAT      graph: dot, mermaid, json or text (default dot)
	  --instances          graph: instance-level nodes
	  --focus ADDRESS      graph: only the neighbourhood of this node
	  --depth N            graph: levels around --focus (default 2)

	Examples
	  $ tfscope examples/multi-region
	  $ echo 'cidrsubnets("10.0.0.0/16", 4, 4)' | tfscope console
	  $ tfscope instances examples/multi-region 'module.network["eu"]'
`;

const commands: Record<string, () => Promise<Command>> = {
	console: async () => (await import('./source/commands/console.js')).consoleCommand,
	instances: async () => (await import('./source/commands/instances.js')).instancesCommand,
	tree: async () => (await import('./source/commands/tree.js')).treeCommand,
	graph: async () => (await import('./source/commands/graph.js')).graphCommand,
	parse: async () => (await import('./source/commands/parse.js')).parseCommand,
	check: async () => (await import('./source/commands/check.js')).checkCommand,
};

const cli = meow(help, {
	importMeta: import.meta,
	allowUnknownFlags: false,
	flags: {
		var: {type: 'string', isMultiple: true},
		varFile: {type: 'string', isMultiple: true},
		workspace: {type: 'string'},
		state: {type: 'string'},
		color: {type: 'boolean', default: true},
		json: {type: 'boolean', default: false},
		at: {type: 'string'},
		format: {type: 'string'},
		instances: {type: 'boolean', default: false},
		focus: {type: 'string'},
		depth: {type: 'string'},
		help: {type: 'boolean', shortFlag: 'h'},
		version: {type: 'boolean', shortFlag: 'v'},
	},
});

if (cli.flags.help) {
	cli.showHelp(0);
}

if (cli.flags.version) {
	cli.showVersion();
}

const [first, ...rest] = cli.input;
let depth: number | undefined;
if (cli.flags.depth !== undefined) {
	depth = Number(cli.flags.depth);
	if (!Number.isInteger(depth) || depth < 0) {
		process.stderr.write(`Error: --depth must be a whole number, not "${cli.flags.depth}"\n`);
		process.exit(2);
	}
}

const flags: CommandFlags = {
	var: cli.flags.var ?? [],
	varFile: cli.flags.varFile ?? [],
	variableArguments: orderedVariableArguments(process.argv.slice(2)),
	workspace: cli.flags.workspace,
	state: cli.flags.state,
	color: cli.flags.color && !process.env['NO_COLOR'],
	json: cli.flags.json,
	at: cli.flags.at,
	format: cli.flags.format,
	instances: cli.flags.instances,
	focus: cli.flags.focus,
	depth,
};

const loadCommand = first === undefined ? undefined : commands[first];
if (loadCommand) {
	const command = await loadCommand();
	const input: CommandInput = {
		arguments: rest,
		flags,
		stdin: process.stdin,
		stdout: process.stdout,
		stderr: process.stderr,
		isTerminal: process.stdout.isTTY === true,
		environment: process.env,
		cwd: process.cwd(),
	};
	process.exitCode = await command(input);
} else {
	const {runExplorer} = await import('./source/ui/run-explorer.js');
	process.exitCode = await runExplorer({directory: first ?? '.', flags});
}
