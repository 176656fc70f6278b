import path from 'node:path';
import test from 'ava';
import {build} from 'esbuild';
import {builtinsRequired, bundlePlugins, commandsApart, layoutEngineLoadedApart} from '../../scripts/bundle/plugins.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The commands build and the explorer's build (scripts/build.ts) are ASCII, so cli-loader.ts reads them as Latin-1: a one-byte string, no UTF-8 validation, half the cost of reading and keeping it at every start. One character above 0x7F makes V8 keep the whole 1 MB source as a two-byte string. esbuild escapes what it can, but prints a lone surrogate of a regular expression literal as a raw U+FFFF (source/hcl/line-index.ts had one) and other characters of a regular expression literal as they are (source/ui/state/mouse.ts had ◀ and ▶ in one: the explorer's 1.7 MB read as UTF-8 was 5% of its first frame's CPU profile), so this builds the same entries and looks.
*/

test('the commands build is ASCII', async t => {
	const result = await build({
		plugins: [...bundlePlugins(repositoryRoot), builtinsRequired(), commandsApart({explorer: true})],
		entryPoints: [path.join(repositoryRoot, 'source', 'cli-process.ts')],
		bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false, minifySyntax: true, minifyWhitespace: true, minifyIdentifiers: true, logLevel: 'silent',
		define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'tfscopeModuleUrl', tfscopeGraphPageFile: '"graph-page.js"'},
		external: ['react-devtools-core', 'esbuild'],
	});
	const bytes = result.outputFiles[0]!.contents;
	const at = bytes.findIndex(byte => byte > 0x7F);
	t.is(at, -1, at === -1 ? '' : `a non-ASCII byte in: ${Buffer.from(bytes.subarray(Math.max(0, at - 60), at + 20)).toString('utf8')}`);
});

test('the explorer\'s build is ASCII, and Ink\'s layout engine loads apart in it (no top-level await is left for CommonJS)', async t => {
	const result = await build({
		plugins: [...bundlePlugins(repositoryRoot), builtinsRequired(), commandsApart({explorer: false}), layoutEngineLoadedApart(repositoryRoot)],
		entryPoints: [path.join(repositoryRoot, 'scripts', 'bundle', 'explorer-entry.ts')],
		bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false, minifySyntax: true, minifyWhitespace: true, minifyIdentifiers: true, logLevel: 'silent',
		define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'tfscopeModuleUrl', 'import.meta.resolve': 'undefined', tfscopeGraphPageFile: '"graph-page.js"', tfscopeConsoleWorkerFile: '"console-worker.mjs"'},
		external: ['react-devtools-core', 'esbuild'],
	});
	const bytes = result.outputFiles[0]!.contents;
	const at = bytes.findIndex(byte => byte > 0x7F);
	t.is(at, -1, at === -1 ? '' : `a non-ASCII byte in: ${Buffer.from(bytes.subarray(Math.max(0, at - 60), at + 20)).toString('utf8')}`);
});
