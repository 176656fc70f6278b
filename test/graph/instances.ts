import test from 'ava';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {dependencies} from '../../source/graph/queries.js';
import {toText} from '../../source/graph/to-text.js';
import {golden, loadGraphWorkspace} from '../helpers/graph-fixtures.js';

const dumpsLikeGolden = test.macro({
	async exec(t, name: string) {
		const text = toText(buildInstanceGraph(await loadGraphWorkspace(name)), {kinds: true});
		t.is(text, golden(`${name}/expected-instances.txt`, text));
	},
	title: (_title, name: string) => `instance graph of ${name}`,
});

test(dumpsLikeGolden, 'basic');
test(dumpsLikeGolden, 'modules');
test(dumpsLikeGolden, 'providers');
test(dumpsLikeGolden, 'ephemeral');

const pointsAt = test.macro({
	async exec(t, fixture: string, source: string, expected: string[]) {
		const graph = buildInstanceGraph(await loadGraphWorkspace(fixture));
		t.deepEqual(dependencies(graph, source).filter(({edge}) => edge.kind !== 'provider').map(({node, edge}) => `${node.id} <- ${edge.origins.map(origin => origin.expression).join(' | ')}`), expected);
	},
	title: (_title, _fixture: string, source: string) => `instance edges of ${source}`,
});

test(pointsAt, 'basic', 'terraform_data.address[2]', ['terraform_data.subnet[2] <- terraform_data.subnet[count.index].output']);
test(pointsAt, 'basic', 'terraform_data.monitor["b"]', [
	'terraform_data.address[0] <- terraform_data.address',
	'terraform_data.address[1] <- terraform_data.address',
	'terraform_data.address[2] <- terraform_data.address',
	'terraform_data.server["b"] <- terraform_data.server | each.value.input',
]);
test(pointsAt, 'basic', 'terraform_data.upper', [
	'terraform_data.address[0] <- terraform_data.address[*].output',
	'terraform_data.address[1] <- terraform_data.address[*].output',
	'terraform_data.address[2] <- terraform_data.address[*].output',
]);
test('instance edges of terraform_data.peering', async t => {
	const graph = buildInstanceGraph(await loadGraphWorkspace('modules'));
	const edges = dependencies(graph, 'terraform_data.peering');
	t.deepEqual(edges.filter(({edge}) => edge.kind === 'reference').map(({node, edge}) => `${node.id} <- ${edge.origins.map(origin => origin.expression).join(' | ')}`), [
		'module.network["eu"].output.subnet_ids <- module.network["eu"].subnet_ids',
		'module.network["us"].output.vpc_id <- module.network["us"].vpc_id',
	]);
	// `depends_on = [module.single]` waits for everything in the module, nested instances included.
	const dependsOn = edges.filter(({edge}) => edge.kind === 'depends-on').map(({node}) => node.id);
	t.true(dependsOn.includes('module.single.terraform_data.vpc'));
	t.true(dependsOn.includes('module.single.module.subnet[1].terraform_data.subnet'));
	t.true(dependsOn.includes('module.single.var.name'));
	t.is(dependsOn.length, 15);
});
test(pointsAt, 'modules', 'module.network["us"].var.cidr', ['local.cidrs <- local.cidrs[each.key]', 'module.network["us"] <- module.network']);
