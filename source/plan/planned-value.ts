import {convert} from '../lang/convert.js';
import {type Value, typeOf, unknownValue, unmark, withMarks} from '../lang/values.js';

/*
An instance's planned value over the one tfscope computed: the plan's value wins, everywhere. The plan's JSON carries no types (a list and a tuple, a map and an object look alike), so each attribute whose computed value has a type (from the provider's schema or the configuration) is converted to it when it converts, and an attribute the plan says is unknown takes the computed value's type when that is unknown too.
*/

export function overPlanned(computed: Value, planned: Value): Value {
	const [plain, marks] = unmark(planned);
	const [base] = unmark(computed);
	if (plain.kind !== 'object' || base.kind !== 'object') {
		return planned;
	}

	const attributes = new Map<string, Value>();
	for (const [name, value] of plain.attributes) {
		const known = base.attributes.get(name);
		attributes.set(name, known ? typed(known, value) : value);
	}

	return withMarks({kind: 'object', attributes}, marks);
}

function typed(computed: Value, planned: Value): Value {
	const [plain, marks] = unmark(planned);
	const type = typeOf(unmark(computed)[0]);
	if (type.kind === 'dynamic') {
		return planned;
	}

	if (plain.kind === 'unknown') {
		return withMarks(unknownValue(type), marks);
	}

	const converted = convert(planned, type);
	return converted.ok ? converted.value : planned;
}
