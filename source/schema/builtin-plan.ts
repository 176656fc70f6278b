import {
	type ObjectValue, type Value, markSensitive, nullValue, typeOf, unknownValue, unmark,
} from '../lang/values.js';
import {notNullUnknown} from '../lang/refinements.js';
import {dynamicType, stringType} from '../lang/types.js';

/*
What the built-in `terraform` provider plans beyond its schema (internal/builtin/providers/terraform/resource_data.go): a new `terraform_data` gets an unknown `id`, and `output` follows `input`: null with it, else unknown of its type. Terraform 1.16's `store` block (planDataStoreResourceChange and storeMap at v1.16): on create the input is stored, so `store.output` (or `store.sensitive_output` with `sensitive = true`) is unknown of the input's type, null for a null input; the write-only `input` is planned null.
*/

export function planBuiltin(type: string, value: ObjectValue, configured?: ReadonlyMap<string, Value>): ObjectValue {
	if (type !== 'terraform_data') {
		return value;
	}

	const attributes = new Map(value.attributes);
	const id = attributes.get('id');
	// The provider plans `id` as a string known not to be null (a refined unknown, lang/refinements.ts).
	if (id?.kind === 'unknown') {
		attributes.set('id', notNullUnknown(stringType));
	}

	const store = value.attributes.get('store');
	if (store) {
		attributes.set('store', plannedStore(store, storeInput(configured?.get('store'))));
	}

	const input = value.attributes.get('input');
	if (!input || !value.attributes.has('output')) {
		return {...value, attributes};
	}

	const [bare] = unmark(input);
	attributes.set('output', bare.kind === 'null' ? nullValue(bare.type) : unknownValue(typeOf(bare)));
	return {...value, attributes};
}

/**
A new instance's `store` object: the prior object is null, so the input is stored whenever it is not null, whatever `version` says (storeMap's valuesNull, hasVersion and hasChange cases), in `sensitive_output` when `sensitive = true` and in `output` otherwise; the other output is null.
*/
function plannedStore(store: Value, configuredInput: Value): Value {
	const [bare, marks] = unmark(store);
	if (bare.kind !== 'object') {
		return store;
	}

	const attributes = new Map(bare.attributes);
	const [input] = unmark(configuredInput);
	const [sensitive] = unmark(bare.attributes.get('sensitive') ?? nullValue());
	const stored = input.kind === 'null' ? nullValue(input.type) : unknownValue(typeOf(input));
	const hidden = sensitive.kind === 'bool' && sensitive.value;
	attributes.set('output', hidden ? nullValue(dynamicType) : stored);
	attributes.set('sensitive_output', markSensitive(hidden ? stored : nullValue(dynamicType)));
	attributes.set('input', nullValue(dynamicType));
	const planned: Value = {...bare, attributes};
	return marks ? {...planned, marks} : planned;
}

/**
The `input` written in a `store` block, as the body was evaluated (the shaped value has it null: it is write-only).
*/
function storeInput(configured: Value | undefined): Value {
	let [block] = configured ? unmark(configured) : [nullValue()];
	if ((block.kind === 'tuple' || block.kind === 'list') && block.elements.length > 0) {
		[block] = unmark(block.elements[0]!);
	}

	return block.kind === 'object' ? block.attributes.get('input') ?? nullValue() : nullValue();
}
