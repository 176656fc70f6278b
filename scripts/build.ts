import {rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {bundlePlugins} from './bundle/plugins.js';

/*
Builds the installable tool: cli.tsx and everything it uses, dependencies included, into distribution/ as ES modules split at each dynamic import, so a command loads only its own code (Ink, React and the UI only for the explorer). The large libraries of source/libraries.ts (RE2, YAML, legacy encodings, bcrypt, cytoscape), which evaluation loads synchronously on first use, are each built into one CommonJS file in distribution/vendor/, so no start compiles them. The package then has no runtime dependencies to install. Run by `npm run build`, and by npm itself before packing (prepack) and on install from a clone or a git URL (prepare).
*/

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'distribution');
rmSync(outdir, {recursive: true, force: true});

// The packages source/libraries.ts loads with require(), each to distribution/vendor/NAME.cjs (Node's own resolution picks each package's CommonJS build).
const vendored = ['re2js', 'yaml', 'iconv-lite', 'bcryptjs', 'cytoscape'];
const resolveFromRoot = createRequire(path.join(root, 'package.json'));
await build({
	entryPoints: Object.fromEntries(vendored.map(name => [name, resolveFromRoot.resolve(name)])),
	outdir: path.join(outdir, 'vendor'),
	outExtension: {'.js': '.cjs'},
	bundle: true,
	format: 'cjs',
	platform: 'node',
	target: 'node20',
	minifySyntax: true,
	minifyWhitespace: true,
	legalComments: 'linked',
	define: {'process.env.NODE_ENV': '"production"'},
	logLevel: 'warning',
});

const result = await build({
	plugins: bundlePlugins(root),
	entryPoints: {cli: path.join(root, 'cli.tsx')},
	outdir,
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
	define: {'process.env.NODE_ENV': '"production"'},
	// Ink imports React DevTools only when DEV=true; it is not a dependency, and the built tool never needs it.
	external: ['react-devtools-core'],
	// Bundled CommonJS (cytoscape, react, signal-exit's users) may call require() for Node's modules.
	banner: {js: 'import {createRequire as __tfscopeCreateRequire} from \'node:module\'; const require = __tfscopeCreateRequire(import.meta.url);'},
	logLevel: 'warning',
});

if (result.metafile) {
	const {mkdirSync, writeFileSync} = await import('node:fs');
	mkdirSync(path.join(root, '.tmp'), {recursive: true});
	writeFileSync(path.join(root, '.tmp', 'build-meta.json'), JSON.stringify(result.metafile));
}
