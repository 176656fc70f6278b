import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The package as a user gets it: `npm pack` (which builds through prepack), `npm install -g` of the tarball into a scratch prefix, and the installed `tfscope` command run from another directory. The package bundles its dependencies, so the install needs no registry (--offline).
*/

const example = path.join(repositoryRoot, 'examples/multi-region');
const packageVersion = (JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {version: string}).version;

function npm(arguments_: string[], cwd: string): string {
	return execFileSync('npm', [...arguments_, '--no-audit', '--no-fund', '--loglevel=error'], {cwd, encoding: 'utf8', env: {...process.env, npm_config_update_notifier: 'false'}});
}

test('npm pack, npm install -g of the tarball, then the installed tfscope runs', t => {
	t.timeout(300_000);
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-install-'));
	try {
		npm(['pack', '--pack-destination', scratch], repositoryRoot);
		const tarball = readdirSync(scratch).find(name => name.endsWith('.tgz'));
		t.is(tarball, `tfscope-${packageVersion}.tgz`);
		const contents = execFileSync('tar', ['-tzf', path.join(scratch, tarball!)], {encoding: 'utf8'}).split('\n');
		t.true(contents.includes('package/distribution/cli.js'));
		t.true(contents.includes('package/readme.md'));
		t.false(contents.some(file => file.startsWith('package/source/') || file.startsWith('package/test/')), 'only what runs is packed');

		const prefix = path.join(scratch, 'prefix');
		npm(['install', '--global', '--offline', '--prefix', prefix, path.join(scratch, tarball!)], scratch);
		const tfscope = path.join(prefix, 'bin', 'tfscope');
		const run = (arguments_: string[], input?: string) => execFileSync(tfscope, arguments_, {cwd: scratch, encoding: 'utf8', input, env: {...process.env, NODE_OPTIONS: ''}});
		t.is(run(['--version']), `${packageVersion}\n`);
		t.regex(run(['tree', example]), /^root \(6 resources, 9 instances\)\n├── module\.app\["eu"\]/);
		t.is(run(['console', example, '-var', 'environment=staging'], 'var.environment\ncidrsubnet("10.0.0.0/16", 8, 2)\n'), '"staging"\n"10.0.2.0/24"\n');
		// Functions whose libraries the package loads on first use from distribution/vendor/.
		t.is(run(['console'], 'regex("[0-9]+", "ab12")\nyamldecode("a: 1").a\n'), '"12"\n1\n');
		t.regex(run(['--help']), /tfscope console \[dir\]/);
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
});
