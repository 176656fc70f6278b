import type {TerraformSettings} from '../config/module.js';
import {listMetaArguments, type ListBlock} from '../config/query-file.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {dynamicType} from '../lang/types.js';
import {providerForDisplay, providerSourceAddress} from './provider-address.js';
import type {SchemaSet} from './schema-set.js';
import type {BlockSchema, NestedBlockSchema} from './types.js';
import {validateBlockBody} from './validate-body.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import type {TraversalStep} from '../lang/references.js';
import type {Range} from '../hcl/position.js';
import type {MismatchWording} from '../lang/convert.js';
import {getAttribute, index} from '../lang/eval/traverse.js';
import {numberValue, stringValue, unknownValue, type Value} from '../lang/values.js';

/*
The provider-side checks of `terraform validate -query` (Terraform 1.14+) on a `list "TYPE" "NAME"` block of a query file, from its provider's list resource schema: the type must be one the provider offers, and the block's body is decoded with the schema Terraform builds around the provider's `config` schema. Taken from hashicorp/terraform v1.16 (fcd4f214): internal/terraform/node_resource_validate.go validateResource, ListResourceMode ("Invalid list resource", then ctx.EvaluateBlock of the body left after the list block's own arguments, configs/query_file.go decodeQueryListBlock `Config: remain`, against ListResourceSchema.FullSchema); internal/plugin6/convert/schema.go ProtoToListSchema (the wrapping block: a computed `data` attribute and a single `config` block, required exactly when the provider's schema has a required argument or a block type with min_items > 0); v1.14 and v1.15 do the same.
A schema that does not say which list resources the provider has (no schema at all, a bundled digest, a schema file without `list_resource_schemas`) checks nothing: no error is made up.
*/

export type ListResourceLookup =
	/** Nothing says which list resources the provider has. */
	| {readonly kind: 'unknown'; readonly provider: string}
	/** The provider's schema lists its list resource types, and this one is not among them. */
	| {readonly kind: 'unsupported'; readonly provider: string}
	| {readonly kind: 'known'; readonly provider: string; readonly config: BlockSchema; readonly full: BlockSchema};

/**
The list resource schema of a `list` block, through its `provider` argument's local name and the module's `required_providers`.
*/
export function listResourceSchema(schemas: SchemaSet, block: ListBlock, settings: Pick<TerraformSettings, 'requiredProviders' | 'providerRegistry'>): ListResourceLookup {
	const provider = providerSourceAddress(block.provider.name, settings);
	const lists = schemas.provider(provider)?.listResources;
	if (!lists) {
		return {kind: 'unknown', provider};
	}

	const config = lists.config(block.type);
	return config ? {kind: 'known', provider, config, full: fullListSchema(config)} : {kind: 'unsupported', provider};
}

const fullSchemas = new WeakMap<BlockSchema, BlockSchema>();

/**
The block a list block's body is decoded with (ProtoToListSchema): the provider's schema as a single `config` block, required (min and max 1) when anything in it is required, and the computed `data` that holds the results.
*/
export function fullListSchema(config: BlockSchema): BlockSchema {
	let full = fullSchemas.get(config);
	if (!full) {
		const required = [...config.attributes.values()].some(attribute => attribute.required === true) || [...config.blockTypes.values()].some(nested => nested.minItems > 0);
		const items = required ? 1 : 0;
		full = {
			attributes: new Map([['data', {type: dynamicType, computed: true}]]),
			blockTypes: new Map([['config', {
				mode: 'single', block: config, minItems: items, maxItems: items,
			}]]),
		};
		fullSchemas.set(config, full);
	}

	return full;
}

/**
The block-level problems of a list block against its list resource schema: "Invalid list resource" on the type label when the provider does not offer the type; otherwise what decoding the body finds ("Missing config block", and in `config` unsupported arguments and block types, missing required arguments, block counts). Value types are checked when an instance's `config` is evaluated (shapeBody's problems).
*/
export function validateListBlock(block: ListBlock, lookup: ListResourceLookup): Diagnostic[] {
	switch (lookup.kind) {
		case 'unknown': {
			return [];
		}

		case 'unsupported': {
			return [errorDiagnostic('Invalid list resource', `The provider ${providerForDisplay(lookup.provider)} does not support list resource ${JSON.stringify(block.type)}.`, block.block.labelRanges[0] ?? block.block.typeRange)];
		}

		case 'known': {
			return validateBlockBody(block.block, lookup.full, listMetaArguments);
		}
	}
}

/**
What a reference's `list.TYPE.NAME.data[N].state.ATTRIBUTE` is checked against (hashicorp/terraform v1.16 internal/terraform/evaluate_valid.go staticValidateResourceReference, ListResourceMode): the provider's managed resource type of the same name. Only an exact schema counts (a schema file, or the built-in provider's): a bundled digest may be of another provider version. `missing` when that schema has no such managed resource type, which Terraform reports for any reference to the list ("Invalid resource type").
*/
export type ListStateSchema =
	| {readonly kind: 'unknown'}
	| {readonly kind: 'missing'; readonly provider: string}
	| {readonly kind: 'known'; readonly block: BlockSchema};

