import {spawn} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {generateConfiguration, sizePreset, writeConfiguration, type GeneratedConfiguration} from './generate.js';
import {repositoryRoot} from './stages.js';
import {resultMarker} from './statistics.js';

/*
`npm run bench`: generates the configurations, measures every stage in child processes (a fresh heap per measurement, so peak memory is that of one load), prints one report and writes it to bench/results.md and the readme's Benchmarks section.

Flags: --quick (fewer runs and a smaller parse corpus, to try the harness), --no-write (print only), --sizes 1,2,4.
*/

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const write = !argv.includes('--no-write');
const sizesFlag = argv.indexOf('--sizes');
const scales = sizesFlag === -1 ? [1, 2, 4] : argv[sizesFlag + 1]!.split(',').map(Number);
const parseCorpusBytes = quick ? 4_000_000 : 20_000_000;
// hcl2json runs at well under 2 MB/s here: it parses the first part of the same corpus, and the ratio compares both parsers on that same part.
const oracleCorpusBytes = quick ? 1_000_000 : 2_000_000;
const parseRuns = quick ? 2 : 3;
const oracleRuns = quick ? 1 : 3;
const loadRuns = quick ? 1 : 3;
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
	return new Promise(resolve => {
		const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', '--max-old-space-size=4096', path.join(repositoryRoot, 'bench', script), ...parameters], {
			cwd: repositoryRoot,
			env: {...process.env, CI: '0', FORCE_COLOR: '0'},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
		}, timeoutMs);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const line = stdout.split('\n').find(candidate => candidate.startsWith(resultMarker));
			if (line) {
				resolve(JSON.parse(line.slice(resultMarker.length)) as ChildResult);
				return;
			}

			const reason = signal === 'SIGKILL' ? `timed out after ${timeoutMs / 1000} s` : `exit ${code ?? signal}`;
			resolve({available: true, error: `${reason}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`});
		});
	});
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
	if (result.available === false) {
		return notImplemented;
	}

	return typeof result['error'] === 'string' ? `failed: ${result['error']}` : undefined;
}

// Machine.
const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${os.platform()} ${os.arch()}, load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')} at start`;
log(machine);

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
const largest = configurations.get(largestScale)!;

// Parse throughput.
log(`parse: tfscope over ${parseCorpusBytes / 1e6} MB`);
const parseFull = await runChild('measure-parse.ts', ['tfscope', String(parseCorpusBytes), String(parseRuns)]);
log(`parse: tfscope over the first ${oracleCorpusBytes / 1e6} MB`);
// Runs over 2 MB take about 0.1 s, so a few more of them make the median steadier at no real cost.
const parseSubset = await runChild('measure-parse.ts', ['tfscope', String(oracleCorpusBytes), String(parseRuns * 3)]);
log(`parse: @cdktf/hcl2json over the first ${oracleCorpusBytes / 1e6} MB`);
const parseOracle = await runChild('measure-parse.ts', ['hcl2json', String(oracleCorpusBytes), String(oracleRuns)], 600_000);
log(`parse: syntax tree memory of ${largestScale}x`);
const astMemory = await runChild('measure-ast-memory.ts', [largest.directory]);

// Load, evaluate, expand, graph, per size.
const loads = new Map<number, ChildResult>();
for (const scale of scales) {
	log(`load: ${scale}x`);
	loads.set(scale, await runChild('measure-load.ts', [configurations.get(scale)!.directory, String(loadRuns)]));
}

log('console');
const consoleResult = await runChild('measure-console.ts', [largest.directory, String(consoleRounds)]);
log('ui');
const uiResult = await runChild('measure-ui.tsx', [largest.directory, String(uiKeyPresses)]);

// Report.
const lines: string[] = [];
lines.push(`Machine: ${machine}.`, '');
lines.push(`Generated configurations (seeded, \`bench/generate.ts\`): ${scales.map(scale => `${scale}x`).join(', ')} of a base of 2,500 resources; every module directory has 25 resource blocks (single, \`count\`, \`for_each\` over maps built by \`for\` expressions and over sets), \`dynamic\` blocks, heredocs and templates, 5 levels of modules, each top-level module call with \`for_each\` over 2 environments.`, '');

