import {spawn} from 'node:child_process';
import {
	cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Readable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {main as tfscope} from '../source/commands/main.js';
import {unsafeCharacters, withoutOwnColours} from '../source/text/escape.js';
import {
	deepAttributeTypeSchema, deepBlockTypesSchema, deepStateAttribute, doubledLocals, doubledObjects, encryptionKeyProviderChain, hostileRepositories,
} from '../test/fixtures/hostile/round-five/generate.js';

/*
`npm run fuzz [-- --minutes N] [--seed S]`: a mutation fuzzer over the test fixtures and generated configurations. Besides mutated fixtures, a round in three is a hostile generated case (issue 39): a provider schema or state file nested to a random depth, values doubled through tuples or objects to a random level with a whole-value operation in the console, a chain of key providers, a hostile git repository given to `diff` with a random revision name, or names and keys laden with escapes and bidi controls, run in-process as if on a terminal in every output format (any unsafe character in the output is a finding). Each round takes a configuration directory (a fixture or a generated one), mutates its .tf files (byte flips, spliced fragments from other files, repeated slices, deep chains, hostile literals and function calls), then runs every command on it in a child process with a 10 s limit and a 1 GB heap cap. A finding is an exit code other than 0/1/2, a JavaScript stack trace or "internal error" in the output, a run past 10 s of CPU time (a hang; a run stopped by the wall-clock cap with under 5 s of CPU is counted as starved by the machine's load, not a finding), or a peak RSS over 1 GB. Findings are written to fuzz-findings/ (the directory and mutated file, ignored by git) and summarised at the end; the run ends after the given minutes (default 5). It never runs in `npm test`.
*/

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argumentsGiven = process.argv.slice(2);
const option = (name: string, fallback: number) => {
	const index = argumentsGiven.indexOf(`--${name}`);
	return index === -1 ? fallback : Number(argumentsGiven[index + 1]);
};

const minutes = option('minutes', 5);
let seed = option('seed', Date.now() % 2_147_483_647);
const timeLimitMs = 10_000;
const memoryLimitKb = 1024 * 1024;
const findingsDirectory = path.join(repository, 'fuzz-findings');

// A small deterministic generator (mulberry32), so a run can be repeated from its seed.
function random(): number {
	seed = (seed + 0x6D_2B_79_F5) | 0;
	let t = seed;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function configurationDirectories(): string[] {
	const found: string[] = [];
	const visit = (directory: string, depth: number) => {
		if (depth > 4) {
			return;
		}

		let names: string[];
		try {
			names = readdirSync(directory);
		} catch {
			return;
		}

		if (names.some(name => name.endsWith('.tf'))) {
			found.push(directory);
		}

		for (const name of names) {
			const child = path.join(directory, name);
			try {
				if (statSync(child).isDirectory() && !name.startsWith('.')) {
					visit(child, depth + 1);
				}
			} catch {}
		}
	};

	visit(path.join(repository, 'test', 'fixtures'), 0);
	visit(path.join(repository, 'examples'), 0);
	return found;
}

const fragments = [
	'${', '}', '%{ for x in y }', '%{ endfor }', '[', ']', '{', '}', '(', ')', '"', '<<EOT\n', '\nEOT\n', ' ? ', ' : ', '...', '[*]', '.*', '=>',
	'count = -1', 'count = 1e10000000', 'for_each = toset(range(100000))', '1e99999999999', 'local.', 'var.', 'module.', 'each.key', 'count.index', 'self',
	'\u202E', '\u001B[2J', '\u0000', '\uFEFF', '\r', '\t', 'dynamic "x" { for_each = range(300) content {} }',
	'yamldecode("&a [*a]")', 'split("", "xxxxxxxx")', 'regexall("", "aaaa")', 'setproduct(range(1024), range(1024))', 'jsonencode(range(1024))',
	'file("/proc/self/environ")', 'file("/dev/zero")', 'fileset(path.module, "**")', 'templatefile("main.tf", {})', 'toset(range(1024))',
	'value = local', 'module "m" { source = "./" }', 'locals { a = local.a }', 'output "o" { value = local.x }',
];

function deepChain(): string {
	const size = 200 + Math.floor(random() * 3000);
	return pick([
		() => Array.from({length: size}, () => '1').join(' + '),
		() => `local.x${'.a'.repeat(size)}`,
		() => `local.x${'[0]'.repeat(size)}`,
		() => '['.repeat(size % 300) + ']'.repeat(size % 300),
		() => `"${'${'.repeat(size % 200)}1${'}'.repeat(size % 200)}"`,
	])();
}

function mutate(text: string, others: readonly string[]): string {
	let result = text;
	const steps = 1 + Math.floor(random() * 4);
	for (let step = 0; step < steps; step++) {
		const at = Math.floor(random() * (result.length + 1));
		switch (Math.floor(random() * 7)) {
			case 0: {
				// Flip a byte.
				const code = Math.floor(random() * 256);
				result = result.slice(0, at) + String.fromCodePoint(code) + result.slice(at + 1);
				break;
			}

			case 1: {
				// Delete a slice.
				result = result.slice(0, at) + result.slice(at + Math.floor(random() * 40));
				break;
			}

			case 2: {
				result = result.slice(0, at) + pick(fragments) + result.slice(at);
				break;
			}

			case 3: {
				// Splice a slice of another file.
				const other = pick(others);
				const from = Math.floor(random() * other.length);
				result = result.slice(0, at) + other.slice(from, from + Math.floor(random() * 400)) + result.slice(at);
				break;
			}

			case 4: {
				// Repeat a slice.
				const length = 1 + Math.floor(random() * 30);
				result = result.slice(0, at) + result.slice(at, at + length).repeat(2 + Math.floor(random() * 50)) + result.slice(at);
				break;
			}

			case 5: {
				result += `\nlocals {\n  fuzz_${step} = ${deepChain()}\n}\n`;
				break;
			}

			default: {
				result += `\nlocals {\n  fuzz_${step} = ${pick(fragments)}\n}\n`;
			}
		}
	}

	return result;
}

type Outcome = {readonly code: number | null; readonly output: string; readonly milliseconds: number; readonly peakKb: number; readonly cpuMs: number; readonly timedOut: 'cpu' | 'wall' | false};

/**
Runs the CLI with `/usr/bin/time`-free measurement: peak RSS from /proc while it runs (sampled), a kill after the time limit.
*/
async function run(commandArguments: readonly string[], input: string): Promise<Outcome> {
	const started = performance.now();
	const child = spawn(process.execPath, ['--import=tsx', '--max-old-space-size=1200', path.join(repository, 'cli.tsx'), ...commandArguments], {
		// tsx resolves from the repository; the configuration is given by absolute path.
		cwd: repository, env: {...process.env, CI: 'true'}, stdio: ['pipe', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => {
		if (output.length < 200_000) {
			output += chunk.toString();
		}
	});
	child.stderr.on('data', (chunk: Buffer) => {
		if (output.length < 200_000) {
			output += chunk.toString();
		}
	});
	child.stdin.end(input);
	let peakKb = 0;
	let cpuMs = 0;
	let timedOut: Outcome['timedOut'] = false;
	// A hang is 10 s of CPU time (user + system, from /proc), not of wall time: with other work on the machine a run can wait long for a core. Wall time is capped at twelve times that.
	const sampler = setInterval(() => {
		try {
			const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
			const rss = /VmHWM:\s+(\d+)/.exec(status);
			if (rss) {
				peakKb = Math.max(peakKb, Number(rss[1]));
			}

			const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
			cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
			if (cpuMs > timeLimitMs) {
				timedOut = 'cpu';
				child.kill('SIGKILL');
			}
		} catch {}
	}, 100);
	const killer = setTimeout(() => {
		timedOut = 'wall';
		child.kill('SIGKILL');
	}, timeLimitMs * 12);
	const code = await new Promise<number | null>(resolve => {
		child.on('close', resolve);
	});
	clearInterval(sampler);
	clearTimeout(killer);
	return {code, output, milliseconds: performance.now() - started, peakKb, cpuMs, timedOut};
}

const commandLines = (directory: string, files: readonly string[]): Array<{label: string; arguments: string[]; input?: string}> => [
	{label: 'check', arguments: ['check', directory]},
	{label: 'check --json', arguments: ['check', '--json', directory]},
	{label: 'instances', arguments: ['instances', directory]},
	{label: 'instances --json', arguments: ['instances', '--json', directory]},
	{label: 'tree', arguments: ['tree', directory]},
	{label: 'graph', arguments: ['graph', directory]},
	{label: 'graph --instances', arguments: ['graph', directory, '--instances', '--format', 'text']},
	{label: 'parse', arguments: ['parse', ...files]},
	{label: 'console', arguments: ['console', directory], input: 'local.fuzz_0\nlocal.fuzz_1\n1 + 1\n'},
];

/**
A run stopped by the wall-clock cap with little CPU time spent was starved by the machine's load (at load 30-40 a niced run gets a few percent of a core), not hung: the last session's "hangs" were all of this kind (2.5 s of CPU each when run again). It is not a finding but is counted, and kept for a rerun by hand, since a read blocked on a FIFO would look the same.
*/
const starved = (outcome: Outcome) => outcome.timedOut === 'wall' && outcome.cpuMs < timeLimitMs / 2;

function problemOf(outcome: Outcome): string | undefined {
	if (outcome.timedOut === 'cpu' || (outcome.timedOut === 'wall' && !starved(outcome))) {
		return `hang: more than ${timeLimitMs / 1000} s of CPU time (or ${timeLimitMs * 12 / 1000} s of wall time with ${Math.round(outcome.cpuMs / 1000)} s of CPU)`;
	}

	if (outcome.peakKb > memoryLimitKb) {
		return `memory: peak RSS ${Math.round(outcome.peakKb / 1024)} MB`;
	}

	if (outcome.code !== 0 && outcome.code !== 1 && outcome.code !== 2) {
		return `exit code ${outcome.code}`;
	}

	if (/\n\s+at [^\n]+:\d+:\d+\)?\n|Maximum call stack|internal error/i.test(outcome.output)) {
		return 'stack trace or internal error in the output';
	}

	return undefined;
}

const wholeValueOperations = ['jsonencode(X)', 'X == X', 'toset(X)', 'type(X)', 'can(X)', 'keys({a = X})', 'flatten(X)', 'tolist(X)', 'yamlencode(X)', 'length(X)', '[for i in range(300) : X == X]', 'format("%v", X)', 'X'];

/**
A hostile generated case (issue 39): a directory and the command lines to run on it.
*/
function hostileCase(work: string): {label: string; directory: string; lines: Array<{label: string; arguments: string[]; input?: string}>} {
	const kind = pick(['schema-type', 'schema-blocks', 'state', 'doubled', 'doubled-objects', 'key-providers', 'git'] as const);
	const place = mkdtempSync(path.join(work, `${kind}-`));
	const levels = (low: number, high: number) => low + Math.floor(random() * (high - low));
	switch (kind) {
		case 'schema-type':
		case 'schema-blocks':
		case 'state':
		case 'key-providers': {
			const directory = kind === 'schema-type' ? deepAttributeTypeSchema(place, levels(1, 6000))
				: (kind === 'schema-blocks' ? deepBlockTypesSchema(place, levels(1, 5000))
					: (kind === 'state' ? deepStateAttribute(place, levels(1, 8000)) : encryptionKeyProviderChain(place, levels(1, 2000))));
			return {label: kind, directory, lines: commandLines(directory, [])};
		}

		case 'doubled':
		case 'doubled-objects': {
			const level = levels(10, 40);
			const directory = (kind === 'doubled' ? doubledLocals : doubledObjects)(place, level);
			const input = Array.from({length: 3}, () => pick(wholeValueOperations).replaceAll('X', `local.l${levels(0, level)}`)).join('\n') + '\n';
			return {label: kind, directory, lines: [{label: 'check', arguments: ['check', directory]}, {label: 'console', arguments: ['console', directory], input}]};
		}

		case 'git': {
			const repositories = hostileRepositories(place, pick([0, 40_000_000]));
			const [name, directory] = pick(Object.entries(repositories));
			const revision = pick(['HEAD', 'main', 'a', 'evil', 'HEAD~1', 'refs/heads/../../../../proc/self/environ', 'x\u001B]0;t\u0007', '@{-1}', 'v..1', 'deadbeef']);
			return {label: `git ${name} ${JSON.stringify(revision)}`, directory, lines: [{label: 'diff', arguments: ['diff', directory, '--from', revision]}]};
		}
	}
}

const escapes = ['\u202E', '\u001B[2J', '\u001B]0;title\u0007', '\u0085', '\u200F', '\u2066', '\u0007', '\u009B31m', '\u061C', '\u001B[8m', '\u200B', '\u2028', '\u{E0041}', '\uFEFF'];

/**
Names, keys, values and file names laden with escapes, run in-process as if stdout and stderr were a terminal, in every output format: a finding is any unsafe character written.
*/
async function escapeRound(work: string): Promise<string[]> {
	const directory = mkdtempSync(path.join(work, 'escapes-'));
	const evil = () => Array.from({length: 1 + Math.floor(random() * 3)}, () => pick(escapes)).join('x');
	const hcl = (text: string) => JSON.stringify(text);
	const name = `main${pick(['', evil()])}.tf`;
	writeFileSync(path.join(directory, name), [
		`resource "terraform_data" ${hcl(pick(['ok', `a${evil()}`]))} {`,
		`  for_each = toset([${hcl(evil())}, "plain"])`,
		`  input = ${hcl(evil())}`,
		'}',
		`variable ${hcl(pick(['v', evil()]))} {`,
		`  default = {${hcl(evil())} = ${hcl(evil())}}`,
		'}',
		`output "o" {`,
		`  value = ${pick([hcl(evil()), `${hcl(evil())} + 1`, `local.${evil()}`])}`,
		'}',
		pick(['', `module "m" {\n  source = ${hcl(`./${evil()}`)}\n}`]),
	].join('\n'));
	const file = path.join(directory, name);
	const argvs = [['instances', directory], ['instances', '--json', directory], ['check', directory], ['check', '--json', directory], ['graph', directory], ['graph', '--format', 'json', directory], ['graph', '--format', 'mermaid', directory], ['tree', directory], ['tree', '--json', directory], ['parse', file], ['parse', '--json', file], ['console', directory], ['why', `terraform_data.${evil()}`, directory], [`--${evil()}`], ['instances', path.join(directory, evil())], ['diff', directory, '--from', evil()]];
	const problems: string[] = [];
	for (const argv of argvs) {
		let output = '';
		// eslint-disable-next-line no-await-in-loop
		const code = await tfscope(argv, {
			stdin: Readable.from(['var\nlocal\noutput.o\n']), stdout: {write: text => (output += text)}, stderr: {write: text => (output += text)}, isTerminal: true, stdinIsTerminal: false, environment: {}, cwd: directory,
		});
		// Colour is on (no NO_COLOR): tfscope's own colour sequences are the only escapes allowed.
		const shown = withoutOwnColours(output);
		if (unsafeCharacters.test(shown) || code === 70) {
			problems.push(`${argv.map(each => JSON.stringify(each)).join(' ')}: ${code === 70 ? 'internal error' : `unsafe character ${JSON.stringify(unsafeCharacters.exec(shown)![0])}`}`);
		}
	}

	return problems;
}

async function main(): Promise<void> {
	const sources = configurationDirectories();
	const corpus = sources.flatMap(directory => readdirSync(directory).filter(name => name.endsWith('.tf')).map(name => readFileSync(path.join(directory, name), 'utf8')));
	const deadline = Date.now() + (minutes * 60_000);
	const work = mkdtempSync(path.join(os.tmpdir(), 'tfscope-fuzz-'));
	const startSeed = seed;
	let rounds = 0;
	let runs = 0;
	const findings: string[] = [];
	let starvedRuns = 0;
	console.log(`fuzz: seed ${startSeed}, ${sources.length} configurations, ${corpus.length} files, ${minutes} min`);
	try {
		while (Date.now() < deadline) {
			rounds++;
			if (random() < 1 / 3) {
				// A hostile generated case (see the header).
				if (random() < 0.25) {
					runs += 16;
					// eslint-disable-next-line no-await-in-loop
					for (const problem of await escapeRound(work)) {
						findings.push(`escapes (round ${rounds}): ${problem}`);
						console.log(`FINDING ${findings.at(-1)}`);
					}

					continue;
				}

				const hostile = hostileCase(work);
				for (const line of hostile.lines) {
					runs++;
					// eslint-disable-next-line no-await-in-loop
					const outcome = await run(line.arguments, line.input ?? '');
					const problem = problemOf(outcome);
					if (starved(outcome)) {
						starvedRuns++;
						console.log(`STARVED ${line.label} on ${hostile.label} (round ${rounds}): ${Math.round(outcome.cpuMs / 1000)} s of CPU in ${Math.round(outcome.milliseconds / 1000)} s`);
					}

					if (problem) {
						findings.push(`${line.label} on ${hostile.label} (round ${rounds}): ${problem}: ${outcome.output.slice(0, 300).replaceAll('\n', ' ')}`);
						console.log(`FINDING ${findings.at(-1)}`);
					}
				}

				rmSync(hostile.directory, {recursive: true, force: true});
				continue;
			}

			const source = pick(sources);
			const directory = path.join(work, `round-${rounds}`);
			cpSync(source, directory, {recursive: true, filter: from => !from.includes(`${path.sep}.terraform`)});
			const files = readdirSync(directory).filter(name => name.endsWith('.tf'));
			const target = pick(files);
			writeFileSync(path.join(directory, target), mutate(readFileSync(path.join(directory, target), 'utf8'), corpus));
			for (const line of commandLines(directory, files.map(name => path.join(directory, name)))) {
				if (Date.now() >= deadline) {
					break;
				}

				runs++;
				// eslint-disable-next-line no-await-in-loop
				const outcome = await run(line.arguments, line.input ?? '');
				const problem = problemOf(outcome);
				if (starved(outcome)) {
					starvedRuns++;
					console.log(`STARVED ${line.label} on ${path.relative(repository, source)} (round ${rounds}): ${Math.round(outcome.cpuMs / 1000)} s of CPU in ${Math.round(outcome.milliseconds / 1000)} s`);
				}

				if (problem) {
					const kept = path.join(findingsDirectory, `${startSeed}-${rounds}-${line.label.replaceAll(/\W+/g, '-')}`);
					mkdirSync(findingsDirectory, {recursive: true});
					cpSync(directory, kept, {recursive: true});
					writeFileSync(path.join(kept, 'FINDING.txt'), `${line.label}: ${problem}\nsource: ${path.relative(repository, source)}\n\n${outcome.output.slice(0, 5000)}\n`);
					findings.push(`${line.label} on ${path.relative(repository, source)} (round ${rounds}): ${problem} -> ${path.relative(repository, kept)}`);
					console.log(`FINDING ${findings.at(-1)}`);
				}
			}

			rmSync(directory, {recursive: true, force: true});
		}
	} finally {
		rmSync(work, {recursive: true, force: true});
	}

	console.log(`fuzz: ${rounds} rounds, ${runs} runs, ${findings.length} findings, ${starvedRuns} runs starved by the machine's load (not findings; seed ${startSeed})`);
	process.exitCode = findings.length === 0 ? 0 : 1;
}

if (existsSync(path.join(repository, 'cli.tsx'))) {
	await main();
}
