import path from 'node:path';
import test from 'ava';
import {countInstances, describeCounts} from '../../source/expand/counts.js';
import {causeAddress} from '../../source/expand/unknown-causes.js';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {dependencies} from '../../source/graph/queries.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Placeholder expansion: a block whose count/for_each is not known keeps one instance `[*]`, evaluated with count.index/each unknown; everything downstream still exists; the causes are the data source or resource attributes at the root of the chain, one each.
*/

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'placeholders');

test('unknown count and for_each keep one placeholder instance each; known keys with unknown values expand to those keys', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	t.deepEqual([...workspace.instances.resourceInstances.keys()], [
		'aws_eip.by_zone["a"]',
		'aws_eip.by_zone["b"]',
		'aws_route_table_association.public[*]',
		'aws_security_group.per_association[*]',
		'aws_subnet.public[*]',
		'aws_vpc.this',
		'data.aws_availability_zones.available',
		'module.net[*].aws_subnet.this[0]',
		'module.net[*].aws_subnet.this[1]',
	]);
	t.deepEqual([...workspace.instances.moduleInstances.keys()], ['', 'module.net[*]']);
	t.is(describeCounts(countInstances(workspace.instances)), '4 resource instances known, 3 blocks open-ended ([*]) (and 2 in placeholder module instances)');
});

test('a placeholder is evaluated with count.index and each unknown, each.value keeping its type; the block is an unknown collection, not an error', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	const value = (expression: string, address?: string): string => {
		const result = workspace.evaluateAt(expression, address);
		t.deepEqual(result.diagnostics, [], expression);
		return formatValue(result.value);
	};

	t.is(value('aws_subnet.public'), '(known after apply)');
	t.is(value('aws_subnet.public[0].id'), '(known after apply)');
	t.is(value('aws_subnet.public[*].id'), '(known after apply)');
	t.is(value('length(aws_subnet.public)'), '(known after apply)');
	t.is(value('module.net'), '(known after apply)');
	t.is(value('output.subnet_ids'), '(known after apply)');
	t.is(value('count.index', 'aws_subnet.public[*]'), '(known after apply)');
	t.is(value('self.tags', 'aws_subnet.public[*]'), '{\n  "Name" = (known after apply)\n  "Tier" = "public"\n}');
	t.is(value('self.cidr_block', 'aws_subnet.public[*]'), '(known after apply)');
	t.is(value('aws_eip.by_zone["b"].tags', ''), '{\n  "vpc" = (known after apply)\n  "zone" = "b"\n}');
	// each.key of a placeholder module is an unknown string: the module's string variable converts it.
	t.is(value('var.zone', 'module.net[*]'), '(known after apply)');
	t.is(value('self.cidr_block', 'module.net[*].aws_subnet.this[1]'), '"10.1.1.0/24"');
});

test('one cause per root: the data source attribute (read at plan) and the resource attribute (known after apply), each with the blocks it leaves open-ended', async t => {
	const workspace = await loadWorkspace({directory, bundledSchemas: false});
	t.deepEqual(workspace.instances.unknownCauses.map(report => `${report.cause.when} ${causeAddress(report.cause)} ${path.basename(report.cause.range!.filename)}:${report.cause.range!.start.line}: ${report.blocks.join(', ')}`), [
		'plan data.aws_availability_zones.available.names main.tf:2: aws_subnet.public, aws_route_table_association.public, module.net',
		'apply aws_vpc.this.ipv6_association_id main.tf:8: aws_security_group.per_association',
	]);
	// Only the cause Terraform's plan would stop on is a warning; the data source is a note in check.
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.severity}: ${diagnostic.summary}`), ['warning: Instances known after apply']);
});

test('the instance graph has the placeholders and their edges', async t => {
	const graph = buildInstanceGraph(await loadWorkspace({directory, bundledSchemas: false}));
	t.deepEqual(dependencies(graph, 'aws_route_table_association.public[*]').filter(({edge}) => edge.kind !== 'provider').map(({node}) => node.id), ['aws_subnet.public[*]']);
	t.deepEqual(dependencies(graph, 'module.net[*].var.zone').filter(({edge}) => edge.kind !== 'provider').map(({node}) => node.id), ['module.net[*]']);
});
