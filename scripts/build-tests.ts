import {readFile, readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath, pathToFileURL} from 'node:url';
import avaHelper from 'ava/eslint-plugin-helper';
import {build, type Plugin} from 'esbuild';

/*
Compiles the test files, with the sources they import, into plain JavaScript under .tmp/test-build/ for `npm test` (ava.build.config.js runs them). Run through tsx, every test file's process spent about a second of CPU in tsx's loader (registering it, then resolving and transforming each of the 350 source modules it imports) before its first test, some 200 seconds over the suite: esbuild does that work once for every file here, in a few seconds. `npx ava test/FILE.ts` still runs the sources through tsx (ava.config.js).

Each test file is an entry point; the modules they share go into chunks (one copy on disk, loaded by each process that needs it); packages stay in node_modules. A module's `import.meta.dirname`, `filename` and `url` are its own source's location, so fixtures, goldens and the repository root are found where they are under tsx. cli.tsx is compiled too, for the tests that run the command line as a process (TFSCOPE_TEST_CLI, set by ava.build.config.js).

Nothing is type-checked here: `npm test` runs the type-check first.
*/

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testBuildDirectory = path.join(root, '.tmp', 'test-build');

// The test files are the ones AVA would run with ava.config.js: its `files` globs and AVA's own rules (files and folders starting with `_`, helpers, fixtures), asked of AVA itself so that there is one list of exclusions.
async function testFiles(directory: string): Promise<string[]> {
	const {classifyFile} = avaTestFileClassifier();
	const entries = await readdir(directory, {recursive: true, withFileTypes: true});
	return entries
		.map(entry => path.join(entry.parentPath, entry.name))
		.filter(file => /\.tsx?$/.test(file) && classifyFile(file).isTest)
		.sort();
}

// AVA reads its configuration in a worker and waits 10 s for it, which a machine at load 40 can miss: the answer still comes, to the next request.
function avaTestFileClassifier(): ReturnType<typeof avaHelper.load> {
	for (let attempt = 1; ; attempt++) {
		try {
			return avaHelper.load(root);
		} catch (error) {
			if (attempt === 6 || !String(error).includes('Timed out resolving AVA configuration')) {
				throw error;
			}
		}
	}
}

const sourceLocationName = '__tfscopeSourceLocation';
const sourceLocation: Plugin = {
	name: 'source-location',
	setup(builder) {
		builder.onLoad({filter: /\.tsx?$/}, async ({path: file}) => {
			if (file.includes(`${path.sep}node_modules${path.sep}`)) {
				return undefined;
			}

			const text = await readFile(file, 'utf8');
			const location = {url: pathToFileURL(file).href, dirname: path.dirname(file), filename: file};
			return {
				// The module's own place, declared on its first line (so line numbers stay those of the file); `define` below points import.meta's fields at it, in code only.
				contents: text.replace(/^(#!.*\n)?/, shebang => `${shebang}const ${sourceLocationName} = ${JSON.stringify(location)}; `),
				loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
			};
		});
	},
};

const started = performance.now();
const entries = [...await testFiles(path.join(root, 'test')), path.join(root, 'cli.tsx')];
await rm(testBuildDirectory, {recursive: true, force: true});
await build({
	entryPoints: entries,
	outbase: root,
	outdir: testBuildDirectory,
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	packages: 'external',
	jsx: 'automatic',
	chunkNames: 'chunks/[name]-[hash]',
	// AVA runs test files with --enable-source-maps: stack traces, and the internal-error line's place in tfscope, then name the sources as they do under tsx.
	sourcemap: 'linked',
	sourcesContent: false,
	plugins: [sourceLocation],
	define: Object.fromEntries(['url', 'dirname', 'filename'].map(name => [`import.meta.${name}`, `${sourceLocationName}.${name}`])),
	logLevel: 'warning',
});
if (process.env['TFSCOPE_BUILD_TESTS_QUIET'] !== '1') {
	process.stderr.write(`Compiled ${entries.length} test files into ${path.relative(root, testBuildDirectory)} in ${Math.round(performance.now() - started)} ms\n`);
}
