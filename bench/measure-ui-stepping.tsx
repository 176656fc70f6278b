import process from 'node:process';
import {defaultFlags, type CommandFlags} from '../source/commands/command.js';
import {explorerToMeasure} from './built-explorer.js';
import {cpuMilliseconds, median, milliseconds, now, percentile, report} from './statistics.js';
import {delay, FakeStdin, FakeStdout} from './fake-terminal.js';

/*
Child process: stepping with `]` through the instances of one block of a real configuration (Azure enterprise-scale's 160 policy definitions), key to frame. The explorer is rendered in-process as measure-ui.tsx renders it, opened on the block's row; keys are measured once the status bar shows the diagnostics totals (graph built, every value evaluated), 60 ms apart.
Usage: node --import tsx bench/measure-ui-stepping.tsx DIRECTORY BLOCK STEPS [NAME=VALUE ...]

- step: from `]` written to stdin to the next write to stdout (wall time), and the process's CPU time over the same span (user + system: on a busy machine wall time also counts waiting for a core);
- every step shows an instance not shown before (Details, Edges and the console's context of it: nothing cached).
*/

const [directory = '.', block = '', stepsText = '40', ...variables] = process.argv.slice(2);
const steps = Math.max(1, Number(stepsText));

// The explorer as built (bench/built-explorer.ts); failing that, the sources.
const {App, loadExplorerData, createInitialState, render, createElement} = await explorerToMeasure();
if (App && loadExplorerData && createInitialState) {
	const stdout = new FakeStdout();
	const stdin = new FakeStdin();
	const flags: CommandFlags = {...defaultFlags, variableArguments: variables.map(text => ({kind: 'var' as const, text}))};
	const start = now();
	const load = async (onProgress: (text: string) => void) => loadExplorerData({directory, flags, environment: {}, cwd: process.cwd(), onProgress});
	const instance = render(createElement(App, {directory, load, color: true, initialState: createInitialState({focus: 'blocks', selected: block})}), {
		stdin: stdin as unknown as NodeJS.ReadStream,
		stdout: stdout as unknown as NodeJS.WriteStream,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	let checkedMs: number | undefined;
	const deadline = Date.now() + 600_000;
	while (checkedMs === undefined && Date.now() < deadline) {
		if (/\d+ errors?, \d+ warnings?|✖\d+ ⚠\d+/.test(stdout.output.slice(-4000))) {
			checkedMs = Number(stdout.lastWriteAt - start) / 1e6;
			break;
		}

		// eslint-disable-next-line no-await-in-loop -- waiting for the next frame
		await stdout.nextWrite(1000);
	}

	const wall: number[] = [];
	const cpu: number[] = [];
	let missed = 0;
	let instances: number | undefined;
	if (checkedMs !== undefined) {
		await delay(200);
		for (let step = 0; step < steps; step++) {
			const pressedAt = now();
			const cpuAt = process.cpuUsage();
			const wrote = stdout.nextWrite(5000);
			stdin.press(']');
			// eslint-disable-next-line no-await-in-loop -- one key at a time, as a person types
			if (await wrote) {
				wall.push(milliseconds(pressedAt));
				cpu.push(cpuMilliseconds(cpuAt));
			} else {
				missed++;
			}

			// eslint-disable-next-line no-await-in-loop
			await delay(60);
		}

		instances = Number(/instance \d+ of (\d+)/.exec(stdout.output.slice(-20_000))?.[1]);
	}

	instance.unmount();
	report({
		available: true,
		checkedMs,
		steps: wall.length,
		missed,
		instances,
		stepMedianMs: median(wall),
		stepP95Ms: percentile(wall, 95),
		stepCpuMedianMs: median(cpu),
		error: checkedMs === undefined ? `the diagnostics totals were not shown within 600 s; last output: ${JSON.stringify(stdout.output.slice(-300))}` : undefined,
	});
	process.exit(0);
} else {
	report({available: false});
}
