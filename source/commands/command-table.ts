import type {Command} from './command.js';
import type {FlagName} from './flags.js';

/*
Every command, in one table: its name, how it is called, what it does, and where its code is (loaded only when that command runs, so each command starts with just what it needs). Adding a command is one entry here; its options are declared in `flags.ts`.
*/

export type CommandSpec = {
	readonly name: string;
	/** After `tfscope NAME`: the positional arguments, as help shows them. */
	readonly arguments: string;
	/** One line for the command list. */
	readonly summary: string;
	/** A paragraph for `tfscope NAME --help`. */
	readonly description: string;
	readonly examples: readonly string[];
	/** Whether it loads a configuration directory (and so takes `--var`, `--var-file` and the other workspace options). */
	readonly loadsWorkspace: boolean;
	/** Which positional argument is the directory (default the first): `why ADDRESS [dir]` takes it second. */
	readonly directoryPosition?: number;
	/**
	The Terraform command it stands in for, whose `TF_CLI_ARGS_<name>` (and `TF_CLI_ARGS`) it reads (terraform-environment.ts), and the options of ours that Terraform's command takes too: only those are honoured from the variables.
	*/
	readonly terraform?: {readonly name: string; readonly options: readonly FlagName[]};
	readonly load: () => Promise<Command>;
};

