import path from 'node:path';
import test from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Without a provider schema, what the configuration does not set on a resource is unknown, not absent: the provider may fill it in. No error where Terraform's plan could succeed.
*/

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'schemaless');

const cases: Array<[string, string]> = [
	['azurerm_firewall.fw.id', '(known after apply)'],
	['lookup(azurerm_firewall.fw, "id")', '(known after apply)'],
	['lookup(azurerm_firewall.fw, "id", null)', '(known after apply)'],
	['lookup(azurerm_firewall.fw, "name")', '"fw"'],
	['keys(azurerm_firewall.fw)', '(known after apply)'],
	['values(azurerm_firewall.fw)', '(known after apply)'],
	['merge(azurerm_firewall.fw, {a = 1})', '(known after apply)'],
	['jsonencode({a = azurerm_firewall.fw})', '(known after apply)'],
	['[for k, v in azurerm_firewall.fw : k]', '(known after apply)'],
	['azurerm_firewall.fw["id"]', '(known after apply)'],
	['azurerm_firewall.fw.ip_configuration[0].private_ip_address', '(known after apply)'],
	['lookup(azurerm_firewall.fw.ip_configuration[0], "subnet_id", "x")', '(known after apply)'],
	['google_container_cluster.this.control_plane_endpoints_config[0].dns_endpoint_config', '(known after apply)'],
	['try(google_container_cluster.this.master_auth[0].cluster_ca_certificate, "")', '(known after apply)'],
	['can(google_container_cluster.this.master_auth[0])', '(known after apply)'],
	['google_container_cluster.this.node_pool[*].name', '(known after apply)'],
	['length(google_container_cluster.this.node_pool)', '(known after apply)'],
	['data.azurerm_client_config.current.tenant_id', '(known after apply)'],
	// A name missing from an object the configuration wrote may be a nested attribute the provider computes, at every depth (#38, D).
	['meshstack_tenant.t.metadata.uuid', '(known after apply)'],
	['meshstack_tenant.t.metadata["uuid"]', '(known after apply)'],
	['meshstack_tenant.t.spec[0].inner.missing', '(known after apply)'],
	['meshstack_tenant.t.spec[0].inner.list[0].missing', '(known after apply)'],
	['meshstack_tenant.t.metadata.owned_by_project', '"p"'],
	['keys(meshstack_tenant.t.metadata)', '[\n  "owned_by_project",\n  "owned_by_workspace",\n]'],
];

test('unset attributes and nested blocks are unknown: indexing, lookup, keys, try, can, splats and for give unknown, no error', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	for (const [expression, expected] of cases) {
		const result = workspace.evaluateAt(expression);
		t.deepEqual(result.diagnostics.map(diagnostic => diagnostic.summary), [], expression);
		t.is(formatValue(result.value), expected, expression);
	}
});

test('what the configuration sets is known, and what is certain to fail still fails', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	t.is(formatValue(workspace.evaluateAt('azurerm_firewall.fw.ip_configuration[0].name').value), '"cfg"');
	// One ip_configuration block is written: a second cannot appear.
	t.deepEqual(workspace.evaluateAt('azurerm_firewall.fw.ip_configuration[1]').diagnostics.map(diagnostic => diagnostic.summary), ['Invalid index']);
	t.deepEqual(workspace.diagnostics, []);
});
