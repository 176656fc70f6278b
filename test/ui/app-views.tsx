import test from 'ava';
import {Explorer} from '../../source/ui/app.js';
import type {BlockEntry, Details, ExplorerData} from '../../source/ui/explorer-data.js';
import {createFixtureData} from '../fixtures/ui/fixture-data.js';
import {renderFrames} from '../helpers/render.js';

/*
Frames of the explorer on names and values as long as real configurations have (issue 21: long names, zoom, folded for_each values, scrolling).
*/

const prefix = '/providers/Microsoft.Management/managementGroups/myorg/providers/Microsoft.Authorization/policyAssignments/';
const keys = ['Deploy-MDFC-OssDb', 'Deploy-MDFC-SqlAtp', 'Enforce-ACSB'];
const module = `module.role_assignments_for_policy["${prefix}${keys[0]!}"]`;
const block: BlockEntry = {kind: 'resource', address: 'azurerm_role_assignment.policy', label: 'azurerm_role_assignment.policy', mode: 'for_each', instances: keys.map(key => `azurerm_role_assignment.policy["${prefix}${key}"]`)};
const forEachValue = `{\n${keys.map(key => `  "${prefix}${key}" = {\n    "scope" = "x"\n  }`).join('\n')}\n${Array.from({length: 400}, (_, index) => `  "k${index}" = ${index}`).join('\n')}\n}`;

function longData(): ExplorerData {
	const base = createFixtureData();
	return {
		...base,
		modules: () => [
			{address: '', depth: 0, label: 'root', moduleInstanceCount: 1, resourceInstanceCount: 3, errors: 0, warnings: 2},
			{address: module, depth: 1, label: module, moduleInstanceCount: 0, resourceInstanceCount: 1, errors: 0, warnings: 1},
		],
		blocks: address => (address === '' ? [block] : []),
		locate(address) {
			if (address === '' || address === module) {
				return {module: address};
			}

			return address.startsWith(block.address) ? {module: '', block: block.address, ...(address === block.address ? {} : {instance: address})} : undefined;
		},
		details(address): Details | undefined {
			const index = block.instances.indexOf(address);
			return {
				address,
				kind: 'resource',
				location: {filename: 'main.tf', line: 1},
				expansion: {mode: 'for_each', source: 'local.policies', value: forEachValue, keys: block.instances.map(each => each.slice(block.address.length + 1, -1))},
				...(index !== -1 && {instance: {index, total: keys.length, bindings: [{name: 'each.key', value: `"${prefix}${keys[index]!}"`}]}}),
				attributes: [{name: 'principal_id', value: '(known after apply)', unknown: true, sensitive: false}],
			};
		},
		edges: () => [],
		addresses: () => [module, block.address, ...block.instances],
	};
}

test.serial('long names are cut in the middle: keys keep their distinguishing end and the badges stay', async t => {
	const app = await renderFrames(<Explorer data={longData()} columns={100} rows={30} color={false} loadState='x'/>);
	await app.press('focus-next-pane', 'open');
	const frame = await app.waitFor('Enforce-ACSB"]');
	for (const key of keys) {
		t.true(frame.includes(`${key}"]`), key);
	}

	// The module row gives up its counts before its name (issue 35), keeps its warning badge, and its key keeps its brackets, a start and its end.
	t.regex(frame, / {2}r[^\n ]*\["\/[^\n"]*…[^\n"]*Db"\] ⚠1/);
	// Focused, the Blocks pane is wide enough for the block's whole name.
	t.regex(frame, /azurerm_role_assignment\.policy ×3/);
	await app.unmount();
});

test.serial('an instance\'s Details start with the instance; its for_each value is one line until Enter', async t => {
	const app = await renderFrames(<Explorer data={longData()} columns={100} rows={30} color={false} loadState='x'/>);
	await app.press('focus-next-pane', 'next-instance', 'pane-right');
	let frame = await app.waitFor('instance 1 of 3');
	// The address and each.key are cut in the middle: their distinguishing end shows.
	t.regex(frame, /║[^\n║]*…[^\n]*\["\/providers[^\n]*Deploy-MDFC-OssDb"\]║/);
	t.regex(frame, /each\.key = "\/provider[^\n…]*…[^\n]*Deploy-MDFC-OssDb"/);
	t.regex(frame, /value ▸ 411 lines \(Enter shows all\)/);
	t.regex(frame, /principal_id = \(known after apply\)/);
	await app.press('details-next-instance');
	frame = await app.waitFor('instance 2 of 3');
	t.regex(frame, /each\.key = [^\n]*Deploy-MDFC-SqlAtp"/);
	await app.press('details-unfold');
	frame = await app.waitFor('  value = {');
	t.notRegex(frame, /value ▸/);
	await app.press('move-last');
	frame = await app.waitFor(/Details \d+-(\d+)\/\1 /);
	t.regex(frame, /"k399" = 399/);
	// Back up from the end, a line at a time.
	await app.press('move-up');
	frame = await app.waitFor(/Details \d+-(\d+)\/(?!\1 )\d+ /);
	await app.unmount();
});

test.serial('z zooms the focused pane to the whole screen and back; > scrolls Details sideways', async t => {
	const app = await renderFrames(<Explorer data={longData()} columns={100} rows={30} color={false} loadState='x'/>);
	await app.press('focus-next-pane', 'next-instance', 'pane-right', 'zoom');
	let frame = await app.waitFor(/╔═{98}╗/);
	t.notRegex(frame, /Modules/);
	t.regex(frame, /instance 1 of 3/);
	await app.press('details-scroll-right');
	frame = await app.waitFor(/Details[^\n]*→\d+/);
	await app.press('zoom');
	frame = await app.waitFor('Modules');
	t.regex(frame, /Blocks — root/);
	await app.unmount();
});
