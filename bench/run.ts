import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {generateConfiguration, landingZonePreset, sizePreset, writeConfiguration, type GeneratedConfiguration} from './generate.js';
import {repositoryRoot} from './stages.js';
import {runReporting} from './statistics.js';
import {enterpriseScale} from './real-configurations.js';
import {describeCorpus, realCorpus} from './real-corpus.js';

/*
`npm run bench`: generates the configurations, measures every stage in child processes (a fresh heap per measurement, so peak memory is that of one load), prints one report and writes it to bench/results.md and the Results section of bench/README.md.

Flags: --quick (fewer runs and a smaller parse corpus, to try the harness), --no-write (print only), --sizes 1,2,4,8,16, --terraform-sizes 0.1,1,4 (the side-by-side section), --only SECTION[,SECTION] (real, parse, load, console, ui, diff, plan, page, start, frame, tool, terraform, terragrunt: measure only these, print only, write nothing).
*/

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const flagValue = (name: string): string | undefined => {
	const index = argv.indexOf(name);
	return index === -1 ? undefined : argv[index + 1];
};

const onlyFlag = flagValue('--only');
const sections = new Set(onlyFlag ? onlyFlag.split(',') : ['real', 'parse', 'load', 'console', 'ui', 'diff', 'plan', 'page', 'start', 'frame', 'tool', 'terraform', 'terragrunt']);
const write = !argv.includes('--no-write') && onlyFlag === undefined;
const scales = flagValue('--sizes')?.split(',').map(Number) ?? [1, 2, 4, 8, 16];
// 0.1x as well: where a whole process is mostly its start, the closest race with Terraform's Go binary.
const terraformScales = flagValue('--terraform-sizes')?.split(',').map(Number) ?? [0.1, 1, 4];
const parseCorpusBytes = quick ? 4_000_000 : 20_000_000;
// hcl2json runs at well under 2 MB/s here: it parses the first part of the same corpus, and the ratio compares both parsers on that same part.
const oracleCorpusBytes = quick ? 1_000_000 : 2_000_000;
const parseRuns = quick ? 2 : 3;
const oracleRuns = quick ? 1 : 3;
// hcl2json takes 10-15 s a process over the 20 MB corpus: a few rounds.
const parseProcessRounds = quick ? 1 : 3;
const loadRuns = quick ? 1 : 3;
// 8x and 16x take 10-40 s a load: one timed run after the warm-up.
const loadRunsAt = (scale: number): number => (scale > 4 ? 1 : loadRuns);
const diffRuns = quick ? 1 : 3;
const startRounds = quick ? 3 : 10;
// Each round of the frame section is a first frame and a `check` of each configuration (1-5 s each).
const frameRounds = quick ? 2 : 5;
const frameKeyPresses = quick ? 20 : 60;
// Each round of the installed tool at 4x is three processes of 3-10 s.
const toolRounds = quick ? 1 : 3;
const terraformRounds = quick ? 1 : 5;
// terraform plan of 1x takes about a minute of CPU, of 4x several: fewer rounds of it.
const planRoundsAt = (scale: number): number => (quick || scale > 1 ? 1 : 3);
const consoleRounds = quick ? 5 : 30;
const uiKeyPresses = quick ? 10 : 20;
const generatedRoot = path.join(repositoryRoot, 'bench', 'generated');
const startedAt = Date.now();

type ChildResult = Record<string, unknown> & {available?: boolean};

function log(message: string): void {
	process.stderr.write(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(3)}s] ${message}\n`);
}

/**
Runs a bench script in a fresh Node process and returns what it reported; a crash or timeout is reported as an error, not thrown.
*/
async function runChild(script: string, parameters: readonly string[], timeoutMs = 300_000): Promise<ChildResult> {
	const {result, ended, stderr} = await runReporting([process.execPath, '--import', 'tsx', '--expose-gc', '--max-old-space-size=4096', path.join(repositoryRoot, 'bench', script), ...parameters], {
		cwd: repositoryRoot, env: {...process.env, CI: '0', FORCE_COLOR: '0'}, timeoutMs,
	});
	return result ?? {available: true, error: `${ended}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`};
}

const notImplemented = 'n/a (not implemented)';

function fixed(value: unknown, digits = 0): string {
	return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function integer(value: unknown): string {
	return typeof value === 'number' ? value.toLocaleString('en-US') : 'n/a';
}

function status(ok: boolean | undefined): string {
	if (ok === undefined) {
		return 'n/a';
	}

	return ok ? 'met' : '**missed**';
}

function failed(result: ChildResult): string | undefined {
	if (result['skipped']) {
		return 'not measured (--only)';
	}

	if (result.available === false) {
		return notImplemented;
	}

	return typeof result['error'] === 'string' ? `failed: ${result['error']}` : undefined;
}

function bytesOf(result: ChildResult): number {
	return Number(result['bytes']);
}

// Machine.
const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${os.platform()} ${os.arch()}, load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')} at start`;
log(machine);

