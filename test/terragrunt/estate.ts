import path from 'node:path';
import test from 'ava';
import {openEstate} from '../../source/terragrunt/estate.js';
import {fixtures, show, writeTree} from '../helpers/terragrunt.js';

/*
The estate: discovery, the unit graph and its cycles, module sources (local, --source-map, .terragrunt-cache, not available), dependency outputs in three tiers (static, mock, unknown), inputs below the module's tfvars.
*/

const live = path.join(fixtures, 'estate', 'live');

test('discovery finds every terragrunt.hcl, skipping hidden directories and .terragrunt-cache', t => {
	const root = writeTree({
		'a/terragrunt.hcl': '',
		'b/c/terragrunt.hcl': '',
		'b/c/.terragrunt-cache/x/y/terragrunt.hcl': '',
		'.hidden/terragrunt.hcl': '',
		'root.hcl': '',
	});
	t.deepEqual(openEstate({root}).units.map(unit => unit.path), ['a', 'b/c']);
});

test('the live fixture: units, their modules and dependencies', t => {
	const estate = openEstate({root: live});
	t.deepEqual(estate.units.map(unit => unit.path), ['prod/eu-west-1/app', 'prod/eu-west-1/db', 'prod/eu-west-1/vpc']);
	const graph = estate.graph();
	t.deepEqual(graph.edges.map(edge => `${edge.from.path} -> ${edge.to?.path} (${edge.name})`), ['prod/eu-west-1/app -> prod/eu-west-1/vpc (vpc)', 'prod/eu-west-1/app -> prod/eu-west-1/db (db)']);
	t.deepEqual(graph.cycles, []);
	t.deepEqual(estate.units.map(unit => estate.shallow(unit).module.kind), ['local', 'unavailable', 'local']);
});

test('dependency outputs in three tiers: static where the target decides it, mock where Terragrunt would mock, unknown otherwise', async t => {
	const estate = openEstate({root: live});
	const app = estate.units.find(unit => unit.path === 'prod/eu-west-1/app')!;
	const {evaluation, workspace} = await estate.open(app);
	const reads = (name: string) => evaluation.inputs.get(name)!.dependencyReads.map(read => `${read.dependency}.${read.output}: ${read.tier}`);
	// vpc's cidr output is var.cidr, given by its inputs: known statically.
	t.deepEqual(reads('cidr'), ['vpc.cidr: static']);
	t.is(show(workspace.instances.root.variable('cidr')), '"10.0.0.0/16"');
	// vpc_id is terraform_data.vpc.id, known after apply: the mock.
	t.deepEqual(reads('vpc_id'), ['vpc.vpc_id: mock']);
	t.is(show(workspace.instances.root.variable('vpc_id')), '"vpc-mock"');
	// db's module is not available: its outputs are not known, the mock (allowed for plan) is used.
	t.deepEqual(reads('db_endpoint'), ['db.endpoint: mock']);
	t.is(workspace.rootVariables.get('vpc_id')?.source, 'inputs of prod/eu-west-1/app/terragrunt.hcl (dependency.vpc.outputs.vpc_id: mock)');
	// Inputs reach resources.
	t.deepEqual([...workspace.instances.resourceInstances.keys()], ['terraform_data.server[0]', 'terraform_data.server[1]']);
});

test('--source-map makes a remote source local, and its outputs then flow statically', async t => {
	const estate = openEstate({root: live, sourceMappings: [{from: 'git::https://example.com/acme/modules.git', to: path.join(fixtures, 'estate', 'modules')}]});
	const app = estate.units.find(unit => unit.path === 'prod/eu-west-1/app')!;
	const {evaluation, workspace} = await estate.open(app);
	t.deepEqual(evaluation.inputs.get('db_endpoint')!.dependencyReads.map(read => read.tier), ['static']);
	t.is(show(workspace.instances.root.variable('db_endpoint')), '"db-20.internal"');
});

