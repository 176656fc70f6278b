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

test('blocks every instance shares are shaped once, into the same value, and their problems reported for each instance', t => {
	// Each instance's body puts the shared block values in a list of its own, as evaluateBody does.
	const good = objectValue({size: numberValue(1)});
	const bad = objectValue({size: stringValue('big')});
	const reuse = {shared: new Set<Value>([good, bad]), shaped: new Map()};
	const shapeWith = (disk: Value[], options: {reuse?: typeof reuse}): {value: Value; problems: ShapeProblem[]} => {
		const problems: ShapeProblem[] = [];
		const value = shapeBody(schema, new Map([['disk', tupleValue(disk)]]), {problem: problem => problems.push(problem), unsetBlocksUnknown: true, ...options});
		return {value, problems};
	};

	const first = shapeWith([good], {reuse});
	const second = shapeWith([good], {reuse});
	t.is(formatValue(first.value), formatValue(shapeWith([good], {}).value));
	t.is(first.value.kind === 'object' && first.value.attributes.get('disk'), second.value.kind === 'object' && second.value.attributes.get('disk'));
	t.deepEqual(second.problems, []);

	// Other blocks, even under the same first one, are shaped for themselves.
	t.is(formatValue(shapeWith([good, good], {reuse}).value), formatValue(shapeWith([good, good], {}).value));
	for (let instance = 0; instance < 2; instance++) {
		const failed = shapeWith([bad], {reuse});
		t.is(formatValue(failed.value), formatValue(shapeWith([bad], {}).value));
		t.deepEqual(failed.problems, shapeWith([bad], {}).problems);
		t.is(failed.problems.length, 1);
	}
});
