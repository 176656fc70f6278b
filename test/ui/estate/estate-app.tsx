import path from 'node:path';
import test from 'ava';
import {openEstate} from '../../../source/terragrunt/estate.js';
import {EstateApp} from '../../../source/ui/estate/estate-app.js';
import {estateRows, markWords, unitDetails, unitMarks} from '../../../source/ui/estate/estate-rows.js';
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
