import {createHash} from 'node:crypto';
import {chmodSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {build, type BuildOptions} from 'esbuild';
import {sharedEsmWrappers} from './bundle/shared-esm-wrappers.js';
import {builtinsRequired, bundlePlugins, commandsApart, layoutEngineLoadedApart, loadedFromVendor, loadedFromVendorBuildOptions, meowOnFirstUse, vendorBuildOptions} from './bundle/plugins.js';
import {commandTable} from '../source/commands/command-table.js';
import {graphPageBuildOptions} from '../source/web/bundle-options.js';
import {toolV8Flags} from '../source/v8-flags.js';

/*
Builds the installable tool into distribution/: the commands (source/cli-process.ts without the explorer) as one CommonJS file, distribution/tfscope.cjs, which the program compiles from a V8 code cache kept between runs (Node 20 caches no ES modules); cli.tsx and everything it uses, the explorer and dependencies included, as ES modules split at each dynamic import (distribution/cli.mjs, chunks/), so the explorer loads only its own code (Ink, React and the UI only for it); and the program, distribution/cli.js, a small CommonJS file (scripts/bundle/cli-loader.ts) that runs one or the other. The large libraries of source/libraries.ts (RE2, YAML, legacy encodings, bcrypt), which evaluation loads synchronously on first use, are each built into one CommonJS file in distribution/vendor/, so no start compiles them. The package then has no runtime dependencies to install. Run by `npm run build` (and `npm start`), and by npm itself before packing or publishing (prepack). There is no prepare script: see docs/install.md.
*/

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'distribution');
rmSync(outdir, {recursive: true, force: true});

// The packages source/libraries.ts loads with require(), each to distribution/vendor/NAME.cjs (Node's own resolution picks each package's CommonJS build).
const vendored = ['re2js', 'yaml', 'iconv-lite', 'bcryptjs'];
const resolveFromRoot = createRequire(path.join(root, 'package.json'));
await build({
	...vendorBuildOptions(path.join(outdir, 'vendor')),
	entryPoints: Object.fromEntries(vendored.map(name => [name, resolveFromRoot.resolve(name)])),
});

// The packages the CommonJS builds require from distribution/vendor/ when first used (loadedFromVendor in scripts/bundle/plugins.ts): meow, isomorphic-git with pako.
await build(loadedFromVendorBuildOptions(root, path.join(outdir, 'vendor')));

// The HTML graph page's script (source/web/graph-page.ts with cytoscape), one file for a browser, which `graph --format html` writes inline into each page (source/graph/page-script.ts reads it from here).
const graphPageFile = 'graph-page.js';
await build({...graphPageBuildOptions(root), outfile: path.join(outdir, 'vendor', graphPageFile)});

// The commands, with the explorer left out (cli-loader.ts opens it from the split build if ever asked), as one CommonJS file.
// Its local names are minified too (824 -> 553 KB): every command reads this file, and V8 deserialises its code cache, at each start, and on these machines each page of memory a process touches first costs 25-50 us (a page fault in the VM): reading the source and the cache and deserialising it were 1,420 page faults of `echo 1+1 | tfscope console` in an empty directory, 1,040 now. Stack traces name minified functions; internal errors report only FILE:LINE:COL, which stay as useful.
const commandsFile = path.join(outdir, 'tfscope.cjs');
await build(engineBuildOptions({
	plugins: [...bundlePlugins(root), meowOnFirstUse(), loadedFromVendor(), builtinsRequired(), commandsApart({explorer: true})],
	entryPoints: [path.join(root, 'source', 'cli-process.ts')],
	outfile: commandsFile,
}));
shareEsmWrappers(commandsFile);
const commandsBytes = readFileSync(commandsFile);
// cli-loader.ts reads an ASCII file (esbuild's default charset escapes the rest; comments of a readable build may not be) as Latin-1, which is then the same text.
const commandsAscii = !commandsBytes.some(byte => byte > 0x7F);

