import path from 'node:path';
import test from 'ava';
import {countInstances} from '../../source/expand/counts.js';
import {formatDiagnosticLine} from '../../source/hcl/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The committed subset of the real-world sweep (bench/sweep.ts runs it over whole repositories): trimmed copies of public module examples in test/fixtures/real-world (extract.sh, SOURCES.md), loaded as a new user would, without state and with the bundled provider schemas. Each stays whole: no error Terraform would not report, no block left without an instance or placeholder (no failed expansion, every module source found), and the instance counts the sweep reports.
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'real-world');

type Expected = {
	readonly example: string;
	readonly known: number;
	readonly openEnded: number;
	/** Errors that remain, each with why it is not a false alarm of tfscope's own (empty for most). */
	readonly errors: readonly string[];
	/** Warnings (file:line: summary), each judged against what Terraform would say. */
	readonly warnings?: readonly string[];
	readonly assume?: {readonly text: string; readonly known: number; readonly openEnded: number};
};

const examples: readonly Expected[] = [
	{
		example: 'terraform-aws-vpc/examples/complete',
		known: 28,
		// 49 before `&&` short-circuited: `local.create_public_subnets && var.public_dedicated_network_acl ? 1 : 0` is 0 with the flag false, though the zones are unknown.
		openEnded: 19,
		errors: [],
		// The "done when": the zones assumed, the subnets, route tables and NAT gateways are real instances.
		assume: {text: 'data.aws_availability_zones.available.names = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]', known: 71, openEnded: 0},
	},
	{example: 'terraform-aws-eks/examples/karpenter', known: 94, openEnded: 13, errors: []},
	{example: 'terraform-google-kubernetes-engine/examples/simple_regional_private', known: 8, openEnded: 0, errors: []},
	{
		example: 'terraform-azurerm-aks/examples/multiple_node_pools',
		known: 30,
		openEnded: 0,
		// main.tf:563's node_provisioning_profile block came in azurerm 4.57.0; the bundled digest (4.73.0) has it, so no warning.
		errors: [],
		warnings: [],
	},
	{
		// Azure/terraform-azurerm-caf-enterprise-scale, with its archetype library (JSON read through fileset and templatefile).
		example: 'terraform-azurerm-caf-enterprise-scale/examples/400-multi-with-orchestration',
		known: 367,
		openEnded: 27,
		errors: [],
		// No warning: the role assignments' for_each is open-ended because of data.azurerm_client_config (read at plan), which the cause walk reaches through values(module.management_group_archetypes), the archetype module's outputs, its inputs, and the policy assignments' dynamic identity block; Terraform plans it.
		warnings: [],
	},
];

for (const expected of examples) {
	test(`${expected.example}: instances and placeholders as the sweep counts them, no unexpected error`, async t => {
		const directory = path.join(fixtures, expected.example);
		const workspace = await loadWorkspace({directory, environment: {}});
		const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => formatDiagnosticLine(diagnostic));
		t.deepEqual(errors.map(line => /([\w.-]+\.tf:\d+:)/.exec(line)?.[1] ?? line).sort(), [...expected.errors].sort(), errors.join('\n'));
		const warnings = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'warning').map(diagnostic => `${/([\w.-]+\.tf:\d+):/.exec(formatDiagnosticLine(diagnostic))?.[1] ?? ''}: ${diagnostic.summary}`);
		t.deepEqual(warnings.sort(), [...expected.warnings ?? []].sort());
		const counts = countInstances(workspace.instances);
		t.deepEqual({known: counts.known, openEnded: counts.openEnded}, {known: expected.known, openEnded: expected.openEnded});
		const failed = [...workspace.instances.resources.values()].filter(resource => resource.expansion.mode === 'invalid').map(resource => resource.text);
		t.deepEqual(failed, []);
		const unresolved = [...workspace.instances.moduleInstances.values()].flatMap(instance => instance.calls).filter(call => call.node.source.kind === 'unresolved').map(call => call.call.name);
		t.deepEqual(unresolved, []);
		if (expected.assume) {
			const assumed = await workspace.withAssumptions([{kind: 'text', text: expected.assume.text}]);
			const assumedCounts = countInstances(assumed.instances);
			t.deepEqual({known: assumedCounts.known, openEnded: assumedCounts.openEnded}, {known: expected.assume.known, openEnded: expected.assume.openEnded});
			t.deepEqual(assumed.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => formatDiagnosticLine(diagnostic)), []);
			t.true(['aws_subnet.public[2]', 'aws_subnet.database[2]', 'aws_route_table.private[0]', 'aws_nat_gateway.this[0]'].every(address => assumed.instances.resourceInstances.has(`module.vpc.${address}`)));
		}
	});
}
