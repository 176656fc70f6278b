/*
Runs the examples of the readme and of docs/ and compares what they print with what the page shows (the convention is in docs/examples.md): a ```console block's `$ ` lines are commands, run in one shell from the repository root with `tfscope` on PATH running the sources, and the lines after each are its output, stdout and stderr together.
*/
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Example = {command: string; expected: string; line: number};
type Block = {file: string; line: number; info: string; lines: string[]};

function pages(): string[] {
	const documents = readdirSync(path.join(root, 'docs'), {recursive: true, encoding: 'utf8'})
		.filter(name => name.endsWith('.md'))
		.map(name => path.join('docs', name));
	return ['readme.md', ...documents.sort()];
}

/** The fenced blocks of a Markdown page with their info strings and the line each starts on. */
function blocksOf(file: string): Block[] {
	const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
	const blocks: Block[] = [];
	let open: Block | undefined;
	for (const [index, text] of lines.entries()) {
		const fence = /^(`{3,})(.*)$/.exec(text);
		if (open === undefined && fence) {
			open = {file, line: index + 1, info: fence[2]!.trim(), lines: []};
		} else if (open !== undefined && /^`{3,}\s*$/.test(text)) {
			blocks.push(open);
			open = undefined;
		} else {
			open?.lines.push(text);
		}
	}

	return blocks;
}

/** The commands of a console block, each with the lines it prints. */
function examplesOf(block: Block): Example[] {
	const examples: Example[] = [];
	for (const [index, text] of block.lines.entries()) {
		if (text.startsWith('$ ')) {
			examples.push({command: text.slice(2), expected: '', line: block.line + 1 + index});
		} else if (examples.length > 0) {
			const last = examples.at(-1)!;
			last.expected += `${text}\n`;
		}
	}

	return examples;
}

/** Only the end of the output is normalised: trailing spaces of each line and blank lines at the end. */
function normalise(text: string): string {
	return text.split('\n').map(line => line.trimEnd()).join('\n').trimEnd();
}

const consoleBlocks = pages().flatMap(file => blocksOf(file)).filter(block => block.info === 'console');

// `tfscope` on PATH runs the sources, so the examples check the code of this checkout (the bundle is checked against the same commands by scripts/smoke.sh and test/e2e/install.ts).
const binDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-examples-'));
const tsx = import.meta.resolve('tsx');
writeFileSync(path.join(binDirectory, 'tfscope'), `#!/bin/sh\nexec "${process.execPath}" --import=${tsx} "${path.join(root, 'cli.tsx')}" "$@"\n`);
chmodSync(path.join(binDirectory, 'tfscope'), 0o755);
test.after.always(() => {
	rmSync(binDirectory, {recursive: true, force: true});
});

const execFileAsync = promisify(execFile);

async function run(examples: Example[]): Promise<string[]> {
	const marker = '@@tfscope-example@@';
	const script = ['exec 2>&1', ...examples.flatMap(example => [`printf '%s\\n' '${marker}'`, example.command]), 'exit 0'].join('\n');
	const environment: NodeJS.ProcessEnv = {
		PATH: `${binDirectory}:${process.env['PATH'] ?? ''}`,
		HOME: process.env['HOME'],
		NO_COLOR: '1',
		TERM: 'dumb',
		LANG: 'C.UTF-8',
	};
	// Asynchronous, so each block's result reaches AVA as it is known (a run that reports nothing for its timeout fails).
	const {stdout} = await execFileAsync('sh', ['-c', script], {cwd: root, env: environment, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024});
	return stdout.split(`${marker}\n`).slice(1);
}

test('the pages have runnable examples', t => {
	t.true(consoleBlocks.length >= 10, `${consoleBlocks.length} console blocks`);
	t.true(consoleBlocks.some(block => block.file === 'readme.md'));
});

for (const block of consoleBlocks) {
	// One block at a time: each starts the sources through tsx, about a second of CPU a command.
	test.serial(`${block.file}:${block.line} prints what it shows`, async t => {
		const examples = examplesOf(block);
		t.true(examples.length > 0, 'a console block shows at least one command');
		const outputs = await run(examples);
		t.is(outputs.length, examples.length, 'every command of the block ran');
		for (const [index, example] of examples.entries()) {
			t.is(normalise(outputs[index] ?? ''), normalise(example.expected), `${block.file}:${example.line}: $ ${example.command} (the page must show what the command prints now: update one or the other)`);
		}
	});
}

test('every block that shows a command with its output is marked console (run) or text (not run)', t => {
	const unmarked = pages().flatMap(file => blocksOf(file))
		.filter(block => block.info === '' && block.lines.some((text, index) => text.startsWith('$ tfscope') && block.lines[index + 1] !== undefined && !block.lines[index + 1]!.startsWith('$ ')))
		.map(block => `${block.file}:${block.line}`);
	t.deepEqual(unmarked, []);
});