// The explorer as one CommonJS file too (distribution/explorer.cjs: the dispatcher, the engine, the explorer, Ink and React, all but diff), which cli-loader.ts compiles from a V8 code cache as it does the commands build: from the ES module build, compiling its chunks' 1.6 MB (Node 20 has no code cache for ES modules) and Node's ES module loader were about a third of the explorer's fixed cost. Ink's layout engine loads apart (layoutEngineLoadedApart: its top-level await has no CommonJS form).
const explorerFile = path.join(outdir, 'explorer.cjs');
await build(engineBuildOptions({
	plugins: [...bundlePlugins(root), meowOnFirstUse(), loadedFromVendor(), builtinsRequired(), commandsApart({explorer: false}), layoutEngineLoadedApart(root)],
	entryPoints: [path.join(root, 'scripts', 'bundle', 'explorer-entry.ts')],
	outfile: explorerFile,
	define: {'import.meta.resolve': 'undefined', tfscopeConsoleWorkerFile: JSON.stringify('console-worker.mjs')},
}));
shareEsmWrappers(explorerFile);
const explorerBytes = readFileSync(explorerFile);
const explorerAscii = !explorerBytes.some(byte => byte > 0x7F);

// The V8 flags cli-loader.ts sets before it compiles the commands build, on the V8 they were measured on (Node 20's 11.x; other versions run with V8's defaults). A command is a short process, and both flags cut what V8 spends around the program rather than in it:
// - TurboFan (the optimising compiler, on threads of its own) took a fifth to a third of a command's CPU time, compiling hundreds of functions that then ran for a few milliseconds. Eight times Node 20's default budget of work (67,584 bytecode bytes) before a function is considered for optimisation leaves that to code that runs long (a 20 MB parse, 4x and larger configurations). Paired runs, CPU time: check 0.70x and console 0.76x at 0.1x of the bench, check 0.81x at 1x and 0.86x at 4x; parse --json over 800 files unchanged.
// - The young generation stays at its initial size (a semi-space growth factor of 1) instead of doubling up to 16 MB: each doubling touched fresh pages, and page faults were a quarter of the system and user time of check at 0.1x (9,700 faults; 7,100 after); the small nursery stays in cache. Paired runs after the first flag, CPU time: check 0.78x and console 0.87x at 0.1x, check 0.87x at 1x, 0.97x at 4x (peak RSS 292 -> 235 MB), instances at 1x 0.77x, graph at 0.1x 0.78x, parse --json over 800 files 0.91x.
const commandsV8Flags = toolV8Flags;
// The flags are part of the hash that names the code caches: V8 rejects a cache made under other flags.
// One hash for both CommonJS builds, so their caches count as one build's when old builds' caches are removed (cache-files.ts).
const commandsHash = createHash('sha256').update(commandsBytes).update(explorerBytes).update(commandsV8Flags).digest('hex').slice(0, 16);
// The commands distribution/cli.js runs from this file: those that load a configuration or parse files, where compiling the engine was the cost; help, version and diff start faster from the split build.
const commandsOfTheFile = ['console', 'instances', 'tree', 'graph', 'parse', 'check', 'why'];
// A command line with none of these words is the explorer's (or a usage error, which the explorer's build reports as well): every command's name, and help and the version, which start faster from the split build.
const notTheExplorer = [...commandTable.map(command => command.name), 'help', '--help', '-h', '--version', '-v'];

// Everything, the explorer included, as ES modules split at each dynamic import (distribution/cli.mjs and chunks/), for what the commands build does not run: the explorer, help, the version, diff. run-explorer.mjs is the explorer's own entry, for the commands build should it ever be asked to open it.
const result = await build({
	plugins: bundlePlugins(root),
	// console-worker.mjs: the thread the explorer evaluates console lines in (source/ui/data/console-thread.ts starts it by this name).
	entryPoints: {cli: path.join(root, 'cli.tsx'), 'run-explorer': path.join(root, 'source', 'ui', 'run', 'run-explorer.tsx'), 'console-worker': path.join(root, 'source', 'ui', 'data', 'console-worker.ts')},
	outdir,
	outExtension: {'.js': '.mjs'},
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	chunkNames: 'chunks/[name]-[hash]',
	minifySyntax: true,
	minifyWhitespace: !process.env.TFSCOPE_BUILD_READABLE,
	legalComments: 'linked',
	metafile: process.argv.includes('--metafile'),
	// React and Ink choose their production code by NODE_ENV; the built tool is always production.
	define: {'process.env.NODE_ENV': '"production"', tfscopeGraphPageFile: JSON.stringify(graphPageFile), tfscopeConsoleWorkerFile: JSON.stringify('console-worker.mjs')},
	// Ink imports React DevTools only when DEV=true; it is not a dependency, and the built tool never needs it. esbuild bundles the graph page's script when tfscope runs from its sources (graph/page-script.ts); the built tool reads the script made here instead.
	external: ['react-devtools-core', 'esbuild'],
	// Bundled CommonJS (cytoscape, react, signal-exit's users) may call require() for Node's modules.
	banner: {js: 'import {createRequire as __tfscopeCreateRequire} from \'node:module\'; const require = __tfscopeCreateRequire(import.meta.url);'},
	logLevel: 'warning',
});

