import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {type Action, type WorkspaceDiff, diffWorkspaces} from '../../source/diff/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Each case in test/fixtures/diff has an old/ and a new/ configuration and expected-plan.json: the resource_changes of `terraform plan` of new/ against the state `terraform apply` made of old/ (regenerate.sh). tfscope's diff must give the same instances, previous addresses, actions and imports.
*/

const casesDirectory = path.join(import.meta.dirname, '..', 'fixtures', 'diff');
const cases = fs.readdirSync(casesDirectory).filter(name => fs.existsSync(path.join(casesDirectory, name, 'expected-plan.json'))).sort();

type PlannedChange = {address: string; previous_address?: string; actions: string[]; importing?: {id: string}};

const terraformActions: Record<Action, string[]> = {
	create: ['create'], delete: ['delete'], update: ['update'], replace: ['delete', 'create'], 'no-op': ['no-op'], forget: ['forget'],
};

/**
The diff in the plan's shape. An imported object's action depends on what the provider reads back, which tfscope cannot know: only the import itself is compared.
*/
function asPlan(diff: WorkspaceDiff): PlannedChange[] {
	const changes: PlannedChange[] = [
		...diff.changes.map(change => ({
			address: change.address,
			...(change.previousAddress && {previous_address: change.previousAddress}),
			actions: change.importing ? ['(import)'] : terraformActions[change.action],
			...(change.importing && {importing: {id: change.importing.id ?? '(unknown)'}}),
		})),
		...diff.unchanged.map(address => ({address, actions: ['no-op']})),
	];
	return changes.sort((a, b) => (a.address < b.address ? -1 : (a.address > b.address ? 1 : 0)));
}

test('there are golden cases', t => {
	t.true(cases.length >= 14);
});

for (const name of cases) {
	test(`${name}: the diff equals terraform plan's resource changes`, async t => {
		const directory = path.join(casesDirectory, name);
		const [from, to] = await Promise.all([loadWorkspace({directory: path.join(directory, 'old')}), loadWorkspace({directory: path.join(directory, 'new')})]);
		t.deepEqual(from.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
		t.deepEqual(to.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
		const expected = (JSON.parse(fs.readFileSync(path.join(directory, 'expected-plan.json'), 'utf8')) as PlannedChange[])
			.map(change => change.importing ? {...change, actions: ['(import)']} : change);
		t.deepEqual(asPlan(diffWorkspaces(from, to)), expected);
	});
}
