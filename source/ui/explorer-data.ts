/*
What the explorer reads, in the shape the panes show it. The real implementation (`data/workspace-data.ts`, one module per view's data in `data/`) answers from the Workspace; nothing here parses or evaluates. Every string is raw configuration text: panes sanitise it when they render.
*/

export type ModuleRow = {
	/** Module instance address, `''` for the root module. */
	readonly address: string;
	readonly depth: number;
	/** What the tree shows: `root`, `module.net["eu"]`. */
	readonly label: string;
	readonly moduleInstanceCount: number;
	readonly resourceInstanceCount: number;
	readonly errors: number;
	readonly warnings: number;
	/** Under `--diff`: what the change does to this module instance (`+`, `-`, `→`) or inside it (`~`). */
	readonly mark?: string;
	/** Under `--plan`: the changes in this module instance and the ones below it, by action (`~2 -1`). */
	readonly planned?: readonly PlannedCount[];
	/** The module's files could not be read (not installed, a missing directory, a cycle): what to do about it. */
	readonly unavailable?: ModuleUnavailable;
	/** While the configuration is still being expanded: this instance's resources or module calls are not made yet, so its counts (and children) are not known. */
	readonly pending?: boolean;
};

/** How many changes of one kind a plan makes (`plan/counts.ts`), with the mark the panes show for it. */
export type PlannedCount = {readonly kind: string; readonly mark: string; readonly count: number};

/** Why a module instance has no contents, and what `terraform init` would fetch. */
export type ModuleUnavailable = {
	/** `not installed`, `not loaded`: the short form the tree shows. */
	readonly label: string;
	readonly reason: string;
	readonly source: string;
	readonly version?: string;
};

/** `action`: an `action` block (Terraform 1.14+), its instances `action.TYPE.NAME[KEY]`. `list`: a list block of the root module's query files (`*.tfquery.hcl`, Terraform 1.14+). */
export type BlockKind = 'resource' | 'data' | 'ephemeral' | 'module' | 'variable' | 'local' | 'output' | 'provider' | 'check' | 'action' | 'list';

export const blockKinds: readonly BlockKind[] = ['resource', 'data', 'ephemeral', 'module', 'variable', 'local', 'output', 'provider', 'check', 'action', 'list'];

/** `enabled`: OpenTofu's `lifecycle { enabled }` (zero or one instance). */
export type ExpansionMode = 'single' | 'count' | 'for_each' | 'enabled' | 'unknown';

export type BlockEntry = {
	readonly kind: BlockKind;
	/** Full address of the block in its module instance: `module.net["eu"].aws_subnet.this`. */
	readonly address: string;
	/** Short label in the list: `aws_subnet.this`, `var.region`. */
	readonly label: string;
	readonly mode: ExpansionMode;
	/** Full addresses of the instances, in Terraform's order; empty for a single block. */
	readonly instances: readonly string[];
	/** Under `--diff` or `--plan`: the change to the block (a single one) or to some of its instances (`~` under `--diff`, the instances' own mark or `*` under `--plan`). */
	readonly mark?: string;
	/** Under `--diff`: the mark of each changed instance. */
	readonly instanceMarks?: ReadonlyMap<string, string>;
};

export type AttributeRow = {
	readonly name: string;
	/** As `terraform console` would print it. */
	readonly value: string;
	readonly unknown: boolean;
	readonly sensitive: boolean;
	readonly error?: string;
	/** An attribute of the provider's schema that the configuration leaves unset (null): listed only on request (`u` in Details). */
	readonly unset?: boolean;
};

export type Details = {
	readonly address: string;
	readonly kind: BlockKind | 'module-instance';
	readonly location?: {readonly filename: string; readonly line: number};
	/** For a block or instance with count/for_each. */
	readonly expansion?: {
		readonly mode: ExpansionMode;
		/** The meta-argument written (`count`, `for_each`, `enabled`): an unknown expansion says which. */
		readonly meta?: 'count' | 'for_each' | 'enabled';
		readonly source: string;
		readonly value: string;
		readonly keys: readonly string[];
		readonly unknownReason?: string;
		/** Why the count/for_each is unknown: the values at the root of the chain, each an address an assumption can pin. */
		readonly causes?: readonly UnknownCauseRow[];
	};
	/** For an instance: its key and `count.index` or `each.key`/`each.value`. */
	readonly instance?: {
		readonly index: number;
		readonly total: number;
		/** The one instance of an unknown count/for_each (`[*]`): it stands for an unknown number of instances. */
		readonly placeholder?: boolean;
		readonly bindings: ReadonlyArray<{readonly name: string; readonly value: string}>;
	};
	readonly attributes: readonly AttributeRow[];
	/** A module instance whose files could not be read. */
	readonly unavailable?: ModuleUnavailable;
	/** Assumptions that pinned values of this instance. */
	readonly assumed?: readonly AssumptionRow[];
	readonly source?: {readonly text: string; readonly firstLine: number};
	/** Under `--diff` or `--plan`: what the change does here (the mark, `''` for none; one line, then the argument diff and the `moved` block, or the plan's reason, replacement causes and attribute changes). */
	readonly change?: {readonly mark: string; readonly summary: string; readonly lines: readonly string[]};
	/** Under `--plan`: the failure messages of the plan's checks on this object (preconditions, postconditions, `check` assertions, variable validations). */
	readonly failedChecks?: readonly string[];
};

