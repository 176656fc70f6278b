import type {Block, Body, Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {rangeBetween} from '../hcl/position.js';
import type {ListBlock} from '../config/query-file.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import {mismatchWordingOf} from '../lang/function.js';
import {createScope, isListReference, type Scope} from '../lang/eval/scope.js';
import type {Reference} from '../lang/references.js';
import {boolType, numberType} from '../lang/types.js';
import {
	boolValue, nullValue, numberValue, objectValue, unknownValue, unmark, type Value,
} from '../lang/values.js';
import type {InstanceKey} from './addresses.js';
import {evaluateBody} from './dynamic-blocks.js';
import {type Context, report} from './expand-context.js';
import {type Expansion, type RepetitionData, expansionInstances} from './expansion.js';
import type {ListExpansion, ListInstance, ModuleInstance} from './instance-tree.js';
import {evaluateExpression} from './lang-adapter.js';
import {writtenAttribute} from './resource-instance.js';
import {
	type ListResourceLookup, type ListStateSchema, listResourceSchema, listStateTraversalProblem, validateListBlock,
} from '../schema/list-resource-schema.js';
import {builtinSchemaSet} from '../schema/schema-set.js';
import {shapeBody, type ShapeProblem} from '../schema/shape.js';

/*
`list` blocks of the root module's query files (Terraform 1.14+, config/query-file.ts), expanded by their own `count`/`for_each` (list.TYPE.NAME[KEY], internal/addrs/resource.go ListResourceMode) and evaluated as `terraform validate -query` evaluates them (hashicorp/terraform v1.16 internal/terraform/node_resource_validate.go, ListResourceMode): the `config` block in the module's scope with the instance's `count.index`/`each`, `limit` a whole number >= 0 (default 100) and `include_resource` a bool (default false), each possibly unknown (internal/terraform/eval_query.go, expressions.go ExprEvaluator). What a query lists is only known when the provider runs it: `list.TYPE.NAME` is unknown (evaluate.go getListResource, walkValidate).
*/

/**
`limit` when the block does not set it (eval_query.go defaultQueryLimit).
*/
export const defaultQueryLimit = 100;

/**
What a list expansion needs of its module instance.
*/
export type ListHost = ModuleInstance & {
	scope(repetition?: RepetitionData, self?: Value, impure?: boolean): Scope;
	expansionOf(kind: 'resource', key: string, block: ListBlock): Expansion;
};

/**
How many instances list blocks have, placeholders (an unknown count or for_each) left out.
*/
export function countListInstances(lists: readonly ListExpansion[]): number {
	return lists.reduce((total, list) => total + (list.expansion.mode === 'unknown' ? 0 : list.instances.length), 0);
}

export class ListExpansionImpl implements ListExpansion {
	readonly block: ListBlock;
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ListInstance[];
	readonly #context: Context;
	readonly #host: ListHost;

	constructor(context: Context, host: ListHost, block: ListBlock) {
		this.#context = context;
		this.#host = host;
		this.block = block;
		this.moduleInstance = host;
		this.text = block.key;
		// Memoised with the resources' expansions under `resource.list.TYPE.NAME`, a key no resource has (three parts).
		this.expansion = host.expansionOf('resource', block.key, block);
		const {keys, repetitions, suffixes} = expansionInstances(this.expansion);
		this.instances = keys.map((key, index) => new ListInstanceImpl(this, key, repetitions[index]!, block.key + suffixes[index]!));
		// The provider-side checks of validate -query, once per block (Terraform validates the block, not its instances), when the provider's schema says which list resources it has.
		this.schema = listResourceSchema(context.options.schemas ?? builtinSchemaSet, block, host.node.module.terraform);
		const problems = validateListBlock(block, this.schema);
		this.#bodyFailed = problems.some(diagnostic => diagnostic.severity === 'error');
		report(context, problems);
	}

	/**
	What the provider's schema says of this block's list resource type.
	*/
	readonly schema: ListResourceLookup;
	/**
	Whether decoding the body against the schema found an error: Terraform reports it with what evaluating `config` finds (one EvaluateBlock), then stops before `limit` and `include_resource`.
	*/
	readonly #bodyFailed: boolean;

	/**
	One instance's `config`, `limit` and `include_resource`.
	*/
	/**
	One instance's scope: the module instance's with its `count.index`/`each` (impure functions real for the console).
	*/
	scopeOf(repetition: RepetitionData, impure = false): Scope {
		return this.#host.scope(repetition, undefined, impure);
	}

	evaluate(repetition: RepetitionData): ListValues {
		const scope = this.scopeOf(repetition);
		// Terraform stops at the first of config, limit and include_resource with an error (validateResource, ListResourceMode).
		// A type the provider does not offer: Terraform says so and evaluates nothing of the block.
		const unsupported = this.schema.kind === 'unsupported';
		let failed = this.#bodyFailed || unsupported;
		const reporter = (diagnostics: readonly Diagnostic[]) => {
			failed ||= diagnostics.some(diagnostic => diagnostic.severity === 'error');
			if (!unsupported) {
				report(this.#context, diagnostics);
			}
		};

		const {config, limit, includeResource} = this.block;
		const {schema} = this;
		let configValue: Value = nullValue();
		if (config && schema.kind === 'known') {
			// Decoded as the provider's schema says (hcldec): every argument present, converted to its type, unset ones null.
			const evaluated = evaluateBody(config, scope, {report: reporter, nestedNullAsUnknown: false});
			configValue = shapeBody(schema.config, evaluated.attributes, {problem: problem => {
				reporter([shapeProblemDiagnostic(problem, config, this.block.block, mismatchWordingOf(scope.functionContext))]);
			}});
		} else if (config) {
			configValue = evaluateBody(config, scope, {report: reporter, nestedNullAsUnknown: true}).object;
		}

		const limitValue = failed ? nullValue(numberType) : (limit ? queryArgument(limit, scope, 'limit', reporter) : numberValue(defaultQueryLimit));
		const includeValue = failed ? nullValue(boolType) : (includeResource ? queryArgument(includeResource, scope, 'include_resource', reporter) : boolValue(false));
		return {config: configValue, limit: limitValue, includeResource: includeValue};
	}
}

type ListValues = {readonly config: Value; readonly limit: Value; readonly includeResource: Value};

class ListInstanceImpl implements ListInstance {
	readonly text: string;
	readonly key: InstanceKey;
	readonly list: ListExpansionImpl;
	readonly repetition: RepetitionData;
	#values: ListValues | undefined;

	constructor(list: ListExpansionImpl, key: InstanceKey, repetition: RepetitionData, text: string) {
		this.list = list;
		this.key = key;
		this.repetition = repetition;
		this.text = text;
	}

	get #evaluated(): ListValues {
		this.#values ??= this.list.evaluate(this.repetition);
		return this.#values;
	}

	get scope(): Scope {
		return this.list.scopeOf(this.repetition);
	}

	get config(): Value {
		return this.#evaluated.config;
	}

	get limit(): Value {
		return this.#evaluated.limit;
	}

	get includeResource(): Value {
		return this.#evaluated.includeResource;
	}

	get value(): Value {
		const {config, limit, includeResource} = this.#evaluated;
		return objectValue({config, include_resource: includeResource, limit});
	}
}

/**
A `config` argument whose value does not convert to its type in the list resource schema: hcldec's "Incorrect attribute value type", on the argument where it is written (as a resource's, ResourceExpansionImpl.reportShapeProblem).
*/
function shapeProblemDiagnostic(problem: ShapeProblem, config: Body, block: Block, wording: MismatchWording): Diagnostic {
	const written = writtenAttribute(config, problem.path);
	const name = problem.path.at(-1)!;
	return errorDiagnostic('Incorrect attribute value type', `Inappropriate value for attribute ${JSON.stringify(name)}: ${conversionFailureText(problem.failure, wording)}.`, written?.expression.range ?? block.typeRange, written ? rangeBetween(written.nameRange, written.expression.range) : undefined);
}

/**
`limit` or `include_resource` as ExprEvaluator.EvaluateExpr checks it: converted to its type, not null, unknown allowed; `limit` a whole number, not negative. A value with an error is null (the default applies).
*/
function queryArgument(expression: Expression, scope: Scope, name: 'limit' | 'include_resource', reporter: (diagnostics: readonly Diagnostic[]) => void): Value {
	const type = name === 'limit' ? numberType : boolType;
	const typeName = name === 'limit' ? 'number' : 'bool';
	const result = evaluateExpression(expression, scope);
	reporter(result.diagnostics);
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return nullValue(type);
	}

	const fail = (summary: string, detail: string): Value => {
		reporter([errorDiagnostic(summary, detail, expression.range)]);
		return nullValue(type);
	};

	const [bare, marks] = unmark(result.value);
	if (bare.kind === 'unknown') {
		return result.value;
	}

	const converted = convert(bare, type);
	if (!converted.ok) {
		return fail('Incorrect value type', `Invalid expression value: ${conversionFailureText(converted, mismatchWordingOf(scope.functionContext))}.`);
	}

	const value = converted.value;
	if (value.kind === 'null') {
		return fail(`Invalid "${name}" argument`, `The given "${name}" argument value is null. A ${typeName} is required.`);
	}

	if (value.kind === 'unknown') {
		return result.value;
	}

	if (value.kind === 'number') {
		const number = value.value;
		// gocty.FromCtyValue into an int64.
		if (!number.isInteger() || number.greaterThan('9223372036854775807') || number.lessThan('-9223372036854775808')) {
			return fail('Invalid "limit" argument', 'The given "limit" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.');
		}

		if (number.isNegative() && !number.isZero()) {
			return fail('Invalid limit argument', 'The given "limit" argument value is unsuitable: must be greater than or equal to zero.');
		}
	}

	return marks ? {...value, marks} as Value : value;
}

