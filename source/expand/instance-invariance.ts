import type {Expression} from '../hcl/ast.js';
import {type ModuleNode, walkModuleTree} from '../config/module-tree.js';
import {referencesOf, traversalsOf} from '../lang/references.js';

/*
Which expressions of a module have the same value in every instance of its module node, so that evaluating one in any instance tells the value in all of them: the expander multiplies the counts of nested module calls written as `count = var.n` as it does literal counts, and refuses a tree past the module-instance limit at its top call instead of after making 50,000 instances.

An expression is the same everywhere when every reference it makes is: a variable of the root module; a variable of a child module whose argument in the call is the same in every instance of the calling module (no `count.*`/`each.*`, only references that are the same there) or is not set (its default); a local whose expression is; `path.*` and `terraform.*`. Anything else (resources, data sources, module outputs, `count`, `each`, `self`, a reference that does not parse) may differ between instances. A what-if assumption on a child module's variable may target one instance, so with one every child module variable may differ.
*/

export class InstanceInvariance {
	readonly #parents = new Map<ModuleNode, ModuleNode>();
	readonly #childVariablesAssumed: boolean;
	// Per node: `var.NAME` / `local.NAME` -> same everywhere (false while being decided, which also ends cycles between locals).
	readonly #decided = new Map<ModuleNode, Map<string, boolean>>();

	constructor(root: ModuleNode, childVariablesAssumed: boolean) {
		this.#childVariablesAssumed = childVariablesAssumed;
		for (const node of walkModuleTree(root)) {
			for (const child of node.children.values()) {
				this.#parents.set(child, node);
			}
		}
	}

	/**
	True when `expression`, written in `node`'s module, has the same value in every instance of `node`.
	*/
	sameInEveryInstance(node: ModuleNode, expression: Expression): boolean {
		const references = referencesOf(expression);
		// A reference that does not parse is left out of referencesOf: such an expression is not trusted.
		if (references.length !== traversalsOf(expression).length) {
			return false;
		}

		return references.every(({subject}) => {
			switch (subject.kind) {
				case 'path':
				case 'terraform': {
					return true;
				}

				case 'variable': {
					return this.#decide(node, `var.${subject.name}`, () => this.#variable(node, subject.name));
				}

				case 'local': {
					const local = node.module.locals.get(subject.name);
					return local !== undefined && this.#decide(node, `local.${subject.name}`, () => this.sameInEveryInstance(node, local.expression));
				}

				default: {
					return false;
				}
			}
		});
	}

	#variable(node: ModuleNode, name: string): boolean {
		const parent = this.#parents.get(node);
		if (!parent) {
			// The root module has one instance.
			return true;
		}

		if (this.#childVariablesAssumed || !node.module.variables.has(name)) {
			return false;
		}

		const input = node.call?.inputs.find(attribute => attribute.name === name);
		return input === undefined || this.sameInEveryInstance(parent, input.expression);
	}

	#decide(node: ModuleNode, key: string, decide: () => boolean): boolean {
		let decided = this.#decided.get(node);
		if (!decided) {
			decided = new Map();
			this.#decided.set(node, decided);
		}

		const known = decided.get(key);
		if (known !== undefined) {
			return known;
		}

		decided.set(key, false);
		const result = decide();
		decided.set(key, result);
		return result;
	}
}