export type Edge = {
	readonly direction: 'in' | 'out';
	readonly address: string;
	/** The expression that makes the edge (`aws_vpc.main.id`, `depends_on`). */
	readonly expression: string;
	/** The edges of a module call come in groups, listed folded (see `EdgeGroup`). */
	readonly group?: EdgeGroup;
	/** The module call's argument the expression is written for (`azs` of `azs = local.azs`). */
	readonly argument?: string;
	/** The module instance the expression is written in, when it is not the selection's (a module call's arguments are in its parent). */
	readonly context?: string;
};

/** A module call's edges: what its arguments read, what uses its outputs (or the whole module) from outside, what inside waits for its expansion. */
export type EdgeGroup = 'inputs' | 'dependents' | 'contents';

export const edgeGroups: readonly EdgeGroup[] = ['inputs', 'dependents', 'contents'];

export type DiagnosticRow = {
	readonly severity: 'error' | 'warning';
	readonly summary: string;
	readonly detail?: string;
	/** `file:line:col` with the file relative to the configuration's directory, or `''` when the diagnostic has no place. */
	readonly where: string;
	readonly filename?: string;
	readonly line?: number;
	/** Lines of source around the place, ready to show. */
	readonly snippet?: string;
};

/** `text` is what `terraform console` prints; `hint`, a line the console pane shows after it (why `each` is not there, and where it is). */
export type Evaluation = {readonly ok: boolean; readonly text: string; readonly hint?: string};

/** A what-if assumption in force: `ADDRESS = EXPRESSION`, and where it came from (`--assume`, a file, `:assume`). */
export type AssumptionRow = {readonly address: string; readonly expression: string; readonly source: string};

/** A value at the root of unknown count/for_each values (a data source attribute read at plan, a resource attribute known after apply). */
export type UnknownCauseRow = {
	/** What an assumption would pin: `data.aws_availability_zones.available.names`. */
	readonly address: string;
	readonly when: 'plan' | 'apply' | 'variable' | 'expression';
	/** `file:line` of its block, relative to the configuration, or `''`. */
	readonly where: string;
	/** Blocks it leaves open-ended (for the cause list; 0 in a block's own Details). */
	readonly blocks: number;
};

/** The configuration again with other assumptions, or why not (an assumption that does not parse or names nothing). */
export type Reassumed =
	| {readonly ok: true; readonly data: ExplorerData; readonly summary: string}
	| {readonly ok: false; readonly message: string};

export type GraphDrawing = {
	readonly lines: readonly string[];
	/** The addresses in the drawing, in an order to move through; the first is the centre. */
	readonly nodes: readonly string[];
};

export type LoadProgress = {
	readonly phase: string;
	readonly files?: number;
	readonly modules?: number;
	readonly instances?: number;
};

/**
What `w` explains: an address (`aws_subnet.this["a"].cidr_block`, a resource instance, a block's count/for_each, `var.x` of a module instance), or an expression in the scope of a module or resource instance (an edge's expression, the console's `:why`).
*/
export type WhySubject =
	| {readonly kind: 'address'; readonly address: string}
	| {readonly kind: 'expression'; readonly expression: string; readonly context: string};

/**
One step of a provenance trace, as the why view shows it: its line, the address Enter jumps to (the block and instance it is about), and the steps below it.
*/
export type WhyNode = {
	readonly text: string;
	readonly target?: string;
	/** Folded when the view opens (each argument of a whole resource instance). */
	readonly folded?: boolean;
	readonly children: readonly WhyNode[];
};

export type WhyView =
	| {readonly ok: true; readonly title: string; readonly root: WhyNode; readonly footer: readonly string[]}
	| {readonly ok: false; readonly message: string};

