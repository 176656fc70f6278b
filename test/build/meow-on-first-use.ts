import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {build} from 'esbuild';
import {parseCommandLine} from '../../source/commands/arguments.js';
import {builtinsRequired, loadedFromVendor, loadedFromVendorBuildOptions, meowOnFirstUse} from '../../scripts/bundle/plugins.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The CommonJS builds require meow from distribution/vendor/meow.cjs on its first call (scripts/bundle/plugins.ts, meowOnFirstUse and loadedFromVendor), and a command line without options never calls it (source/commands/arguments.ts): the built parser, with the vendored meow beside it, reads every command line as the sources do.
*/

const commandLines = [
	[],
	['examples/multi-region'],
	['check', 'examples/multi-region'],
	['--help'],
	['-h', 'console'],
	['instances', '--json', '--var=a=1', '--var', 'b=2', 'examples/multi-region'],
	['--no-color', 'examples/multi-region'],
	['graph', '--parallelism=4', '--', '--var=x'],
	['tree', '--frob=1', 'dir'],
	['-var-file=x.tfvars', 'check', 'dir'],
	['--version'],
	['check', '--json'],
	['frob', 'dir'],
];

test('the CommonJS build of the command line parser requires meow from vendor/ on its first call only, and parses as the sources do', async t => {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-meow-first-use-'));
	try {
		const outfile = path.join(scratch, 'arguments.cjs');
		await build({
			entryPoints: [path.join(repositoryRoot, 'source', 'commands', 'arguments.ts')],
			outfile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', plugins: [meowOnFirstUse(), loadedFromVendor(), builtinsRequired()], logLevel: 'silent',
			define: {'import.meta.url': 'tfscopeModuleUrl'},
			banner: {js: 'var tfscopeModuleUrl = require(\'node:url\').pathToFileURL(__filename).href;'},
		});
		await build({...loadedFromVendorBuildOptions(repositoryRoot, path.join(scratch, 'vendor')), logLevel: 'silent'});
		const text = readFileSync(outfile, 'utf8');
		t.false(text.includes('node_modules/meow/'), 'no code of meow in the build');
		// One require of the vendored file, in the function that calls meow.
		t.is(text.split('require("./vendor/meow.cjs")').length - 1, 1);
		t.regex(text, /meowModule \?\?= require\("\.\/vendor\/meow\.cjs"\)/);
		const built = createRequire(import.meta.url)(outfile) as {parseCommandLine: typeof parseCommandLine};
		for (const argv of commandLines) {
			t.deepEqual(built.parseCommandLine(argv), parseCommandLine(argv), argv.join(' '));
		}
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
});