test('without mock_outputs (or with mocks not allowed for plan) an unknown output stays unknown: needs terragrunt output', async t => {
	const root = writeTree({
		'vpc/terragrunt.hcl': '',
		'vpc/main.tf': 'resource "terraform_data" "x" {}\noutput "id" {\n  value = terraform_data.x.id\n}\n',
		'app/main.tf': 'variable "a" {}\nvariable "b" {}\n',
		'app/terragrunt.hcl': 'dependency "vpc" {\n  config_path = "../vpc"\n}\ndependency "vpc2" {\n  config_path = "../vpc"\n  mock_outputs = { id = "m" }\n  mock_outputs_allowed_terraform_commands = ["validate"]\n}\ninputs = {\n  a = dependency.vpc.outputs.id\n  b = dependency.vpc2.outputs.id\n}\n',
	});
	const estate = openEstate({root});
	const {evaluation} = await estate.open(estate.units.find(unit => unit.path === 'app')!);
	t.deepEqual([...evaluation.inputs.values()].map(input => input.dependencyReads.map(read => read.tier)), [['unknown'], ['unknown']]);
	t.is(show(evaluation.inputs.get('a')?.value), '(known after apply)');
});

test('dependencies { paths } orders only; a cycle of units is an error', async t => {
	const root = writeTree({
		'a/terragrunt.hcl': 'dependency "b" {\n  config_path = "../b"\n  mock_outputs = { x = 1 }\n}\n',
		'b/terragrunt.hcl': 'dependency "a" {\n  config_path = "../a"\n  mock_outputs = { x = 1 }\n}\n',
		'c/terragrunt.hcl': 'dependencies {\n  paths = ["../a"]\n}\n',
	});
	const estate = openEstate({root});
	const graph = estate.graph();
	t.deepEqual(graph.cycles.map(cycle => cycle.map(unit => unit.path)), [['a', 'b']]);
	t.is(graph.diagnostics[0]?.detail, 'Terragrunt refuses to run units that depend on each other in a cycle: a -> b -> a.');
	t.true(graph.edges.some(edge => edge.from.path === 'c' && edge.kind === 'dependencies' && edge.to?.path === 'a'));
	// Opening a unit on the cycle ends: the output read along it is its mock, and the cycle is reported.
	const {evaluation} = await estate.open(estate.units[0]!);
	t.true(evaluation.diagnostics.some(diagnostic => diagnostic.summary === 'Dependency cycle'));
});

test('a remote source found in .terragrunt-cache is read there; inputs come below the module\'s own tfvars', async t => {
	const root = writeTree({
		'unit/terragrunt.hcl': 'terraform {\n  source = "git::https://example.com/m.git//mod?ref=v1"\n}\ninputs = {\n  size = 1\n  name = "from-inputs"\n}\n',
		'unit/.terragrunt-cache/abc/def/mod/main.tf': 'variable "size" {}\nvariable "name" {}\n',
		'unit/.terragrunt-cache/abc/def/mod/terraform.tfvars': 'name = "from-tfvars"\n',
	});
	const estate = openEstate({root});
	const {evaluation, workspace} = await estate.open(estate.units[0]!);
	t.is(evaluation.module.kind, 'cache');
	t.is(show(workspace.instances.root.variable('size')), '1');
	// Terragrunt passes inputs as TF_VAR_ variables, which a terraform.tfvars overrides.
	t.is(show(workspace.instances.root.variable('name')), '"from-tfvars"');
});

test('a source that is not available is named as such', async t => {
	const estate = openEstate({root: live});
	const db = estate.units.find(unit => unit.path === 'prod/eu-west-1/db')!;
	const {workspace} = await estate.open(db);
	const problem = workspace.diagnostics.find(diagnostic => diagnostic.summary === 'Module source not available');
	t.regex(problem?.detail ?? '', /is not available here: it is remote, not downloaded in \.terragrunt-cache, and no --source-map names it/);
	t.is(problem?.subject?.start.line, 6);
});
