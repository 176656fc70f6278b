import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import stripAnsi from 'strip-ansi';
import {generateConfiguration, sizePreset, writeConfiguration} from '../../bench/generate.js';
import {repositoryRoot, startTerminal, tmuxAvailable} from '../helpers/tmux.js';
import {cliCommand} from '../helpers/cli-command.js';

/*
The real CLI in a real terminal (tmux), on the bundled example, driven by keymap ids. Each assertion waits until the screen shows what it expects (the machine may be busy: the timeouts are generous, the tests do not sleep).
*/

const example = 'examples/multi-region';

function fingerprint(directory: string): Map<string, string> {
	const files = new Map<string, string>();
	const walk = (current: string) => {
		for (const entry of readdirSync(current, {withFileTypes: true})) {
			const full = path.join(current, entry.name);
			if (entry.isDirectory()) {
				walk(full);
			} else {
				files.set(path.relative(directory, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
			}
		}
	};

	walk(directory);
	return files;
}

// Fails loudly when tmux is missing: CI installs it (.ci/run), so a skip would hide a broken setup.
test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

test('a session on the example: for_each stepping, edges and back, filter, go-to, console, help, quit; the files are untouched', async t => {
	t.timeout(180_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-'));
	const before = fingerprint(path.join(repositoryRoot, example));
	const app = startTerminal({arguments: [example], environment: {XDG_STATE_HOME: stateDirectory}});
	try {
		await app.waitFor(/Blocks — root[\s\S]*(\d+ module instances? ·|\d+m · \d+r)/, 90_000);
		// Diagnostics are found in the background: the status bar shows the totals without opening the diagnostics view.
		await app.waitFor(/0 errors, 0 warnings|✖0 ⚠0/, 60_000);

		// Move to a for_each resource in the Blocks pane.
		app.press('focus-next-pane', 'move-down', 'move-down');
		let screen = await app.waitFor('for_each = local.log_buckets');
		t.regex(screen, /instances \(2\) "access", "audit"/);

		// Step through its instances.
		app.press('next-instance');
		screen = await app.waitFor('instance 1 of 2');
		t.regex(screen, /each\.key = "access"/);
		t.regex(screen, /Console — aws_s3_bucket\.logs\["access"\]/);
		app.press('pane-right', 'details-next-instance');
		screen = await app.waitFor('instance 2 of 2');
		t.regex(screen, /each\.value = "audit"/);
		t.regex(screen, /bucket = "atlas-prod-audit-logs"/);
		t.regex(screen, /Edges[^\n]*\n[^\n]*← aws_s3_bucket_versioning\.logs\["audit"\]/);

		// Follow an edge and go back.
		app.press('focus-next-pane', 'open');
		screen = await app.waitFor('Console — aws_s3_bucket_versioning.logs["audit"]');
		app.press('back');
		screen = await app.waitFor('Console — aws_s3_bucket.logs["audit"]');
		t.regex(screen, /each\.key = "audit"/);

		// Filter the Blocks pane with /.
		app.press('pane-left', 'filter');
		await app.waitFor('/ filter blocks:');
		app.type('versioning');
		screen = await app.waitFor('Blocks — root /versioning');
		t.notRegex(screen, /aws_route53_zone\.main/);
		app.press('prompt-accept');
		screen = await app.waitFor(/Tab Next pane[\s\S]*for_each = aws_s3_bucket\.logs|for_each = aws_s3_bucket\.logs[\s\S]*Tab Next pane/);

		// Jump with : to any address, with completion.
		app.press('go-to');
		await app.waitFor('Go to address');
		app.type('module.network["eu"].aws_sub');
		app.press('prompt-complete');
		await app.waitFor(': module.network["eu"].aws_subnet');
		app.press('prompt-accept');
		screen = await app.waitFor('Blocks — module.network["eu"]');

		// Evaluate each.value and a function call in the console, in the context of an instance.
		app.press('go-to');
		await app.waitFor('Go to address');
		app.type('aws_s3_bucket.logs["audit"]');
		app.press('prompt-accept');
		await app.waitFor('Console — aws_s3_bucket.logs["audit"]');
		app.press('focus-console');
		app.type('each.value');
		app.press('console-submit');
		await app.waitFor(/> each\.value\s*║\n║"audit"/);
		app.type('cidrsubnet("10.0.0.0/16", 8, 2)');
		app.press('console-submit');
		await app.waitFor('"10.0.2.0/24"');
		app.type('upper(each.key)');
		app.press('console-submit');
		await app.waitFor('"AUDIT"');
		// A paste of several lines is evaluated line by line, continuing while brackets are open, each result after its input (as terraform console does).
		app.paste('length(each.key)\nupper(\n  "x")\n');
		screen = await app.waitFor('"X"');
		t.regex(screen, /║5 *║\n║> upper\( *║\n║… {3}"x"\) *║\n║"X" *║/);
		// Esc: the results are browsed (w would trace the last), Esc again leaves the console.
		app.press('leave-console');
		await app.waitFor('↑/k Previous result');
		app.press('results-leave');
		// Wait until the console has let go of the keyboard (its frame turns single): an Esc followed at once by `?` reaches a terminal program as one Alt-? key.
		await app.waitFor(/│Console — aws_s3_bucket/);

		// Help lists the bindings.
		app.press('toggle-help');
		screen = await app.waitFor('/ searches');
		t.regex(screen, /Go to an address/);
		app.press('close-help');
		await app.waitFor('Blocks — root');

		app.press('quit');
		t.is(await app.waitForExit(), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}

	t.deepEqual(fingerprint(path.join(repositoryRoot, example)), before);
});

test('80x24 with NO_COLOR: graph view and jump, diagnostics view, resize, Ctrl-C', async t => {
	t.timeout(180_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-'));
	const app = startTerminal({arguments: [example], columns: 80, rows: 24, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1'}});
	try {
		// At 80 columns the status bar gives the counts in short words (6m · 42r).
		let screen = await app.waitFor(/Blocks — root[\s\S]*6m · \d+r/, 90_000);
		t.true(screen.split('\n').every(line => [...line].length <= 80));
		// Without colour the selection also carries a marker.
		t.regex(screen, /║▶ root /);
		// eslint-disable-next-line no-control-regex
		t.notRegex(app.screen(true), /\u001B\[(?:3[0-7]|9[0-7]|38;)/);

		// The graph of the selection's neighbourhood; move to a node and jump there.
		app.press('focus-next-pane', 'move-down', 'move-down', 'next-instance', 'show-graph');
		screen = await app.waitFor('Graph — aws_s3_bucket.logs["access"]');
		app.press('graph-next');
		screen = await app.waitFor(/▶ (?!aws_s3_bucket\.logs\["access"\])\S+/);
		const target = /▶ (\S+)/.exec(screen)?.[1] ?? '';
		app.press('graph-jump');
		screen = await app.waitFor(`Console — ${target}`);
		app.press('back');
		await app.waitFor('Console — aws_s3_bucket.logs["access"]');

		// Every diagnostic (none in the example), then back.
		app.press('show-diagnostics');
		screen = await app.waitFor('No diagnostics');
		app.press('close-diagnostics');
		await app.waitFor(/0 errors, 0 warnings|✖0 ⚠0/);

		// Re-layout on resize.
		app.resize(120, 40);
		// A line longer than 80 columns can only be drawn after the re-layout (the 80x24 frame also has a wide Blocks title).
		screen = await app.waitFor(/^.{101,}$/m);
		t.regex(screen, /Blocks — root {20,}/);

		app.press('force-quit');
		t.is(await app.waitForExit(), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
});

test('without a terminal it says so and points to the commands', t => {
	let output = '';
	let status = 0;
	try {
		execFileSync(cliCommand()[0]!, [...cliCommand().slice(1), example], {cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8'});
	} catch (error) {
		const failure = error as {status: number; stderr: string};
		status = failure.status;
		output = failure.stderr;
	}

	t.is(status, 1);
	t.regex(output, /needs an interactive terminal/);
	t.regex(output, /tfscope instances examples\/multi-region/);
});

test('a generated configuration of 12,500 resource instances: the loading screen is drawn first, then the explorer opens with every instance', async t => {
	t.timeout(180_000);
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-large-'));
	writeConfiguration(generateConfiguration(sizePreset(1)), directory);
	// Every byte the app writes is recorded. How many loading frames it draws depends on the machine's speed, so only their order is asserted here; the phases' counts and their repaints are tested with controlled progress and event-loop turns in test/ui/app.tsx.
	const app = startTerminal({arguments: [directory], environment: {XDG_STATE_HOME: directory}, record: true});
	try {
		// The panes open on the module tree while the instances are still being made (the status bar says `expanding…`), then show every instance. Once the background check has finished, the status bar adds its diagnostic counts and says the rest in short words: which of the two forms the first whole screen shows, and whether the expanding one is seen at all, depend on the machine's speed.
		await app.waitFor(/Blocks — root[\s\S]*(101 module instances · 12500 resource instances|101m · 12500r · ✖0 ⚠0)/, 150_000);
		const written = stripAnsi(app.output());
		const loading = written.indexOf(' Loading ');
		t.true(loading !== -1, 'no loading screen was drawn');
		t.true(loading < written.indexOf('Blocks — root'), 'the loading screen came after the panes');
		const expanding = written.indexOf('expanding…');
		const whole = written.search(/101 module instances · 12500 resource instances|101m · 12500r · ✖0 ⚠0/);
		t.true(expanding === -1 || (loading < expanding && expanding < whole), 'the expanding status came outside the loading screen and the whole configuration');
		app.press('quit');
		t.is(await app.waitForExit(), 0);
	} finally {
		app.close();
		rmSync(directory, {recursive: true, force: true});
	}
});

test('long names cut in the middle, zoom, and the diagnostics view\'s jump to the block, at 100x30', async t => {
	t.timeout(180_000);
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-long-'));
	const prefix = '/providers/Microsoft.Management/managementGroups/myorg/providers/Microsoft.Authorization/policyAssignments';
	writeFileSync(path.join(directory, 'main.tf'), `locals {
  policies = { for name in ["Deploy-MDFC-OssDb", "Deploy-MDFC-SqlAtp", "Enforce-ACSB"] : "${prefix}/\${name}" => name }
}

resource "terraform_data" "policy_assignment" {
  for_each = local.policies
  input    = each.value
}

output "broken" {
  value = local.missing
}
`);
	const app = startTerminal({arguments: [directory], columns: 100, rows: 30, environment: {XDG_STATE_HOME: directory}});
	try {
		await app.waitFor(/Blocks — root/, 90_000);
		// The focused Blocks pane widens to show the block's name whole, with its count; the instance keys, longer than half the width, keep their distinguishing end.
		app.press('focus-next-pane', 'open');
		let screen = await app.waitFor('Enforce-ACSB"]');
		t.regex(screen, /terraform_data\.policy_assignment ×3/);
		t.regex(screen, /…[^\n]*Deploy-MDFC-OssDb"]/);
		t.regex(screen, /…[^\n]*Deploy-MDFC-SqlAtp"]/);

		// Zoom Details to the whole screen: most of the key is in view; z again comes back.
		app.press('move-down', 'pane-right', 'zoom');
		screen = await app.waitFor(/╔═{98}╗/);
		t.notRegex(screen, /Modules/);
		t.regex(screen, /each\.key = "\/providers\/Microsoft\.Manage…[^\n]*\/policyAssignments\/Deploy-MDFC-OssDb"/);
		app.press('zoom');
		await app.waitFor('Modules');

		// The diagnostics view: Enter opens the block the error is in.
		app.press('show-diagnostics');
		screen = await app.waitFor(/Error +main\.tf:11:\d+ +Reference to undeclared local value/);
		app.press('diagnostics-open');
		// Details (focused) shows the output and its source line.
		screen = await app.waitFor(/║output\.broken {2,}║/);
		t.regex(screen, /║11 {3}value = local\.missing/);
		app.press('quit');
		t.is(await app.waitForExit(), 0);
	} finally {
		app.close();
		rmSync(directory, {recursive: true, force: true});
	}
});
