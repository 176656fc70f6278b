import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {consoleOutput} from '../../source/lang/console.js';
import {localStateFile, readRemoteState, stateOutputs} from '../../source/schema/remote-state.js';
import {
	type ObjectValue, type Value, isWhollyKnown, nullValue, objectValue, stringValue, unknownValue,
} from '../../source/lang/values.js';
import {stringType} from '../../source/lang/types.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
`terraform_remote_state` with the local backend against `terraform console -plan` (1.11): test/fixtures/console/remote-state/main.tf reads two state files that `regenerate.ts --remote-state` wrote by applying producer/main.tf, and the expressions of remote-state-expressions.txt are its goldens: outputs typed as the state records them, `defaults` under them, a sensitive output not sensitive (the data source returns bare values), a workspace's state under `workspace_dir`.
*/

type ConsoleCase = {expression: string; stdout: string; stderr: string; exitCode: number};

const fixtures = path.join('test', 'fixtures', 'console');
const cases = JSON.parse(fs.readFileSync(path.join(fixtures, 'remote-state-cases.json'), 'utf8')) as ConsoleCase[];
const workspace = loadWorkspace({directory: path.join(fixtures, 'remote-state'), environment: {}});

for (const golden of cases) {
	test(`terraform console -plan: ${golden.expression}`, async t => {
		const {value: scope} = (await workspace).scopeAt();
		const output = consoleOutput(golden.expression, scope!);
		t.is(output.stdout + output.stderr, golden.stdout + golden.stderr);
	});
}

test('the configuration reading the states loads without problems or placeholders', async t => {
	const loaded = await workspace;
	t.deepEqual(loaded.diagnostics.filter(diagnostic => diagnostic.severity === 'error' || diagnostic.severity === 'warning'), []);
	t.deepEqual(loaded.instances.unknownCauses, []);
	t.deepEqual([...loaded.instances.resourceInstances.keys()].filter(address => address.startsWith('terraform_data')).sort(), ['terraform_data.subnet[0]', 'terraform_data.subnet[1]']);
});

const remoteState = (attributes: Record<string, Value>): ObjectValue => objectValue({
	backend: stringValue('local'), config: nullValue(), defaults: nullValue(), outputs: unknownValue(), workspace: nullValue(stringType), ...attributes,
});

test('the local backend\'s state file: path for the default workspace, workspace_dir/NAME/terraform.tfstate otherwise, relative to the root directory', t => {
	const root = '/work/root';
	t.is(localStateFile(remoteState({config: objectValue({})}), root), '/work/root/terraform.tfstate');
	t.is(localStateFile(remoteState({config: objectValue({path: stringValue('../net/x.tfstate')})}), root), '/work/net/x.tfstate');
	t.is(localStateFile(remoteState({config: objectValue({path: stringValue('x.tfstate')}), workspace: stringValue('default')}), root), '/work/root/x.tfstate');
	// Terraform's StatePaths: the path applies only to the default workspace.
	t.is(localStateFile(remoteState({config: objectValue({path: stringValue('x.tfstate')}), workspace: stringValue('dev')}), root), '/work/root/terraform.tfstate.d/dev/terraform.tfstate');
	t.is(localStateFile(remoteState({config: objectValue({workspace_dir: stringValue('/states')}), workspace: stringValue('dev')}), root), '/states/dev/terraform.tfstate');
	t.is(localStateFile(remoteState({backend: stringValue('_local'), config: objectValue({})}), root), '/work/root/terraform.tfstate');
	// Not read: another backend, a configuration not known.
	t.is(localStateFile(remoteState({backend: stringValue('s3'), config: objectValue({})}), root), undefined);
	t.is(localStateFile(remoteState({config: objectValue({path: unknownValue()})}), root), undefined);
	t.is(localStateFile(remoteState({backend: unknownValue()}), root), undefined);
});

test('outputs stay unknown when the file is missing, unreadable or not a version 4 state, or defaults are not known', t => {
	const value = remoteState({config: objectValue({})});
	t.is(readRemoteState(value, '/r', () => ({ok: false})).kind, 'not-read');
	t.like(readRemoteState(value, '/r', () => ({ok: true, text: '{'})), {kind: 'not-read'});
	t.like(readRemoteState(value, '/r', () => ({ok: true, text: '{"version": 3}'})), {kind: 'not-read', problem: 'it has state format version 3; only version 4 is read'});
	t.is(readRemoteState(remoteState({config: objectValue({}), defaults: objectValue({a: unknownValue()})}), '/r', () => ({ok: true, text: '{"version": 4}'})).kind, 'not-read');
	const read = readRemoteState(value, '/r', () => ({ok: true, text: '{"version": 4, "outputs": {"a": {"value": [1], "type": ["list", "number"]}}}'}));
	t.is(read.kind, 'read');
	t.true(read.kind === 'read' && isWhollyKnown(read.value));
});

test('a state file\'s outputs are typed as recorded', t => {
	const parsed = stateOutputs('{"version": 4, "outputs": {"s": {"value": ["a"], "type": ["set", "string"]}, "m": {"value": {"k": 1}, "type": ["map", "number"]}, "odd": {"value": 1}}}');
	t.true(parsed.ok);
	if (parsed.ok) {
		t.deepEqual([...parsed.outputs.keys()], ['s', 'm', 'odd']);
		t.is(parsed.outputs.get('s')!.kind, 'set');
		t.is(parsed.outputs.get('m')!.kind, 'map');
		t.is(parsed.outputs.get('odd')!.kind, 'number');
	}
});

test('a missing state file leaves the outputs unknown, the rest loads', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-remote-'));
	try {
		fs.writeFileSync(path.join(directory, 'main.tf'), 'data "terraform_remote_state" "x" {\n  backend = "local"\n  config = { path = "nope.tfstate" }\n}\n');
		const loaded = await loadWorkspace({directory, environment: {}});
		const {value: scope} = loaded.scopeAt();
		t.is(consoleOutput('data.terraform_remote_state.x.outputs', scope!).stdout, '(known after apply)\n');
		t.deepEqual(loaded.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});
