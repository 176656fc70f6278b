import test from 'ava';
import {loadModuleTree} from '../../source/config/load-module-tree.js';

test('a quoted depends_on reference is read as the reference at its place in the file, with the deprecation warning', t => {
	const tree = loadModuleTree('test/fixtures/configs/quoted-references');
	const [reference] = tree.root.module.moduleCalls.get('m')!.dependsOn;
	t.is(reference?.kind, 'GetAttribute');
	// Inside the quotes of `depends_on = ["terraform_data.x"]` on line 6.
	t.deepEqual([reference?.range.start.line, reference?.range.start.column, reference?.range.end.column], [6, 18, 34]);
	t.deepEqual(tree.diagnostics.map(diagnostic => [diagnostic.severity, diagnostic.summary, diagnostic.subject?.start.line]), [
		['warning', 'Quoted references are deprecated', 6],
		['warning', 'Quoted references are deprecated', 10],
		['error', 'Invalid replace_triggered_by expression', 12],
	]);
});

test('in JSON syntax reference strings give no warning', t => {
	const tree = loadModuleTree('test/fixtures/configs/json-references');
	t.deepEqual(tree.diagnostics, []);
	const y = tree.root.module.resources.get('terraform_data.y')!;
	t.is(y.dependsOn[0]?.kind, 'GetAttribute');
	t.is(tree.root.module.resources.get('terraform_data.r')!.lifecycle.replaceTriggeredBy[0]?.kind, 'GetAttribute');
});
