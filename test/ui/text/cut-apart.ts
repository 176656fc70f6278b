import test from 'ava';
import {cutApart} from '../../../source/ui/text/cut-apart.js';
import {cutName, textWidth} from '../../../source/ui/text/lines.js';

/*
Issue 35: names of one list cut so that two different names are never shown alike, each within its columns, as cutName cuts them wherever that already tells them apart.
*/

const lists: ReadonlyArray<readonly [what: string, names: readonly string[]]> = [
	['types that differ at the start', ['aws_a_thing.main', 'aws_b_thing.main', 'aws_c_thing.main']],
	['keys that differ in the middle', ['vnet["prod-eu-west-1-app-frontend"]', 'vnet["prod-eu-west-2-app-frontend"]', 'vnet["prod-eu-central-1-app-frontend"]']],
	['keys that differ at the end', ['vnet["/subscriptions/0000/resourceGroups/rg-prod/providers/Microsoft.Network/virtualNetworks/hub"]', 'vnet["/subscriptions/0000/resourceGroups/rg-prod/providers/Microsoft.Network/virtualNetworks/spoke"]']],
	['data sources one word apart', ['data.aws_iam_policy_document.assume_role', 'data.aws_iam_policy_document.assume_rule', 'data.aws_iam_policy.assume_role']],
	['a name and its longer twin', ['aws_iam_role_policy.this', 'aws_iam_role_policy_attachment.this', 'aws_iam_policy.this']],
	['keys sharing a long start and end', ['["/providers/Microsoft.Management/managementGroups/contoso-corp/providers/Microsoft.Authorization/policyAssignments/Deny-Public-IP"]', '["/providers/Microsoft.Management/managementGroups/contoso-online/providers/Microsoft.Authorization/policyAssignments/Deny-Public-IP"]']],
];

for (const [what, names] of lists) {
	test(`cutApart: ${what}, apart at every width from 8 to 80`, t => {
		for (let columns = 8; columns <= 80; columns++) {
			const shown = cutApart(names.map(text => ({text, columns})));
			t.is(new Set(shown).size, names.length, `${columns}: ${shown.join(' | ')}`);
			for (const [index, text] of shown.entries()) {
				t.true(textWidth(text) <= columns, `${columns}: ${text}`);
				// Where cutName already tells a name apart from the others, it is what is shown.
				const own = cutName(names[index]!, columns);
				if (names.every((other, position) => position === index || cutName(other, columns) !== own)) {
					t.is(text, own);
				}
			}
		}
	});
}

test('cutApart keeps names that fit whole, equal names equal, and cuts apart from a name shown whole', t => {
	t.deepEqual(cutApart([{text: 'aws_vpc.main', columns: 20}, {text: 'aws_vpc.main', columns: 20}]), ['aws_vpc.main', 'aws_vpc.main']);
	t.deepEqual(cutApart([{text: 'x["a"]', columns: 8}, {text: 'x["b"]', columns: 8}]), ['x["a"]', 'x["b"]']);
	// One fits, the other is cut to what the first shows: the cut one gives way.
	const [whole, cut] = cutApart([{text: '…thing.main', columns: 12}, {text: 'aws_b_thing.main', columns: 12}]);
	t.is(whole, '…thing.main');
	t.not(cut, whole);
	t.true(textWidth(cut!) <= 12);
});
