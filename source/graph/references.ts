import type {Expression} from '../hcl/ast.js';
import type {ReferenceChain} from '../lang/references.js';

/*
What a traversal refers to in Terraform terms, within its module: `var.x`, `local.x`, a resource, data or ephemeral block or an action (with the index step that follows it), a module call (with its index and the output read from it). Roots with no object behind them (`count`, `each`, `path`, `terraform`, `self`) refer to nothing.
*/

export type ReferenceTarget =
	| {readonly kind: 'variable'; readonly name: string}
	| {readonly kind: 'local'; readonly name: string}
	| {
		readonly kind: 'resource';
		/** `aws_instance.web`, `data.aws_ami.ubuntu` or `ephemeral.random_password.db`. */
		readonly key: string;
		/** The index right after the block address, when there is one. */
		readonly index?: Expression;
	}
	| {
		/** `action.TYPE.NAME` (Terraform 1.14+): only a lifecycle `action_trigger`'s `actions` may name one (graph edge `triggers`); anywhere else Terraform rejects the reference, and it makes no edge. */
		readonly kind: 'action';
		readonly key: string;
		readonly index?: Expression;
	}
	| {
		readonly kind: 'module';
		readonly name: string;
		readonly index?: Expression;
		/** The output read, when the traversal goes on to one right after the call or a literal key (else the reference is to the whole module). */
		readonly output?: string;
	};

const noObject = new Set(['count', 'each', 'path', 'terraform', 'self', 'provider', 'check', 'run']);

function attributeAt(steps: ReferenceChain['steps'], position: number): string | undefined {
	const step = steps[position];
	return step?.kind === 'attribute' ? step.name : undefined;
}

function indexAt(steps: ReferenceChain['steps'], position: number): Expression | undefined {
	const step = steps[position];
	return step?.kind === 'index' ? step.key : undefined;
}

/**
A number or a string with no interpolation: what HCL keeps as a static traversal step.
*/
function isLiteralKey(key: Expression): boolean {
	if (key.kind === 'Literal') {
		return key.value.type === 'number';
	}

	return key.kind === 'Template' && key.parts.every(part => part.kind === 'TemplateLiteral');
}

export function interpretTraversal(traversal: ReferenceChain): ReferenceTarget | undefined {
	const {root, steps} = traversal;
	if (noObject.has(root)) {
		return undefined;
	}

	switch (root) {
		case 'var': {
			const name = attributeAt(steps, 0);
			return name === undefined ? undefined : {kind: 'variable', name};
		}

		case 'local': {
			const name = attributeAt(steps, 0);
			return name === undefined ? undefined : {kind: 'local', name};
		}

		case 'module': {
			const name = attributeAt(steps, 0);
			if (name === undefined) {
				return undefined;
			}

			const key = indexAt(steps, 1);
			// Only `module.x.out` and a literal key (`module.x[0].out`, `module.x["k"].out`) read one output: through a splat (`module.x[*].out`, `module.x.*.out`) or any other index (`module.x[count.index].out`), Terraform's reference is to the whole module (its close node), since the output is not part of a static traversal.
			const output = key === undefined ? (steps[1]?.kind === 'splat' ? undefined : attributeAt(steps, 1)) : (isLiteralKey(key) ? attributeAt(steps, 2) : undefined);
			return {
				kind: 'module', name, ...(key === undefined ? {} : {index: key}), ...(output === undefined ? {} : {output}),
			};
		}

		case 'action':
		case 'data':
		case 'ephemeral': {
			const type = attributeAt(steps, 0);
			const name = attributeAt(steps, 1);
			if (type === undefined || name === undefined) {
				return undefined;
			}

			const key = indexAt(steps, 2);
			return {kind: root === 'action' ? 'action' : 'resource', key: `${root}.${type}.${name}`, ...(key === undefined ? {} : {index: key})};
		}

		case 'resource': {
			// `resource.TYPE.NAME`: a managed resource, however its type is named (internal/addrs/parse_ref.go).
			const type = attributeAt(steps, 0);
			const name = attributeAt(steps, 1);
			if (type === undefined || name === undefined) {
				return undefined;
			}

			const key = indexAt(steps, 2);
			return {kind: 'resource', key: `${type}.${name}`, ...(key === undefined ? {} : {index: key})};
		}

		default: {
			const name = attributeAt(steps, 0);
			if (name === undefined) {
				return undefined;
			}

			const key = indexAt(steps, 1);
			return {kind: 'resource', key: `${root}.${name}`, ...(key === undefined ? {} : {index: key})};
		}
	}
}
