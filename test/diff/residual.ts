import test from 'ava';
import {parseExpression} from '../../source/hcl/index.js';
import {residualForm} from '../../source/diff/residual.js';
import {boolValue, unknownValue, type Value} from '../../source/lang/values.js';

/*
The residual form of an argument (source/diff/residual.ts): known conditions choose their branch, unknown ones stay, and what is left prints in the parser's canonical form. `diff` reports an argument unknown on both sides as a possible change only when the residual forms differ.
*/

const conditions: Record<string, Value> = {
	'var.create': boolValue(true),
	'!var.create': boolValue(false),
	'var.later': unknownValue(),
};

function residual(text: string): string {
	const parsed = parseExpression(text);
	if (parsed.diagnostics.length > 0) {
		throw new Error(`cannot parse ${text}`);
	}

	return residualForm(parsed.value, text, condition => conditions[condition] ?? unknownValue());
}

const same: Array<[string, string]> = [
	['var.create ? aws_subnet.a.id : null', 'aws_subnet.a.id'],
	['!var.create ? null : aws_subnet.a.id', 'aws_subnet.a.id'],
	['(var.create ? aws_subnet.a.id : null)', 'aws_subnet.a.id'],
	['{name = "a", id = var.create ? aws_subnet.a.id : null}', '{name = "a", id = aws_subnet.a.id}'],
	['[var.create ? aws_subnet.a.id : "x", 1]', '[aws_subnet.a.id,\n 1]'],
	['lower(var.create ? aws_subnet.a.id : "x")', 'lower( aws_subnet.a.id )'],
	['var.create ? (var.create ? aws_subnet.a.id : null) : null', 'aws_subnet.a.id'],
];

for (const [written, plain] of same) {
	test(`${written} reads what ${plain.replaceAll('\n', ' ')} reads`, t => {
		t.is(residual(written), residual(plain));
	});
}

const different: Array<[string, string, string]> = [
	['var.create ? aws_subnet.b.id : aws_subnet.a.id', 'aws_subnet.a.id', 'the other branch is chosen'],
	['var.later ? aws_subnet.a.id : null', 'aws_subnet.a.id', 'an unknown condition chooses nothing'],
	['{(k) = aws_subnet.a.id}', '{k = aws_subnet.a.id}', 'parentheses make an object key an expression'],
	['[for s in x : var.create ? s : null]', '[for s in x : s]', 'a for expression binds names of its own: its conditions stay'],
];

for (const [written, plain, why] of different) {
	test(`${written} differs from ${plain}: ${why}`, t => {
		t.not(residual(written), residual(plain));
	});
}
