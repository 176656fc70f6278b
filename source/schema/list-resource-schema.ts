import type {TerraformSettings} from '../config/module.js';
import {listMetaArguments, type ListBlock} from '../config/query-file.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {dynamicType} from '../lang/types.js';
import {providerForDisplay, providerSourceAddress} from './provider-address.js';
import type {SchemaSet} from './schema-set.js';
import type {BlockSchema} from './types.js';
import {validateBlockBody} from './validate-body.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import type {TraversalStep} from '../lang/references.js';

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

/**
The problem with the steps after `.state` of a list result, checked as configschema's Block.StaticValidateTraversal checks the first of them: an attribute or block type name the managed resource type has ("Unsupported attribute", with a suggestion), never an index ("Invalid index operation"). Undefined when there is none.
*/
export function listStateTraversalProblem(block: BlockSchema, step: TraversalStep): {summary: string; detail: string} | undefined {
	if (step.kind === 'index') {
		return {summary: 'Invalid index operation', detail: typeof step.key === 'string' && identifierPattern.test(step.key) ? `Only attribute access is allowed here. Did you mean to access attribute ${JSON.stringify(step.key)} using the dot operator?` : 'Only attribute access is allowed here, using the dot operator.'};
	}

	const {name} = step;
	if (block.attributes.has(name) || block.blockTypes.has(name)) {
		return undefined;
	}

	const suggestion = nameSuggestion(name, [...block.attributes.keys(), ...block.blockTypes.keys()].sort());
	return {summary: 'Unsupported attribute', detail: `This object has no argument, nested block, or exported attribute named ${JSON.stringify(name)}.${suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`}`};
}

// hclsyntax.ValidIdentifier.
const identifierPattern = /^[A-Za-z_][\w-]*$/;
