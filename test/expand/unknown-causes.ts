import path from 'node:path';
import test from 'ava';
import {causeAddress} from '../../source/expand/unknown-causes.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The walk from an unknown for_each to its root causes goes through module outputs (the whole module object as `values(module.x)` reads it, and one instance's output), into the child's output expression and back out through its inputs; through a nested block the provider does not compute (a `dynamic` block's for_each); and through `each.value` of a known instance to the block's own for_each. Each leads to the data source read at plan, not to "known after apply" or "no reference explains it".
*/

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'unknown-causes');

test('causes are found through module outputs, nested dynamic blocks and each.value; only the computed id is known after apply', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	t.deepEqual(workspace.instances.unknownCauses.map(report => `${report.cause.when} ${causeAddress(report.cause)}: ${report.blocks.join(', ')}`), [
		// values(module.archetypes) follows the configuration output of both instances; module.archetypes["corp"] only the corp one (the online instance's suffix is the region).
		'plan data.test_client.current.tenant_id: test_assignment.all, test_assignment.corp',
		'plan data.test_client.current.region: test_assignment.all',
		// identity is a dynamic block whose for_each is the data source's, not a computed attribute.
		'plan data.test_client.current.managed: test_role.by_identity',
		// name = each.value: unknown through the for_each of test_named.this.
		'plan data.test_client.current.object_id: test_role.by_name',
		'apply test_named.this["a"].id: test_role.after_apply',
	]);
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.severity}: ${diagnostic.summary}`), ['warning: Instances known after apply']);
});

test('a for_each needs only its keys known: a value read only by the instances (through for expressions and flatten), or by a try() argument that fails, is no cause', async t => {
	// Every for_each is unknown at plan through data.test_zone.this; the alias names are known only after apply, and only by_alias keys its instances by one (terraform-aws-cloudfront examples/mtls through terraform-aws-route53 modules/records).
	const workspace = await loadWorkspace({directory: path.join(directory, '..', 'unknown-causes-keys'), bundledSchemas: false});
	t.deepEqual(workspace.instances.unknownCauses.map(report => `${report.cause.when} ${causeAddress(report.cause)}: ${report.blocks.join(', ')}`), [
		'plan data.test_zone.this.id: test_record.keyed, test_record.by_try, test_record.by_alias, module.records.test_record.this',
		'apply test_distribution.this.domain_name: test_record.by_alias',
		// Keys counted from a list of subnets (read at plan) through flatten of nested for expressions; the security groups are only in the values.
		'plan data.test_subnets.this.ids: test_association.this',
	]);
});
