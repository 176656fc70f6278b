import test from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {listType, mapType, numberType, stringType} from '../../source/lang/types.js';
import {type Value, listValue, numberValue, objectValue, sortedEntries, stringValue, tupleValue} from '../../source/lang/values.js';
import {type ShapeProblem, shapeBody} from '../../source/schema/shape.js';
import type {AttributeSchema, BlockSchema} from '../../source/schema/types.js';

/*
shapeBody reads a body's few values by name when the body is an array-backed map (a resource body, a small object), and goes through every slot of the schema otherwise: both give the same object, with the same problems in the same order.
*/

const inner: BlockSchema = {
	attributes: new Map<string, AttributeSchema>([['size', {type: numberType, optional: true}], ['kind', {type: stringType, computed: true}]]),
	blockTypes: new Map(),
};

// Sixty attributes and a nested block type, as a provider's resource has: most are left unset.
const schema: BlockSchema = {
	attributes: new Map<string, AttributeSchema>([
		...Array.from({length: 60}, (_, index): [string, AttributeSchema] => [`a${String(index).padStart(2, '0')}`, {type: index % 3 === 0 ? numberType : stringType, optional: true, computed: index % 2 === 0, sensitive: index === 7}]),
		['tags', {type: mapType(stringType), optional: true}],
		['names', {type: listType(stringType), optional: true}],
	]),
	blockTypes: new Map([['disk', {mode: 'list', block: inner, minItems: 0, maxItems: 0}]]),
};

function shaped(given: ReadonlyMap<string, Value>): {value: string; problems: ShapeProblem[]} {
	const problems: ShapeProblem[] = [];
	const value = shapeBody(schema, given, {problem: problem => problems.push(problem), unsetBlocksUnknown: true});
	return {value: formatValue(value), problems};
}

const bodies: Array<Array<[string, Value]>> = [
	[['a00', numberValue(1)], ['a05', stringValue('x')], ['tags', objectValue({Name: stringValue('n')})]],
	// Not a number, not a string: each reported, in slot order.
	[['a03', stringValue('not a number')], ['a01', objectValue({})], ['zzz', stringValue('not in the schema')], ['names', listValue(stringType, [stringValue('a')])]],
	[['disk', tupleValue([objectValue({size: numberValue(1)})])], ['a07', stringValue('secret')]],
	[['disk', tupleValue([objectValue({size: numberValue(2)}), objectValue({size: stringValue('big')})])], ['a59', stringValue('last')], ['a10', stringValue('b')]],
	[],
];

test('a body read by name and a body read slot by slot shape alike', t => {
	for (const body of bodies) {
		const sorted = [...body].sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0)));
		const byName = shaped(sortedEntries(sorted.map(([name]) => name), sorted.map(([, value]) => value)));
		const bySlot = shaped(new Map(body));
		t.is(byName.value, bySlot.value);
		t.deepEqual(byName.problems, bySlot.problems);
	}

	t.deepEqual(shaped(new Map(bodies[1])).problems.map(problem => problem.path.join('.')), ['a01', 'a03']);
});
