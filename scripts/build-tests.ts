import {readFile, readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath, pathToFileURL} from 'node:url';
import avaHelper from 'ava/eslint-plugin-helper';
import {build, type Plugin} from 'esbuild';
import {rendersConcurrently, shareOut, sharesTheProcess} from './test-groups.js';

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
		builder.onLoad({filter: /\.tsx?$/, namespace: 'file'}, async ({path: file}) => {
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

/*
Test files run a few to a process: each process costs about 0.85 s of CPU before its first test (Node's start, AVA's worker, the imports). A file stays alone when it is one of the slow files (ava.config.js starts them first; alone they spread over the cores), when its folder's tests drive other processes and wait on them (e2e: the explorer in tmux), or when it could reach another file's tests through the process (scripts/test-groups.ts). The files of a folder are grouped together; titles are prefixed with the file's name in its folder (test/helpers/titled-test.ts).
*/
const aloneFolders = new Set(['e2e']);
const filesPerGroup = 8;

async function staysAlone(file: string): Promise<boolean> {
	const text = await readFile(file, 'utf8');
	const readImport = async (specifier: string) => {
		const module = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
		return readFile(`${module}.tsx`, 'utf8').catch(async () => readFile(`${module}.ts`, 'utf8')).catch(() => '');
	};

	return sharesTheProcess.test(text) || rendersConcurrently(text, readImport);
}

const {slowFirst} = await import(pathToFileURL(path.join(root, 'ava.config.js')).href) as {slowFirst: readonly string[]};
const slow = new Set(slowFirst.map(file => path.join(root, file)));

type Entry = {readonly in: string; readonly out: string};
const groups = new Map<string, string[]>();
const prefixes = new Map<string, string>();
const entries: Entry[] = [];
const alone = (file: string) => entries.push({in: file, out: path.relative(root, file).replace(/\.tsx?$/, '')});
const started = performance.now();
const candidates = new Map<string, string[]>();
for (const file of await testFiles(path.join(root, 'test'))) {
	// The files directly in test/ are a folder of their own, '.'.
	const parts = path.relative(path.join(root, 'test'), file).split(path.sep);
	const folder = parts.length > 1 ? parts[0]! : '.';
	// eslint-disable-next-line no-await-in-loop
	if (aloneFolders.has(folder) || slow.has(file) || await staysAlone(file)) {
		alone(file);
	} else {
		candidates.set(folder, [...candidates.get(folder) ?? [], file]);
	}
}

for (const [folder, files] of candidates) {
	for (const [index, members] of shareOut(files, filesPerGroup).entries()) {
		if (members.length === 1) {
			alone(members[0]!);
			continue;
		}

		const name = path.posix.join('test', folder, `grouped-${index + 1}`);
		if (await testFiles(path.join(root, 'test', folder)).then(list => list.some(file => path.relative(root, file).replace(/\.tsx?$/, '') === name))) {
			throw new Error(`${name} is a test file: rename it or change the grouped files' names in scripts/build-tests.ts`);
		}

		groups.set(name, members);
		for (const member of members) {
			prefixes.set(member, path.relative(path.join(root, 'test', folder), member).replace(/\.tsx?$/, ''));
		}

		entries.push({in: `tfscope-group:${name}`, out: name});
	}
}

entries.push({in: path.join(root, 'cli.tsx'), out: 'cli'});

const titledTest = path.join(root, 'test', 'helpers', 'titled-test.ts');
const groupedFiles: Plugin = {
	name: 'grouped-files',
	setup(builder) {
		builder.onResolve({filter: /^tfscope-group:/}, ({path: name}) => ({path: name.slice('tfscope-group:'.length), namespace: 'tfscope-group'}));
		builder.onLoad({filter: /.*/, namespace: 'tfscope-group'}, ({path: name}) => ({
			contents: groups.get(name)!.map(file => `import ${JSON.stringify(file)};`).join('\n'),
			resolveDir: root,
			loader: 'js',
		}));
		// A grouped file's `ava` is AVA's test with its titles prefixed.
		builder.onResolve({filter: /^ava$/}, ({importer, namespace}) => namespace === 'file' && prefixes.has(importer) ? {path: importer, namespace: 'tfscope-titled-ava'} : undefined);
		builder.onLoad({filter: /.*/, namespace: 'tfscope-titled-ava'}, ({path: file}) => ({
			contents: `import test from 'ava';\nimport {titled} from ${JSON.stringify(titledTest)};\nexport * from 'ava';\nexport default titled(test, ${JSON.stringify(prefixes.get(file))});\n`,
			resolveDir: root,
			loader: 'js',
		}));
	},
};

await rm(testBuildDirectory, {recursive: true, force: true});
await build({
	entryPoints: entries,
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
	plugins: [groupedFiles, sourceLocation],
	define: Object.fromEntries(['url', 'dirname', 'filename'].map(name => [`import.meta.${name}`, `${sourceLocationName}.${name}`])),
	logLevel: 'warning',
});
if (process.env['TFSCOPE_BUILD_TESTS_QUIET'] !== '1') {
	process.stderr.write(`Compiled ${entries.length - 1} test files and groups (${prefixes.size} files in ${groups.size} groups) and cli.tsx into ${path.relative(root, testBuildDirectory)} in ${Math.round(performance.now() - started)} ms\n`);
}
