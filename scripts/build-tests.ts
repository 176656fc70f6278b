import {readFile, readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build, type Plugin} from 'esbuild';

/*
Compiles the test files, with the sources they import, into plain JavaScript under .tmp/test-build/ for `npm test` (ava.build.config.js runs them). Run through tsx, every test file's process spent about a second of CPU in tsx's loader (registering it, then resolving and transforming each of the 350 source modules it imports) before its first test, some 200 seconds over the suite: esbuild does that work once for every file here, in a few seconds. `npx ava test/FILE.ts` still runs the sources through tsx (ava.config.js).

Each test file is an entry point; the modules they share go into chunks (one copy on disk, loaded by each process that needs it); packages stay in node_modules. A module's `import.meta.dirname`, `filename` and `url` are its own source's location, so fixtures, goldens and the repository root are found where they are under tsx. cli.tsx is compiled too, for the tests that run the command line as a process (TFSCOPE_TEST_CLI, set by ava.build.config.js).

Nothing is type-checked here: `npm test` runs the type-check first.
*/

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testBuildDirectory = path.join(root, '.tmp', 'test-build');

// What AVA runs by default of test/: test files, not helpers, fixtures or files whose name starts with `_` (ava.config.js says the same).
async function testFiles(directory: string): Promise<string[]> {
	const files: string[] = [];
	for (const entry of await readdir(directory, {withFileTypes: true})) {
		if (entry.name.startsWith('_') || entry.name.startsWith('.') || (entry.isDirectory() && (entry.name === 'helpers' || entry.name === 'fixtures' || entry.name === 'snapshots'))) {
			continue;
		}

		const file = path.join(directory, entry.name);
		if (entry.isDirectory()) {
			// eslint-disable-next-line no-await-in-loop
			files.push(...await testFiles(file));
		} else if (/\.tsx?$/.test(entry.name)) {
			files.push(file);
		}
	}

	return files;
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
