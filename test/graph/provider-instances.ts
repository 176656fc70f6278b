import path from 'node:path';
import test from 'ava';
import {graphOf, instanceEdgesOf} from '../../source/graph/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
OpenTofu's provider for_each (website/docs/language/providers/configuration.mdx, "for_each: Multiple instances of a provider configuration"; internal/tofu/eval_provider.go): each instance of the configuration is a node of the instance graph, and each resource or module instance has its provider edge to the one instance it uses, picked by its own `provider = aws.by_region[each.key]` or by the module call that passed the configuration down.
*/

const directory = path.join('test', 'fixtures', 'configs', 'opentofu');
const aws = 'provider["registry.opentofu.org/hashicorp/aws"].by_region';
const asOpenTofu = loadWorkspace({directory});

const providerTargets = (graph: ReturnType<typeof graphOf>, id: string): string[] => graph.outgoing(id).filter(edge => edge.kind === 'provider').map(edge => edge.target);

test('each provider instance is a node of the instance graph', async t => {
	const graph = graphOf(await asOpenTofu, {instances: true});
	t.true(graph.has(aws));
	t.true(graph.has(`${aws}["ap-northeast-1"]`));
	t.true(graph.has(`${aws}["eu-central-2"]`));
	t.is(graph.node(`${aws}["eu-central-2"]`)!.kind, 'provider');
});

test('a resource instance uses the instance its provider key picks', async t => {
	const graph = graphOf(await asOpenTofu, {instances: true});
	t.deepEqual(providerTargets(graph, 'aws_vpc.private["eu-central-2"]'), [`${aws}["eu-central-2"]`]);
	t.deepEqual(providerTargets(graph, 'aws_vpc.private["ap-northeast-1"]'), [`${aws}["ap-northeast-1"]`]);
});

test('resources in a module instance use the instance its call passes down', async t => {
	const graph = graphOf(await asOpenTofu, {instances: true});
	t.deepEqual(providerTargets(graph, 'module.network["ap-northeast-1"].module.subnets.aws_subnet.this["public"]'), [`${aws}["ap-northeast-1"]`]);
	t.deepEqual(providerTargets(graph, 'module.network["eu-central-2"].module.subnets.aws_subnet.this["private"]'), [`${aws}["eu-central-2"]`]);
});

test('the explorer\'s edges: a resource instance\'s provider instance, and a provider instance\'s users', async t => {
	const workspace = await asOpenTofu;
	const out = instanceEdgesOf(workspace, 'aws_vpc.private["eu-central-2"]')!.filter(edge => edge.kind === 'provider');
	t.deepEqual(out.map(edge => `${edge.direction} ${edge.address}`), [`out ${aws}["eu-central-2"]`]);
	const users = instanceEdgesOf(workspace, `${aws}["eu-central-2"]`)!.filter(edge => edge.direction === 'in').map(edge => edge.address);
	t.true(users.includes('aws_vpc.private["eu-central-2"]'));
	t.false(users.includes('aws_vpc.private["ap-northeast-1"]'));
});

test('Terraform mode: the provider block is one node, with no instances', async t => {
	const graph = graphOf(await loadWorkspace({directory, language: 'terraform'}), {instances: true});
	const terraformAws = aws.replace('registry.opentofu.org', 'registry.terraform.io');
	t.true(graph.has(terraformAws));
	t.false(graph.has(`${terraformAws}["eu-central-2"]`));
});

test('provider nodes are named with OpenTofu\'s registry in OpenTofu mode, Terraform\'s in Terraform mode (internal/addrs/provider.go, DefaultProviderRegistryHost)', async t => {
	const tofu = graphOf(await asOpenTofu);
	t.true(tofu.has('provider["registry.opentofu.org/hashicorp/aws"].by_region'));
	t.false(tofu.has('provider["registry.terraform.io/hashicorp/aws"].by_region'));
	const terraform = graphOf(await loadWorkspace({directory, language: 'terraform'}));
	t.true(terraform.has('provider["registry.terraform.io/hashicorp/aws"].by_region'));
	// terraform_data's built-in provider keeps its own host in both.
	t.is((await asOpenTofu).language.rules.providerRegistry, 'registry.opentofu.org');
});
