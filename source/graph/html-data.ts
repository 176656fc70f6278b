/*
The data of the HTML graph page (`tfscope graph --format html`): what export-html.ts writes into the page as JSON and the page's script (source/web/graph-page.ts) reads. Plain data only; every string is raw configuration text, which the page shows as text (never as markup) after making control and bidi characters visible.
*/

/** How a node is drawn: its shape and colour in the page, and the legend's entries. */
export type PageKind = 'resource' | 'data' | 'ephemeral' | 'module' | 'variable' | 'local' | 'output' | 'provider' | 'check' | 'action';

/** Under `--diff` (or `--plan`): what the change (or the plan) does to the node. */
export type PageMark = 'added' | 'removed' | 'moved' | 'changed';

export type PageNode = {
	/** The graph's node id: the Terraform address. */
	readonly id: string;
	readonly kind: PageKind;
	/** The short label (`aws_subnet.this`, `var.cidr`, `module.net["eu"]`'s last step). */
	readonly label: string;
	/** The index of the compound node (a module, or a module instance) it is drawn in. */
	readonly parent?: number;
	/** `file:line` of the block. */
	readonly where?: string;
	readonly mark?: PageMark;
	/** A resource or module whose count/for_each is not known: one node stands for its instances. */
	readonly placeholder?: true;
	/** It exists only under a what-if assumption. */
	readonly assumed?: true;
};

/** One line of the Details: a label and a value, styled by what the value is. */
export type DetailRow = {
	readonly name: string;
	readonly value: string;
	readonly style?: 'unknown' | 'sensitive' | 'error' | 'dim';
};

export type DetailSection = {
	readonly title: string;
	readonly rows: readonly DetailRow[];
};

/** One line of a `why` trace: its depth in the tree and its text. */
export type WhyLine = readonly [depth: number, text: string];

export type PageDetails = {
	readonly sections: readonly DetailSection[];
	/** The provenance traces of the unknown values (`tfscope why`), by the subject they explain. */
	readonly why?: ReadonlyArray<{readonly subject: string; readonly lines: readonly WhyLine[]}>;
	/** The block's source text and its first line number. */
	readonly source?: {readonly firstLine: number; readonly text: string};
};

export type PageData = {
	readonly title: string;
	readonly level: 'block' | 'instance';
	readonly nodes: readonly PageNode[];
	/** `[dependent, dependency, kind]`: node indexes and an index into `edgeKinds`. */
	readonly edges: ReadonlyArray<readonly [number, number, number]>;
	readonly edgeKinds: readonly string[];
	/** By node index; a node without details has only what `nodes` says. */
	readonly details: Readonly<Record<string, PageDetails>>;
	/** Modules with more nodes inside than this are collapsed when the page opens. */
	readonly collapseAbove: number;
	/** Under `--diff`: the comparison (`diff vs main: 2 to add, ...`); under `--plan`, the plan's counts. */
	readonly diff?: string;
	/** What `--focus` chose, if it did. */
	readonly focus?: string;
	/** tfscope's version, for the footer. */
	readonly generator: string;
};
