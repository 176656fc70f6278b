import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';
import {formatValue} from '../../source/lang/format-value.js';

async function consoleValues(directory: string, expressions: string[]): Promise<{values: string[]; diagnostics: string[]}> {
	const workspace = await loadWorkspace({directory});
	const values = expressions.map(expression => {
		const {value} = workspace.evaluateAt(expression);
		return value === undefined ? '(error)' : formatValue(value);
	});
	const diagnostics = workspace.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line ?? 0}: ${diagnostic.summary}`);
	return {values, diagnostics};
}

test('in JSON syntax a type constraint is a string holding the type expression', async t => {
	const {values, diagnostics} = await consoleValues('test/fixtures/configs/json-variable-types', ['var.n', 'var.l', '[for o in var.objs : o.port]']);
	// What terraform console prints for the same configuration.
	t.deepEqual(values, ['5', 'tolist([\n  "a",\n])', '[\n  80,\n]']);
	t.deepEqual(diagnostics, ['6: Invalid type specification']);
});

test('a quoted type constraint in native syntax is the pre-0.12 form Terraform refuses', async t => {
	const workspace = await loadWorkspace({directory: 'test/fixtures/configs/quoted-variable-types'});
	t.deepEqual(workspace.diagnostics.map(diagnostic => [diagnostic.subject?.start.line, diagnostic.summary, diagnostic.detail]), [
		[3, 'Invalid quoted type constraints', 'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around "list" and write list(string) instead to explicitly indicate that the list elements are strings.'],
		[8, 'Invalid quoted type constraints', 'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around "string".'],
	]);
});
