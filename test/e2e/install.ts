import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {repositoryRoot, startTerminal, tmuxAvailable} from '../helpers/tmux.js';

/*
The install routes the readme names, each run as it is written there: `npm pack`, then `npm install --global` of the tarball (into a scratch prefix) and `npx` of it; `npm publish --dry-run`; and from a clone, `npm install && npm start`. The package bundles its dependencies, so installing the tarball needs no registry (--offline); the clone's `npm install` does (CI has the registry). None may print a warning: a careful user would have to look into it.
*/

const example = path.join(repositoryRoot, 'examples/multi-region');
const packageVersion = (JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {version: string}).version;
const tarballName = `tfscope-${packageVersion}.tgz`;

// What these machines' own npm configuration makes every npm command say (an unknown `nodedir` in the user's config), and publishing without a login: about the machine, not the package.
const machineWarnings = [/^npm warn Unknown (user|global|env) config "nodedir"/, /^npm warn publish This command requires you to be logged in/];

function warningsOf(stderr: string): string[] {
	return stderr.split('\n').filter(line => /\bwarn/i.test(line) && !machineWarnings.some(pattern => pattern.test(line)));
}

function npm(arguments_: string[], cwd: string, environment: NodeJS.ProcessEnv = {}): {stdout: string; stderr: string} {
	const result = spawnSync('npm', [...arguments_, '--no-audit', '--no-fund', '--loglevel=warn'], {cwd, encoding: 'utf8', env: {...process.env, npm_config_update_notifier: 'false', ...environment}});
	if (result.status !== 0) {
		throw new Error(`npm ${arguments_.join(' ')} exited ${result.status}:\n${result.stderr}`);
	}

	return {stdout: result.stdout, stderr: result.stderr};
}

/** Every file under a directory, relative to it. */
function filesUnder(directory: string): string[] {
	return readdirSync(directory, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile())
		.map(entry => path.relative(directory, path.join(entry.parentPath, entry.name)))
		.sort();
}

// The steps share a scratch directory and run in order, each a test of its own: AVA fails a run that reports nothing for its timeout (5 minutes, package.json), and together they take longer than that on a busy machine.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-install-'));
const tarball = path.join(scratch, tarballName);
const prefix = path.join(scratch, 'prefix');
const home = path.join(scratch, 'home');
const temporary = path.join(scratch, 'tmp');
const clone = path.join(scratch, 'clone');
test.after.always(() => {
	rmSync(scratch, {recursive: true, force: true});
});

/** The environment of the installed tool: a home and a temporary directory of its own, so what it writes can be listed. */
function toolEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const {XDG_STATE_HOME: _state, NODE_DISABLE_COMPILE_CACHE: _cache, NODE_OPTIONS: _options, ...rest} = process.env;
	return {...rest, HOME: home, TMPDIR: temporary, ...extra};
}

function runInstalled(arguments_: string[], input?: string, extra?: NodeJS.ProcessEnv): string {
	return execFileSync(path.join(prefix, 'bin', 'tfscope'), arguments_, {cwd: scratch, encoding: 'utf8', input, env: toolEnvironment(extra), stdio: ['pipe', 'pipe', 'pipe']});
}

test.serial('npm pack makes a tarball of the bundle and the reference, with nothing an install would run', t => {
	npm(['pack', '--pack-destination', scratch], repositoryRoot);
	t.deepEqual(readdirSync(scratch), [tarballName]);
	const contents = execFileSync('tar', ['-tzf', tarball], {encoding: 'utf8'}).split('\n');
	for (const file of ['distribution/cli.js', 'readme.md', 'license', 'CHANGELOG.md', 'docs/README.md', 'package.json']) {
		t.true(contents.includes(`package/${file}`), file);
	}

	t.false(contents.some(file => file.startsWith('package/source/') || file.startsWith('package/test/') || file.startsWith('package/scripts/')), 'only what runs, and the reference, is packed');
	const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {encoding: 'utf8'})) as {scripts?: Record<string, string>; dependencies?: Record<string, string>; bin: Record<string, string>; engines: Record<string, string>; license: string};
	// npm runs these on an install (prepare too, for a tarball, a directory or git), and npm 11 warns about each that allowScripts does not cover.
	t.deepEqual(Object.keys(packed.scripts ?? {}).filter(name => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name)), []);
	t.is(packed.dependencies, undefined, 'no runtime dependencies: the bundle has them');
	t.deepEqual(packed.bin, {tfscope: 'distribution/cli.js'});
	t.is(packed.license, 'MIT');
	t.truthy(packed.engines['node']);
});

