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
import {cliCommand} from '../helpers/cli-command.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Example = {command: string; expected: string; line: number};
type Block = {file: string; line: number; info: string; lines: string[]; before: string};

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
	let open: (Block & {fence: string}) | undefined;
	for (const [index, text] of lines.entries()) {
		const fence = /^(`{3,})(.*)$/.exec(text);
		if (open === undefined && fence) {
			open = {file, line: index + 1, info: fence[2]!.trim(), lines: [], fence: fence[1]!, before: lines[index - 1] ?? ''};
		} else if (open !== undefined && fence && fence[1]!.length >= open.fence.length && fence[2]!.trim() === '') {
			// As CommonMark closes a fence: backticks at least as many as the opening's, so a ```` block can show output that has ``` lines (diff's markdown).
			const {fence: _fence, ...block} = open;
			blocks.push(block);
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

// `tfscope` on PATH runs this checkout (`cliCommand()`), so the examples check the code of this checkout (the bundle is checked against the same commands by scripts/smoke.sh and test/e2e/install.ts).
const binDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-examples-'));
writeFileSync(path.join(binDirectory, 'tfscope'), `#!/bin/sh\nexec ${cliCommand().map(part => `"${part}"`).join(' ')} "$@"\n`);
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

// Two blocks at a time: each command starts the sources through tsx, about a second of CPU, so two keep two cores busy without crowding out the other test files.
let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
	if (running >= 2) {
		await new Promise<void>(resolve => {
			waiting.push(resolve);
		});
	}

	running++;
	try {
		return await work();
	} finally {
		running--;
		waiting.shift()?.();
	}
}

for (const block of consoleBlocks) {
	test(`${block.file}:${block.line} prints what it shows`, async t => {
		const examples = examplesOf(block);
		t.true(examples.length > 0, 'a console block shows at least one command');
		const outputs = await inTurn(async () => run(examples));
		t.is(outputs.length, examples.length, 'every command of the block ran');
		for (const [index, example] of examples.entries()) {
			t.is(normalise(outputs[index] ?? ''), normalise(example.expected), `${block.file}:${example.line}: $ ${example.command} (the page must show what the command prints now: update one or the other)`);
		}
	});
}

/** Why a block is not run, from the line before its fence: `<!-- not run: REASON -->`. */
function notRunReason(block: Block): string | undefined {
	return /^<!-- not run: (.+\S) -->$/.exec(block.before)?.[1];
}

/** A block that shows no output: configuration, commands to type (sh, or every line a command), or a command's synopsis. */
function showsNoOutput(block: Block): boolean {
	if (['sh', 'hcl', 'terraform'].includes(block.info)) {
		return true;
	}

	const written = block.lines.filter(text => text.trim() !== '');
	return written.length > 0 && written.every(text => text.startsWith('$ ') || text.startsWith('tfscope '));
}

test('every block that shows what tfscope prints is run (console), or says why not on the line before it', t => {
	const unmarked = pages().flatMap(file => blocksOf(file))
		.filter(block => block.info !== 'console' && !showsNoOutput(block) && notRunReason(block) === undefined)
		.map(block => `${block.file}:${block.line} (\`\`\`${block.info}): make it a console block, or put <!-- not run: REASON --> on the line before it`);
	t.deepEqual(unmarked, []);
});

test('the block rules tell what is output and what is not', t => {
	const block = (info: string, lines: string[], before = ''): Block => ({file: 'x.md', line: 1, info, lines, before});
	t.true(showsNoOutput(block('sh', ['tfscope diff --from main'])));
	t.true(showsNoOutput(block('text', ['$ tfscope diff [dir] --from REV', '$ terraform show -json plan.tfplan > plan.json'])));
	t.true(showsNoOutput(block('text', ['tfscope check [dir] [--json]'])));
	t.false(showsNoOutput(block('', ['{"format_version": "1.0"}'])));
	t.false(showsNoOutput(block('text', ['$ tfscope tree live', '. (Terragrunt estate: 3 units)'])));
	t.false(showsNoOutput(block('markdown', ['### tfscope diff'])));
	t.is(notRunReason(block('text', ['x'], '<!-- not run: an excerpt -->')), 'an excerpt');
	t.is(notRunReason(block('text', ['x'], '<!-- not run: -->')), undefined);
	const nested = blocksOf('docs/commands/diff.md').filter(candidate => candidate.lines.some(text => text.startsWith('```')));
	t.true(nested.length > 0 && nested.every(candidate => candidate.info === 'console'), 'a block with ``` lines in it is read whole');
});