export const commandTable: readonly CommandSpec[] = [
	{
		name: 'console',
		arguments: '[dir]',
		summary: 'Evaluate expressions (a prompt on a terminal, else read from stdin)',
		description: 'Evaluates Terraform expressions in the root module of [dir] (or in the instance given with --at) and prints each result as `terraform console` does. On a terminal it is interactive: a `> ` prompt with line editing and history, multi-line input while brackets are open, `exit` or Ctrl-D to leave. With stdin from a pipe or a file it evaluates every line and exits 1 if any expression failed.',
		examples: ['echo \'cidrsubnets("10.0.0.0/16", 4, 4)\' | tfscope console', 'tfscope console examples/multi-region --at \'module.network["eu"]\''],
		loadsWorkspace: true,
		terraform: {name: 'console', options: ['var', 'varFile', 'state', 'color']},
		load: async () => (await import('./console.js')).consoleCommand,
	},
	{
		name: 'instances',
		arguments: '[dir] [ADDRESS]',
		summary: 'List expanded module and resource instances',
		description: 'Lists every module instance and resource instance the configuration expands to, in tree order, or only those under ADDRESS.',
		examples: ['tfscope instances examples/multi-region \'module.network["eu"]\''],
		loadsWorkspace: true,
		load: async () => (await import('./instances.js')).instancesCommand,
	},
	{
		name: 'tree',
		arguments: '[dir]',
		summary: 'Print the module instance tree',
		description: 'Prints the module instance tree with each instance\'s resource and instance counts; module calls that expand to nothing are shown with the reason.',
		examples: ['tfscope tree examples/multi-region', 'tfscope tree --json . | jq .children'],
		loadsWorkspace: true,
		load: async () => (await import('./tree.js')).treeCommand,
	},
	{
		name: 'graph',
		arguments: '[dir]',
		summary: 'Print the dependency graph',
		description: 'Prints the dependency graph (Terraform\'s node names) as DOT, Mermaid, JSON, text or a self-contained HTML page to open in a browser (--format html > graph.html); --instances for one node per instance, --focus for the neighbourhood of one node.',
		examples: ['tfscope graph --format mermaid examples/multi-region', 'tfscope graph --instances --focus \'aws_s3_bucket.logs["audit"]\' --depth 1'],
		loadsWorkspace: true,
		// terraform graph's options (-type, -plan, -draw-cycles, -module-depth) have no tfscope twin.
		terraform: {name: 'graph', options: []},
		load: async () => (await import('./graph.js')).graphCommand,
	},
	{
		name: 'parse',
		arguments: 'FILE...',
		summary: 'Print the parsed syntax tree of files',
		description: 'Parses each file with tfscope\'s HCL parser and prints its syntax tree, or with --json the hcl2json-compatible JSON; exits 1 if a file has errors.',
		examples: ['tfscope parse main.tf', 'tfscope parse --json variables.tf'],
		loadsWorkspace: false,
		load: async () => (await import('./parse.js')).parseCommand,
	},
	{
		name: 'check',
		arguments: '[dir]',
		summary: 'Print every diagnostic',
		description: 'Loads and evaluates the whole configuration and prints every diagnostic, file:line:column first; a summary goes to stderr. Exits 1 if there is an error.',
		examples: ['tfscope check examples/multi-region', 'tfscope check --json . | jq \'.diagnostics[] | select(.severity == "error")\''],
		loadsWorkspace: true,
		// terraform validate 1.11 takes no -var or -var-file.
		terraform: {name: 'validate', options: ['json', 'color']},
		load: async () => (await import('./check.js')).checkCommand,
	},
	{
		name: 'diff',
		arguments: '[dir]',
		summary: 'What a change does: instances added, removed, moved, changed',
		description: 'Compares the configuration at two git revisions (--from REV, --to REV or the working tree), with another directory (--from-dir), or under two sets of variables files (--from-var-file, --to-var-file), and prints what Terraform\'s plan would do to each resource instance: create, destroy, update, replace, move (moved blocks and implied moves), forget (removed blocks), import; suspected renames with the moved block to add, and count/for_each changes. Revisions are read from the repository\'s objects without running git. Exits 0 when the diff is made, 1 when a side has configuration errors or a revision cannot be read, 2 on a usage error; with --detailed-exitcode, as terraform plan: 0 nothing changes, 1 an error, 2 something changes.',
		examples: ['tfscope diff --from main', 'tfscope diff --from main --detailed-exitcode; echo $?', 'tfscope diff infra --from v1.4.0 --to v1.5.0 --format markdown', 'tfscope diff --from-var-file staging.tfvars --to-var-file production.tfvars'],
		loadsWorkspace: true,
		load: async () => (await import('./diff.js')).diffCommand,
	},
	{
		name: 'why',
		arguments: 'ADDRESS[.ATTRIBUTE] [dir]',
		summary: 'Where a value comes from, and why it is not known',
		description: 'Prints the steps that produce a value as an indented tree: each expression with its file:line:column and its value in the instance\'s scope (count.index, each.key, module inputs), down to the sources (literals, the tfvars file and line, TF_VAR_, --var, variable defaults, state, assumptions) and the unknown roots (a data source read during plan, an attribute known after apply). ADDRESS is a resource instance\'s attribute path, a resource instance, a resource or module call (its count or for_each), or a module instance\'s var.NAME, local.NAME or output.NAME. For a value not known the tree is cut to what makes it unknown, followed by the --assume, -target and -exclude that would get past it.',
		examples: ['tfscope why \'module.network["eu"].aws_subnet.private["eu-west-1b"].cidr_block\' examples/multi-region', 'tfscope why \'module.app["eu"].aws_instance.web.count\' examples/multi-region', 'tfscope why --json \'aws_s3_bucket.logs["audit"].tags["owner"]\' examples/multi-region'],
		loadsWorkspace: true,
		directoryPosition: 1,
		load: async () => (await import('./why.js')).whyCommand,
	},
	{
		name: 'plan-summary',
		arguments: '[dir] --plan FILE',
		summary: 'Review a saved plan: changes by module and action, and why',
		description: 'Reads the JSON of a saved plan (terraform show -json PLANFILE) over the configuration in [dir] and prints its changes grouped by module instance and action, each with the file:line of its block; for a replacement, the attribute that forces it, its expression and the values behind it down to the tfvars line; for an update, the attributes that change; then changes made outside Terraform, failed checks and output changes. --format text (default), json or markdown (for a pull-request comment). Exits 1 when the plan errored or a condition failed.',
		examples: ['terraform plan -out=plan.tfplan && terraform show -json plan.tfplan > plan.json && tfscope plan-summary --plan plan.json', 'tfscope plan-summary infra --plan plan.json --format markdown > comment.md'],
		loadsWorkspace: true,
		load: async () => (await import('./plan-summary.js')).planSummaryCommand,
	},
	{
		name: 'version',
		arguments: '',
		summary: 'Print the version',
		description: 'Prints tfscope\'s version, or with --json its version, the Node.js version and the platform.',
		examples: ['tfscope version --json'],
		loadsWorkspace: false,
		load: async () => (await import('./version.js')).versionCommand,
	},
];

/**
The explorer: what `tfscope [dir]` runs when no command is named.
*/
export const explorerSpec = {
	name: 'explorer',
	arguments: '[dir]',
	summary: 'Open the interactive explorer (the default)',
	loadsWorkspace: true,
} as const;

export function commandNamed(name: string): CommandSpec | undefined {
	return commandTable.find(command => command.name === name);
}