lines.push('### Parse throughput', '');
lines.push('| parser | corpus | files | median ms | MB/s | CPU ms | MB/s of CPU time |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
const parseRow = (name: string, result: ChildResult): string => {
	const problem = failed(result);
	const corpus = `${fixed(Number(result['bytes']) / 1e6, 1)} MB`;
	return problem
		? `| ${name} | ${corpus} | ${integer(result['files'])} | ${problem} | | | |`
		: `| ${name} | ${corpus} | ${integer(result['files'])} | ${fixed(result['medianMs'])} | ${fixed(result['megabytesPerSecond'], 2)} | ${fixed(result['cpuMs'])} | ${fixed(result['cpuMegabytesPerSecond'], 2)} |`;
};

lines.push(parseRow('tfscope', parseFull), parseRow('tfscope', parseSubset), parseRow('@cdktf/hcl2json', parseOracle), '');
const parseRatio = !failed(parseSubset) && !failed(parseOracle) ? Number(parseSubset['megabytesPerSecond']) / Number(parseOracle['megabytesPerSecond']) : undefined;
const parseCpuRatio = !failed(parseSubset) && !failed(parseOracle) ? Number(parseSubset['cpuMegabytesPerSecond']) / Number(parseOracle['cpuMegabytesPerSecond']) : undefined;
lines.push(`Ratio on the same files: ${parseRatio === undefined ? 'n/a' : `${parseRatio.toFixed(1)}x`} wall clock, ${parseCpuRatio === undefined ? 'n/a' : `${parseCpuRatio.toFixed(1)}x`} CPU time (target at least 10x).${parseFull['diagnostics'] ? ` tfscope reported ${String(parseFull['diagnostics'])} diagnostics on the corpus (expected none).` : ''}`, '');
const astProblem = failed(astMemory);
const bytesPerSourceByte = astProblem ? undefined : Number(astMemory['bytesPerSourceByte']);
lines.push(`Syntax tree memory: ${astProblem ?? `${fixed(bytesPerSourceByte, 1)} bytes of heap per source byte (${fixed(Number(astMemory['heapBytes']) / 1e6, 1)} MB for the ${integer(astMemory['files'])} files, ${fixed(Number(astMemory['bytes']) / 1e6, 1)} MB, of ${largestScale}x; target under 10; \`bench/measure-ast-memory.ts\`)`}.`, '');

lines.push('### Load, evaluate and expand', '');
lines.push('| size | resources | resource instances | module instances | load + expand ms (CPU) | evaluate ms | total ms | CPU ms | vs 1x (wall / CPU) | peak RSS MB (load / with graphs) | errors |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
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
	lines.push(`| ${scale}x | ${integer(configuration.resources)}${found('resources', configuration.resources)} | ${integer(configuration.resourceInstances)}${found('resourceInstances', configuration.resourceInstances)} | ${integer(configuration.moduleInstances)}${found('moduleInstances', configuration.moduleInstances + 1)} | ${fixed(result['loadMs'])} (${fixed(result['loadCpuMs'])}) | ${fixed(result['evaluateMs'])} | ${fixed(total)} | ${fixed(result['cpuMs'])} | ${baseTotal && total ? `${(total / baseTotal).toFixed(2)}x / ${baseCpu ? (Number(result['cpuMs']) / baseCpu).toFixed(2) : 'n/a'}x (${scale / scales[0]!}x size)` : 'n/a'} | ${fixed(result['peakLoadMb'])} / ${fixed(result['peakMb'])} | ${integer(result['errors'])} |`);
}

lines.push('', 'Module instances include the root module. Times are wall-clock medians of the runs after a warm-up run; CPU ms is the process\'s user + system time for the same work, which tells cost from waiting when the machine is shared. "Load + expand" parses every file, evaluates what expansion needs (variables, locals, \`count\`/\`for_each\`) and makes every module and resource instance: the Workspace the explorer and the commands start from. "Evaluate" then reads every resource instance\'s value and every module output (values are computed lazily, on first read). Peak RSS is the process maximum after one load (Node itself and tsx included, about 60–90 MB).');
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
lines.push(`Evaluation of ${integer(consoleResult['expressions'])} typical expressions (parse, evaluate${consoleResult['formatted'] ? ', format' : ''}) in the root module and a module instance of the ${largestScale}x configuration, ${integer(consoleResult['samples'])} samples after a warm-up round.`, '');
lines.push('| median ms | p95 ms | max ms | expressions that failed |', '| ---: | ---: | ---: | --- |');
lines.push(consoleProblem
	? `| ${consoleProblem} | | | |`
	: `| ${fixed(consoleResult['medianMs'], 3)} | ${fixed(consoleResult['p95Ms'], 3)} | ${fixed(consoleResult['maxMs'], 1)} | ${((consoleResult['failures'] as string[] | undefined) ?? []).map(failure => `\`${failure}\``).join(', ') || 'none'} |`);

lines.push('', '### Explorer (UI)', '');
const uiProblem = failed(uiResult);
lines.push(`In-process Ink render on the ${largestScale}x configuration: time from the start of loading to the first frame showing the module tree, from a key press (down arrow in the module tree) to the next frame, and from \`]\` (the next instance of a \`count\` block, in module instances not shown before) to the next frame.`, '');
lines.push('| first frame ms | key to frame median ms | key to frame p95 ms | key presses | step (]) median ms | step p95 ms | steps |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
lines.push(uiProblem
	? `| ${uiProblem} | | | | | | |`
	: `| ${fixed(uiResult['firstFrameMs'])} | ${fixed(uiResult['keyMedianMs'], 1)} | ${fixed(uiResult['keyP95Ms'], 1)} | ${integer(uiResult['keyPresses'])} | ${fixed(uiResult['stepMedianMs'], 1)} | ${fixed(uiResult['stepP95Ms'], 1)} | ${integer(uiResult['stepPresses'])} |`);

// Targets.
const largestLoad = loads.get(largestScale)!;
const largestTotal = totalOf(largestLoad);
const fourX = scales.includes(4) && scales.includes(1) ? totalOf(loads.get(4)) : undefined;
const oneX = scales.includes(1) ? totalOf(loads.get(1)) : undefined;
const fourXCpu = scales.includes(4) && scales.includes(1) ? loads.get(4)?.['cpuMs'] as number | undefined : undefined;
const oneXCpu = scales.includes(1) ? loads.get(1)?.['cpuMs'] as number | undefined : undefined;
const cpuStatus = (value: unknown, limit: number): string => typeof value === 'number' ? status(value < limit) : 'n/a';
const targets: Array<[string, string, boolean | undefined, string?]> = [
	['Parse at least 10x @cdktf/hcl2json', parseRatio === undefined ? 'n/a' : `${parseRatio.toFixed(1)}x (CPU ${parseCpuRatio?.toFixed(1) ?? 'n/a'}x)`, parseRatio === undefined ? undefined : parseRatio >= 10, parseCpuRatio === undefined ? 'n/a' : status(parseCpuRatio >= 10)],
	[`Syntax tree under 10 bytes of heap per source byte (${largestScale}x)`, bytesPerSourceByte === undefined ? 'n/a' : `${fixed(bytesPerSourceByte, 1)} bytes`, bytesPerSourceByte === undefined ? undefined : bytesPerSourceByte < 10],
	[`Load + expand under 2 s (${largestScale}x; every instance expanded, values read on demand, as the explorer opens)`, typeof largestLoad['loadMs'] === 'number' ? `${fixed(largestLoad['loadMs'])} ms (CPU ${fixed(largestLoad['loadCpuMs'])} ms)` : 'n/a', typeof largestLoad['loadMs'] === 'number' ? largestLoad['loadMs'] < 2000 : undefined, cpuStatus(largestLoad['loadCpuMs'], 2000)],
	[`Load + expand + evaluate every value under 2 s (${largestScale}x; the stricter reading, what \`check\` does)`, largestTotal === undefined ? 'n/a' : `${fixed(largestTotal)} ms (CPU ${fixed(largestLoad['cpuMs'])} ms)`, largestTotal === undefined ? undefined : largestTotal < 2000, cpuStatus(largestLoad['cpuMs'], 2000)],
	[`Graph under 1 s (${largestScale}x, block level)`, typeof largestLoad['graphMs'] === 'number' ? `${fixed(largestLoad['graphMs'])} ms (CPU ${fixed(largestLoad['graphCpuMs'])} ms)` : 'n/a', typeof largestLoad['graphMs'] === 'number' ? largestLoad['graphMs'] < 1000 : undefined, cpuStatus(largestLoad['graphCpuMs'], 1000)],
	[`Graph under 1 s (${largestScale}x, instance level)`, typeof largestLoad['instanceGraphMs'] === 'number' ? `${fixed(largestLoad['instanceGraphMs'])} ms (CPU ${fixed(largestLoad['instanceGraphCpuMs'])} ms)` : 'n/a', typeof largestLoad['instanceGraphMs'] === 'number' ? largestLoad['instanceGraphMs'] < 1000 : undefined, cpuStatus(largestLoad['instanceGraphCpuMs'], 1000)],
	[`Peak memory under 600 MB (${largestScale}x, load + expand + evaluate)`, typeof largestLoad['peakLoadMb'] === 'number' ? `${fixed(largestLoad['peakLoadMb'])} MB (${fixed(largestLoad['peakExpandMb'])} MB after load + expand)` : 'n/a', typeof largestLoad['peakLoadMb'] === 'number' ? largestLoad['peakLoadMb'] < 600 : undefined],
	[`Peak memory under 600 MB (${largestScale}x, with both graphs built as well)`, typeof largestLoad['peakMb'] === 'number' ? `${fixed(largestLoad['peakMb'])} MB` : 'n/a', typeof largestLoad['peakMb'] === 'number' ? largestLoad['peakMb'] < 600 : undefined],
	['Console median under 1 ms', consoleProblem ? 'n/a' : `${fixed(consoleResult['medianMs'], 3)} ms`, consoleProblem ? undefined : Number(consoleResult['medianMs']) < 1],
	['Console p95 under 10 ms', consoleProblem ? 'n/a' : `${fixed(consoleResult['p95Ms'], 3)} ms`, consoleProblem ? undefined : Number(consoleResult['p95Ms']) < 10],
	['UI first frame under 3 s', uiProblem ? 'n/a' : `${fixed(uiResult['firstFrameMs'])} ms`, uiProblem ? undefined : Number(uiResult['firstFrameMs']) < 3000],
	['UI key to frame under 30 ms median', uiProblem ? 'n/a' : `${fixed(uiResult['keyMedianMs'], 1)} ms`, uiProblem ? undefined : Number(uiResult['keyMedianMs']) < 30],
	['UI stepping (]) key to frame at most 16 ms median', uiProblem || typeof uiResult['stepMedianMs'] !== 'number' ? 'n/a' : `${fixed(uiResult['stepMedianMs'], 1)} ms`, uiProblem || typeof uiResult['stepMedianMs'] !== 'number' ? undefined : Number(uiResult['stepMedianMs']) <= 16],
	['Scaling 1x to 4x: time at most 4.5x', fourX && oneX ? `${(fourX / oneX).toFixed(2)}x wall, ${fourXCpu && oneXCpu ? (fourXCpu / oneXCpu).toFixed(2) : 'n/a'}x CPU` : 'n/a', fourX && oneX ? fourX / oneX <= 4.5 : undefined, fourXCpu && oneXCpu ? status(fourXCpu / oneXCpu <= 4.5) : 'n/a'],
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

	if (!replaceBetween(path.join(repositoryRoot, 'readme.md'), '<!-- bench:start -->', '<!-- bench:end -->', table)) {
		log('readme.md has no <!-- bench:start --> marker: results written to bench/results.md only');
	}

	log('wrote bench/results.md and the readme Benchmarks section');
}