export function listStateSchema(schemas: SchemaSet, block: ListBlock, settings: Pick<TerraformSettings, 'requiredProviders' | 'providerRegistry'>): ListStateSchema {
	const provider = providerSourceAddress(block.provider.name, settings);
	const schema = schemas.provider(provider);
	if (!schema || (schema.origin.kind !== 'file' && provider !== 'terraform.io/builtin/terraform')) {
		return {kind: 'unknown'};
	}

	const managed = schema.block('resource', block.type);
	return managed ? {kind: 'known', block: managed} : {kind: 'missing', provider};
}

export type TraversalProblem = {readonly summary: string; readonly detail: string; readonly range: Range};

/**
The first problem with the steps after `.state` of a list result, checked as configschema's Block.StaticValidateTraversal checks a traversal against the managed resource type's schema (validate_traversal.go): a name it has ("Unsupported attribute", with a suggestion), never an index on the object ("Invalid index operation"); after an attribute, the rest applied to an unknown value of its type (HCL's own errors, lang/eval/traverse.ts); after a nested block type, as its nesting allows ("Cannot index a set value", "Invalid operation" for a list not indexed). Undefined when there is none.
*/
export function listStateTraversalProblem(block: BlockSchema, steps: readonly TraversalStep[], wording: MismatchWording): TraversalProblem | undefined {
	const [next, ...after] = steps;
	if (!next) {
		return undefined;
	}

	const range = hclStepRange(next.range);
	if (next.kind === 'index') {
		return {summary: 'Invalid index operation', detail: typeof next.key === 'string' && identifierPattern.test(next.key) ? `Only attribute access is allowed here. Did you mean to access attribute ${JSON.stringify(next.key)} using the dot operator?` : 'Only attribute access is allowed here, using the dot operator.', range};
	}

	const {name} = next;
	const attribute = block.attributes.get(name);
	if (attribute) {
		let value: Value = unknownValue(attribute.type);
		for (const step of after) {
			const place = hclStepRange(step.range);
			const taken: {value: Value; diagnostics: Diagnostic[]} = step.kind === 'attribute' ? getAttribute(value, step.name, place) : index(value, typeof step.key === 'string' ? stringValue(step.key) : numberValue(step.key), place, wording);
			const [problem] = taken.diagnostics;
			if (problem) {
				return {summary: problem.summary, detail: problem.detail ?? '', range: problem.subject ?? place};
			}

			value = taken.value;
		}

		return undefined;
	}

	const nested = block.blockTypes.get(name);
	if (nested) {
		return nestedTraversalProblem(name, nested, after, wording);
	}

	const suggestion = nameSuggestion(name, [...block.attributes.keys(), ...block.blockTypes.keys()].sort());
	return {summary: 'Unsupported attribute', detail: `This object has no argument, nested block, or exported attribute named ${JSON.stringify(name)}.${suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`}`, range};
}

// NestedBlock.staticValidateTraversal.
function nestedTraversalProblem(type: string, nested: NestedBlockSchema, steps: readonly TraversalStep[], wording: MismatchWording): TraversalProblem | undefined {
	if (nested.mode === 'single' || nested.mode === 'group') {
		return listStateTraversalProblem(nested.block, steps, wording);
	}

	const [next, ...after] = steps;
	if (!next) {
		return undefined;
	}

	switch (nested.mode) {
		case 'set': {
			return {summary: 'Cannot index a set value', detail: `Block type ${JSON.stringify(type)} is represented by a set of objects, and set elements do not have addressable keys. To find elements matching specific criteria, use a "for" expression with an "if" clause.`, range: hclStepRange(next.range)};
		}

		case 'list': {
			return next.kind === 'index'
				? listStateTraversalProblem(nested.block, after, wording)
				: {summary: 'Invalid operation', detail: `Block type ${JSON.stringify(type)} is represented by a list of objects, so it must be indexed using a numeric key, like .${type}[0].`, range: hclStepRange(next.range)};
		}

		case 'map': {
			return listStateTraversalProblem(nested.block, after, wording);
		}
	}
}

/**
A traversal step's range as HCL has it, from its `.` or `[` (hclsyntax parseExpressionTraversals: RangeBetween(dot, name), RangeBetween(open, close)): tfscope's steps start at the name or the key, which that token directly precedes unless spaces were written between them.
*/
export function hclStepRange(range: Range): Range {
	const {start} = range;
	return start.column > 1 ? {...range, start: {line: start.line, column: start.column - 1, offset: start.offset - 1}} : range;
}

// hclsyntax.ValidIdentifier.
const identifierPattern = /^[A-Za-z_][\w-]*$/;
