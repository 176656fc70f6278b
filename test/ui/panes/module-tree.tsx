import test from 'ava';
import type {ModuleRow} from '../../../source/ui/explorer-data.js';
import {computeLayout} from '../../../source/ui/layout/layout.js';
import {ModuleTreePane, moduleRowLines, moduleRowsWidth} from '../../../source/ui/panes/module-tree.js';
import {truncateLine} from '../../../source/ui/text/lines.js';
import {renderFrames} from '../../helpers/render.js';

/*
Issue 35: in the Modules pane two different rows are never drawn alike, at any terminal width from 80 to 160 columns, whichever pane is focused (the Modules pane is widest focused, narrowest when Details is). The rows are sibling module instances whose keys and names are as near-identical as real estates have them: keys that share a long start and end and differ in the middle, keys that differ only at the end, names that differ by one word.
*/

function row(label: string, depth = 1, resources = 12, modules = 0): ModuleRow {
	return {address: `module.${label}`, depth, label: `module.${label}`, moduleInstanceCount: modules, resourceInstanceCount: resources, errors: 0, warnings: 0};
}

const siblings: ReadonlyArray<readonly [what: string, labels: readonly string[]]> = [
	['Azure policy assignments that differ in the management group (the middle)', [
		'policy_assignment["/providers/Microsoft.Management/managementGroups/contoso-corp/providers/Microsoft.Authorization/policyAssignments/Deny-Public-IP"]',
		'policy_assignment["/providers/Microsoft.Management/managementGroups/contoso-online/providers/Microsoft.Authorization/policyAssignments/Deny-Public-IP"]',
		'policy_assignment["/providers/Microsoft.Management/managementGroups/contoso-sandbox/providers/Microsoft.Authorization/policyAssignments/Deny-Public-IP"]',
	]],
	['Azure policy assignments that differ at the end', [
		'policy_assignment["/providers/Microsoft.Management/managementGroups/contoso-landing-zones/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC-OssDb"]',
		'policy_assignment["/providers/Microsoft.Management/managementGroups/contoso-landing-zones/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC-SqlDb"]',
	]],
	['subnets that differ in one digit in the middle', [
		'subnet["10.0.1.0/24-private-eu-west-1a"]',
		'subnet["10.0.2.0/24-private-eu-west-1a"]',
		'subnet["10.0.3.0/24-private-eu-west-1a"]',
	]],
	['regions', [
		'network["prod-eu-west-1"]',
		'network["prod-eu-west-2"]',
		'network["prod-eu-central-1"]',
	]],
	['VPC endpoints', [
		'vpc_endpoints["com.amazonaws.eu-west-1.s3"]',
		'vpc_endpoints["com.amazonaws.eu-west-1.dynamodb"]',
		'vpc_endpoints["com.amazonaws.eu-west-1.secretsmanager"]',
	]],
	['IAM roles for service accounts, names one word apart', [
		'iam_role_for_service_accounts_eks_karpenter_controller',
		'iam_role_for_service_accounts_eks_ebs_csi_controller',
		'iam_role_for_service_accounts_eks_efs_csi_controller',
	]],
	['numbered instances of one long name', [
		'eks_managed_node_group_with_a_rather_long_descriptive_name[0]',
		'eks_managed_node_group_with_a_rather_long_descriptive_name[1]',
		'eks_managed_node_group_with_a_rather_long_descriptive_name[10]',
	]],
];

const rows: readonly ModuleRow[] = [
	{address: '', depth: 0, label: 'root', moduleInstanceCount: 20, resourceInstanceCount: 4, errors: 0, warnings: 0},
	...siblings.flatMap(([, labels]) => labels.map((label, index) => row(label, 1, 9 + index, index))),
];

const shown = (width: number): string[] => moduleRowLines(rows, width).map(line => truncateLine(line, width - 2).spans.map(span => span.text).join(''));

for (const focus of ['modules', 'blocks', 'details'] as const) {
	test(`Modules rows stay apart at every width from 80 to 160 columns, ${focus} focused`, t => {
		for (let columns = 80; columns <= 160; columns++) {
			const layout = computeLayout(columns, 23, {focus, ...(focus === 'modules' && {listWants: moduleRowsWidth(rows)})});
			const lines = shown(layout.modules);
			for (const [what, labels] of siblings) {
				const drawn = labels.map(label => lines[rows.findIndex(each => each.label === `module.${label}`)]!);
				t.is(new Set(drawn).size, labels.length, `${columns} columns (pane ${layout.modules}), ${what}: ${drawn.join(' | ')}`);
			}

			t.is(new Set(lines).size, lines.length, `${columns} columns`);
		}
	});
}

test('a cut Modules row keeps its key\'s brackets and shows where near-identical keys differ', t => {
	const lines = shown(30);
	const subnets = siblings[2]![1].map(label => lines[rows.findIndex(each => each.label === `module.${label}`)]!);
	for (const [index, line] of subnets.entries()) {
		t.true(line.includes(`0.${index + 1}`), line);
		t.true(line.includes('"]'), line);
	}
});

test('the pane draws the rows as moduleRowLines makes them', async t => {
	const app = await renderFrames(<ModuleTreePane rows={rows} cursor={0} focused width={28} height={30} filter=''/>);
	const frame = await app.waitFor('root');
	for (const line of moduleRowLines(rows, 28).slice(1, 8)) {
		const text = truncateLine(line, 26).spans.map(span => span.text).join('').trim();
		t.true(frame.includes(text), `${text}\n${frame}`);
	}

	await app.unmount();
});