/**
The root module's scope with `list.TYPE.NAME` references (Terraform 1.14+: the reference parser reads `list.` as a list resource, internal/addrs/parse_ref.go): tfscope's reference parser reads `list.TYPE.NAME` as a managed resource of type `list`, named TYPE, with NAME the first remaining step. The value of a declared list is unknown, what only the provider's answer decides; the traversal after it (and after an instance key) is checked as internal/terraform/evaluate_valid.go staticValidateResourceReference checks it (`.data`, then an index, then `.state` or `.identity`).
*/
export function listScope(scope: Scope, lists: ReadonlyMap<string, ListBlock>, where: string, stateSchema: (list: ListBlock) => ListStateSchema = () => unknownState): Scope {
	return createScope({
		resolveReference: reference => {
			const {subject} = reference;
			if (!isListReference(subject) || subject.kind !== 'resource') {
				return scope.resolveReference(reference);
			}

			// An undeclared list is the module scope's to word (lang/eval/scope.ts undeclaredList), which knows the managed resources for its hint.
			const [nameStep] = reference.remaining;
			return nameStep?.kind === 'attribute' && !lists.has(`list.${subject.name}.${nameStep.name}`) ? scope.resolveReference(reference) : resolveList(reference, subject.name, lists, where, stateSchema, mismatchWordingOf(scope.functionContext));
		},
		functions: scope.functions,
		functionNames: scope.functionNames,
		functionContext: scope.functionContext,
		console: scope.console,
	});
}