test.serial('npm publish --dry-run has nothing to warn about', t => {
	const publish = npm(['publish', '--dry-run', '--ignore-scripts'], repositoryRoot);
	t.deepEqual(warningsOf(publish.stderr), []);
});

test.serial('npm install --global ./tfscope-X.tgz, with no warning, gives a tfscope command that works', t => {
	const install = npm(['install', '--global', '--offline', '--prefix', prefix, `./${tarballName}`], scratch);
	t.deepEqual(warningsOf(install.stderr), []);
	mkdirSync(home);
	mkdirSync(temporary);
	t.is(runInstalled(['--version']), `tfscope v${packageVersion}\n`);
	t.regex(runInstalled(['tree', example]), /^root \(6 resources, 9 instances\)\n├── module\.app\["eu"\]/);
	t.is(runInstalled(['console', example, '-var', 'environment=staging'], 'var.environment\ncidrsubnet("10.0.0.0/16", 8, 2)\n'), '"staging"\n"10.0.2.0/24"\n');
	// Functions whose libraries the package loads on first use from distribution/vendor/.
	t.is(runInstalled(['console'], 'regex("[0-9]+", "ab12")\nyamldecode("a: 1").a\n'), '"12"\n1\n');
	t.regex(runInstalled(['--help']), /tfscope console \[dir\]/);
	const check = spawnSync(path.join(prefix, 'bin', 'tfscope'), ['check', example], {cwd: scratch, encoding: 'utf8', env: toolEnvironment()});
	t.is(check.status, 0);
	t.regex(check.stderr, /No problems found in 6 module instances and 42 resource instances/);
});

test.serial('the installed explorer opens on the example without a code cache, from the one it wrote, over a damaged one, and where no cache directory can be made', async t => {
	if (!tmuxAvailable()) {
		t.fail('tmux is needed (apt-get install tmux)');
		return;
	}

	// The explorer runs from its own CommonJS build with a V8 code cache (scripts/bundle/cli-loader.ts), written at its first frame.
	const explorerTemporary = path.join(scratch, 'explorer-tmp');
	mkdirSync(explorerTemporary);
	const cacheDirectory = path.join(explorerTemporary, `tfscope-compile-cache-${process.getuid?.()}`);
	const explorerCache = () => readdirSync(cacheDirectory).filter(name => name.endsWith('-explorer.bin'));
	const open = async (temporaryDirectory: string) => {
		const terminal = startTerminal({program: [path.join(prefix, 'bin', 'tfscope'), example], cwd: scratch, columns: 120, rows: 40, environment: {HOME: home, TMPDIR: temporaryDirectory}});
		try {
			const screen = await terminal.waitFor(/42 resource instances|· 42r ·/, 60_000);
			terminal.keys('q');
			t.is(await terminal.waitForExit(60_000), 0);
			return screen;
		} finally {
			terminal.close();
		}
	};

	const tree = /Modules 6[^]*app\["eu"\] 5 resources/;
	t.regex(await open(explorerTemporary), tree);
	t.is(explorerCache().length, 1);
	const cacheFile = path.join(cacheDirectory, explorerCache()[0]!);
	const written = readFileSync(cacheFile);
	t.regex(await open(explorerTemporary), tree);
	t.deepEqual(readFileSync(cacheFile), written, 'read, not written again');
	// A damaged cache (same name and length) is rejected by V8 and written anew.
	writeFileSync(cacheFile, Buffer.alloc(written.length, 7));
	t.regex(await open(explorerTemporary), tree);
	t.notDeepEqual(readFileSync(cacheFile), Buffer.alloc(written.length, 7));
	// Where the cache's directory is a file, there is no cache, and the explorer works as before.
	const blocked = path.join(scratch, 'blocked-tmp');
	mkdirSync(blocked);
	writeFileSync(path.join(blocked, `tfscope-compile-cache-${process.getuid?.()}`), '');
	t.regex(await open(blocked), tree);
});

