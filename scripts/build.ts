import {readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {type Plugin, build} from 'esbuild';

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

/**
Replaces one exact piece of a file's text as esbuild loads it, failing the build when the piece is not there (a dependency changed under us).
*/
function rewrite(name: string, file: RegExp, loader: 'ts' | 'js', from: string, to: string): Plugin {
	return {
		name,
		setup(builder) {
			builder.onLoad({filter: file}, arguments_ => {
				const text = readFileSync(arguments_.path, 'utf8');
				if (!text.includes(from)) {
					throw new Error(`${name}: ${arguments_.path} no longer contains ${JSON.stringify(from.slice(0, 80))}`);
				}

				return {contents: text.replaceAll(from, to), loader};
			});
		},
	};
}

/**
Every import of string-width (Ink, wrap-ansi, cli-truncate, widest-line: two versions) gets the same string-width through scripts/bundle/fast-string-width.ts, which answers lines of single-cluster characters without grapheme segmentation.
*/
const stringWidthFastPath: Plugin = {
	name: 'string-width-fast-path',
	setup(builder) {
		builder.onResolve({filter: /^string-width$/}, async arguments_ => {
			if (arguments_.pluginData === 'string-width-itself') {
				return undefined;
			}

			const itself = await builder.resolve('string-width', {resolveDir: arguments_.resolveDir, kind: arguments_.kind, pluginData: 'string-width-itself'});
			return itself.errors.length > 0 ? {errors: itself.errors} : {path: itself.path, namespace: 'string-width-fast-path'};
		});
		builder.onLoad({filter: /.*/, namespace: 'string-width-fast-path'}, arguments_ => ({
			contents: `import stringWidth from ${JSON.stringify(arguments_.path)};\nimport stripAnsi from 'strip-ansi';\nimport {fastStringWidth} from ${JSON.stringify(path.join(root, 'scripts', 'bundle', 'fast-string-width.ts'))};\nexport default fastStringWidth(stringWidth, stripAnsi);\n`,
			resolveDir: path.dirname(arguments_.path),
			loader: 'js',
		}));
	},
};

const plugins = [
	stringWidthFastPath,
	// source/libraries.ts requires the vendored packages from distribution/vendor/ (its code lands in distribution/chunks/ or, if esbuild ever moves it, in distribution/).
	rewrite('vendor-require', /[/\\]source[/\\]libraries\.ts$/, 'ts', 'const require = createRequire(import.meta.url);', 'const vendorRequire = createRequire(new URL(import.meta.url.includes(\'/chunks/\') ? \'../vendor/\' : \'./vendor/\', import.meta.url));\nconst require = (name: string): unknown => vendorRequire(name.startsWith(\'node:\') ? name : `./${name}.cjs`);'),
	// Emscripten's loader of Yoga (Ink's layout engine) fetches its own base64 data: URL with fetch() when fetch exists, which loads Node's whole HTTP client (undici) for nothing; its other path decodes the same bytes directly.
	rewrite('yoga-without-fetch', /[/\\]yoga-layout[/\\]dist[/\\]binaries[/\\]yoga-wasm-base64-esm\.js$/, 'js', '"function"!=typeof fetch', '!0'),
];

const result = await build({
	plugins,
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
