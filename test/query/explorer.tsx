import path from 'node:path';
import test from 'ava';
import {Explorer} from '../../source/ui/app.js';
import {defaultFormatting} from '../../source/ui/data/formatting.js';
import {createWorkspaceData} from '../../source/ui/data/workspace-data.js';
import {loadWorkspace} from '../../source/workspace.js';
import {renderFrames} from '../helpers/render.js';

/*
The explorer shows query files' list blocks as blocks of the root module: a group of their own in Blocks, their instances when unfolded, Details with the provider, config, include_resource and limit of an instance. Fixture: test/fixtures/query/basic.
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'query', 'basic');

async function data() {
	return createWorkspaceData(await loadWorkspace({directory: fixture, environment: {}}), defaultFormatting());
}

test('list blocks are the root module\'s blocks of kind list, with their instances', async t => {
	const explorer = await data();
	const lists = explorer.blocks('').filter(entry => entry.kind === 'list');
	t.deepEqual(lists.map(entry => `${entry.label} ${entry.mode} ${entry.instances.join(' ')}`), [
		'list.aws_instance.by_count count list.aws_instance.by_count[0] list.aws_instance.by_count[1]',
		'list.aws_instance.by_region for_each list.aws_instance.by_region["eu-west-1"] list.aws_instance.by_region["us-east-1"]',
		'list.aws_s3_bucket.all single ',
		'list.aws_instance.from_results unknown list.aws_instance.from_results[*]',
	]);
});

test('Details of a list instance: its key, provider, config, include_resource and limit', async t => {
	const explorer = await data();
	const details = explorer.details('list.aws_instance.by_region["us-east-1"]')!;
	t.is(details.kind, 'list');
	t.deepEqual(details.location, {filename: path.join(fixture, 'main.tfquery.hcl'), line: 30});
	t.like(details.instance, {index: 1, total: 2, bindings: [{name: 'each.key', value: '"us-east-1"'}, {name: 'each.value', value: '"us-east-1"'}]});
	t.like(details.expansion, {mode: 'for_each', meta: 'for_each', source: 'toset(var.regions)'});
	t.deepEqual(details.attributes.map(row => `${row.name} = ${row.value}`), [
		'provider = aws.west',
		'config = {\n  "region" = "us-east-1"\n}',
		'include_resource = true',
		'limit = 100',
	]);
	const single = explorer.details('list.aws_s3_bucket.all')!;
	t.deepEqual(single.attributes.map(row => `${row.name} = ${row.value}`), ['provider = aws', 'config = null', 'include_resource = false', 'limit = 100']);
});

test.serial('the Blocks pane shows them under a heading of their own', async t => {
	const app = await renderFrames(<Explorer data={await data()} columns={120} rows={40} color={false}/>);
	try {
		await app.waitFor('List blocks (query)');
		t.regex(app.frame(), /list\.aws_instance\.by_count/);
	} finally {
		await app.unmount();
	}
});

const schemaFixture = path.join(import.meta.dirname, '..', 'fixtures', 'query', 'provider-schema');

test.serial('the provider-side checks of validate -query are diagnostics like any other: rows, and the diagnostics view with the source', async t => {
	const explorer = createWorkspaceData(await loadWorkspace({directory: schemaFixture, environment: {}}), defaultFormatting());
	t.deepEqual(explorer.diagnostics().map(row => `${row.severity} ${row.where} ${row.summary}`), [
		'error main.tfquery.hcl:24:6 Invalid list resource',
		'error main.tfquery.hcl:32:39 Missing config block',
		'error main.tfquery.hcl:41:5 Unsupported argument',
		'error main.tfquery.hcl:42:20 Incorrect attribute value type',
		'error main.tfquery.hcl:43:9 Missing required argument',
		'error main.tfquery.hcl:57:6 Invalid list resource',
	]);
	const app = await renderFrames(<Explorer data={explorer} columns={100} rows={30} color={false}/>);
	try {
		await app.waitFor('List blocks (query)');
		await app.press('show-diagnostics');
		const frame = await app.waitFor(/main\.tfquery\.hcl:24:6 +Invalid list resource/);
		t.regex(frame, /The provider hashicorp\/test does not support list resource "test_database"\./);
		t.regex(frame, /24 │ list "test_database" "unsupported" \{.*\n.*│ {6}\^/);
	} finally {
		await app.unmount();
	}
});
