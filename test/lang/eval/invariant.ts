import test from 'ava';
import {parseExpression} from '../../../source/hcl/index.js';
import type {Expression} from '../../../source/hcl/ast.js';
import {EvaluationBudget} from '../../../source/lang/budget.js';
import {evaluate} from '../../../source/lang/eval/evaluate.js';
import {type InvariantCache, invariantPoints} from '../../../source/lang/eval/invariant.js';
import {type Scope, createScope, moduleResolver} from '../../../source/lang/eval/scope.js';
import {formatValue} from '../../../source/lang/format-value.js';
import type {FunctionSpec} from '../../../source/lang/function.js';
import {lookupFunction} from '../../../source/lang/functions/index.js';
import {traversalsOf} from '../../../source/lang/references.js';
import {type Value, numberValue, stringValue, tupleValue} from '../../../source/lang/values.js';

/*
The parts of an expression that are the same for every instance of a block (lang/eval/invariant.ts): which they are, that each is evaluated once for all instances when nothing it reads changed, and that the values and diagnostics are those of evaluating without a cache.
*/

const instanceNames: ReadonlySet<string> = new Set(['count', 'each', 'self']);

function parse(source: string): Expression {
	const parsed = parseExpression(source, 'test.tf');
	if (!parsed.value || parsed.diagnostics.length > 0) {
		throw new Error(`parse: ${source}`);
	}

	return parsed.value;
}

/**
A scope for instance `index` of a counted block, with functions that count their calls.
*/
function instanceScope(index: number, variables: ReadonlyMap<string, Value>, calls: Map<string, number>, budget?: EvaluationBudget): Scope {
	const counted = (name: string): FunctionSpec | undefined => {
		const spec = lookupFunction(name);
		if (!spec) {
			return undefined;
		}

		return {
			...spec,
			impl(...parameters: Parameters<FunctionSpec['impl']>) {
				calls.set(name, (calls.get(name) ?? 0) + 1);
				return spec.impl(...parameters);
			},
		};
	};

	return createScope({
		resolveReference: moduleResolver({variables, count: {index: numberValue(index)}}),
		functions: counted,
		functionContext: {baseDirectory: '.', impure: false, ...(budget && {budget})},
	});
}

function pointsOf(source: string): string[] {
	const expression = parse(source);
	const points = invariantPoints(expression, instanceNames, traversalsOf(expression));
	return [...points?.points ?? []].map(node => {
		const {range} = node as {range: {start: {offset: number}; end: {offset: number}}};
		return source.slice(range.start.offset, range.end.offset);
	});
}

test('the largest parts that read no instance name, of kinds worth keeping', t => {
	t.deepEqual(pointsOf('merge(local.tags, {Name = format("%s-%d", var.name, count.index)}, upper(var.x))'), ['upper(var.x)']);
	t.deepEqual(pointsOf('"a ${count.index} %{for z in var.zones}${z} %{endfor}"'), ['%{for z in var.zones}${z} %{endfor}']);
	// References and literals are cheaper to evaluate than to look up.
	t.deepEqual(pointsOf('"${var.name}-${count.index}"'), []);
	// Inside a `for`, names may be bound to something else: nothing is kept there, the `for` whole or nothing.
	t.deepEqual(pointsOf('[for x in var.list : upper(x) if count.index > 0]'), []);
	t.deepEqual(pointsOf('[for x in upper(var.s) : "${x}${count.index}"]'), ['upper(var.s)']);
	t.deepEqual(pointsOf('count.index == 0 ? join(",", var.list) : ""'), ['join(",", var.list)']);
	// A `for` variable named like an instance name hides it.
	t.deepEqual(pointsOf('[count.index, [for each in var.list : each]]'), ['[for each in var.list : each]']);
	t.deepEqual(pointsOf('[each.key, [for k in var.list : each.value]]'), []);
});

test('a part is evaluated once for all instances when its references resolve to the same values, with the values of evaluating without a cache', t => {
	const expression = parse('"${count.index}: %{for z in var.zones}${upper(z)} %{endfor} and ${join("-", var.zones)}"');
	const variables = new Map<string, Value>([['zones', tupleValue([stringValue('a'), stringValue('b')])]]);
	const cache: InvariantCache = {instanceNames, entries: new Map()};
	const calls = new Map<string, number>();
	const plainCalls = new Map<string, number>();
	for (let index = 0; index < 3; index++) {
		const withCache = evaluate(expression, instanceScope(index, variables, calls), undefined, cache);
		const without = evaluate(expression, instanceScope(index, variables, plainCalls));
		t.is(formatValue(withCache.value), formatValue(without.value));
		t.deepEqual(withCache.diagnostics, without.diagnostics);
	}

	t.is(plainCalls.get('upper'), 6);
	t.is(plainCalls.get('join'), 3);
	t.is(calls.get('upper'), 2);
	t.is(calls.get('join'), 1);
});

test('a kept part is evaluated again when something it may read resolves to another value', t => {
	const expression = parse('[count.index, upper(var.name)]');
	const cache: InvariantCache = {instanceNames, entries: new Map()};
	const calls = new Map<string, number>();
	const first = evaluate(expression, instanceScope(0, new Map([['name', stringValue('a')]]), calls), undefined, cache);
	const second = evaluate(expression, instanceScope(1, new Map([['name', stringValue('b')]]), calls), undefined, cache);
	t.is(formatValue(first.value), formatValue(tupleValue([numberValue(0), stringValue('A')])));
	t.is(formatValue(second.value), formatValue(tupleValue([numberValue(1), stringValue('B')])));
	t.is(calls.get('upper'), 2);
	// Equal strings made anew (as `path.module` is at each resolution) count as the same.
	evaluate(expression, instanceScope(2, new Map([['name', stringValue('b')]]), calls), undefined, cache);
	t.is(calls.get('upper'), 2);
});

test('a part with diagnostics is not kept: each instance reports them', t => {
	const expression = parse('[count.index, tonumber(var.name)]');
	const cache: InvariantCache = {instanceNames, entries: new Map()};
	const calls = new Map<string, number>();
	const variables = new Map<string, Value>([['name', stringValue('x')]]);
	for (let index = 0; index < 2; index++) {
		const result = evaluate(expression, instanceScope(index, variables, calls), undefined, cache);
		t.is(result.diagnostics.length, 1);
	}

	t.is(cache.entries.size, 0);
});

test('a part that builds a value the budget counts is not kept, and nothing is kept once the budget is spent', t => {
	const expression = parse('[count.index, length(range(2000))]');
	const cache: InvariantCache = {instanceNames, entries: new Map()};
	const budget = new EvaluationBudget();
	const calls = new Map<string, number>();
	for (let index = 0; index < 2; index++) {
		evaluate(expression, instanceScope(index, new Map(), calls, budget), undefined, cache);
	}

	t.is(calls.get('range'), 2);
	t.is(cache.entries.size, 0);
	budget.spent = true;
	const small = parse('[count.index, upper("a")]');
	evaluate(small, instanceScope(0, new Map(), calls, budget), undefined, cache);
	t.is(cache.entries.size, 0);
});
