import test from 'ava';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {formatTerraformDiagnostic} from '../../source/hcl/format-diagnostic.js';
import {LineIndex} from '../../source/hcl/line-index.js';

const text = 'locals {\n  x = 1 + "a"\n}\n';
const lines = new LineIndex(text);
const subject = {filename: 'main.tf', start: lines.at(text.indexOf('1 +')), end: lines.at(text.indexOf('"a"') + 3)};
const diagnostic: Diagnostic = {
	severity: 'error',
	summary: 'Invalid operand',
	detail: 'Unsuitable value for right operand: a number is required.',
	subject,
	values: [{traversal: 'local.b', statement: 'is 2'}, {traversal: 'local.a', statement: 'is 1'}],
};

test('without sources, the place says the source code is not available (the console\'s own input)', t => {
	t.is(formatTerraformDiagnostic(diagnostic), '\nError: Invalid operand\n\n  on main.tf line 2:\n  (source code not available)\n\nUnsuitable value for right operand: a number is required.\n\n');
});

test('with sources: the source line, the enclosing block, the values sorted under one rule', t => {
	const sources = {text: (filename: string) => (filename === 'main.tf' ? text : undefined), context: () => 'locals'};
	t.is(formatTerraformDiagnostic(diagnostic, {sources}), '\nError: Invalid operand\n\n  on main.tf line 2, in locals:\n   2:   x = 1 + "a"\n    ├────────────────\n    │ local.a is 1\n    │ local.b is 2\n\nUnsuitable value for right operand: a number is required.\n\n');
	const coloured = formatTerraformDiagnostic({...diagnostic, severity: 'warning', values: []}, {sources, color: true, escape: value => value.toUpperCase()});
	t.is(coloured, '\u001B[33m╷\u001B[0m\n\u001B[33m│\u001B[0m \u001B[1m\u001B[33mWarning: \u001B[0m\u001B[1mINVALID OPERAND\u001B[0m\n\u001B[33m│\u001B[0m \n\u001B[33m│\u001B[0m   on MAIN.TF line 2, in LOCALS:\n\u001B[33m│\u001B[0m    2:   X = \u001B[4m1 + "A"\u001B[0m\n\u001B[33m│\u001B[0m \n\u001B[33m│\u001B[0m UNSUITABLE VALUE FOR RIGHT OPERAND: A NUMBER IS REQUIRED.\n\u001B[33m╵\u001B[0m\n');
});
