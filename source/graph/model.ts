import type {Range} from '../hcl/position.js';

/*
Our own graph model, independent of cytoscape. Edges point from the dependent to its dependency, as in Terraform's graph: `aws_instance.web -> aws_subnet.a` means the instance needs the subnet first.
*/

export type NodeKind =
	| 'resource'
	| 'data'
	/** An `ephemeral` block (Terraform 1.10+): opened during a run, never stored. */
	| 'ephemeral'
	| 'module'
	| 'variable'
	| 'local'
	| 'output'
	| 'provider'
	/** A `check` block: its assertions (and scoped data source) read what they refer to, as Terraform's `check.name` node does. */
	| 'check'
	/** An `action "TYPE" "NAME"` block (Terraform 1.14+), `action.TYPE.NAME`: run by its provider when a resource's change triggers it. */
	| 'action'
	| 'module-instance'
	| 'resource-instance'
	/** An instance of an action (`action.TYPE.NAME[KEY]`), in the instance graph. */
	| 'action-instance';

export type EdgeKind =
	/** An expression of the dependent refers to the dependency. */
	| 'reference'
	/** `depends_on = [...]`. */
	| 'depends-on'
	/** `lifecycle { replace_triggered_by = [...] }`. */
	| 'replace-triggered-by'
	/** `lifecycle { action_trigger { actions = [action.TYPE.NAME] } }`: a change of the resource runs the action (Terraform 1.14+), which is planned and applied with it. */
	| 'triggers'
	/** A resource, data source or module call uses a provider configuration (explicit `provider =`, a module's `providers = {}`, or the default one implied by the resource type's prefix). */
	| 'provider'
	/** A child module's variable gets its value from an argument of the module call. */
	| 'module-input'
	/** A block inside a module exists as the module call expands (its `count`/`for_each`/`depends_on`): Terraform's edge to the module's expansion. */
	| 'module-expansion';

/**
Where an edge comes from: the source range of the expression (usually the traversal, such as `aws_vpc.main.id`) and its text.
*/
export type EdgeOrigin = {
	readonly expression: string;
	readonly range?: Range;
};

export type GraphNode = {
	/**
	Unique in its graph: the Terraform address of the node, as `terraform graph` names it (see `index.ts`).
	*/
	readonly id: string;
	readonly kind: NodeKind;
	/**
	The module path, `''` for the root (`module.net.module.sub`), or the module instance path in an instance graph (`module.net["eu"]`).
	*/
	readonly module: string;
	/**
	The short name inside its module (`aws_subnet.this`, `var.cidr`, `output.ids`, `provider["registry.terraform.io/hashicorp/aws"].west`).
	*/
	readonly name: string;
	/**
	The range of the block that declares the node, when there is one (implied provider configurations have none).
	*/
	readonly range?: Range;
	/**
	For instances: it exists only under a what-if assumption (its count/for_each, or an enclosing module's, is assumed).
	*/
	readonly assumed?: true;
	/**
	For instances: the id of the block-level node they expand from.
	*/
	readonly block?: string;
};

export type GraphEdge = {
	readonly id: string;
	/** The dependent. */
	readonly source: string;
	/** The dependency. */
	readonly target: string;
	readonly kind: EdgeKind;
	/**
	Every expression that makes this edge (several references between the same two nodes make one edge).
	*/
	readonly origins: readonly EdgeOrigin[];
};

export const nodeKinds: readonly NodeKind[] = ['resource', 'data', 'ephemeral', 'module', 'variable', 'local', 'output', 'provider', 'check', 'action', 'module-instance', 'resource-instance', 'action-instance'];

export const edgeKinds: readonly EdgeKind[] = ['reference', 'depends-on', 'replace-triggered-by', 'triggers', 'provider', 'module-input', 'module-expansion'];
