import {readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import type {BuildOptions, Plugin} from 'esbuild';
import {singleClusterRanges, widthTable} from './fast-string-width.js';

/*
The esbuild plugins of the bundle (scripts/build.ts): where the built tool departs from its sources or its dependencies' own code, for start-up time. Each is checked by test/build/.
*/

/**
Replaces one exact piece of a file's text as esbuild loads it, failing the build when the piece is not there (a dependency changed under us).
*/
function rewrite(name: string, file: RegExp, loader: 'ts' | 'js', from: string, to: string, ...more: ReadonlyArray<{readonly from: string; readonly to: string}>): Plugin {
	return {
		name,
		setup(builder) {
			builder.onLoad({filter: file}, arguments_ => {
				let text = readFileSync(arguments_.path, 'utf8');
				for (const piece of [{from, to}, ...more]) {
					if (!text.includes(piece.from)) {
						throw new Error(`${name}: ${arguments_.path} no longer contains ${JSON.stringify(piece.from.slice(0, 80))}`);
					}

					text = text.replaceAll(piece.from, piece.to);
				}

				return {contents: text, loader};
			});
		},
	};
}

/**
Every import of string-width (Ink, wrap-ansi, cli-truncate, widest-line: two versions) gets that string-width through scripts/bundle/fast-string-width.ts, which answers lines of single-cluster characters from a table of string-width's own widths, made here. string-width itself is then bundled as a lazily evaluated module: its segmenter and emoji expressions are made only if a line needs them.
*/
function stringWidthFastPath(root: string): Plugin {
	return {
		name: 'string-width-fast-path',
		setup(builder) {
			builder.onResolve({filter: /^string-width$/}, async arguments_ => {
				if (arguments_.pluginData === 'string-width-itself') {
					return undefined;
				}

				const itself = await builder.resolve('string-width', {resolveDir: arguments_.resolveDir, kind: arguments_.kind, pluginData: 'string-width-itself'});
				return itself.errors.length > 0 ? {errors: itself.errors} : {path: itself.path, namespace: 'string-width-fast-path'};
			});
			builder.onLoad({filter: /.*/, namespace: 'string-width-fast-path'}, async arguments_ => {
				const {default: stringWidth} = await import(pathToFileURL(arguments_.path).href) as {default: (text: string) => number};
				return {
					contents: [
						'import stripAnsi from \'strip-ansi\';',
						`import {fastStringWidth} from ${JSON.stringify(path.join(root, 'scripts', 'bundle', 'fast-string-width.ts'))};`,
						'let stringWidth;',
						`export default fastStringWidth((text, options) => (stringWidth ??= require(${JSON.stringify(arguments_.path)}).default)(text, options), stripAnsi, ${JSON.stringify(widthTable(stringWidth))});`,
					].join('\n'),
					resolveDir: path.dirname(arguments_.path),
					loader: 'js',
				};
			});
		},
	};
}

/**
The replacement of styledCharsToString's per-character diff (see `bundlePlugins`), exported for its test.
*/
export const sameStylesFastPath = {
	from: 'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
	to: 'const previous = chars[i - 1].styles; if (previous !== char.styles && (previous.length !== char.styles.length || previous.some((code, index) => code.code !== char.styles[index].code || code.endCode !== char.styles[index].endCode))) ret += ansiCodesToString(diffAnsiCodes(previous, char.styles));',
} as const;

/**
The replacement of styledCharsFromTokens's copy of the styles for each character (see `bundlePlugins`), exported for its test: the characters between two escape codes share one array of styles (reduceAnsiCodesIncremental makes a new array at every code and none is ever changed), and each character is a literal object instead of a spread of its token (the spread was most of a new line's cost).
*/
export const sharedStylesFromTokens = {
	from: '            ret.push({\n                ...token,\n                styles: [...codes],\n            });',
	to: '            ret.push({ type: token.type, value: token.value, fullWidth: token.fullWidth, styles: codes });',
} as const;

/**
The fast path of ansi-tokenize's tokenize (see `bundlePlugins`), exported for its test: a line of characters that are each a grapheme cluster of their own whatever follows them (fast-string-width.ts's ranges: ASCII, Latin, punctuation, arrows, box drawing, shapes, symbols) is read a code unit at a time into its tokens, without a grapheme object per character, the segmentation's iteration and the test for variation selectors of each (25 times faster on the explorer's lines); the same escape-code parsing and the same tokens.
*/
export const oneUnitTokenize = {
	// The characters of fast-string-width.ts's ranges, which simple-graphemes.ts splits the same way, and ESC.
	from: 'export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {\n',
	to: [
		`const oneUnitClusters = /^[\\x1b${singleClusterRanges.map(([from, to]) => `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`).join('')}]*$/;`,
		'function tokenizeOneUnitClusters(str) {',
		'    const ret = [];',
		'    for (let index = 0; index < str.length; index++) {',
		'        const codePoint = str.charCodeAt(index);',
		'        if (codePoint === 27) {',
		'            let code;',
		'            const nextCodePoint = str.charCodeAt(index + 1);',
		'            if (nextCodePoint === OSC) {',
		'                code = parseLinkCode(str, index);',
		'                if (code) {',
		'                    ret.push({ type: "ansi", code: code, endCode: getEndCode(code) });',
		'                }',
		'            }',
		'            else if (nextCodePoint === CSI) {',
		'                code = parseSGRSequence(str, index);',
		'                if (code) {',
		'                    for (const individualCode of splitCompoundSGRSequences(code)) {',
		'                        ret.push({ type: "ansi", code: individualCode, endCode: getEndCode(individualCode) });',
		'                    }',
		'                }',
		'            }',
		'            if (code) {',
		'                index += code.length - 1;',
		'                continue;',
		'            }',
		'        }',
		'        ret.push({ type: "char", value: str[index], fullWidth: isFullwidthCodePoint(codePoint) });',
		'    }',
		'    return ret;',
		'}',
		'export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {',
		'    if (endChar === Number.POSITIVE_INFINITY && oneUnitClusters.test(str)) {',
		'        return tokenizeOneUnitClusters(str);',
		'    }',
		'',
	].join('\n'),
} as const;

/**
The replacements that make Ink's output caches (the styled characters and widths of each line drawn) last from one frame to the next instead of one frame (see `bundlePlugins`), exported for their test.
*/
export const sharedOutputCaches = [
	{
		from: 'class OutputCaches {',
		// Bounded: a long session draws many distinct lines (stepping through thousands of instances); past the bound the caches start again.
		to: 'class OutputCaches {\n    static shared;\n    static get() {\n        const caches = (OutputCaches.shared ??= new OutputCaches());\n        if (caches.styledChars.size > 20000 || caches.widths.size > 50000 || caches.blockWidths.size > 20000) {\n            caches.styledChars.clear();\n            caches.widths.clear();\n            caches.blockWidths.clear();\n        }\n        return caches;\n    }',
	},
	{from: 'caches = new OutputCaches();', to: 'caches = OutputCaches.get();'},
] as const;

/**
The replacements that make Ink's Output redraw only what changed from one frame to the next (see `bundlePlugins`), exported for their test. A key press in the explorer changes a few panes, and Ink builds every frame whole: a new object for each of the screen's cells (7,680 at 160x48: the most of a frame's garbage), a look-up of each character's width, and the styled text of every row.
- One blank cell for every empty cell (cells are only ever replaced, never changed).
- A line whose characters are all one column wide (the cache says so once per line) is copied into the row without a width look-up per character.
- A row whose cells are the very cells of the row drawn there last (the characters come from the shared caches, the same objects for the same line) reuses that row's text instead of styling its characters again.
*/
export const outputRowsReused = [
	{
		from: 'class OutputCaches {\n    static shared;',
		to: 'class OutputCaches {\n    static shared;\n    static blank = Object.freeze({type: \'char\', value: \' \', fullWidth: false, styles: Object.freeze([])});\n    narrow = new WeakMap();\n    rows = [];\n    isNarrow(characters) {\n        let narrow = this.narrow.get(characters);\n        if (narrow === undefined) {\n            narrow = characters.every(character => this.getStringWidth(character.value) <= 1);\n            this.narrow.set(characters, narrow);\n        }\n        return narrow;\n    }\n    rowText(y, cells, make) {\n        const last = this.rows[y];\n        if (last !== undefined && last.cells.length === cells.length) {\n            let same = true;\n            for (let index = 0; index < cells.length; index++) {\n                if (last.cells[index] !== cells[index]) {\n                    same = false;\n                    break;\n                }\n            }\n            if (same) {\n                return last.text;\n            }\n        }\n        const text = make();\n        this.rows[y] = {cells, text};\n        return text;\n    }',
	},
	{
		from: '                row.push({\n                    type: \'char\',\n                    value: \' \',\n                    fullWidth: false,\n                    styles: [],\n                });',
		to: '                row.push(OutputCaches.blank);',
	},
	{
		from: '                    let offsetX = x;\n                    for (const character of characters) {',
		to: '                    let offsetX = x;\n                    if (this.caches.isNarrow(characters)) {\n                        for (let index = 0; index < characters.length; index++) {\n                            currentLine[offsetX + index] = characters[index];\n                        }\n                        offsetY++;\n                        continue;\n                    }\n                    for (const character of characters) {',
	},
	{
		from: '            .map(line => {\n            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742\n            const lineWithoutEmptyItems = line.filter(item => item !== undefined);\n            return styledCharsToString(lineWithoutEmptyItems).trimEnd();\n        })',
		to: '            .map((line, y) => this.caches.rowText(y, line, () => styledCharsToString(line.filter(item => item !== undefined)).trimEnd()))',
	},
] as const;

/**
The replacement that makes meow's package-data normaliser lazy (see `bundlePlugins`), exported for its test.
*/
export const meowLazyPackageData = {
	from: 'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
	to: 'const normalizePackageData = (...parameters) => getDefaultExportFromCjs(requireNormalize())(...parameters);',
} as const;

/**
The replacements that give @alcalzone/ansi-tokenize's segmentation the fast path of scripts/bundle/simple-graphemes.ts (see `bundlePlugins`), exported for their test; `module` is that file.
*/
export function tokenizerGraphemes(module: string) {
	return [
		{from: 'import isFullwidthCodePoint from "is-fullwidth-code-point";', to: `import isFullwidthCodePoint from "is-fullwidth-code-point";\nimport {simpleGraphemes} from ${JSON.stringify(module)};`},
		{from: 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', to: 'let segmenter;\nconst graphemesOf = str => simpleGraphemes(str) ?? (segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(str);'},
		{from: 'for (const { segment, index } of segmenter.segment(str)) {', to: 'for (const { segment, index } of graphemesOf(str)) {'},
	] as const;
}

/**
The replacement that loads meow on its first call instead of at every start of the CommonJS builds (see `meowOnFirstUse`), exported for its test.
*/
export const meowOnFirstUseImport = {
	from: 'import meow from \'meow\';',
	to: 'let meowModule: typeof import(\'meow\') | undefined;\nconst meow: typeof import(\'meow\').default = options => (meowModule ??= require(\'meow\') as typeof import(\'meow\')).default(options);',
} as const;

/**
For the two CommonJS builds (the commands, the explorer): meow is required on its first call (source/commands/arguments.ts calls it for a command line with options only), from distribution/vendor/meow.cjs (`loadedFromVendor`). Before `builtinsRequired`, which would otherwise load the file first (esbuild takes the first plugin that answers; arguments.ts imports none of Node's modules by default import). Not for the split ES module build: `require` there is Node's own (the build's banner), which cannot load meow's ES module on Node 20.
*/
export function meowOnFirstUse(): Plugin {
	return rewrite('meow-on-first-use', /[/\\]source[/\\]commands[/\\]arguments\.ts$/, 'ts', meowOnFirstUseImport.from, meowOnFirstUseImport.to);
}

/**
The packages the CommonJS builds leave in distribution/vendor/NAME.cjs (scripts/build.ts builds each there), required when first used rather than carried in the file that every start reads whole and compiles from its code cache (on these machines each first-touched page of memory costs 25-50 us): meow and its bundled dependencies (about 130 KB minified, for a command line with options; `meowOnFirstUse`), and isomorphic-git with pako (about 210 KB, for the explorer's `--diff` only: its git reader is evaluated on the first `--diff`).
*/
export const loadedFromVendorPackages = ['meow', 'isomorphic-git'] as const;

/**
The build of `loadedFromVendorPackages` into `outdir` (distribution/vendor/), each one CommonJS file; ES modules among them get `import.meta.url` as the file's own URL (meow makes a require() from it). Shared by scripts/build.ts and the test.
*/
export function loadedFromVendorBuildOptions(root: string, outdir: string): BuildOptions {
	return {
		...vendorBuildOptions(outdir),
		entryPoints: Object.fromEntries(loadedFromVendorPackages.map(name => [name, name])),
		absWorkingDir: root,
		plugins: bundlePlugins(root),
		define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'tfscopeModuleUrl'},
		banner: {js: 'var tfscopeModuleUrl = require(\'node:url\').pathToFileURL(__filename).href;'},
	};
}

/**
What every build into distribution/vendor/ shares: one minified CommonJS file per package, NAME.cjs.
*/
export function vendorBuildOptions(outdir: string): BuildOptions {
	return {
		outdir,
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
	};
}

export function loadedFromVendor(): Plugin {
	return {
		name: 'loaded-from-vendor',
		setup(builder) {
			// The path is left to Node, relative to the build's own file in distribution/ (cli-loader.ts gives each build a require() of its own file's directory).
			builder.onResolve({filter: /^(?:meow|isomorphic-git)$/}, arguments_ => ({path: `./vendor/${arguments_.path}.cjs`, external: true}));
		},
	};
}

/**
The replacement that makes slice-ansi's segmenter on first use (see `bundlePlugins`), exported for its test.
*/
export const sliceAnsiLazySegmenter = {
	from: 'const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: \'grapheme\'});',
	to: 'let graphemeSegmenter;\nconst GRAPHEME_SEGMENTER = {segment: text => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: \'grapheme\'})).segment(text)};',
} as const;

/**
The plugins; `root` is the repository.
*/
export function bundlePlugins(root: string): Plugin[] {
	const [graphemesImport, graphemesSegmenter, graphemesLoop] = tokenizerGraphemes(path.join(root, 'scripts', 'bundle', 'simple-graphemes.ts'));
	return [
		stringWidthFastPath(root),
		// Ink tokenizes each line it draws into grapheme clusters (ansi-tokenize), and slice-ansi (clipping) made an Intl.Segmenter as it loaded: the first segmenter of a process loads ICU's break rules. Lines of characters that are clusters of their own are split without one (simple-graphemes.ts), and slice-ansi makes its segmenter when first used.
		// And a line of such characters is read into its tokens directly (oneUnitTokenize): one plugin for the file, as esbuild loads a file by the first plugin that answers.
		rewrite('ansi-tokenize-graphemes', /[/\\]@alcalzone[/\\]ansi-tokenize[/\\]build[/\\]tokenize\.js$/, 'js', graphemesImport.from, graphemesImport.to, graphemesSegmenter, graphemesLoop, oneUnitTokenize),
		rewrite('slice-ansi-lazy-segmenter', /[/\\]slice-ansi[/\\]tokenize-ansi\.js$/, 'js', sliceAnsiLazySegmenter.from, sliceAnsiLazySegmenter.to),
		// source/libraries.ts requires the vendored packages from distribution/vendor/ (its code lands in distribution/chunks/ or, if esbuild ever moves it, in distribution/).
		rewrite('vendor-require', /[/\\]source[/\\]libraries\.ts$/, 'ts', 'const require = createRequire(import.meta.url);', 'const vendorRequire = createRequire(new URL(import.meta.url.includes(\'/chunks/\') ? \'../vendor/\' : \'./vendor/\', import.meta.url));\nconst require = (name: string): unknown => vendorRequire(name.startsWith(\'node:\') ? name : `./${name}.cjs`);'),
		// Ink's Output writes every cell of every frame through styledCharsToString, which diffs the styles of each character against the previous one (two Sets and four arrays per character): a character styled as the previous one (element by element: the diff is then empty) needs no diff.
		// And the characters of a new line (styledCharsFromTokens) share their styles and are made without a spread each.
		rewrite('ansi-tokenize-same-styles', /[/\\]@alcalzone[/\\]ansi-tokenize[/\\]build[/\\]styledChars\.js$/, 'js', sameStylesFastPath.from, sameStylesFastPath.to, sharedStylesFromTokens),
		// Ink makes a new Output each frame, and with it new caches of each line's styled characters (ansi-tokenize's segmentation of the line, an object per character) and widths: the most of a key press's frame, for lines most of which did not change. They are pure functions of the line's text and are only read afterwards, so one set of caches serves every frame. With them, rows that did not change are not styled again (outputRowsReused).
		rewrite('ink-output-caches', /[/\\]ink[/\\]build[/\\]output\.js$/, 'js', sharedOutputCaches[0].from, sharedOutputCaches[0].to, sharedOutputCaches[1], ...outputRowsReused),
		// Emscripten's loader of Yoga (Ink's layout engine) fetches its own base64 data: URL with fetch() when fetch exists, which loads Node's whole HTTP client (undici) for nothing; its other path decodes the same bytes directly.
		rewrite('yoga-without-fetch', /[/\\]yoga-layout[/\\]dist[/\\]binaries[/\\]yoga-wasm-base64-esm\.js$/, 'js', '"function"!=typeof fetch', '!0'),
		// isomorphic-git (in the commands build through the git reader) has one character above 0x7F, a raw U+FFFF in a regular expression, which makes the whole commands build non-ASCII: cli-loader.ts then reads it as UTF-8 into a two-byte string instead of Latin-1 into a one-byte string (test/build/commands-ascii.ts). The same expression, escaped.
		rewrite('isomorphic-git-ascii', /[/\\]isomorphic-git[/\\]index\.c?js$/, 'js', 'NEEDS_CODE_POINT_ORDER = /[\\ud800-\uFFFF]/', 'NEEDS_CODE_POINT_ORDER = /[\\ud800-\\uffff]/'),
		// meow's bundled dependencies evaluate normalize-package-data as the module loads, and with it spdx-correct's sort of every SPDX licence name; tfscope gives meow its `pkg`, so meow never normalises a package file and none of that is needed. Evaluated when first called instead.
		rewrite('meow-lazy-package-data', /[/\\]meow[/\\]build[/\\]dependencies\.js$/, 'js', meowLazyPackageData.from, meowLazyPackageData.to),
	];
}

/**
For the CommonJS builds (the commands build and the program, scripts/build.ts): a default import of one of Node's modules (`import fs from 'node:fs'`) is built as `__toESM(require('node:fs'), 1)`, which copies every export of the module into a new object of getters, once for each file that imports it; the commands build had 28 such imports (fs 7 times, path 14, process 5), about 3,000 property definitions, 10-12 ms of CPU at the start of every command. The module itself is what such an import names, so each is built as `const NAME = require('node:MODULE')`. Named imports are built without the copy already.
*/
const defaultBuiltinImport = /^import ([A-Za-z_$][\w$]*) from '(node:[a-z0-9_/]+)';$/gm;

export function builtinsRequired(): Plugin {
	return {
		name: 'builtins-required',
		setup(builder) {
			builder.onLoad({filter: /[/\\](?:source|scripts[/\\]bundle)[/\\].*\.tsx?$/}, arguments_ => {
				const text = readFileSync(arguments_.path, 'utf8');
				return {contents: text.replaceAll(defaultBuiltinImport, 'const $1 = require(\'$2\');'), loader: arguments_.path.endsWith('x') ? 'tsx' : 'ts'};
			});
		},
	};
}

/**
Ink's top-level awaits for React DevTools under DEV=true (its reconciler), left out of the explorer's CommonJS build (see `layoutEngineLoadedApart`), exported for their test.
*/
export const inkWithoutDevtools = [
	{from: 'await import(\'./devtools.js\');', to: 'throw Object.assign(new Error(\'React DevTools are not part of the built tool\'), {code: \'ERR_MODULE_NOT_FOUND\'});'},
	{from: '? await loadPackageJson()', to: '? {name: undefined, version: undefined}'},
] as const;

/**
For the explorer's CommonJS build (scripts/build.ts): yoga-layout's entry, Ink's layout engine, instantiates its WebAssembly with a top-level await, which CommonJS cannot hold. Ink reads Yoga only inside functions (layout and output, from the first render on), so in that build `yoga-layout` is a module whose default export is set by its `loadLayoutEngine()`, which the build's entry (scripts/bundle/explorer-entry.ts, importing it as `tfscope:layout-engine`) awaits before the explorer's first render. The same module for both names, so both see one Yoga.
*/
export function layoutEngineLoadedApart(root: string): Plugin {
	const devtools = rewrite('ink-without-devtools', /[/\\]ink[/\\]build[/\\]reconciler\.js$/, 'js', inkWithoutDevtools[0].from, inkWithoutDevtools[0].to, inkWithoutDevtools[1]);
	return {
		name: 'layout-engine-loaded-apart',
		setup(builder) {
			// Ink's other top-level awaits, only under DEV=true: React DevTools, which the built tool never has (the split build marks it external and absent).
			devtools.setup(builder);
			builder.onResolve({filter: /^(?:yoga-layout|tfscope:layout-engine)$/}, () => ({path: 'layout-engine', namespace: 'layout-engine-loaded-apart'}));
			builder.onLoad({filter: /.*/, namespace: 'layout-engine-loaded-apart'}, async () => {
				// yoga-layout/load, as Ink resolves it: the same WebAssembly and wrapper as yoga-layout's entry, without its top-level await.
				const ink = await builder.resolve('ink', {resolveDir: root, kind: 'import-statement'});
				const load = ink.errors.length > 0 ? ink : await builder.resolve('yoga-layout/load', {resolveDir: path.dirname(ink.path), kind: 'import-statement'});
				if (load.errors.length > 0) {
					return {errors: load.errors};
				}

				return {
					contents: [
						`import {loadYoga} from ${JSON.stringify(load.path)};`,
						'let Yoga;',
						'let loading;',
						'export {Yoga as default};',
						'export function loadLayoutEngine() {',
						'\treturn (loading ??= loadYoga().then(loaded => {',
						'\t\tYoga = loaded;',
						'\t}));',
						'}',
					].join('\n'),
					resolveDir: path.dirname(load.path),
					loader: 'js',
				};
			});
		},
	};
}

/**
What the CommonJS builds leave out, to be loaded from the split build if ever asked: diff, whose git reader (isomorphic-git, pako) would double the file every command reads (cli-loader.ts runs it from the split build), and in the commands build (`explorer`) the explorer, which has a build of its own (cli-loader.ts opens it). scripts/build.ts and test/build/commands-ascii.ts build with it.
*/
export function commandsApart({explorer}: {readonly explorer: boolean}): Plugin {
	return {
		name: 'commands-apart',
		setup(builder) {
			if (explorer) {
				builder.onResolve({filter: /[/\\]ui[/\\]run[/\\]run-explorer\.js$/}, () => ({path: './explorer-apart.js', external: true}));
			}

			builder.onResolve({filter: /^\.\/diff\.js$/}, arguments_ => (arguments_.importer.endsWith('command-table.ts') ? {path: './diff-apart.js', external: true} : undefined));
		},
	};
}