// The sections that run the installed tool (distribution/) measure the sources as they are now, never a bundle left from an earlier build.
if (['real', 'parse', 'start', 'frame', 'tool', 'terraform'].some(name => sections.has(name))) {
	const build = spawnSync(process.execPath, ['--import=tsx', path.join(repositoryRoot, 'scripts', 'build.ts')], {cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8'});
	log(build.status === 0 ? 'built distribution/ (npm run build)' : `npm run build failed: ${build.stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

// Configurations.
const configurations = new Map<number, {configuration: GeneratedConfiguration; directory: string}>();
for (const scale of scales) {
	const configuration = generateConfiguration(sizePreset(scale));
	const directory = path.join(generatedRoot, `${scale}x`);
	writeConfiguration(configuration, directory);
	configurations.set(scale, {configuration, directory});
	log(`generated ${scale}x: ${configuration.files.length} files, ${(configuration.bytes / 1e6).toFixed(1)} MB, ${configuration.resources} resources, ${configuration.resourceInstances} resource instances`);
}

const largestScale = Math.max(...scales);
// The targets, the console, the explorer and the syntax tree memory are measured on 4x (the size the targets name) when it is among the sizes.
const targetScale = scales.includes(4) ? 4 : largestScale;
const target = configurations.get(targetScale)!;
const notMeasured: ChildResult = {available: true, skipped: true};

/**
Runs a section's measurement, or reports it as not measured when --only leaves it out.
*/
async function section(name: string, measure: () => Promise<ChildResult>): Promise<ChildResult> {
	return sections.has(name) ? measure() : notMeasured;
}

// The real-world corpus (bench/real-corpus.ts): the committed fixtures and public repositories in a cache outside the repository, fetched when absent.
const realListDirectory = path.join(generatedRoot, 'real-lists');
const real = sections.has('real') ? realCorpus() : undefined;
if (real) {
	mkdirSync(realListDirectory, {recursive: true});
	writeFileSync(path.join(realListDirectory, 'all.txt'), real.files.join('\n') + '\n');
	// hcl2json parses about 1 MB/s in-process: the in-process ratio compares both parsers on every fourth file (about 3 MB).
	writeFileSync(path.join(realListDirectory, 'sample.txt'), real.files.filter((_, index) => index % 4 === 0).join('\n') + '\n');
	for (const line of describeCorpus(real)) {
		log(`real corpus: ${line}`);
	}
}

const realParseAll = await section('real', async () => {
	log(`real: tfscope in-process over ${real!.files.length} files`);
	return runChild('measure-parse.ts', ['tfscope', `@${path.join(realListDirectory, 'all.txt')}`, String(parseRuns)]);
});
const realParseSample = await section('real', async () => {
	log('real: tfscope in-process over every fourth file');
	return runChild('measure-parse.ts', ['tfscope', `@${path.join(realListDirectory, 'sample.txt')}`, String(parseRuns * 3)]);
});
const realParseOracle = await section('real', async () => {
	log('real: @cdktf/hcl2json in-process over every fourth file');
	return runChild('measure-parse.ts', ['hcl2json', `@${path.join(realListDirectory, 'sample.txt')}`, String(oracleRuns)], 900_000);
});
const realProcesses = await section('real', async () => {
	log('real: whole processes (parse --json against hcl2json and terraform fmt, fixed costs, check against the read-and-scan floor)');
	return runChild('measure-real.ts', [String(parseProcessRounds)], 3_600_000);
});

// Parse throughput.
const parseFull = await section('parse', async () => {
	log(`parse: tfscope over ${parseCorpusBytes / 1e6} MB`);
	return runChild('measure-parse.ts', ['tfscope', String(parseCorpusBytes), String(parseRuns)]);
});
// Runs over 2 MB take about 0.1 s, so a few more of them make the median steadier at no real cost.
const parseSubset = await section('parse', async () => {
	log(`parse: tfscope over the first ${oracleCorpusBytes / 1e6} MB`);
	return runChild('measure-parse.ts', ['tfscope', String(oracleCorpusBytes), String(parseRuns * 3)]);
});
const parseOracle = await section('parse', async () => {
	log(`parse: @cdktf/hcl2json over the first ${oracleCorpusBytes / 1e6} MB`);
	return runChild('measure-parse.ts', ['hcl2json', String(oracleCorpusBytes), String(oracleRuns)], 600_000);
});
const parseProcess = await section('parse', async () => {
	log(`parse: whole processes, tfscope parse --json against hcl2json over ${parseCorpusBytes / 1e6} MB`);
	return runChild('measure-parse-process.ts', [String(parseCorpusBytes), String(parseProcessRounds)], 1_800_000);
});
const astMemory = await section('parse', async () => {
	log(`parse: syntax tree memory of ${targetScale}x`);
	return runChild('measure-ast-memory.ts', [target.directory]);
});

// Load, evaluate, expand, graph, per size.
const loads = new Map<number, ChildResult>();
for (const scale of scales) {
	// eslint-disable-next-line no-await-in-loop -- one measurement at a time
	loads.set(scale, await section('load', async () => {
		log(`load: ${scale}x`);
		return runChild('measure-load.ts', [configurations.get(scale)!.directory, String(loadRunsAt(scale))], 1_200_000);
	}));
}

const consoleResult = await section('console', async () => {
	log('console');
	return runChild('measure-console.ts', [target.directory, String(consoleRounds)]);
});
const uiResult = await section('ui', async () => {
	log('ui');
	return runChild('measure-ui.tsx', [target.directory, String(uiKeyPresses)]);
});
// Stepping through a large block of a real configuration, when a copy is on this machine.
const steppingBlock = 'azurerm_policy_definition.enterprise_scale';
const realStepping = await section('ui', async () => {
	const real = enterpriseScale(generatedRoot);
	if (!real) {
		log('ui: no copy of Azure enterprise-scale (TFSCOPE_ENTERPRISE_SCALE): stepping on it is n/a');
		return {available: true, absent: true};
	}

	log(`ui: stepping on ${real.name}`);
	const result = await runChild('measure-ui-stepping.tsx', [real.directory, steppingBlock, String(uiKeyPresses * 2), ...real.variables], 900_000);
	return {...result, name: real.name, commit: real.commit};
});
const diffResult = await section('diff', async () => {
	log(`diff: ${targetScale}x`);
	return runChild('measure-diff.ts', [target.directory, String(diffRuns)], 900_000);
});
// A saved plan of every instance laid over the configuration (1x: the plan of 4x is a JSON file of about 180 MB).
const planResult = await section('plan', async () => {
	const planScale = scales.includes(1) ? 1 : Math.min(...scales);
	log(`plan: --plan over ${planScale}x`);
	return {...await runChild('measure-plan.ts', [configurations.get(planScale)!.directory, String(diffRuns)], 900_000), scale: planScale};
});
// The HTML graph page at 1x and 4x (those of the sizes measured): its size, and the time to its first drawing in chromium.
const pageScales = scales.filter(scale => scale === 1 || scale === 4);
const pageResult = await section('page', async () => {
	log(`page: the HTML graph page of ${pageScales.map(scale => `${scale}x`).join(', ')} in chromium`);
	return runChild('measure-graph-page.ts', ['3', ...pageScales.map(scale => `${scale}x=${configurations.get(scale)!.directory}`)], 1_800_000);
});
const startResult = await section('start', async () => {
	log('start');
	return runChild('measure-start.ts', [String(startRounds)]);
});
// The explorer's first frame against `check` (issue 35), on a generated configuration of a landing zone's shape and on the committed real-world roots, and key to frame on each.
const frameConfigurations: ReadonlyArray<readonly [string, string]> = [
	['landing zone (generated)', path.join(generatedRoot, 'landing-zone')],
	...['terraform-aws-vpc/examples/complete', 'terraform-aws-eks/examples/karpenter', 'terraform-google-kubernetes-engine/examples/simple_regional_private', 'terraform-azurerm-aks/examples/multiple_node_pools', 'terraform-azurerm-caf-enterprise-scale/examples/400-multi-with-orchestration']
		.map(root => [root, path.join(repositoryRoot, 'test', 'fixtures', 'real-world', ...root.split('/'))] as const),
];
const frameResult = await section('frame', async () => {
	const landingZone = generateConfiguration(landingZonePreset());
	writeConfiguration(landingZone, frameConfigurations[0]![1]);
	log(`frame: first frame against check, ${frameRounds} rounds, on ${frameConfigurations.length} configurations (the landing zone: ${landingZone.moduleInstances} module instances, ${landingZone.resourceInstances} resource instances)`);
	const processes = await runChild('measure-frame.ts', [String(frameRounds), ...frameConfigurations.map(([name, directory]) => `${name}=${directory}`)], 3_600_000);
	const keys: Record<string, ChildResult> = {};
	for (const [name, directory] of frameConfigurations) {
		log(`frame: key to frame on ${name}`);
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		keys[name] = await runChild('measure-ui-keys.tsx', [directory, String(frameKeyPresses)], 900_000);
	}

	return {...processes, keys, landingZone: {moduleInstances: landingZone.moduleInstances, resourceInstances: landingZone.resourceInstances}};
});
const toolResult = await section('tool', async () => {
	log(`tool: the installed tool at ${targetScale}x`);
	return runChild('measure-tool.ts', [target.directory, String(toolRounds)], 1_800_000);
});
const terraformResults = new Map<number, ChildResult>();
for (const scale of terraformScales) {
	// eslint-disable-next-line no-await-in-loop -- one measurement at a time
	terraformResults.set(scale, await section('terraform', async () => {
		log(`terraform side by side: ${scale}x`);
		return runChild('measure-terraform.ts', [String(scale), String(terraformRounds), String(planRoundsAt(scale))], 7_200_000);
	}));
}

// A generated Terragrunt estate (bench/generate-estate.ts) of 1,000 and 2,000 units, each in its own process.
const estateSizes = [1000, 2000];
const estateResults = new Map<number, ChildResult>();
for (const units of estateSizes) {
	// eslint-disable-next-line no-await-in-loop -- one measurement at a time
	estateResults.set(units, await section('terragrunt', async () => {
		log(`terragrunt: an estate of ${units} units`);
		return runChild('measure-estate.ts', [path.join(generatedRoot, `estate-${units}`), String(units)], 3_600_000);
	}));
}

// Report.
const lines: string[] = [];
lines.push(`Machine: ${machine}.`, '');
lines.push(`Generated configurations (seeded, \`bench/generate.ts\`): ${scales.map(scale => `${scale}x`).join(', ')} of a base of 2,500 resources; every module directory has 25 resource blocks (single, \`count\`, \`for_each\` over maps built by \`for\` expressions and over sets), \`dynamic\` blocks, heredocs and templates, 5 levels of modules, each top-level module call with \`for_each\` over 2 environments.`, '');

const parseRow = (name: string, result: ChildResult): string => {
	const problem = failed(result);
	const corpus = `${fixed(Number(result['bytes']) / 1e6, 1)} MB`;
	return problem
		? `| ${name} | ${corpus} | ${integer(result['files'])} | ${problem} | | | |`
		: `| ${name} | ${corpus} | ${integer(result['files'])} | ${fixed(result['medianMs'])} | ${fixed(result['megabytesPerSecond'], 2)} | ${fixed(result['cpuMs'])} | ${fixed(result['cpuMegabytesPerSecond'], 2)} |`;
};

// The real-world corpus: the headline figures.
type Spread = {median: number; min: number; max: number};
type RealFigures = {cpuMs: number; wallMs: number; peakMb?: number};
type RealCheck = {name: string; files: number; bytes: number; status?: number; summary: string; checkCpuMs: number; checkWallMs: number; checkPeakMb?: number; scanCpuMs: number; parseCpuMs: number};
let realWholeSpeedup: Spread | undefined;
let realInProcessRatio: number | undefined;
let realCheckWorst: {name: string; ratio: number} | undefined;
let realFixedCost: string | undefined;
let realPeaks: string | undefined;
lines.push('### Real-world corpus', '');
const realProblem = real ? failed(realProcesses) : 'not measured (--only)';
if (real) {
	lines.push(`Public Terraform code as people write it (\`bench/real-corpus.ts\`: the committed fixtures, and repositories at pinned commits kept in a cache outside the repository, fetched from a local mirror or GitHub when absent): ${real.files.length.toLocaleString('en-US')} \`.tf\` files, ${(real.bytes / 1e6).toFixed(1)} MB.`, '', ...describeCorpus(real).map(line => `- ${line}`), '');
}

if (realProblem) {
	lines.push(`Whole processes: ${realProblem}.`, '');
} else {
	const parse = realProcesses['parse'] as {hcl2json: RealFigures; tfscope: RealFigures; speedup: Spread; cpuSpeedup: Spread; agreeing: number; oracleAccepted: number; oracleFiles: number};
	const terraformFmt = realProcesses['terraform'] as (RealFigures & {status?: number}) | undefined;
	const floor = realProcesses['floor'] as RealFigures;
	const fixedCosts = realProcesses['fixed'] as {nodeCpuMs: number; tfscopeParseCpuMs: number; tfscopeParsePeakMb?: number; hcl2jsonCpuMs: number; tfscopeCheckCpuMs: number};
	const bytes = Number(realProcesses['bytes']);
	const files = integer(realProcesses['files']);
	const rate = (cpuMs: number) => fixed(bytes / 1e6 / (cpuMs / 1000), 2);
	const row = (name: string, figures: RealFigures, fixedMs?: number) => `| ${name} | ${files} | ${fixed(bytes / 1e6, 1)} MB | ${fixed(figures.wallMs)} | ${fixed(figures.cpuMs)} | ${rate(figures.cpuMs)} | ${fixedMs === undefined ? '' : rate(figures.cpuMs - fixedMs)} | ${fixed(figures.peakMb)} |`;
	lines.push('Whole processes over every file, Node\'s start included (`bench/measure-real.ts`): `tfscope parse --json FILE...` from the bundle against one Node process that parses each file with @cdktf/hcl2json and prints its JSON (in alternation), Terraform\'s own parser (`terraform fmt -check -recursive -list=false` over the same directories: reads, parses and formats every file, prints nothing), and the floor (read each file, one pass over its bytes). CPU time is user + system of the process and its threads; "after its fixed cost" subtracts the same process on an empty file.', '');
	lines.push('| process | files | corpus | median ms | CPU ms | MB/s of CPU | MB/s of CPU after its fixed cost | peak RSS MB |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	lines.push(row('@cdktf/hcl2json (Node process)', parse.hcl2json, fixedCosts.hcl2jsonCpuMs), row('`tfscope parse --json`', parse.tfscope, fixedCosts.tfscopeParseCpuMs));
	if (terraformFmt) {
		lines.push(row(`\`terraform fmt -check\` (Go, HCL's own parser)${terraformFmt.status === 0 || terraformFmt.status === 3 ? '' : ` (exit ${String(terraformFmt.status)})`}`, terraformFmt));
	}

	lines.push(row('floor: read the files, one pass over their bytes', floor, fixedCosts.nodeCpuMs), '');
	realWholeSpeedup = parse.cpuSpeedup;
	realFixedCost = `${fixed(fixedCosts.tfscopeParseCpuMs)} ms of CPU for \`parse --json\` of an empty file, ${fixed(fixedCosts.tfscopeCheckCpuMs)} ms for \`check\` of an empty directory (Node's empty program ${fixed(fixedCosts.nodeCpuMs)} ms; hcl2json's process ${fixed(fixedCosts.hcl2jsonCpuMs)} ms)`;
	const afterFixed = (parse.hcl2json.cpuMs - fixedCosts.hcl2jsonCpuMs) / (parse.tfscope.cpuMs - fixedCosts.tfscopeParseCpuMs);
	lines.push(`tfscope is ${parse.cpuSpeedup.median.toFixed(1)}x hcl2json's CPU time as whole processes (min ${parse.cpuSpeedup.min.toFixed(1)}x, max ${parse.cpuSpeedup.max.toFixed(1)}x over ${String(realProcesses['rounds'])} rounds; wall clock ${parse.speedup.median.toFixed(1)}x; target at least 15x), ${afterFixed.toFixed(1)}x after each one's fixed cost. A fresh process's fixed cost: ${realFixedCost}. Both print the same JSON for ${integer(parse.agreeing)} of the ${integer(parse.oracleAccepted)} files hcl2json accepts (${integer(parse.oracleFiles)} in all).`, '');
	realPeaks = `parse --json ${fixed(parse.tfscope.peakMb)} MB (hcl2json ${fixed(parse.hcl2json.peakMb)} MB)`;

	const checks = realProcesses['checks'] as RealCheck[];
	if (checks.length > 0) {
		lines.push(`\`tfscope check ROOT\` on real root modules, whole processes, against the read-and-scan floor of the files it reads (the root's and its local modules'): \`bench/scan-floor-entry.ts\`, bundled as the tool is, reads each file with the tool's reader and scans it into tokens (and, for the parse column, parses it), timing that work inside the process. Rates are per byte of CPU time, check's after its fixed cost (check of an empty directory, ${fixed(fixedCosts.tfscopeCheckCpuMs)} ms). A root is parse-bound when reading and parsing its files is at least half of check's time; the target is check within 1.5x of the floor per byte there.`, '');
		lines.push('| root | files | MB | check CPU ms | peak RSS MB | check MB/s | read + scan MB/s | read + parse MB/s | check / floor per byte | parse share of check | check says |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
		for (const check of checks) {
			const megabytes = check.bytes / 1e6;
			const checkOwn = Math.max(1, check.checkCpuMs - fixedCosts.tfscopeCheckCpuMs);
			const scanOwn = Math.max(1, check.scanCpuMs);
			const parseOwn = Math.max(1, check.parseCpuMs);
			const ratio = checkOwn / scanOwn;
			const parseShare = parseOwn / checkOwn;
			if (parseShare >= 0.5 && (!realCheckWorst || ratio > realCheckWorst.ratio)) {
				realCheckWorst = {name: check.name, ratio};
			}

			lines.push(`| ${check.name} | ${integer(check.files)} | ${fixed(megabytes, 2)} | ${fixed(check.checkCpuMs)} | ${fixed(check.checkPeakMb)} | ${fixed(megabytes / (checkOwn / 1000), 2)} | ${fixed(megabytes / (scanOwn / 1000), 2)} | ${fixed(megabytes / (parseOwn / 1000), 2)} | ${ratio.toFixed(2)}x | ${(100 * parseShare).toFixed(0)}% | ${check.summary.replaceAll('|', '\\|')} |`);
		}

		const largest = checks.reduce((best, check) => ((check.checkPeakMb ?? 0) > (best.checkPeakMb ?? 0) ? check : best));
		realPeaks += `, check at most ${fixed(largest.checkPeakMb)} MB (${largest.name})`;
		lines.push('');
	}
}

const realInProblem = failed(realParseSample) ?? failed(realParseOracle);
if (real && !realInProblem) {
	realInProcessRatio = Number(realParseSample['cpuMegabytesPerSecond']) / Number(realParseOracle['cpuMegabytesPerSecond']);
	lines.push('In-process parse of the real files, after a warm-up of at least two seconds (`bench/measure-parse.ts`); the ratio compares both parsers on every fourth file of the corpus:', '');
	lines.push('| parser | corpus | files | median ms | MB/s | CPU ms | MB/s of CPU time |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
	lines.push(parseRow('tfscope, every file', realParseAll), parseRow('tfscope, every fourth file', realParseSample), parseRow('@cdktf/hcl2json, every fourth file', realParseOracle), '');
	lines.push(`Ratio on the same files: ${realInProcessRatio.toFixed(1)}x on CPU time (target at least 30x).`, '');
}

lines.push('### Parse throughput (generated files)', '');
lines.push('| parser | corpus | files | median ms | MB/s | CPU ms | MB/s of CPU time |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');

lines.push(parseRow('tfscope', parseFull), parseRow('tfscope', parseSubset), parseRow('@cdktf/hcl2json', parseOracle), '');
const parseRatio = !failed(parseSubset) && !failed(parseOracle) ? Number(parseSubset['megabytesPerSecond']) / Number(parseOracle['megabytesPerSecond']) : undefined;
const parseCpuRatio = !failed(parseSubset) && !failed(parseOracle) ? Number(parseSubset['cpuMegabytesPerSecond']) / Number(parseOracle['cpuMegabytesPerSecond']) : undefined;
lines.push(`Ratio on the same files: ${parseRatio === undefined ? 'n/a' : `${parseRatio.toFixed(1)}x`} wall clock, ${parseCpuRatio === undefined ? 'n/a' : `${parseCpuRatio.toFixed(1)}x`} CPU time (target at least 30x).${parseFull['diagnostics'] ? ` tfscope reported ${String(parseFull['diagnostics'])} diagnostics on the corpus (expected none).` : ''}`, '');
type ProcessFigures = {wallMs: number; cpuMs: number; megabytesPerSecond: number; cpuMegabytesPerSecond?: number};
const processProblem = failed(parseProcess);
const processSpeedup = processProblem ? undefined : parseProcess['speedup'] as Spread;
const processCpuSpeedup = processProblem ? undefined : parseProcess['cpuSpeedup'] as Spread;
lines.push('Whole processes over the same files on disk, Node\'s start included, in alternation (`bench/measure-parse-process.ts`): `tfscope parse --json FILE...` from the bundle, one process for all the files, against one Node process that reads each file, parses it with @cdktf/hcl2json and prints its JSON (`bench/hcl2json-process.mjs`); the floor is a Node process that only reads the same files and looks once at each byte (`bench/read-floor.mjs`).', '');
if (processProblem) {
	lines.push(`Whole processes: ${processProblem}.`, '');
} else {
	const hcl2jsonProcess = parseProcess['hcl2json'] as ProcessFigures;
	const tfscopeProcess = parseProcess['tfscope'] as ProcessFigures;
	const floor = parseProcess['floor'] as ProcessFigures & {readMs: number; readMegabytesPerSecond: number};
	const corpus = `${fixed(Number(parseProcess['bytes']) / 1e6, 1)} MB`;
	const files = integer(parseProcess['files']);
	const row = (name: string, figures: ProcessFigures) => `| ${name} | ${corpus} | ${files} | ${fixed(figures.wallMs)} | ${fixed(figures.megabytesPerSecond, 2)} | ${fixed(figures.cpuMs)} | ${fixed(bytesOf(parseProcess) / 1e6 / (figures.cpuMs / 1000), 2)} |`;
	lines.push('| process | corpus | files | median ms | MB/s | CPU ms | MB/s of CPU time |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
	lines.push(row('@cdktf/hcl2json (Node process)', hcl2jsonProcess), row('`tfscope parse --json`', tfscopeProcess), row('floor: read the files, one pass over their bytes', floor), `| floor, its own work after Node's start | ${corpus} | ${files} | ${fixed(floor.readMs)} | ${fixed(floor.readMegabytesPerSecond, 2)} | | |`, '');
	lines.push(`tfscope is ${processSpeedup!.median.toFixed(1)}x faster than hcl2json as whole processes (min ${processSpeedup!.min.toFixed(1)}x, max ${processSpeedup!.max.toFixed(1)}x over ${String(parseProcess['rounds'])} rounds; CPU time ${processCpuSpeedup!.median.toFixed(1)}x; target at least 15x), and runs at ${fixed(tfscopeProcess.megabytesPerSecond, 1)} MB/s, ${fixed(100 * tfscopeProcess.megabytesPerSecond / floor.megabytesPerSecond)}% of the floor's ${fixed(floor.megabytesPerSecond, 1)} MB/s. Both print the same JSON for ${integer(parseProcess['agreeing'])} of ${integer(parseProcess['oracleFiles'])} files.`, '');
}

const astProblem = failed(astMemory);
const bytesPerSourceByte = astProblem ? undefined : Number(astMemory['bytesPerSourceByte']);
lines.push(`Syntax tree memory: ${astProblem ?? `${fixed(bytesPerSourceByte, 1)} bytes of heap per source byte (${fixed(Number(astMemory['heapBytes']) / 1e6, 1)} MB for the ${integer(astMemory['files'])} files, ${fixed(Number(astMemory['bytes']) / 1e6, 1)} MB, of ${targetScale}x; target under 10; \`bench/measure-ast-memory.ts\`)`}.`, '');

lines.push('### Load, evaluate and expand', '');
lines.push('| size | resources | resource instances | module instances | load + expand ms (CPU) | evaluate ms | total ms | CPU ms | vs 1x (wall / CPU) | peak RSS MB (load / with graphs) | under tsx | errors |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const totalOf = (result: ChildResult | undefined): number | undefined => result && !failed(result) && typeof result['loadMs'] === 'number' ? result['loadMs'] + Number(result['evaluateMs'] ?? 0) : undefined;
const baseTotal = totalOf(loads.get(scales[0]!));
const baseCpu = loads.get(scales[0]!)?.['cpuMs'] as number | undefined;
for (const scale of scales) {
	const result = loads.get(scale)!;
	const {configuration} = configurations.get(scale)!;
	const problem = failed(result);
	const total = totalOf(result);
	const expected = `${integer(configuration.resources)} | ${integer(configuration.resourceInstances)} | ${integer(configuration.moduleInstances)}`;
	if (problem) {
		lines.push(`| ${scale}x | ${expected} | ${problem} | | | | | | |`);
		continue;
	}

	const found = (key: string, want: number): string => result[key] === want ? '' : ` (loaded ${integer(result[key])})`;
	lines.push(`| ${scale}x | ${integer(configuration.resources)}${found('resources', configuration.resources)} | ${integer(configuration.resourceInstances)}${found('resourceInstances', configuration.resourceInstances)} | ${integer(configuration.moduleInstances)}${found('moduleInstances', configuration.moduleInstances + 1)} | ${fixed(result['loadMs'])} (${fixed(result['loadCpuMs'])}) | ${fixed(result['evaluateMs'])} | ${fixed(total)} | ${fixed(result['cpuMs'])} | ${baseTotal && total ? `${(total / baseTotal).toFixed(2)}x / ${baseCpu ? (Number(result['cpuMs']) / baseCpu).toFixed(2) : 'n/a'}x (${scale / scales[0]!}x size)` : 'n/a'} | ${fixed(result['peakLoadMb'])} / ${fixed(result['peakMb'])} | ${result['built'] === true ? `${fixed(result['peakLoadTsxMb'])} / ${fixed(result['peakTsxMb'])}` : 'n/a (figures from tsx)'} | ${integer(result['errors'])} |`);
}

lines.push('', 'Module instances include the root module. Times are wall-clock medians of the runs after a warm-up run; CPU ms is the process\'s user + system time for the same work, which tells cost from waiting when the machine is shared. "Load + expand" parses every file, evaluates what expansion needs (variables, locals, \`count\`/\`for_each\`) and makes every module and resource instance: the Workspace the explorer and the commands start from. "Evaluate" then reads every resource instance\'s value and every module output (values are computed lazily, on first read). The figures come from the sources bundled as the tool ships them (esbuild with the bundle\'s plugins, \`bench/built-load.ts\`) and run by plain Node, as a user runs \`tfscope\`; peak RSS is that process\'s maximum after one load (Node itself, about 40 MB, included), and "under tsx" the same peaks of the same load run from the sources under \`node --import tsx\` (its loader, its thread and the sources compiled through it add about 20–30 MB).');
const errorSamples = scales.flatMap(scale => ((loads.get(scale)?.['firstErrors'] as string[] | undefined) ?? []).map(error => `${scale}x: ${error}`)).slice(0, 5);
if (errorSamples.length > 0) {
	lines.push('', 'First errors reported on the generated configurations (the generator writes valid configurations; these are loader gaps):', '', ...errorSamples.map(error => `- ${error.replaceAll(repositoryRoot + '/', '')}`));
}

lines.push('', '### Graph', '');
lines.push('| size | level | nodes | edges | build ms | dependents of one node ms | transitive dependents ms |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const scale of scales) {
	const result = loads.get(scale)!;
	const problem = failed(result) ?? (result['graphAvailable'] ? undefined : notImplemented);
	lines.push(problem
		? `| ${scale}x | blocks | ${problem} | | | | |`
		: `| ${scale}x | blocks | ${integer(result['graphNodes'])} | ${integer(result['graphEdges'])} | ${fixed(result['graphMs'])} (CPU ${fixed(result['graphCpuMs'])}) | ${fixed(result['dependentsMs'], 2)} | ${fixed(result['transitiveDependentsMs'], 2)} |`);
	if (!problem && typeof result['instanceGraphMs'] === 'number') {
		lines.push(`| ${scale}x | instances | ${integer(result['instanceGraphNodes'])} | ${integer(result['instanceGraphEdges'])} | ${fixed(result['instanceGraphMs'])} (CPU ${fixed(result['instanceGraphCpuMs'])}) | ${fixed(result['instanceDependentsMs'], 2)} | |`);
	}
}

lines.push('', 'The dependents query asks for the direct dependents of the first service\'s VPC (`module.svc_000.aws_vpc.r000`, and `module.svc_000["prod"].aws_vpc.r000` at instance level); "transitive" for everything that depends on it.');

lines.push('', '### Console', '');
const consoleProblem = failed(consoleResult);
lines.push(`Evaluation of ${integer(consoleResult['expressions'])} typical expressions (parse, evaluate${consoleResult['formatted'] ? ', format' : ''}) in the root module and a module instance of the ${targetScale}x configuration, ${integer(consoleResult['samples'])} samples after a warm-up round.`, '');
lines.push('| median ms | p95 ms | max ms | expressions that failed |', '| ---: | ---: | ---: | --- |');
lines.push(consoleProblem
	? `| ${consoleProblem} | | | |`
	: `| ${fixed(consoleResult['medianMs'], 3)} | ${fixed(consoleResult['p95Ms'], 3)} | ${fixed(consoleResult['maxMs'], 1)} | ${((consoleResult['failures'] as string[] | undefined) ?? []).map(failure => `\`${failure}\``).join(', ') || 'none'} |`);

lines.push('', '### Explorer (UI)', '');
const uiProblem = failed(uiResult);
lines.push(`In-process Ink render of the explorer as built (esbuild with the bundle's plugins and React's production build, bench/built-explorer.ts) on the ${targetScale}x configuration: time from the start of loading to the first frame showing the module tree, from a key press (down arrow in the module tree) to the next frame, and from \`]\` (the next instance of a \`count\` block, in module instances not shown before) to the next frame.`, '');
lines.push('| first frame ms | key to frame median ms | key to frame p95 ms | key presses | step (]) median ms | step p95 ms | steps |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
lines.push(uiProblem
	? `| ${uiProblem} | | | | | | |`
	: `| ${fixed(uiResult['firstFrameMs'])} | ${fixed(uiResult['keyMedianMs'], 1)} | ${fixed(uiResult['keyP95Ms'], 1)} | ${integer(uiResult['keyPresses'])} | ${fixed(uiResult['stepMedianMs'], 1)} | ${fixed(uiResult['stepP95Ms'], 1)} | ${integer(uiResult['stepPresses'])} |`);
const realSteppingProblem = realStepping['absent'] ? 'n/a (no copy of Azure/terraform-azurerm-caf-enterprise-scale: set TFSCOPE_ENTERPRISE_SCALE to a checkout)' : failed(realStepping);
lines.push('', `Stepping on a real configuration: \`]\` through the ${realStepping['instances'] === undefined || realSteppingProblem ? '' : `${integer(realStepping['instances'])} `}instances of \`${steppingBlock}\` in Azure/terraform-azurerm-caf-enterprise-scale's root module${typeof realStepping['commit'] === 'string' ? ` (${realStepping['commit'].slice(0, 12)})` : ''}, opened on the block once the diagnostics are found (\`bench/measure-ui-stepping.tsx\`; CPU is this process's time over the same span).`, '');
lines.push('| step (]) median ms | step p95 ms | step CPU median ms | steps |', '| ---: | ---: | ---: | ---: |');
lines.push(realSteppingProblem
	? `| ${realSteppingProblem} | | | |`
	: `| ${fixed(realStepping['stepMedianMs'], 1)} | ${fixed(realStepping['stepP95Ms'], 1)} | ${fixed(realStepping['stepCpuMedianMs'], 1)} | ${integer(realStepping['steps'])} |`);

// Diff.
lines.push('', '### Diff', '');
const diffProblem = failed(diffResult);
lines.push(diffProblem
	? `\`tfscope diff\` of two directories of ${targetScale}x, one module directory changed: ${diffProblem}.`
	: `\`tfscope diff\` of two directories of ${targetScale}x with one module directory changed (\`${String(diffResult['changedModule'])}\`, one resource block added; ${integer(diffResult['changes'])} changes found), against one load of one side with every managed resource value read (\`bench/measure-diff.ts\`, medians of ${diffRuns} runs): diff ${fixed(diffResult['diffMs'])} ms (CPU ${fixed(diffResult['diffCpuMs'])} ms), one load ${fixed(diffResult['loadMs'])} ms (CPU ${fixed(diffResult['loadCpuMs'])} ms): ${fixed(diffResult['ratioCpu'], 2)}x on CPU time.`);

// Saved plan.
lines.push('', '### Saved plan', '');
const planProblem = failed(planResult);
lines.push(planProblem
	? `\`--plan FILE\` over ${String(planResult['scale'])}x: ${planProblem}.`
	: `\`--plan FILE\` over ${String(planResult['scale'])}x with a plan of every instance (${integer(planResult['changes'])} changes, each an update whose values are tfscope's own; \`bench/measure-plan.ts\`, medians of ${diffRuns} runs): load with the plan and every value read ${fixed(planResult['planMs'])} ms (CPU ${fixed(planResult['planCpuMs'])} ms), without it ${fixed(planResult['loadMs'])} ms (CPU ${fixed(planResult['loadCpuMs'])} ms): ${fixed(planResult['ratioCpu'], 2)}x on CPU time; \`plan-summary\`'s review of the loaded plan ${fixed(planResult['summaryCpuMs'])} ms of CPU; ${integer(planResult['warnings'])} disagreement warnings (none expected); peak ${fixed(planResult['peakRssMb'])} MB.`);

// The HTML graph page.
lines.push('', '### HTML graph page', '');
const pageProblem = failed(pageResult);
lines.push(`\`tfscope graph --format html\` (block level) of the generated configurations (\`bench/measure-graph-page.ts\`): the page's size, the time to make it in one process (load, graph, Details of every node, page), and in Debian's chromium the time from navigation to cytoscape's first drawing (modules above 30 nodes start collapsed), median of 3 fresh tabs.`, '');
lines.push('| size | nodes | edges | page | make ms | first drawing ms |', '| --- | ---: | ---: | ---: | ---: | ---: |');
for (const scale of pageScales) {
	const figures = pageProblem ? undefined : pageResult[`${scale}x`] as {bytes?: number; nodes?: number; edges?: number; makeMs?: number; drawMs?: number; error?: string} | undefined;
	lines.push(figures && figures.error === undefined
		? `| ${scale}x | ${integer(figures.nodes)} | ${integer(figures.edges)} | ${fixed((figures.bytes ?? Number.NaN) / 1e6, 1)} MB | ${fixed(figures.makeMs)} | ${fixed(figures.drawMs)} |`
		: `| ${scale}x | ${pageProblem ?? figures?.error?.split('\n')[0] ?? 'n/a'} | | | | |`);
}

// Start.
lines.push('', '### Start (whole processes, the bundle in distribution/)', '');
const startProblem = failed(startResult);
type Paired = {aWallMs: number; aCpuMs: number; bWallMs: number; bCpuMs: number; rounds: number; ratio: {median: number; min: number; max: number}; cpuRatio: {median: number; min: number; max: number}};
const pairedCells = (result: Paired | undefined): string => result
	? `${fixed(result.bWallMs)} (${fixed(result.bCpuMs)}) | ${fixed(result.aWallMs)} (${fixed(result.aCpuMs)}) | ${result.ratio.median.toFixed(2)}x (${result.ratio.min.toFixed(2)}–${result.ratio.max.toFixed(2)}) | ${result.cpuRatio.median.toFixed(2)}x`
	: 'n/a | n/a | n/a | n/a';
const startHelp = startResult['help'] as Paired | undefined;
const startConsole = startResult['console'] as Paired | undefined;
const startFloor = startResult['nodeFloor'] as Paired | undefined;
const firstFrame = startResult['firstFrame'] as {cpuMs: number; wallMs: number; samples: number; nodeStartCpuMs?: number} | undefined;
if (startProblem) {
	lines.push(startProblem);
} else {
	lines.push(`Each pair runs Terraform, then tfscope (the other way round every other round), ${integer(startResult['rounds'])} rounds after a warm-up; ratios are tfscope's time over Terraform's, per round (median, min–max). Terraform: ${startResult['terraform'] ? 'installed' : 'n/a (not installed)'}.`, '');
	lines.push('| command | tfscope ms (CPU) | Terraform ms (CPU) | ratio (wall) | ratio (CPU) |', '| --- | ---: | ---: | ---: | ---: |');
	lines.push(`| \`tfscope --help\` / \`terraform version\` | ${pairedCells(startHelp)} |`, `| \`echo 1+1 \\| tfscope console\` / \`echo 1+1 \\| terraform console\` | ${pairedCells(startConsole)} |`, ...(startFloor ? [`| floor: Node's empty program (\`node -e 0\`) / \`terraform version\` | ${pairedCells(startFloor)} |`] : []), '');
	lines.push(`Explorer first frame on examples/multi-region in a pseudo-terminal (\`script\`), up to the frame showing the module tree: ${firstFrame ? `${fixed(firstFrame.cpuMs)} ms of CPU, ${fixed(firstFrame.wallMs)} ms from process start (median of ${firstFrame.samples}; Node's own start, an empty program, ${firstFrame.nodeStartCpuMs === undefined ? 'n/a' : fixed(firstFrame.nodeStartCpuMs)} ms of CPU of it)` : 'n/a'}.`);
}

// The explorer's first frame against check.
type FrameSpread = {median: number; min: number; max: number};
type FrameFigures = {name: string; frames: number; firstFrameCpuMs?: FrameSpread; firstFrameWallMs?: FrameSpread; checkCpuMs?: FrameSpread; cpuRatio?: FrameSpread; checkStatus?: number};
const frameProblem = failed(frameResult);
const frameRows = frameProblem ? [] : (frameResult['configurations'] as FrameFigures[] | undefined) ?? [];
const frameKeys = (frameProblem ? {} : frameResult['keys'] ?? {}) as Record<string, ChildResult>;
const spreadText = (value: FrameSpread | undefined, digits = 0): string => (value ? `${fixed(value.median, digits)} (${fixed(value.min, digits)}–${fixed(value.max, digits)})` : 'n/a');
lines.push('', '### The explorer\'s first frame against `check`', '');
if (frameProblem) {
	lines.push(`First frame against check: ${frameProblem}.`);
} else {
	const zone = frameResult['landingZone'] as {moduleInstances: number; resourceInstances: number};
	lines.push(`Whole processes from the bundle (\`bench/measure-frame.ts\`), alternated, ${integer(frameResult['rounds'])} rounds after a warm-up of each, medians (min–max): the explorer's CPU time up to its first frame showing the module tree in a 160x48 pseudo-terminal (\`script\`; read inside the process, \`bench/first-frame-probe.cjs\`), against \`tfscope check\` of the same configuration (the whole process). The landing zone is generated (\`landingZonePreset\` in \`bench/generate.ts\`: ${integer(zone.moduleInstances)} module instances, ${integer(zone.resourceInstances)} resource instances); the others are the committed real-world roots (test/fixtures/real-world). Key to frame: the explorer as built, in-process (\`bench/measure-ui-keys.tsx\`), once every value is checked, down (and back up) through the module tree, each key's latency and the process's CPU time up to its frame. Target: first frame at most 0.5x check's CPU; key to frame under 16 ms at the 95th percentile.`, '');
	lines.push('| configuration | first frame CPU ms | first frame wall ms | check CPU ms | ratio (CPU) | keys | key to frame median / p95 ms | key CPU median / p95 ms |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
	for (const row of frameRows) {
		const keys = frameKeys[row.name];
		const keysProblem = keys ? failed(keys) : 'n/a';
		const keyCells = keysProblem ? `${keysProblem} | | ` : `${integer(keys!['keyPresses'])} | ${fixed(keys!['keyMedianMs'], 1)} / ${fixed(keys!['keyP95Ms'], 1)} | ${fixed(keys!['keyCpuMedianMs'], 1)} / ${fixed(keys!['keyCpuP95Ms'], 1)}`;
		lines.push(`| ${row.name} | ${spreadText(row.firstFrameCpuMs)} | ${spreadText(row.firstFrameWallMs)} | ${spreadText(row.checkCpuMs)} | ${spreadText(row.cpuRatio, 2)} | ${keyCells} |`);
	}
}

const worstFrameRatio = frameRows.filter(row => row.cpuRatio).sort((a, b) => b.cpuRatio!.median - a.cpuRatio!.median)[0];
const measuredKeys = frameRows.map(row => [row.name, frameKeys[row.name]] as const).filter((entry): entry is readonly [string, ChildResult] => entry[1] !== undefined && failed(entry[1]) === undefined && typeof entry[1]['keyP95Ms'] === 'number');
const worstKeys = [...measuredKeys].sort((a, b) => Number(b[1]['keyP95Ms']) - Number(a[1]['keyP95Ms']))[0];
const worstKeyCpu = [...measuredKeys].sort((a, b) => Number(b[1]['keyCpuP95Ms']) - Number(a[1]['keyCpuP95Ms']))[0];

// The installed tool.
lines.push('', `### The installed tool at ${targetScale}x (whole processes, the bundle in distribution/)`, '');
const toolProblem = failed(toolResult);
type ToolFigures = {name: string; status?: number; wallMs: number; cpuMs: number; peakMb: number; maxPeakMb: number; error?: string};
const toolCommands = toolProblem ? [] : toolResult['commands'] as ToolFigures[];
type ExplorerFigures = {loadedMs: number; cpuMs: number; peakMb: number; maxPeakMb: number; error?: string};
const toolExplorer = toolProblem ? undefined : toolResult['explorer'] as ExplorerFigures | undefined;
if (toolProblem) {
	lines.push(toolProblem);
} else {
	lines.push(`What a user waits for and the memory the process takes, Node's start, cold code and the tool's own V8 settings included (\`bench/measure-tool.ts\`; output to /dev/null; peak resident memory read inside the process as it exits, \`bench/peak-probe.cjs\`; medians of ${integer(toolResult['rounds'])} runs after a warm-up).`, '');
	lines.push('| command | ms | CPU ms | peak RSS MB (median / max) | exit |', '| --- | ---: | ---: | ---: | ---: |');
	for (const command of toolCommands) {
		lines.push(command.error ? `| \`tfscope ${command.name}\` | ${command.error} | | | |` : `| \`tfscope ${command.name}\` | ${fixed(command.wallMs)} | ${fixed(command.cpuMs)} | ${fixed(command.peakMb)} / ${fixed(command.maxPeakMb)} | ${String(command.status)} |`);
	}

	const explorer = toolExplorer;
	lines.push(explorer === undefined ? '| `tfscope DIR` (the explorer, until loaded) | n/a | | | |' : explorer.error ? `| \`tfscope DIR\` (the explorer, until loaded) | ${explorer.error} | | | |` : `| \`tfscope DIR\` (the explorer, until loaded) | ${fixed(explorer.loadedMs)} | ${fixed(explorer.cpuMs)} | ${fixed(explorer.peakMb)} / ${fixed(explorer.maxPeakMb)} | |`);
	lines.push('', 'The explorer\'s row: a session in a terminal (tmux), timed from its start until the status bar counts the diagnostics (every instance made, every value checked, the block graph built; the screen polled every 50 ms), then `q`; CPU and peak memory are the whole session\'s.');
}

const toolPeaks = [...toolCommands.map(command => command.maxPeakMb), ...(toolExplorer?.error === undefined && toolExplorer !== undefined ? [toolExplorer.maxPeakMb] : [])];
const toolPeakMb = toolCommands.length > 0 && toolPeaks.every(peak => typeof peak === 'number') ? Math.max(...toolPeaks) : undefined;
const toolPeakOf = toolPeakMb === undefined ? '' : toolExplorer?.maxPeakMb === toolPeakMb ? 'the explorer' : toolCommands.find(command => command.maxPeakMb === toolPeakMb)?.name ?? '';

// Terragrunt estates.
lines.push('', '### Terragrunt estate', '', 'A generated live repository (`bench/generate-estate.ts`): accounts × regions × environments × 12 services, one unit each, every unit including root.hcl (which reads account.hcl, region.hcl and env.hcl) and its service\'s _envcommon file, reading its environment\'s vpc unit (and from the 7th service on, a second unit) through dependency blocks with mock_outputs. Unit tree: the units found and shown by folder, what is on screen first; evaluated: every unit\'s configuration (includes, locals, dependency blocks) and the unit graph; check: every unit\'s module loaded with its inputs and dependency outputs, every value evaluated. Each size in its own process.', '', '| units | unit tree ms (CPU) | every unit evaluated ms (CPU) | check ms (CPU) | diagnostics | peak MB |', '| --- | --- | --- | --- | --- | --- |');
for (const [units, result] of estateResults) {
	const problem = failed(result);
	lines.push(problem ? `| ${integer(units)} | ${problem} | | | | |` : `| ${integer(units)} | ${fixed(result['discoveryMs'])} (${fixed(result['discoveryCpuMs'])}) | ${fixed(result['treeMs'])} (${fixed(result['treeCpuMs'])}) | ${fixed(result['checkMs'])} (${fixed(result['checkCpuMs'])}) | ${integer(result['diagnostics'])} | ${fixed(result['peakMb'])} |`);
}

// Side by side with Terraform.
lines.push('', '### Side by side with Terraform', '');
const terraformRows: string[] = [];
let terraformNote = '';
for (const [scale, result] of terraformResults) {
	const problem = failed(result);
	if (problem) {
		terraformRows.push(`| ${scale}x | ${problem} | | | | |`);
		continue;
	}

	if (!result['terraform']) {
		terraformRows.push(`| ${scale}x | n/a (terraform not installed) | | | | |`);
		continue;
	}

	if (typeof result['error'] === 'string') {
		terraformRows.push(`| ${scale}x | ${result['error']} | | | | |`);
		continue;
	}

	terraformNote = `${String(result['terraformVersion'])}; configurations: the \`terraform_data\` twins of the generated ones (bench/terraform-data.ts: ${String(result['replacements'])}).`;
	const instances = result['instances'] as Paired & {same: boolean; tfscope: number; terraform: number; onlyTfscope?: string; onlyTerraform?: string};
	const same = instances.same ? `same ${integer(instances.tfscope)} instances` : `**differ** (tfscope ${integer(instances.tfscope)}, Terraform ${integer(instances.terraform)}${instances.onlyTfscope ? `; only tfscope: \`${instances.onlyTfscope}\`` : ''}${instances.onlyTerraform ? `; only Terraform: \`${instances.onlyTerraform}\`` : ''})`;
	terraformRows.push(`| ${scale}x | \`tfscope instances\` / \`terraform plan\` + \`show -json\` (${same}) | ${pairedCells(instances)} |`);
	terraformRows.push(`| ${scale}x | \`tfscope graph\` / \`terraform graph -type=plan\` | ${pairedCells(result['graph'] as Paired)} |`);
	for (const [name, entry] of Object.entries(result['console'] as Record<string, Paired & {expression: string; same: boolean}>)) {
		terraformRows.push(`| ${scale}x | console, ${name}: \`${entry.expression}\`${entry.same ? '' : ' (**outputs differ**)'} | ${pairedCells(entry)} |`);
	}

	terraformRows.push(`| ${scale}x | \`tfscope check\` / \`terraform validate\` | ${pairedCells(result['validate'] as Paired)} |`);
}

if (terraformResults.size === 0 || [...terraformResults.values()].every(result => failed(result))) {
	lines.push(terraformResults.size === 0 ? 'Not measured (no sizes).' : `${failed([...terraformResults.values()][0]!)!}.`);
} else {
	lines.push(`Whole processes (tfscope from the bundle), tfscope then Terraform (the other way round every other round), after one warm-up of each (but for Terraform's plan above 1x: one plan of several minutes, timed once, its start a small part of it); ratios are Terraform's time over tfscope's, per round (median, min–max): above 1, tfscope is faster. ${terraformNote}`, '');
	lines.push('| size | commands | Terraform ms (CPU) | tfscope ms (CPU) | Terraform / tfscope (wall) | (CPU) |', '| --- | --- | ---: | ---: | ---: | ---: |', ...terraformRows);
}

// Targets (issue 23 and the speed items of issues 16 and 19).
const targetLoad = loads.get(targetScale)!;
const targetTotal = totalOf(targetLoad);
const cpuStatus = (value: unknown, limit: number): string => typeof value === 'number' ? status(value < limit) : 'n/a';
const scaling = (scale: number): [string, string, boolean | undefined, string?] => {
	const base = loads.get(1);
	const at = loads.get(scale);
	const baseTotal1 = totalOf(base);
	const total = totalOf(at);
	if (!base || !at || !baseTotal1 || !total) {
		return [`Scaling 1x to ${scale}x: time and peak memory at most ${(scale * 1.0625).toFixed(1)}x`, 'n/a', undefined];
	}

	const limit = scale * 1.0625;
	const cpu = Number(at['cpuMs']) / Number(base['cpuMs']);
	const memory = Number(at['peakLoadMb']) / Number(base['peakLoadMb']);
	return [`Scaling 1x to ${scale}x: time and peak memory at most ${limit.toFixed(1)}x`, `${(total / baseTotal1).toFixed(2)}x wall, ${cpu.toFixed(2)}x CPU, ${memory.toFixed(2)}x peak memory`, total / baseTotal1 <= limit && memory <= limit, status(cpu <= limit && memory <= limit)];
};

const fourXTerraform = terraformResults.get(4);
const planRatio = fourXTerraform && !failed(fourXTerraform) && fourXTerraform['instances'] ? (fourXTerraform['instances'] as Paired) : undefined;
const slowerThanTerraform: string[] = [];
let terraformCompared = false;
for (const [scale, result] of terraformResults) {
	if (failed(result) || !result['terraform'] || result['error']) {
		continue;
	}

	terraformCompared = true;
	const entries: Array<[string, Paired]> = [['instances', result['instances'] as Paired], ['graph', result['graph'] as Paired], ...Object.entries(result['console'] as Record<string, Paired>).map(([name, entry]) => [`console ${name}`, entry] as [string, Paired]), ['check', result['validate'] as Paired]];
	for (const [name, entry] of entries) {
		if (entry.ratio.median <= 1) {
			slowerThanTerraform.push(`${name} at ${scale}x (${entry.ratio.median.toFixed(2)}x)`);
		}
	}
}

const targets: Array<[string, string, boolean | undefined, string?]> = [
	['Real corpus: whole-process `parse --json` at least 15x hcl2json (CPU time, both whole processes)', realWholeSpeedup ? `${realWholeSpeedup.median.toFixed(1)}x (min ${realWholeSpeedup.min.toFixed(1)}x, max ${realWholeSpeedup.max.toFixed(1)}x)` : 'n/a', undefined, realWholeSpeedup ? status(realWholeSpeedup.median >= 15) : 'n/a'],
	['Real corpus: in-process parse at least 30x hcl2json (CPU time, same files)', realInProcessRatio === undefined ? 'n/a' : `${realInProcessRatio.toFixed(1)}x`, undefined, realInProcessRatio === undefined ? 'n/a' : status(realInProcessRatio >= 30)],
	['Real corpus: `check` within 1.5x of the read-and-scan floor per byte where parse-bound', realCheckWorst ? `${realCheckWorst.ratio.toFixed(2)}x at most (${realCheckWorst.name})` : 'n/a (no parse-bound root)', undefined, realCheckWorst ? status(realCheckWorst.ratio <= 1.5) : 'n/a'],
	['Real corpus: a fresh process\'s fixed cost (stated)', realFixedCost ?? 'n/a', undefined, ''],
	['Real corpus: peak memory (stated)', realPeaks ?? 'n/a', undefined, ''],
	['Parse at least 30x @cdktf/hcl2json', parseRatio === undefined ? 'n/a' : `${parseRatio.toFixed(1)}x (CPU ${parseCpuRatio?.toFixed(1) ?? 'n/a'}x)`, parseRatio === undefined ? undefined : parseRatio >= 30, parseCpuRatio === undefined ? 'n/a' : status(parseCpuRatio >= 30)],
	['Whole-process `parse --json` over the corpus at least 15x hcl2json (both whole processes)', processSpeedup ? `${processSpeedup.median.toFixed(1)}x (CPU ${processCpuSpeedup!.median.toFixed(1)}x)` : 'n/a', processSpeedup ? processSpeedup.median >= 15 : undefined, processCpuSpeedup ? status(processCpuSpeedup.median >= 15) : 'n/a'],
	[`Syntax tree under 10 bytes of heap per source byte (${targetScale}x)`, bytesPerSourceByte === undefined ? 'n/a' : `${fixed(bytesPerSourceByte, 1)} bytes`, bytesPerSourceByte === undefined ? undefined : bytesPerSourceByte < 10],
	[`Load + expand under 0.5 s (${targetScale}x; every instance expanded, values read on demand, as the explorer opens)`, typeof targetLoad['loadMs'] === 'number' ? `${fixed(targetLoad['loadMs'])} ms (CPU ${fixed(targetLoad['loadCpuMs'])} ms)` : 'n/a', typeof targetLoad['loadMs'] === 'number' ? targetLoad['loadMs'] < 500 : undefined, cpuStatus(targetLoad['loadCpuMs'], 500)],
	[`Evaluate every value under 1 s (${targetScale}x, load included: what \`check\` does)`, targetTotal === undefined ? 'n/a' : `${fixed(targetTotal)} ms (CPU ${fixed(targetLoad['cpuMs'])} ms)`, targetTotal === undefined ? undefined : targetTotal < 1000, cpuStatus(targetLoad['cpuMs'], 1000)],
	[`Graph under 1 s (${targetScale}x, block level)`, typeof targetLoad['graphMs'] === 'number' ? `${fixed(targetLoad['graphMs'])} ms (CPU ${fixed(targetLoad['graphCpuMs'])} ms)` : 'n/a', typeof targetLoad['graphMs'] === 'number' ? targetLoad['graphMs'] < 1000 : undefined, cpuStatus(targetLoad['graphCpuMs'], 1000)],
	[`Graph under 1 s (${targetScale}x, instance level)`, typeof targetLoad['instanceGraphMs'] === 'number' ? `${fixed(targetLoad['instanceGraphMs'])} ms (CPU ${fixed(targetLoad['instanceGraphCpuMs'])} ms)` : 'n/a', typeof targetLoad['instanceGraphMs'] === 'number' ? targetLoad['instanceGraphMs'] < 1000 : undefined, cpuStatus(targetLoad['instanceGraphCpuMs'], 1000)],
	[`Peak memory under 300 MB (${targetScale}x, with both graphs built)`, typeof targetLoad['peakMb'] === 'number' ? `${fixed(targetLoad['peakMb'])} MB (${fixed(targetLoad['peakLoadMb'])} MB after evaluating every value, ${fixed(targetLoad['peakExpandMb'])} MB after load + expand${targetLoad['built'] === true ? `; under tsx ${fixed(targetLoad['peakTsxMb'])} MB` : ''})` : 'n/a', typeof targetLoad['peakMb'] === 'number' ? targetLoad['peakMb'] < 300 : undefined],
	[`Peak memory of the installed tool under 300 MB (${targetScale}x: \`check\`, \`instances --json\`, \`graph --instances\`, the explorer once loaded)`, toolPeakMb === undefined ? 'n/a' : `${fixed(toolPeakMb)} MB (the largest: ${toolPeakOf === 'the explorer' ? toolPeakOf : `\`${toolPeakOf}\``})`, toolPeakMb === undefined ? undefined : toolPeakMb < 300],
	['Console median under 1 ms', consoleProblem ? 'n/a' : `${fixed(consoleResult['medianMs'], 3)} ms`, consoleProblem ? undefined : Number(consoleResult['medianMs']) < 1],
	['Console p95 under 10 ms', consoleProblem ? 'n/a' : `${fixed(consoleResult['p95Ms'], 3)} ms`, consoleProblem ? undefined : Number(consoleResult['p95Ms']) < 10],
	[`Explorer first frame under 1 s (${targetScale}x, in-process)`, uiProblem ? 'n/a' : `${fixed(uiResult['firstFrameMs'])} ms`, uiProblem ? undefined : Number(uiResult['firstFrameMs']) < 1000],
	[`Explorer key to frame under 8 ms median (${targetScale}x)`, uiProblem ? 'n/a' : `${fixed(uiResult['keyMedianMs'], 1)} ms`, uiProblem ? undefined : Number(uiResult['keyMedianMs']) < 8],
	['UI stepping (]) key to frame at most 16 ms median', uiProblem || typeof uiResult['stepMedianMs'] !== 'number' ? 'n/a' : `${fixed(uiResult['stepMedianMs'], 1)} ms`, uiProblem || typeof uiResult['stepMedianMs'] !== 'number' ? undefined : Number(uiResult['stepMedianMs']) <= 16],
	['UI stepping (]) on enterprise-scale\'s 160 policy definitions at most 16 ms median', realSteppingProblem || typeof realStepping['stepMedianMs'] !== 'number' ? 'n/a' : `${fixed(realStepping['stepMedianMs'], 1)} ms`, realSteppingProblem || typeof realStepping['stepMedianMs'] !== 'number' ? undefined : Number(realStepping['stepMedianMs']) <= 16],
	scaling(4),
	scaling(8),
	scaling(16),
	[`Diff of two revisions with one module changed under 2x one load (${targetScale}x)`, diffProblem ? 'n/a' : `${fixed(diffResult['ratioCpu'], 2)}x on CPU time (${fixed(diffResult['diffMs'])} ms / ${fixed(diffResult['loadMs'])} ms wall)`, diffProblem ? undefined : Number(diffResult['diffMs']) / Number(diffResult['loadMs']) < 2, diffProblem ? 'n/a' : status(Number(diffResult['ratioCpu']) < 2)],
	[`A plan of every instance laid over the configuration within 2.5x one load (${String(planResult['scale'])}x)`, planProblem ? 'n/a' : `${fixed(planResult['ratioCpu'], 2)}x on CPU time (${fixed(planResult['planMs'])} ms / ${fixed(planResult['loadMs'])} ms wall)`, planProblem ? undefined : Number(planResult['planMs']) / Number(planResult['loadMs']) <= 2.5, planProblem ? 'n/a' : status(Number(planResult['ratioCpu']) <= 2.5)],
	['Start: `tfscope --help` within 1.5x of `terraform version`', startHelp ? `${startHelp.ratio.median.toFixed(2)}x (CPU ${startHelp.cpuRatio.median.toFixed(2)}x)${startFloor ? `; Node's empty program alone ${startFloor.ratio.median.toFixed(2)}x (CPU ${startFloor.cpuRatio.median.toFixed(2)}x)` : ''}` : 'n/a', startHelp ? startHelp.ratio.median <= 1.5 : undefined, startHelp ? status(startHelp.cpuRatio.median <= 1.5) : 'n/a'],
	['Start: `echo 1+1 \\| tfscope console` within 2x of `terraform console`', startConsole ? `${startConsole.ratio.median.toFixed(2)}x (CPU ${startConsole.cpuRatio.median.toFixed(2)}x)` : 'n/a', startConsole ? startConsole.ratio.median <= 2 : undefined, startConsole ? status(startConsole.cpuRatio.median <= 2) : 'n/a'],
	['Start: explorer first frame under 600 ms of CPU (bundle, example)', firstFrame ? `${fixed(firstFrame.cpuMs)} ms CPU` : 'n/a', undefined, firstFrame ? status(firstFrame.cpuMs < 600) : 'n/a'],
	['Explorer first frame at most 0.5x the CPU of `check` (landing zone and real-world roots, whole processes)', worstFrameRatio ? `${worstFrameRatio.cpuRatio!.median.toFixed(2)}x at most (${worstFrameRatio.name}: ${fixed(worstFrameRatio.firstFrameCpuMs?.median)} / ${fixed(worstFrameRatio.checkCpuMs?.median)} ms)` : 'n/a', undefined, worstFrameRatio ? status(frameRows.every(row => row.cpuRatio !== undefined && row.cpuRatio.median <= 0.5)) : 'n/a'],
	['Explorer key to frame under 16 ms at the 95th percentile (landing zone and real-world roots)', worstKeys ? `${fixed(worstKeys[1]['keyP95Ms'], 1)} ms at most (${worstKeys[0]}); CPU ${fixed(worstKeyCpu![1]['keyCpuP95Ms'], 1)} ms at most (${worstKeyCpu![0]})` : 'n/a', worstKeys ? measuredKeys.every(([, keys]) => Number(keys['keyP95Ms']) < 16) : undefined, worstKeyCpu ? status(measuredKeys.every(([, keys]) => Number(keys['keyCpuP95Ms']) < 16)) : 'n/a'],
	['Expansion at least 10x faster than `terraform plan` (4x)', planRatio ? `${planRatio.ratio.median.toFixed(1)}x (CPU ${planRatio.cpuRatio.median.toFixed(1)}x)` : 'n/a', planRatio ? planRatio.ratio.median >= 10 : undefined, planRatio ? status(planRatio.cpuRatio.median >= 10) : 'n/a'],
	['Faster than every Terraform command above, every size', terraformCompared ? (slowerThanTerraform.length === 0 ? 'all faster' : `slower: ${slowerThanTerraform.join(', ')}`) : 'n/a', terraformCompared ? slowerThanTerraform.length === 0 : undefined],
	...estateTargets(),
];
lines.push('', '### Targets', '', 'Status on wall-clock time, as the targets are stated, and on CPU time where it was measured: when the machine is shared (see the load average above), CPU time is the closer estimate of the wall-clock time on an idle machine.', '', '| target | measured | status (wall clock) | status (CPU time) |', '| --- | --- | --- | --- |');
for (const [name, measured, ok, cpu] of targets) {
	lines.push(`| ${name} | ${measured} | ${status(ok)} | ${cpu ?? ''} |`);
}

const elapsed = (Date.now() - startedAt) / 1000;
lines.push('', `Whole run: ${elapsed.toFixed(0)} s${quick ? ' (--quick: fewer runs, smaller corpus)' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`);
const table = lines.join('\n');
process.stdout.write(`${table}\n`);

/**
The Terragrunt estate's targets (issue 40): the unit tree of 2,000 units within 1 s of CPU, check linear (2,000 units at most 2.2x the CPU of 1,000), peak memory stated.
*/
function estateTargets(): Array<[string, string, boolean | undefined, string?]> {
	const small = estateResults.get(1000);
	const large = estateResults.get(2000);
	const measured = (result: ChildResult | undefined): result is Record<string, unknown> => result !== undefined && failed(result) === undefined && typeof result['checkCpuMs'] === 'number';
	const ratio = measured(small) && measured(large) ? Number(large['checkCpuMs']) / Number(small['checkCpuMs']) : undefined;
	return [
		['Terragrunt: unit tree of 2,000 units within 1 s of CPU', measured(large) ? `${fixed(large['discoveryCpuMs'])} ms CPU (every unit's configuration evaluated too: ${fixed(large['treeCpuMs'])} ms)` : 'n/a', undefined, measured(large) ? status(Number(large['discoveryCpuMs']) <= 1000) : 'n/a'],
		['Terragrunt: check of 2,000 units at most 2.2x the CPU of 1,000', ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}x (${fixed(large!['checkCpuMs'])} / ${fixed(small!['checkCpuMs'])} ms)`, undefined, ratio === undefined ? 'n/a' : status(ratio <= 2.2)],
		['Terragrunt: peak memory of check, 2,000 units (stated)', measured(large) ? `${fixed(large['peakMb'])} MB` : 'n/a', undefined, ''],
	];
}

/**
Replaces the text between two markers, keeping everything else of the file.
*/
function replaceBetween(file: string, start: string, end: string, content: string): boolean {
	if (!existsSync(file)) {
		return false;
	}

	const text = readFileSync(file, 'utf8');
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	if (from === -1 || to < from) {
		return false;
	}

	writeFileSync(file, `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`);
	return true;
}

if (write && !quick) {
	const resultsFile = path.join(repositoryRoot, 'bench', 'results.md');
	if (!replaceBetween(resultsFile, '<!-- results:start -->', '<!-- results:end -->', table)) {
		writeFileSync(resultsFile, `# Benchmark results\n\nWritten by \`npm run bench\` between the markers; the notes after them are kept.\n\n<!-- results:start -->\n${table}\n<!-- results:end -->\n`);
	}

	if (!replaceBetween(path.join(repositoryRoot, 'bench', 'README.md'), '<!-- bench:start -->', '<!-- bench:end -->', table)) {
		log('bench/README.md has no <!-- bench:start --> marker: results written to bench/results.md only');
	}

	log('wrote bench/results.md and the Results section of bench/README.md');
}
