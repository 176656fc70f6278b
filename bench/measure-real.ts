import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {isDeepStrictEqual} from 'node:util';
import {buildBenchEntry} from './built-load.js';
import {type Command, type ProcessSample, available, paired, timeProcess} from './processes.js';
import {checkRoots, describeCorpus, realCorpus} from './real-corpus.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: the real-world corpus (bench/real-corpus.ts) as a user runs tfscope on it, whole processes from the bundle (distribution/, `npm run build`), CPU time first (the machines are shared):
- `tfscope parse --json FILE...` over every file against @cdktf/hcl2json in one Node process (bench/hcl2json-process.mjs), in alternation, outputs compared file by file; `terraform fmt -check -recursive` over the same directories (Terraform's own HCL parser, the one Terraform command that reads these files offline) where terraform is installed; the read floor (bench/read-floor.mjs);
- the fixed cost of a fresh process (each tool on an empty file, and Node's empty program), so the per-byte rates can be read after it;
- `tfscope check ROOT` on real root modules against the read-and-scan floor of the same files (bench/scan-floor-entry.ts, bundled: the tool's reader and lexer; and its parser, each timing its own work), per byte, check's after its fixed cost (check of an empty directory);
- peak resident memory of each process (bench/peak-probe.cjs).
Usage: node --import tsx bench/measure-real.ts ROUNDS
*/

const rounds = Math.max(1, Number(process.argv[2] ?? '3'));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');
if (!existsSync(cli)) {
	report({available: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

const corpus = realCorpus();
const scratch = path.join(repositoryRoot, 'bench', 'generated', 'real');
rmSync(scratch, {recursive: true, force: true});
mkdirSync(path.join(scratch, 'empty-directory'), {recursive: true});
const emptyFile = path.join(scratch, 'empty.tf');
writeFileSync(emptyFile, '');
const probe = path.join(repositoryRoot, 'bench', 'peak-probe.cjs');
const peakFile = (name: string) => path.join(scratch, `peak-${name}.json`);

// NODE_EXTRA_CA_CERTS: see bench/processes.ts.
const node = (name: string, argv: readonly string[], cwd = scratch): Command => ({argv: ['env', '-u', 'NODE_EXTRA_CA_CERTS', process.execPath, '--require', probe, ...argv], cwd, env: {CI: '0', NO_COLOR: '1', TFSCOPE_PEAK_FILE: peakFile(name)}});
const peakOf = (name: string): number | undefined => {
	try {
		return (JSON.parse(readFileSync(peakFile(name), 'utf8')) as {peakMb: number}).peakMb;
	} catch {
		return undefined;
	}
};

function repeated(command: Command, times: number): {cpuMs: number; wallMs: number; status: number | undefined; first: ProcessSample; ownCpuMs?: number} {
	const samples = Array.from({length: times + 1}, () => timeProcess(command));
	const timed = samples.slice(1);
	// What a floor process says of its own work (bench/scan-floor-entry.ts prints it).
	const own = timed.map(sample => (/"cpuMs":([\d.]+)/.exec(sample.stdout)?.[1])).filter(value => value !== undefined).map(Number);
	return {cpuMs: median(timed.map(sample => sample.cpuMs)), wallMs: median(timed.map(sample => sample.wallMs)), status: samples[0]!.status, first: samples[0]!, ownCpuMs: own.length > 0 ? median(own) : undefined};
}

type Line = {file: string; json?: unknown};
const lines = (sample: ProcessSample): Line[] => sample.stdout.trimEnd().split('\n').filter(line => line !== '').map(line => JSON.parse(line) as Line);

// Whole-process parse over every file.
const files = corpus.files;
const parse = paired(node('hcl2json', [path.join(repositoryRoot, 'bench', 'hcl2json-process.mjs'), ...files]), node('parse', [cli, 'parse', '--json', ...files]), rounds);
const oracleLines = lines(parse.firstA);
const ourLines = lines(parse.firstB);
const oracleAccepted = oracleLines.filter(line => line.json !== undefined).length;
const agreeing = oracleLines.filter((line, index) => line.json !== undefined && ourLines[index]?.file === line.file && isDeepStrictEqual(ourLines[index]!.json, line.json)).length;
const parsePeak = {hcl2json: peakOf('hcl2json'), tfscope: peakOf('parse')};

// Terraform's parser, where terraform is installed: fmt reads and formats every file and prints nothing (-list=false); -check leaves the files as they are.
let terraform: {cpuMs: number; wallMs: number; status: number | undefined} | undefined;
if (available('terraform')) {
	const directories = corpus.sources.filter(source => source.files.length > 0).map(source => source.directory);
	const result = repeated({argv: ['terraform', 'fmt', '-check', '-recursive', '-list=false', ...directories], cwd: scratch, env: {CHECKPOINT_DISABLE: '1', TF_CLI_CONFIG_FILE: '/dev/null'}}, rounds);
	terraform = {cpuMs: result.cpuMs, wallMs: result.wallMs, status: result.status};
}

// The fixed cost of a fresh process.
const fixedRounds = Math.max(5, rounds * 2);
const fixed = {
	node: repeated({argv: ['env', '-u', 'NODE_EXTRA_CA_CERTS', process.execPath, '-e', '0'], cwd: scratch}, fixedRounds),
	tfscopeParse: repeated(node('parse-empty', [cli, 'parse', '--json', emptyFile]), fixedRounds),
	hcl2json: repeated(node('hcl2json-empty', [path.join(repositoryRoot, 'bench', 'hcl2json-process.mjs'), emptyFile]), fixedRounds),
	tfscopeCheck: repeated(node('check-empty', [cli, 'check', path.join(scratch, 'empty-directory')]), fixedRounds),
};

// The read floor over every file.
const floor = repeated(node('floor', [path.join(repositoryRoot, 'bench', 'read-floor.mjs'), ...files]), rounds);

// check on real roots against the read-and-scan floor of the same files.
const floorBundle = await buildBenchEntry('scan-floor-entry.ts', path.join(scratch, 'floor-build'));
const checks = [];
for (const root of checkRoots(corpus)) {
	const list = path.join(scratch, `${root.name.replaceAll(/[^\w.-]+/g, '_')}.txt`);
	writeFileSync(list, root.files.join('\n') + '\n');
	const check = repeated(node('check', [cli, 'check', root.directory], root.directory), fixedRounds);
	const checkPeak = peakOf('check');
	const scan = repeated(node('scan', [floorBundle, 'scan', list]), fixedRounds);
	const parsed = repeated(node('parse-floor', [floorBundle, 'parse', list]), fixedRounds);
	const summary = /(?:No problems found|\d+ errors?, \d+ warnings?) in [^\n]*/.exec(check.first.stderr)?.[0] ?? check.first.stderr.trim().split('\n').at(-1) ?? '';
	checks.push({
		name: root.name, files: root.files.length, bytes: root.bytes, status: check.status, summary,
		checkCpuMs: check.cpuMs, checkWallMs: check.wallMs, checkPeakMb: checkPeak,
		scanCpuMs: scan.ownCpuMs, parseCpuMs: parsed.ownCpuMs, scanPeakMb: peakOf('scan'), parsePeakMb: peakOf('parse-floor'),
	});
}

report({
	available: true,
	corpus: describeCorpus(corpus),
	files: files.length,
	bytes: corpus.bytes,
	rounds,
	parse: {
		hcl2json: {cpuMs: parse.aCpuMs, wallMs: parse.aWallMs, peakMb: parsePeak.hcl2json},
		tfscope: {cpuMs: parse.bCpuMs, wallMs: parse.bWallMs, peakMb: parsePeak.tfscope, status: parse.firstB.status},
		// How many times faster tfscope is, per round.
		speedup: {median: 1 / parse.ratio.median, min: 1 / parse.ratio.max, max: 1 / parse.ratio.min},
		cpuSpeedup: {median: 1 / parse.cpuRatio.median, min: 1 / parse.cpuRatio.max, max: 1 / parse.cpuRatio.min},
		agreeing,
		oracleAccepted,
		oracleFiles: oracleLines.length,
	},
	terraform,
	floor: {cpuMs: floor.cpuMs, wallMs: floor.wallMs, peakMb: peakOf('floor')},
	fixed: {nodeCpuMs: fixed.node.cpuMs, tfscopeParseCpuMs: fixed.tfscopeParse.cpuMs, tfscopeParsePeakMb: peakOf('parse-empty'), hcl2jsonCpuMs: fixed.hcl2json.cpuMs, tfscopeCheckCpuMs: fixed.tfscopeCheck.cpuMs},
	checks,
});
