import {boolType, dynamicType} from '../lang/types.js';
import type {BlockSchema, NestedBlockSchema, ProviderSchema} from './types.js';

/*
Terraform 1.16's `store` block of `terraform_data` (hashicorp/terraform v1.16, internal/builtin/providers/terraform/resource_data.go dataStoreResourceSchema; CHANGELOG 1.16.0 "The new `store` block can hold ephemeral and sensitive values across plan and apply"). The built-in provider's schema is the one of the Terraform that runs it: the bundled digest is terraform 1.11's, so the block is added for the releases that have it.
*/

const storeBlock: NestedBlockSchema = Object.freeze({
	mode: 'single',
	minItems: 0,
	maxItems: 0,
	block: Object.freeze({
		attributes: new Map([
			// Write-only: its value is kept in `output` (or `sensitive_output`), never in the state or the plan.
			['input', {type: dynamicType, optional: true, writeOnly: true}],
			['output', {type: dynamicType, computed: true}],
			['sensitive_output', {type: dynamicType, computed: true, sensitive: true}],
			// A change of `version` stores the input again; without one, any change of the input does.
			['version', {type: dynamicType, optional: true}],
			['sensitive', {type: boolType, optional: true}],
			['replace', {type: boolType, optional: true}],
		]),
		blockTypes: new Map(),
	}),
});

/**
The built-in provider's schema with `terraform_data`'s `store` block.
*/
export function withDataStore(provider: ProviderSchema): ProviderSchema {
	let data: BlockSchema | undefined;
	return {
		...provider,
		block(kind, type) {
			const block = provider.block(kind, type);
			if (kind !== 'resource' || type !== 'terraform_data' || !block) {
				return block;
			}

			data ??= {...block, blockTypes: new Map([...block.blockTypes, ['store', storeBlock]])};
			return data;
		},
	};
}