test.serial('what the installed tool wrote is what docs/safety.md says: a code cache in the temporary directory, and nothing with NODE_DISABLE_COMPILE_CACHE=1', t => {
	// The console history is written only by an interactive console, which the steps above do not use.
	t.deepEqual(filesUnder(home), []);
	const written = filesUnder(temporary);
	t.true(written.length > 0);
	const ownCache = new RegExp(`^tfscope-compile-cache-${process.getuid?.()}/[0-9a-f]{16}-v[0-9.]+-${process.arch}-[a-z_]+\\.bin$`);
	const nodeCache = /^node-compile-cache\//;
	t.deepEqual(written.filter(file => !ownCache.test(file) && !nodeCache.test(file)), []);

	rmSync(temporary, {recursive: true});
	mkdirSync(temporary);
	runInstalled(['check', example], undefined, {NODE_DISABLE_COMPILE_CACHE: '1'});
	runInstalled(['console'], '1 + 1\n', {NODE_DISABLE_COMPILE_CACHE: '1'});
	t.deepEqual(filesUnder(temporary), []);
});

test.serial('npx ./tfscope-X.tgz runs the tarball without installing it, with no warning', async t => {
	if (!tmuxAvailable()) {
		t.fail('tmux is needed (apt-get install tmux)');
		return;
	}

	// In a terminal, as a user runs it: npx asks before it unpacks a package it has not cached (its own cache here). A user's npm configuration of its own (empty), since one may say `yes=false`, which makes npx refuse without asking.
	const userConfig = path.join(scratch, 'npmrc');
	writeFileSync(userConfig, '');
	const terminal = startTerminal({program: ['npx', `./${tarballName}`, 'tree', example], cwd: scratch, environment: {npm_config_userconfig: userConfig, npm_config_cache: path.join(scratch, 'npm-cache'), npm_config_update_notifier: 'false', npm_config_offline: 'true', TMPDIR: temporary}});
	try {
		const screen = await terminal.waitFor(/Ok to proceed\?|root \(6 resources/, 60_000);
		if (screen.includes('Ok to proceed?')) {
			terminal.keys('y', 'Enter');
		}

		const done = await terminal.waitFor(/\[exit \d+\]/, 60_000);
		t.regex(done, /root \(6 resources, 9 instances\)\n├── module\.app\["eu"\]/);
		// Where npx does not ask (no terminal on its stdin, as it sees it, or a CI), it says instead what it installs: the tarball it was given, nothing else.
		t.deepEqual(warningsOf(done).filter(line => line !== `npm warn exec The following package was not found and will be installed: file:${tarballName}`), []);
		t.is(await terminal.waitForExit(), 0);
	} finally {
		terminal.close();
	}
});

test.serial('from a clone: npm install has nothing to warn about', t => {
	execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repositoryRoot, clone]);
	// The registry is needed for the devDependencies; what the machine already has is used first.
	const install = npm(['install', '--prefer-offline'], clone);
	t.deepEqual(warningsOf(install.stderr), []);
});

test.serial('from a clone: npm start builds and opens the explorer on the example, whose console evaluates in its worker thread', async t => {
	if (!tmuxAvailable()) {
		t.fail('tmux is needed (apt-get install tmux)');
		return;
	}

	const terminal = startTerminal({program: ['npm', 'start'], cwd: clone, columns: 120, rows: 40});
	try {
		// The status bar's totals, in full or short (42r) when the line has no room.
		await terminal.waitFor(/42 resource instances|· 42r ·/, 110_000);
		// The console's worker thread from the build (distribution/console-worker.mjs): a line answers, and Ctrl-C quits during an endless one.
		terminal.keys('c');
		terminal.type('upper("bundle")');
		terminal.keys('Enter');
		await terminal.waitFor('"BUNDLE"', 60_000);
		terminal.type('length([for a in range(1000): length([for b in range(1000): length([for c in range(1000): c])])])');
		terminal.keys('Enter');
		await terminal.waitFor(/Console — .*evaluating…/);
		terminal.keys('C-c');
		t.is(await terminal.waitForExit(60_000), 0);
	} finally {
		terminal.close();
	}
});