// The program itself, distribution/cli.js (the package's bin), is CommonJS (distribution/package.json says so): scripts/bundle/cli-loader.ts, which runs a command from the commands build, or else imports cli.mjs. An ES module entry cost each command Node's ES module loader (its translators, and a facade module for each of Node's own modules imported): 30 ms of CPU of the 260 of `echo 1+1 | tfscope console` in an empty directory, paired runs.
writeFileSync(path.join(outdir, 'package.json'), JSON.stringify({type: 'commonjs'}) + '\n');
await build({
	plugins: [builtinsRequired()],
	entryPoints: {cli: path.join(root, 'scripts', 'bundle', 'cli-loader.ts')},
	outdir,
	bundle: true,
	format: 'cjs',
	platform: 'node',
	target: 'node20',
	minifySyntax: true,
	minifyWhitespace: !process.env.TFSCOPE_BUILD_READABLE,
	legalComments: 'linked',
	define: {'import.meta.url': 'tfscopeModuleUrl', tfscopeCommandsHash: JSON.stringify(commandsHash), tfscopeCommandsAscii: JSON.stringify(commandsAscii), tfscopeCommandsV8Flags: JSON.stringify(commandsV8Flags), tfscopeCommandNames: JSON.stringify(commandsOfTheFile), tfscopeExplorerAscii: JSON.stringify(explorerAscii), tfscopeOtherWords: JSON.stringify(notTheExplorer)},
	banner: {js: '#!/usr/bin/env node\nvar tfscopeModuleUrl = require(\'node:url\').pathToFileURL(__filename).href;'},
	logLevel: 'warning',
});
chmodSync(path.join(outdir, 'cli.js'), 0o755);

if (result.metafile) {
	const {mkdirSync} = await import('node:fs');
	mkdirSync(path.join(root, '.tmp'), {recursive: true});
	writeFileSync(path.join(root, '.tmp', 'build-meta.json'), JSON.stringify(result.metafile));
}

/**
The CommonJS build in `file` with one wrapper per CommonJS module imported instead of one per importing file (scripts/bundle/shared-esm-wrappers.ts: about 10 ms of CPU at the explorer's start); a readable build keeps esbuild's helper as written.
*/
function shareEsmWrappers(file: string): void {
	if (!process.env.TFSCOPE_BUILD_READABLE) {
		writeFileSync(file, sharedEsmWrappers(readFileSync(file, 'latin1')), 'latin1');
	}
}

/**
The options the two CommonJS builds of the engine share (the commands, tfscope.cjs; the explorer, explorer.cjs), which cli-loader.ts compiles from a V8 code cache: minified names (see above), production React, `import.meta.url` from the file's own path; `extra.define` adds to the shared defines.
*/
function engineBuildOptions(extra: Pick<BuildOptions, 'plugins' | 'entryPoints' | 'outfile'> & {define?: Record<string, string>}): BuildOptions {
	return {
		...extra,
		bundle: true,
		format: 'cjs',
		platform: 'node',
		target: 'node20',
		minifySyntax: true,
		minifyIdentifiers: !process.env.TFSCOPE_BUILD_READABLE,
		minifyWhitespace: !process.env.TFSCOPE_BUILD_READABLE,
		legalComments: 'linked',
		define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'tfscopeModuleUrl', tfscopeGraphPageFile: JSON.stringify(graphPageFile), ...extra.define},
		banner: {js: 'var tfscopeModuleUrl = require(\'node:url\').pathToFileURL(__filename).href;'},
		external: ['react-devtools-core', 'esbuild'],
		logLevel: 'warning',
	};
}
