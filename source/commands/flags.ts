/*
Every command-line option, in one table: its type, its value's name in help, who takes it, and how its text becomes a value. The parser (`arguments.ts`), the help (`help.ts`) and the `CommandFlags` type all derive from this table, so adding an option is one entry here.
*/

/**
Who takes an option: every command (`all`), every command that loads a configuration directory (`workspace`: the explorer, console, instances, tree, graph, check, and any command whose table entry says `loadsWorkspace`), or the commands named.
*/
export type FlagScope = 'all' | 'workspace' | readonly string[];

type FlagBase = {
	readonly description: string;
	readonly for: FlagScope;
	/** A one-letter form (`-h`). */
	readonly short?: string;
	/** Left out of help (kept for compatibility). */
	readonly hidden?: boolean;
	/** Commands of the scope that refuse the option all the same. */
	readonly notFor?: readonly string[];
};

export type BooleanFlag = FlagBase & {
	readonly type: 'boolean';
	readonly default: boolean;
	/** Written `--no-NAME` in help (the option is on unless turned off). */
	readonly negatable?: boolean;
};

export type StringFlag = FlagBase & {
	readonly type: 'string';
	/** The value's name in help: `--var NAME=VALUE`. */
	readonly value: string;
	readonly multiple?: boolean;
};

export type NumberFlag = FlagBase & {
	readonly type: 'number';
	readonly value: string;
	readonly minimum?: number;
};

export type FlagSpec = BooleanFlag | StringFlag | NumberFlag;