export type ExplorerData = {
	readonly directory: string;
	/**
	Set while the configuration's instances are still being made (the first frames of a large configuration): what is made so far, for the status bar. The module tree shows the instances made so far and grows; the other panes say they wait, and the keys that need every instance (the console's Enter, diagnostics, graph, why, assumptions, exclude) wait or say so. Unset once the explorer shows the whole configuration.
	*/
	readonly expanding?: string;
	/** The console also continues an entry after a line ending in one backslash, which it drops (OpenTofu's console). */
	readonly consoleBackslashContinuation?: boolean;
	modules(): readonly ModuleRow[];
	blocks(moduleAddress: string): readonly BlockEntry[];
	details(address: string): Details | undefined;
	edges(address: string): readonly Edge[];
	/** Where an address lives: its module instance and the block row to select (the instance itself when it is one). */
	locate(address: string): {readonly module: string; readonly block?: string; readonly instance?: string} | undefined;
	/** The load state for the status bar (counts; errors once diagnostics are known). */
	status(): string;
	/** Every module, block and instance address, for `:` go-to. */
	addresses(): readonly string[];
	/** Every diagnostic. Evaluates whatever the background pass has not yet evaluated (large configurations: seconds). */
	diagnostics(): readonly DiagnosticRow[];
	/**
	The background pass that finds every diagnostic: evaluates the next values of the configuration for about `budgetMs` and returns true once every diagnostic is known (the module rows then carry their badges and `status()` the totals). The explorer calls it between frames, so keys are never kept waiting longer than one slice.
	*/
	evaluateSome(budgetMs: number): boolean;
	/** A console line, as `terraform console` prints it, evaluated here and now. */
	evaluate(expression: string, contextAddress: string): Evaluation;
	/** The same, evaluated in a worker thread (the explorer's Workspace: data/console-thread.ts), so that a slow line never holds up keys; the console pane uses it when there is one. */
	evaluateInThread?(expression: string, contextAddress: string): Promise<Evaluation>;
	/** Gets the worker thread ready (loads its Workspace) when the console is opened, before the first line. */
	prepareConsole?(): void;
	/** Stops the console line being evaluated in the thread, and those waiting (each prints `cancelled`). */
	cancelEvaluation?(): void;
	/** The address of the block at a place in a file (in the first module instance of its module), for the diagnostics view's Enter; the module instance when no block is there. */
	addressAt?(filename: string, line: number): string | undefined;
	/** Completions for the word before the cursor in the console (`var.`, `local.`, resource types, functions). */
	complete(word: string, contextAddress: string): readonly string[];
	/** A function's parameters and what it does (`cidrsubnet(prefix, newbits, netnum): …`), shown when Tab completes its name. */
	signature?(name: string): string | undefined;
	drawGraph(address: string, width: number, height: number): GraphDrawing;
	/** Under `--diff`: the comparison and its counts (`diff vs main: 2 to add, ...`); the `D` filter needs it or `planSummary`. */
	readonly diffSummary?: string;
	/** Under `--plan`: the plan's counts by action (`plan: 2 create, 1 replace`). */
	readonly planSummary?: string;
	/** What `tofu plan -exclude=ADDRESS` would skip for these addresses: each module or resource instance address, and why (`excluded`, or `depends on ADDRESS`). */
	skipped?(excluded: readonly string[]): ReadonlyMap<string, string>;
	/** The assumptions in force, in the order given. */
	assumptions?(): readonly AssumptionRow[];
	/** Every root cause of unknown count/for_each values, with the blocks it leaves open-ended. */
	unknownCauses?(): readonly UnknownCauseRow[];
	/** The same configuration with these assumptions instead (the parse is reused; expansion runs again): the explorer's `:assume`. */
	withAssumptions?(assumptions: readonly AssumptionRow[]): Promise<Reassumed>;
	/** The provenance trace of a value (`w`, the console's `:why`): where it comes from, why it is not known. */
	explain?(subject: WhySubject): WhyView;
};

/**
What `loadExplorerData` gives the explorer: the configuration, and while its instances are still being made in the background, what to show meanwhile.
*/
export type ExplorerLoad = {
	/**
	The whole configuration. Reading it before `expanding.done` makes the instances left at once, by the same walk, so its answers are the same either way.
	*/
	readonly data: ExplorerData;
	readonly summary: string;
	/**
	Set when the Workspace goes on making its instances after loading: `view()` is what is made so far (a new view when the walk has got further; `data` once it is done), and `done` resolves once every instance is made, or once `stop()` (the explorer quitting half-way) has stopped the background work.
	*/
	readonly expanding?: {readonly view: () => ExplorerData; readonly done: Promise<void>; readonly stop: () => void};
};
