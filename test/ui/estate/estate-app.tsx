import path from 'node:path';
import test from 'ava';
import {openEstate, type Unit} from '../../../source/terragrunt/estate.js';
import {EstateApp} from '../../../source/ui/estate/estate-app.js';
import {estateRows, markWords, unitDetails, unitMarks, unitRowAfter, type EstateRow} from '../../../source/ui/estate/estate-rows.js';
import {ThemeContext} from '../../../source/ui/components/theme.js';
import {rawKeys, renderFrames} from '../../helpers/render.js';

/*
The explorer on a Terragrunt estate (the estate fixture: app reads vpc statically and by mock, and db's module is not available): the unit tree with marks, Details with each input's tier, Enter into a unit's panes and q back to the tree. Frames are waited for, never timed.
*/

const live = path.join(import.meta.dirname, '..', '..', 'fixtures', 'terragrunt', 'estate', 'live');

test('rows: folders and units as tree prints them; marks once a unit is read', async t => {
	const estate = openEstate({root: live});
	t.deepEqual(estateRows(estate).map(row => `${'  '.repeat(row.depth)}${row.name}${row.kind === 'folder' ? '/' : ''}`), ['prod/', '  eu-west-1/', '    app', '    db', '    vpc']);
	const app = estate.units.find(unit => unit.path === 'prod/eu-west-1/app')!;
	t.deepEqual(markWords(unitMarks(estate, app, await estate.open(app))), ['mock']);
	const database = estate.units.find(unit => unit.path === 'prod/eu-west-1/db')!;
	t.deepEqual(markWords(unitMarks(estate, database, await estate.open(database))), ['1 error']);
	// Details says what the error is, before the inputs (a 24-row terminal shows only the top of Details).
	const details = unitDetails(estate, database, await estate.open(database));
	const errors = details.indexOf('Errors (1)');
	t.true(errors > 0 && errors < details.findIndex(line => line.startsWith('Inputs (')));
	t.regex(details[errors + 1]!, /^ {2}Module source not available \(terragrunt\.hcl:\d+\): /);
});

test.serial('the unit tree with mock marks; Enter opens a unit in the panes, q comes back, q again quits', async t => {
	const estate = openEstate({root: live});
	let quit = false;
	const app = await renderFrames(
		<ThemeContext.Provider value={{color: false}}>
			<EstateApp estate={estate} columns={100} rows={30} color={false} onQuit={() => {
				quit = true;
			}}/>
		</ThemeContext.Provider>,
	);
	const tree = await app.waitFor(/app \[mock\][\s\S]*db \[1 error\][\s\S]*vpc\n/);
	t.regex(tree, /^Terragrunt estate test\/fixtures\/terragrunt\/estate\/live: 3 units · 1 with mock outputs$/m);
	// Details of the selected unit (app): each input with the tier of the dependency output it reads.
	t.regex(tree, / {2}db_endpoint = "db\.mock\.internal" {2}\[mock: dependency\.db\.outputs\.endpoint\]/);
	t.regex(tree, / {2}cidr = "10\.0\.0\.0\/16" {2}\[static: dependency\.vpc\.outputs\.cidr\]/);
	await app.write(rawKeys.down!);
	await app.waitFor(/source not available/);
	await app.write(rawKeys.up!);
	await app.write(rawKeys.enter!);
	// The unit's panes: its module's resources.
	await app.waitFor(/terraform_data\.server/);
	await app.write('q');
	await app.waitFor(/^Terragrunt estate /m);
	t.false(quit);
	await app.write('q');
	t.true(quit);
	await app.unmount();
});

// Issue 35: ↑/↓ and g/G stop only on units, passing over folder rows; where no unit lies that way the cursor stays.
const unitFor = (path: string) => ({path}) as unknown as Unit;
const tree: readonly EstateRow[] = [
	{kind: 'folder', depth: 0, name: 'dev'},
	{kind: 'unit', depth: 1, name: 'app', unit: unitFor('dev/app')},
	{kind: 'folder', depth: 0, name: 'prod'},
	{kind: 'folder', depth: 1, name: 'eu-west-1'},
	{kind: 'unit', depth: 2, name: 'app', unit: unitFor('prod/eu-west-1/app')},
	{kind: 'unit', depth: 2, name: 'db', unit: unitFor('prod/eu-west-1/db')},
	{kind: 'folder', depth: 1, name: 'us-east-1'},
	{kind: 'folder', depth: 2, name: 'network'},
	{kind: 'unit', depth: 3, name: 'vpc', unit: unitFor('prod/us-east-1/network/vpc')},
	{kind: 'folder', depth: 0, name: 'shared'},
];
const moves: ReadonlyArray<readonly [from: number, move: 1 | -1 | 'first' | 'last', to: number]> = [
	[1, 1, 4],
	[4, -1, 1],
	[1, -1, 1],
	[4, 1, 5],
	[5, 1, 8],
	[8, 1, 8],
	[8, -1, 5],
	[5, 'first', 1],
	[1, 'last', 8],
	// From a folder row (an estate whose first row is a folder, before any move): to the unit that way.
	[0, 1, 1],
	[9, -1, 8],
];
for (const [from, move, to] of moves) {
	test(`unitRowAfter: from row ${from}, ${String(move)}, lands on row ${to}`, t => {
		t.is(unitRowAfter(tree, from, move), to);
		t.is(tree[to]!.kind, 'unit');
	});
}

test.serial('↑/↓ in the unit tree pass over folders; the opened unit\'s panes name it', async t => {
	const estate = openEstate({root: live});
	const app = await renderFrames(
		<ThemeContext.Provider value={{color: false}}>
			<EstateApp estate={estate} columns={100} rows={30} color={false}/>
		</ThemeContext.Provider>,
	);
	await app.waitFor(/app \[mock\][\s\S]*db \[1 error\][\s\S]*vpc\n/, 120_000);
	// On app, the first unit, under two folders: ↑ stays (it went to `eu-west-1/`, and ↓ came back to app), so ↓ then reaches db.
	await app.write(rawKeys.up!);
	await app.write(rawKeys.down!);
	await app.waitFor(/^prod\/eu-west-1\/db$/m);
	// ↓ twice: vpc, the last unit, then still vpc; ↑ is db again.
	await app.write(rawKeys.down!);
	await app.write(rawKeys.down!);
	await app.write(rawKeys.up!);
	await app.waitFor(/^prod\/eu-west-1\/db$/m);
	t.notRegex(app.frame(), /a folder: select a unit/);
	// g: the first unit (not the folder row above it).
	await app.write('g');
	await app.waitFor(/^prod\/eu-west-1\/app$/m);
	await app.write(rawKeys.enter!);
	const panes = await app.waitFor(/terraform_data\.server/, 120_000);
	t.regex(panes, /Modules — prod\/eu-west-1\/app/);
	t.regex(panes, /Blocks — prod\/eu-west-1\/app/);
	t.regex(panes, /Console — prod\/eu-west-1\/app/);
	t.regex(panes, /Details — prod\/eu-west-1\/app/);
	await app.unmount();
});