export const flagTable = {
	var: {type: 'string', multiple: true, value: 'NAME=VALUE', for: 'workspace', description: 'Set a root input variable (repeatable; later wins)'},
	varFile: {type: 'string', multiple: true, value: 'FILE', for: 'workspace', description: 'Read variables from a .tfvars file (repeatable)'},
	workspace: {type: 'string', value: 'NAME', for: 'workspace', description: 'Value of terraform.workspace'},
	state: {type: 'string', value: 'FILE', for: 'workspace', description: 'Read resource attributes from a state file'},
	// diff compares two configurations; a plan already is Terraform's own comparison with the state (docs/plan.md).
	plan: {type: 'string', value: 'FILE', for: 'workspace', notFor: ['diff'], description: 'Lay a saved plan over the configuration: the JSON of terraform show -json PLANFILE (see docs/plan.md)'},
	opentofu: {type: 'boolean', default: false, for: 'workspace', description: 'Read the configuration as OpenTofu (default: detected, see docs/opentofu.md)'},
	terraform: {type: 'boolean', default: false, for: 'workspace', description: 'Read the configuration as Terraform'},
	assume: {type: 'string', multiple: true, value: 'ADDRESS=EXPR', for: 'workspace', description: 'Pin a value not known until plan or apply (repeatable): data.aws_region.current.name="eu-west-1"'},
	assumeFile: {type: 'string', multiple: true, value: 'FILE', for: 'workspace', description: 'Read assumptions from a file of ADDRESS = EXPRESSION lines (repeatable)'},
	chdir: {type: 'string', value: 'DIR', for: 'workspace', description: 'Work from DIR, as terraform -chdir: [dir] and option files are relative to it (path.cwd stays here)'},
	schema: {type: 'string', multiple: true, value: 'FILE', for: 'workspace', description: 'Provider schemas from terraform providers schema -json (repeatable)'},
	bundledSchemas: {type: 'boolean', default: true, negatable: true, for: 'workspace', description: 'Do not use the provider schemas bundled with tfscope'},
	sourceMap: {type: 'string', multiple: true, value: 'URL=DIR', for: 'workspace', description: 'Terragrunt: read a unit\'s remote terraform.source from DIR (repeatable), as terragrunt --source-map'},
	terragruntEnv: {type: 'boolean', default: false, for: 'workspace', description: 'Terragrunt: get_env() reads the real environment (default: its default value)'},
	at: {type: 'string', value: 'ADDRESS', for: ['console'], description: 'Evaluate in this module or resource instance'},
	format: {type: 'string', value: 'FORMAT', for: ['graph', 'diff', 'plan-summary'], description: 'graph: dot, mermaid, json, text or html (default dot); diff and plan-summary: text, json or markdown (default text)'},
	instances: {type: 'boolean', default: false, for: ['graph'], description: 'Instance-level nodes'},
	exclude: {type: 'string', multiple: true, value: 'ADDRESS', for: ['instances'], description: 'Leave out what tofu plan -exclude would skip: ADDRESS and what depends on it (repeatable)'},
	focus: {type: 'string', value: 'ADDRESS', for: ['graph'], description: 'Only the neighbourhood of this node'},
	depth: {type: 'number', value: 'N', minimum: 0, for: ['graph'], description: 'Levels around --focus (default 2)'},
	json: {type: 'boolean', default: false, for: ['parse', 'instances', 'tree', 'graph', 'check', 'version', 'diff', 'why', 'plan-summary'], description: 'JSON output (docs/json.md; graph, diff and plan-summary: the same as --format json)'},
	from: {type: 'string', value: 'REV', for: ['diff'], description: 'The git revision before: a branch, tag, commit or HEAD~1'},
	to: {type: 'string', value: 'REV', for: ['diff'], description: 'The git revision after (default: the working tree)'},
	diff: {type: 'string', value: 'REV', for: ['explorer', 'graph'], description: 'Mark what changed since the git revision REV: added, removed, moved, changed (explorer: D for changed only; graph: --format html)'},
	fromDir: {type: 'string', value: 'DIR', for: ['diff'], description: 'Compare with another directory instead of a revision'},
	gitDir: {type: 'string', value: 'DIR', for: ['diff'], description: 'Read the revisions from this git directory (a bare repository too)'},
	fromVarFile: {type: 'string', multiple: true, value: 'FILE', for: ['diff'], description: 'A variables file for the before side only (repeatable)'},
	toVarFile: {type: 'string', multiple: true, value: 'FILE', for: ['diff'], description: 'A variables file for the after side only (repeatable)'},
	detailedExitcode: {type: 'boolean', default: false, for: ['diff'], description: 'Exit 0 when nothing changes, 1 on an error, 2 when something changes (terraform plan -detailed-exitcode)'},
	mouse: {type: 'boolean', default: true, negatable: true, for: ['explorer'], description: 'Leave the mouse to the terminal: no clicks or wheel, text selection as usual'},
	color: {type: 'boolean', default: true, negatable: true, for: 'all', description: 'Do not colour the output (also NO_COLOR)'},
	help: {type: 'boolean', default: false, short: 'h', for: 'all', description: 'Show help'},
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof flagTable;

type ValueOf<Spec> = Spec extends {readonly type: 'boolean'} ? boolean
	: Spec extends {readonly multiple: true} ? readonly string[]
		: Spec extends {readonly type: 'number'} ? number | undefined
			: string | undefined;

type Required<Table> = {readonly [Name in keyof Table as undefined extends ValueOf<Table[Name]> ? never : Name]: ValueOf<Table[Name]>};
type Optional<Table> = {readonly [Name in keyof Table as undefined extends ValueOf<Table[Name]> ? Name : never]?: ValueOf<Table[Name]>};

/**
The value of every option of the table, by its camel-case key (`--var-file` is `varFile`).
*/
export type ParsedFlags = Required<typeof flagTable> & Optional<typeof flagTable>;

/**
An option's spelling on the command line: `varFile` is `--var-file`.
*/
export function optionName(name: string): string {
	return name.replaceAll(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);
}

const byOption = new Map<string, FlagName>(Object.keys(flagTable).map(name => [optionName(name), name as FlagName]));

/**
The table entry for an option's spelling (`var-file`), if any.
*/
export function flagNamed(option: string): FlagName | undefined {
	return byOption.get(option);
}

export function flagSpec(name: FlagName): FlagSpec {
	return flagTable[name];
}

/**
The value of each option when it is not given.
*/
export function defaultFlagValues(): ParsedFlags {
	const values: Record<string, unknown> = {};
	for (const [name, spec] of Object.entries(flagTable) as Array<[string, FlagSpec]>) {
		if (spec.type === 'boolean') {
			values[name] = spec.default;
		} else if (spec.type === 'string' && spec.multiple) {
			values[name] = [];
		}
	}

	return values as ParsedFlags;
}

/**
Whether a command takes an option.
*/
export function takesFlag(name: FlagName, command: string, loadsWorkspace: boolean): boolean {
	const spec: FlagSpec = flagTable[name];
	const scope = spec.for;
	if (spec.notFor?.includes(command)) {
		return false;
	}

	if (scope === 'all') {
		return true;
	}

	if (scope === 'workspace') {
		return loadsWorkspace;
	}

	return scope.includes(command);
}
