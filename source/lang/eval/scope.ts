import process from 'node:process';
import {type Diagnostic, type Result, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {FunctionContext, FunctionSpec} from '../function.js';
import {type Reference, type ReferenceSubject, subjectTextOf} from '../references.js';
import {rangeBetween} from '../../hcl/position.js';
import {
	type Value, boolValue, stringValue, unknownValue, withMarks,
} from '../values.js';

/*
The scope an expression is evaluated in.

	const scope = createScope({
		resolveReference: reference => ...,   // var.x, local.y, aws_instance.web, module.m, path.module, count.index, each.key, self
		functions: name => registry.get(name),
		functionContext: {baseDirectory: '.', impure: true},
		console: true,                        // enables type()
	});
	const {value, diagnostics} = evaluate(expression, scope);

Root names are Terraform references: the evaluator reads the static traversal at the root of an expression (`aws_instance.web[0].id`) with `parseReference` (references.ts), which reports malformed references ("Invalid reference"), and asks `resolveReference` for the value of the subject (`aws_instance.web`: the whole resource, a tuple when it has `count`). The evaluator then applies the remaining steps (`[0].id`) with HCL's index and attribute rules and diagnostics. A resolver reports undeclared names itself, with Terraform's messages: `moduleResolver` below does that for a module given its declared values, and is what the console uses.

`scope.child(variables)` opens a nested scope for `for` expressions (and template `for` directives): names bound there shadow references.
*/

export type ReferenceResolver = (reference: Reference) => Result<Value>;

/**
A resolver's quick answer: the value of a reference that resolves without diagnostics, or undefined to ask the resolver itself (which reports). It must give what the resolver's result would hold whenever it gives a value, and it is asked first, at every evaluation of every reference (so that no result object is made for the common case).
*/
export type ValueResolver = (reference: Reference) => Value | undefined;

export type Scope = {
	readonly resolveReference: ReferenceResolver;
	/**
	The resolver's quick answer, when it has one (`moduleResolver`'s resolvers do).
	*/
	readonly resolveValue: ValueResolver | undefined;
	readonly functions: (name: string) => FunctionSpec | undefined;
	/**
	Function names in the order "Did you mean" suggestions consider them.
	*/
	readonly functionNames: () => readonly string[];
	readonly functionContext: FunctionContext;
	/**
	True in `tfscope console`: enables `type()`.
	*/
	readonly console: boolean;
	/**
	Names bound by enclosing `for` expressions, innermost first through `parent`.
	*/
	readonly variables: ReadonlyMap<string, Value>;
	readonly parent: Scope | undefined;
	child(variables: ReadonlyMap<string, Value>): Scope;
	/**
	The value of a bound name (for variable), if any.
	*/
	lookup(name: string): Value | undefined;
};

export type ScopeOptions = {
	/**
	A resolver made by `moduleResolver` brings its quick answer (see ValueResolver) with it.
	*/
	readonly resolveReference?: ReferenceResolver;
	readonly functions?: (name: string) => FunctionSpec | undefined;
	readonly functionNames?: () => readonly string[];
	readonly functionContext?: FunctionContext;
	readonly console?: boolean;
};

/**
The variables of every root scope (read-only): one scope is made per resource instance.
*/
const noVariables: ReadonlyMap<string, Value> = new Map();

export function createScope(options: ScopeOptions = {}): Scope {
	const resolveReference = options.resolveReference ?? moduleResolver({});
	const base = {
		resolveReference,
		resolveValue: quickResolvers.get(resolveReference),
		functions: options.functions ?? (() => undefined),
		functionNames: options.functionNames ?? (() => []),
		functionContext: options.functionContext ?? {baseDirectory: '.', impure: true},
		console: options.console ?? false,
	};
	return makeScope(base, noVariables, undefined);
}

type ScopeBase = Omit<Scope, 'variables' | 'parent' | 'child' | 'lookup'>;

function makeScope(base: ScopeBase, variables: ReadonlyMap<string, Value>, parent: Scope | undefined): Scope {
	return new BoundScope(base, variables, parent);
}

/**
A class rather than an object of closures: a `for` over a large collection makes one scope per element, and methods on the prototype cost nothing per scope.
*/
class BoundScope implements Scope {
	readonly resolveReference: ReferenceResolver;
	readonly resolveValue: ValueResolver | undefined;
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
	readonly functionContext: FunctionContext;
	readonly console: boolean;
	readonly variables: ReadonlyMap<string, Value>;
	readonly parent: Scope | undefined;
	readonly #base: ScopeBase;

	constructor(base: ScopeBase, variables: ReadonlyMap<string, Value>, parent: Scope | undefined) {
		this.#base = base;
		this.variables = variables;
		this.parent = parent;
		this.resolveReference = base.resolveReference;
		this.resolveValue = base.resolveValue;
		this.functions = base.functions;
		this.functionNames = base.functionNames;
		this.functionContext = base.functionContext;
		this.console = base.console;
	}

	child(variables: ReadonlyMap<string, Value>): Scope {
		return new BoundScope(this.#base, variables, this);
	}

	lookup(name: string): Value | undefined {
		// Most lookups miss every level (for-bound names are rare): the root scope's map is empty.
		const own = this.variables.size === 0 ? undefined : this.variables.get(name);
		if (own !== undefined) {
			return own;
		}

		return this.parent?.lookup(name);
	}
}

/**
What a module instance exposes to its expressions. Leave a field out when the thing does not exist there (`count` outside counted blocks, ...).
*/
export type ModuleValues = {
	readonly variables?: ReadonlyMap<string, Value>;
	readonly locals?: ReadonlyMap<string, Value>;
	/**
	Keyed `TYPE.NAME` for managed resources and `data.TYPE.NAME` for data resources.
	*/
	readonly resources?: ReadonlyMap<string, Value>;
	/**
	Attribute and block type names of resources whose schema is known, keyed as `resources` is (`terraform_data.a`, `data.aws_ami.x`): Terraform rejects other names on references to them before evaluating ("This object has no argument, nested block, or exported attribute named ...").
	*/
	readonly resourceAttributes?: {get(key: string): ReadonlySet<string> | undefined};
	readonly modules?: ReadonlyMap<string, Value>;
	readonly path?: {readonly module: string; readonly root: string; readonly cwd: string};
	readonly workspace?: string;
	readonly count?: {readonly index: Value};
	readonly each?: {readonly key: Value; readonly value: Value};
	readonly self?: Value;
	/**
	How messages name the module: "the root module" (default) or `module.net`.
	*/
	readonly moduleDescription?: string;
	/**
	Terraform 1.14+: `action.TYPE.NAME` names an action, which only a resource's lifecycle `action_trigger` may refer to.
	*/
	readonly actionsReserved?: boolean;
	/**
	Terraform 1.13+: `list.TYPE.NAME` names a list resource of a query file (internal/addrs/parse_ref.go reads `list` as a reserved root from v1.13.0), not a managed resource of type `list`, which is then `resource.list.NAME`. Where no query file declares it (any module but the root of a configuration with query files), it is undeclared.
	*/
	readonly listsReserved?: boolean;
};

/**
The closest name within edit distance 2, as Terraform's didyoumean.NameSuggestion picks it.
*/
export function nameSuggestion(given: string, candidates: Iterable<string>): string | undefined {
	for (const candidate of candidates) {
		if (editDistance(given, candidate) < 3) {
			return candidate;
		}
	}

	return undefined;
}

function editDistance(a: string, b: string): number {
	const previous = Array.from({length: b.length + 1}, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = previous[0]!;
		previous[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = previous[j]!;
			previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
			diagonal = above;
		}
	}

	return previous[b.length]!;
}

function sortedKeys(map: ReadonlyMap<string, unknown> | undefined): string[] {
	return [...(map?.keys() ?? [])].sort();
}

/**
`list.TYPE.NAME` as tfscope's reference parser reads it: a managed resource of type `list` named TYPE, NAME the first remaining step; `resource.list.TYPE` is a managed resource.
*/
export function isListReference(subject: ReferenceSubject): boolean {
	return subject.kind === 'resource' && subject.mode === 'managed' && subject.type === 'list' && subject.prefixed !== true;
}

/**
A `list.TYPE.NAME` reference where no list block is declared, with Terraform's words (hashicorp/terraform internal/addrs/parse_ref.go parseRef and parseResourceRef; internal/terraform/evaluate_valid.go staticValidateResourceReference, v1.13.0 to v1.16): with the hint to write `resource.list.TYPE` when a managed resource of type `list` named TYPE is declared.
*/
export function undeclaredList(reference: Reference, values: Pick<ModuleValues, 'resources'>, where: string): Result<Value> {
	const [name, index] = reference.remaining;
	if (name === undefined) {
		return failure('Invalid reference', 'The "list" object must be followed by two attribute names: the list resource type and the list resource name.', reference.traversalRange);
	}

	if (name.kind !== 'attribute') {
		return failure('Invalid reference', 'A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', name.range);
	}

	const type = (reference.subject as {readonly name: string}).name;
	const managed = `list.${type}`;
	const hint = values.resources?.has(managed) ? `\n\nDid you mean the managed resource ${managed}? If so, please use the fully qualified name of the resource, e.g. resource.${managed}` : '';
	// The range of the resource address: from `list` to the name, with an instance key after it.
	const range = rangeBetween(reference.range, (index?.kind === 'index' ? index : name).range);
	return failure('Reference to undeclared resource', `A list resource "${type}" "${name.name}" has not been declared in ${where}.${hint}`, range);
}

function failure(summary: string, detail: string, subject: Reference['range']): Result<Value> {
	return {value: unknownValue(), diagnostics: [errorDiagnostic(summary, detail, subject)]};
}

const noDiagnostics: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

/**
A resolver for one module instance, with Terraform's messages for names it does not declare.
*/
export function moduleResolver(values: ModuleValues): ReferenceResolver {
	const resolver = fullResolver(values);
	quickResolvers.set(resolver, reference => quickValue(values, reference));
	return resolver;
}

/**
The quick answers of the resolvers `moduleResolver` made (see ValueResolver), which `createScope` gives its scope.
*/
const quickResolvers = new WeakMap<ReferenceResolver, ValueResolver>();

/**
What the resolver of `values` gives for a reference when it gives a value without diagnostics (the same lookups, in the same order); undefined for everything else (undeclared names, `path`, `terraform`, and what reports a problem), which the resolver itself then answers.
*/
function quickValue(values: ModuleValues, reference: Reference): Value | undefined {
	const {subject} = reference;
	switch (subject.kind) {
		case 'variable': {
			return values.variables?.get(subject.name);
		}

		case 'local': {
			return values.locals?.get(subject.name);
		}

		case 'resource': {
			if (values.listsReserved && isListReference(subject)) {
				return undefined;
			}

			const key = subjectTextOf(reference);
			const value = values.resources?.get(key);
			return value && unknownResourceAttribute(values.resourceAttributes?.get(key), reference) === undefined ? value : undefined;
		}

		case 'module': {
			return values.modules?.get(subject.name);
		}

		case 'count': {
			return subject.name === 'index' ? values.count?.index : undefined;
		}

		case 'each': {
			return (subject.name === 'key' || subject.name === 'value') && values.each ? values.each[subject.name] : undefined;
		}

		case 'self': {
			return values.self;
		}

		default: {
			return undefined;
		}
	}
}

function fullResolver(values: ModuleValues): ReferenceResolver {
	const where = values.moduleDescription ?? 'the root module';
	return reference => {
		// Results are read, never added to: one empty array serves every successful lookup.
		const diagnostics = noDiagnostics;
		// What resolves cleanly is the quick answer's; the cases below give the rest (path, terraform) and the failures. The range only for a failure: a reference computes it when asked.
		const quick = quickValue(values, reference);
		if (quick !== undefined) {
			return {value: quick, diagnostics};
		}

		const {subject} = reference;
		switch (subject.kind) {
			case 'variable': {
				const suggestion = nameSuggestion(subject.name, sortedKeys(values.variables));
				return failure('Reference to undeclared input variable', `An input variable with the name "${subject.name}" has not been declared. ${suggestion ? `Did you mean "${suggestion}"?` : `This variable can be declared with a variable "${subject.name}" {} block.`}`, reference.range);
			}

			case 'local': {
				const suggestion = nameSuggestion(subject.name, sortedKeys(values.locals));
				return failure('Reference to undeclared local value', `A local value with the name "${subject.name}" has not been declared.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, reference.range);
			}

			case 'resource': {
				if (values.actionsReserved && subject.mode === 'managed' && subject.type === 'action') {
					// hashicorp/terraform v1.16 internal/addrs/parse_ref.go (`action` with fewer than two attributes) and internal/lang/eval.go (buildEvalContext, addrs.Action).
					return reference.remaining.length === 0 || reference.remaining[0]!.kind !== 'attribute'
						? failure('Invalid reference', 'The "action" object must be followed by two attribute names: the action type and the action name.', reference.traversalRange)
						: failure('Invalid reference', 'Actions can not be referenced in this context. They can only be referenced from within a resource\'s lifecycle actions list.', reference.traversalRange);
				}

				if (values.listsReserved && isListReference(subject)) {
					return undeclaredList(reference, values, where);
				}

				const key = subjectTextOf(reference);
				// Declared, yet not a quick answer: an attribute the resource type does not have.
				const problem = values.resources?.get(key) ? unknownResourceAttribute(values.resourceAttributes?.get(key), reference) : undefined;
				if (problem) {
					return failure('Unsupported attribute', problem.detail, problem.range);
				}

				return failure('Reference to undeclared resource', `${subject.mode === 'ephemeral' ? 'An' : 'A'} ${subject.mode} resource "${subject.type}" "${subject.name}" has not been declared in ${where}.`, reference.range);
			}

			case 'module': {
				const suggestion = nameSuggestion(subject.name, sortedKeys(values.modules));
				return failure('Reference to undeclared module', `No module call named "${subject.name}" is declared in ${where}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, reference.range);
			}

			case 'path': {
				const path = values.path ?? {module: '.', root: '.', cwd: process.cwd()};
				const names = ['cwd', 'module', 'root'] as const;
				const name = names.find(candidate => candidate === subject.name);
				if (name) {
					return {value: stringValue(path[name]), diagnostics};
				}

				const suggestion = nameSuggestion(subject.name, names);
				return failure('Invalid "path" attribute', `The "path" object does not have an attribute named "${subject.name}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, reference.range);
			}

			case 'terraform': {
				if (subject.name === 'workspace') {
					return {value: stringValue(values.workspace ?? 'default'), diagnostics};
				}

				if (subject.name === 'applying') {
					return {value: withMarks(boolValue(false), new Set(['ephemeral'] as const)), diagnostics};
				}

				return failure('Invalid "terraform" attribute', `The "terraform" object does not have an attribute named "${subject.name}". The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply.`, reference.range);
			}

			case 'count': {
				if (subject.name !== 'index') {
					return failure('Invalid "count" attribute', `The "count" object does not have an attribute named "${subject.name}". The only supported attribute is count.index, which is the index of each instance of a resource block that has the "count" argument set.`, reference.range);
				}

				return failure('Reference to "count" in non-counted context', 'The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.', reference.range);
			}

			case 'each': {
				if (subject.name !== 'key' && subject.name !== 'value') {
					return failure('Invalid "each" attribute', `The "each" object does not have an attribute named "${subject.name}". The supported attributes are each.key and each.value, the current key and value pair of the "for_each" attribute set.`, reference.range);
				}

				if (!values.each && subject.name === 'value') {
					return failure('each.value cannot be used in this context', 'A reference to "each.value" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its "for_each" expression. Remove this reference to each.value in your configuration to work around this error.', reference.range);
				}

				return failure('Reference to "each" in context without for_each', 'The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.', reference.range);
			}

			case 'self': {
				return failure('Invalid "self" reference', 'The "self" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.', reference.range);
			}
		}
	};
}

/**
The first attribute step past a resource reference (and its instance key), when the resource type's schema does not have it.
*/
function unknownResourceAttribute(attributes: ReadonlySet<string> | undefined, reference: Reference): {detail: string; range: Reference['range']} | undefined {
	if (!attributes) {
		return undefined;
	}

	const {remaining} = reference;
	const first = remaining[0]?.kind === 'index' ? remaining[1] : remaining[0];
	if (first?.kind !== 'attribute' || attributes.has(first.name)) {
		return undefined;
	}

	return {detail: `This object has no argument, nested block, or exported attribute named "${first.name}".`, range: first.range};
}