const unknownState: ListStateSchema = {kind: 'unknown'};

function resolveList(reference: Reference, type: string, lists: ReadonlyMap<string, ListBlock>, where: string, stateSchema: (list: ListBlock) => ListStateSchema, wording: MismatchWording): {value: Value; diagnostics: Diagnostic[]} {
	const [nameStep, ...rest] = reference.remaining;
	const failure = (summary: string, detail: string, range = reference.traversalRange) => ({value: unknownValue(), diagnostics: [errorDiagnostic(summary, detail, range)]});
	if (nameStep?.kind !== 'attribute') {
		return failure('Invalid reference', 'The "list" object must be followed by two attribute names: the list resource type and the list resource name.');
	}

	const list = lists.get(`list.${type}.${nameStep.name}`);
	if (!list) {
		return failure('Reference to undeclared resource', `A list resource "${type}" "${nameStep.name}" has not been declared in ${where}.`);
	}

	// An instance key right after the name is part of the address (`list.T.N[0].data`: parseResourceRef), not of the traversal after it.
	const [data, index, field, next] = rest[0]?.kind === 'index' ? rest.slice(1) : rest;
	if (data && (data.kind !== 'attribute' || data.name !== 'data')) {
		return failure('Invalid list resource traversal', 'The first step in the traversal for a list resource must be an attribute "data".');
	}

	if (index && index.kind !== 'index') {
		return failure('Invalid list resource traversal', 'The second step in the traversal for a list resource must be an index.');
	}

	if (field && (field.kind !== 'attribute' || (field.name !== 'state' && field.name !== 'identity'))) {
		return failure('Invalid list resource traversal', 'The third step in the traversal for a list resource must be an attribute "state" or "identity".');
	}

	// With an exact schema of the provider, the managed resource type of the same name is what `.state` holds (staticValidateResourceReference); `.identity` is left alone (Terraform checks it against the resource's attributes too, not its identity's).
	const state = stateSchema(list);
	if (state.kind === 'missing') {
		return failure('Invalid resource type', `A list resource type ${JSON.stringify(type)} is not supported by provider ${JSON.stringify(state.provider)}.`);
	}

	if (state.kind === 'known' && field?.kind === 'attribute' && field.name === 'state' && next) {
		if (next.kind === 'attribute' && next.name === 'count') {
			// Terraform's special case before the schema's check, whatever the schema has.
			return failure('Invalid resource count attribute', `The special "count" attribute is no longer supported after Terraform v0.12. Instead, use length(${list.key}) to count resource instances.`);
		}

		const problem = listStateTraversalProblem(state.block, field === undefined ? [] : rest.slice(rest.indexOf(field) + 1), wording);
		if (problem) {
			return failure(problem.summary, problem.detail, problem.range);
		}
	}

	// `list.TYPE` as an object of its lists, each unknown: the evaluator takes the remaining steps from it.
	const named = [...lists.values()].filter(candidate => candidate.type === type).map(candidate => [candidate.name, unknownValue()] as const);
	return {value: objectValue(named), diagnostics: []};
}
