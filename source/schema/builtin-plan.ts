import {
	type ObjectValue, nullValue, typeOf, unknownValue, unmark,
} from '../lang/values.js';
import {notNullUnknown} from '../lang/refinements.js';
import {stringType} from '../lang/types.js';

/*
What the built-in `terraform` provider plans beyond its schema (internal/builtin/providers/terraform/resource_data.go): a new `terraform_data` gets an unknown `id`, and `output` follows `input`: null with it, else unknown of its type.
*/

export function planBuiltin(type: string, value: ObjectValue): ObjectValue {
	if (type !== 'terraform_data') {
		return value;
	}

	const attributes = new Map(value.attributes);
	const id = attributes.get('id');
	// The provider plans `id` as a string known not to be null (a refined unknown, lang/refinements.ts).
	if (id?.kind === 'unknown') {
		attributes.set('id', notNullUnknown(stringType));
	}

	const input = value.attributes.get('input');
	if (!input || !value.attributes.has('output')) {
		return {...value, attributes};
	}

	const [bare] = unmark(input);
	attributes.set('output', bare.kind === 'null' ? nullValue(bare.type) : unknownValue(typeOf(bare)));
	return {...value, attributes};
}
