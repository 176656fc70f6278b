import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {type FirstFrame, firstFrame} from './first-frame.js';
import {type Command, available, figures, paired, timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: how fast the installed tool starts, as whole processes from the bundle (distribution/cli.js, `npm run build`), in alternation with Terraform's own start where there is one to compare: `tfscope --help` against `terraform version`, `echo 1+1 | tfscope console` against `echo 1+1 | terraform console` (both in an empty directory), and the explorer's first frame on the bundled example in a pseudo-terminal (`script`), the CPU time up to the frame that shows the module tree (bench/first-frame-probe.cjs reads it inside the process and ends it there).
Usage: node --import tsx bench/measure-start.ts ROUNDS
*/

const rounds = Math.max(1, Number(process.argv[2] ?? '10'));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');
if (!existsSync(cli)) {
	report({available: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

const empty = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-start-'));
const terraformEnvironment = {TF_CLI_CONFIG_FILE: '/dev/null', CHECKPOINT_DISABLE: '1'};
const tfscope = (argv: readonly string[], stdin?: string): Command => ({
	argv: [process.execPath, cli, ...argv], cwd: empty, stdin, env: {CI: '0', NO_COLOR: '1'},
});
const terraform = (argv: readonly string[], stdin?: string): Command => ({
	argv: ['terraform', ...argv], cwd: empty, stdin, env: terraformEnvironment,
});

const hasTerraform = available('terraform');
// A is Terraform, B tfscope: the ratio is tfscope's time over Terraform's.
const help = hasTerraform ? figures(paired(terraform(['version']), tfscope(['--help']), rounds)) : undefined;
const consoleStart = hasTerraform ? figures(paired(terraform(['console'], '1+1\n'), tfscope(['console', '.'], '1+1\n'), rounds)) : undefined;
// The floor under both ratios: Node's own start (an empty program, run as the tool is: no extra options) against the same Terraform command.
const nodeFloor = hasTerraform ? figures(paired(terraform(['version']), {argv: [process.execPath, '-e', '0'], cwd: empty}, rounds)) : undefined;
// Without Terraform, tfscope's own figures all the same.
const alone = hasTerraform ? undefined : {
	helpCpuMs: median(Array.from({length: rounds}, () => timeProcess(tfscope(['--help'])).cpuMs)),
	consoleCpuMs: median(Array.from({length: rounds}, () => timeProcess(tfscope(['console', '.'], '1+1\n')).cpuMs)),
};

const example = path.join(repositoryRoot, 'examples', 'multi-region');
const frames: FirstFrame[] = [];
const nodeStarts: number[] = [];
if (available('script', ['--version'])) {
	// One warm-up (file cache), then the rounds.
	for (let round = 0; round <= rounds; round++) {
		const frame = firstFrame(cli, example, empty);
		if (round > 0 && frame) {
			frames.push(frame);
		}

		// Node's own start (an empty program) in the same conditions, part of every figure above.
		const start = timeProcess({argv: ['env', '-u', 'NODE_EXTRA_CA_CERTS', process.execPath, '-e', '0'], cwd: empty});
		if (round > 0) {
			nodeStarts.push(start.cpuMs);
		}
	}
}

rmSync(empty, {recursive: true, force: true});
report({
	available: true,
	terraform: hasTerraform,
	rounds,
	help,
	console: consoleStart,
	nodeFloor,
	alone,
	firstFrame: frames.length > 0 ? {cpuMs: median(frames.map(frame => frame.cpuMs)), wallMs: median(frames.map(frame => frame.wallMs)), samples: frames.length, nodeStartCpuMs: median(nodeStarts)} : undefined,
});
