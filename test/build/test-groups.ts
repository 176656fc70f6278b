import {readFile} from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import {renderingFunctions, rendersConcurrently, shareOut, sharesTheProcess} from '../../scripts/test-groups.js';

/*
Which test files scripts/build-tests.ts may run in one process: a file that could reach another file's tests through the process stays alone, and so does one whose concurrent tests render frames (React's act() must not overlap). This file runs alone itself: its table spells out what the check looks for.
*/

const sharing: ReadonlyArray<readonly [string, boolean]> = [
	['process.chdir(directory);', true],
	['process.on(\'exit\', () => {});', true],
	['process.once(\'warning\', listener);', true],
	['process.exit(1);', true],
	['process.exitCode = 2;', true],
	['process.stdout.columns = 80;', true],
	['Object.defineProperty(process, \'platform\', {value: \'win32\'});', true],
	['globalThis.fetch = fake;', true],
	['Date.now = () => 0;', true],
	['Math.random = () => 0.5;', true],
	['process.env.HOME = directory;', true],
	['process.env[\'TF_DATA_DIR\'] = directory;', true],
	['delete process.env.HOME;', true],
	['test.beforeEach(t => {});', true],
	['test.afterEach.always(t => {});', true],
	['test.before(() => {});', true],
	// Reading the process, comparing, and hooks that run once at the end share nothing.
	['const home = process.env.HOME;', false],
	['t.true(process.env.HOME === undefined);', false],
	['const cwd = process.cwd();', false],
	['t.is(state.serial, 1);', false],
	['test.serial(\'a frame\', async t => {});', false],
	['test.after.always(() => rmSync(directory, {recursive: true}));', false],
	['t.is(Date.now() > 0, true);', false],
];

for (const [text, shares] of sharing) {
	test(`${shares ? 'shares' : 'does not share'} the process: ${text}`, t => {
		t.is(sharesTheProcess.test(text), shares);
	});
}

const noImports = async () => '';

test('serial frame tests may be grouped; a concurrent one may not, nor one that renders through a function of the file', async t => {
	t.false(await rendersConcurrently([
		'test.serial(\'a\', async t => {\n\tconst app = await renderFrames(<A/>);\n});',
		'test(\'pure\', t => {\n\tt.regex(line, /x/.test(line) ? /a/ : /b/);\n});',
	].join('\n\n'), noImports));
	t.true(await rendersConcurrently('test(\'a\', async t => {\n\tconst app = await renderFrames(<A/>);\n});', noImports));
	t.true(await rendersConcurrently('test.failing(\'a\', async t => {\n\tawait render(<A/>);\n});', noImports));
	const helper = 'async function open() {\n\treturn renderFrames(<A/>);\n}\n\nconst reopen = async () => open();\n';
	t.true(await rendersConcurrently(`${helper}\ntest('a', async t => {\n\tawait reopen();\n});`, noImports));
	t.false(await rendersConcurrently(`${helper}\ntest.serial('a', async t => {\n\tawait reopen();\n});\n\ntest('b', t => {\n\tt.pass();\n});`, noImports));
	// In a table-driven loop too.
	t.true(await rendersConcurrently('for (const size of sizes) {\n\ttest(`at ${size}`, async t => {\n\t\tawait renderFrames(<A size={size}/>);\n\t});\n}', noImports));
});

test('a function imported from a helper that renders counts, under its local name; the helper\'s other exports do not', async t => {
	const helper = 'export const rawKeys = {};\n\nexport function keyOf(id) {\n\treturn id;\n}\n\nexport async function exploreSession(directory) {\n\treturn render(<Explorer/>);\n}\n';
	const readImport = async (specifier: string) => specifier === './_session.js' ? helper : '';
	t.deepEqual([...renderingFunctions(helper)], ['exploreSession']);
	t.true(await rendersConcurrently('import {exploreSession as explore} from \'./_session.js\';\n\ntest(\'a\', async t => {\n\tawait explore(\'x\');\n});', readImport));
	t.false(await rendersConcurrently('import {exploreSession, keyOf} from \'./_session.js\';\n\ntest(\'a\', t => {\n\tt.is(keyOf(\'up\'), \'up\');\n});\n\ntest.serial(\'b\', async t => {\n\tawait exploreSession(\'x\');\n});', readImport));
});

test('the repository\'s own frame tests: the serial ones group, one with a concurrent frame test stays alone', async t => {
	const root = path.join(import.meta.dirname, '..', '..');
	const check = async (file: string) => {
		const absolute = path.join(root, file);
		const text = await readFile(absolute, 'utf8');
		return rendersConcurrently(text, async specifier => {
			const module = path.resolve(path.dirname(absolute), specifier).replace(/\.js$/, '');
			return readFile(`${module}.tsx`, 'utf8').catch(async () => readFile(`${module}.ts`, 'utf8')).catch(() => '');
		});
	};

	t.false(await check('test/ui/app.tsx'));
	t.false(await check('test/ui/panes/edges.tsx'));
	t.true(await check('test/ui/panes/module-tree.tsx'));
	// Its one frame test, through the safety helper, is serial.
	t.false(await check('test/safety/terminal.ts'));
});

test('files are shared out evenly, never a group of one beside full ones', t => {
	const files = Array.from({length: 17}, (_, index) => index);
	t.deepEqual(shareOut(files, 8).map(group => group.length), [6, 5, 6]);
	t.deepEqual(shareOut(files.slice(0, 8), 8).map(group => group.length), [8]);
	t.deepEqual(shareOut(files.slice(0, 9), 8).map(group => group.length), [5, 4]);
	t.deepEqual(shareOut([], 8), []);
	t.deepEqual(shareOut(files, 8).flat(), files);
});
