import process from 'node:process';
import {defaultFlags} from '../source/commands/command.js';
import {explorerToMeasure} from './built-explorer.js';
import {median, milliseconds, now, percentile, report} from './statistics.js';
import {delay, FakeStdin, FakeStdout} from './fake-terminal.js';

/*
Child process: the explorer's time to first frame and key-press-to-frame latency. The app is rendered in-process by Ink exactly as `runExplorer` renders it (same component, same render options: throttled at Ink's default 30 fps, whole frames rewritten: Ink's incremental rendering left stale rows on the screen in tmux, so the explorer does not use it), into a fake 160x48 terminal whose writes are timestamped.
Usage: node --import tsx bench/measure-ui.tsx DIRECTORY KEY_PRESSES

- first frame: from just before `render` (which starts loading the Workspace) to the first write that shows the module tree (text of the first generated module, `svc_000`); `loadedMs` says when the explorer's data was ready (the Workspace loaded and expanded, the adapter made), the rest being the UI's first render;
- checked: from the same start to the frame whose status bar shows the diagnostics totals (graph built and every value evaluated in the background, between frames);
- key to frame, measured after that: a down-arrow written to stdin, to the next write to stdout. Key presses are 60 ms apart (more than Ink's 33 ms throttle), as a person types.
- stepping: `]` through the instances of a `count` block (the third block of each generated module), in one module instance after another, so every step shows Details, Edges and console context of an instance not shown before (nothing cached); the keys that get there are not measured.
*/

const [directory = '.', keyPressesText = '40'] = process.argv.slice(2);
const keyPresses = Math.max(1, Number(keyPressesText));

// The explorer as built (bench/built-explorer.ts); failing that, the sources.
const {App, loadExplorerData, render, createElement} = await explorerToMeasure();
if (App && loadExplorerData) {
	const stdout = new FakeStdout();
	const stdin = new FakeStdin();
	const start = now();
	let firstFrameMs: number | undefined;
	// When the explorer's data is ready (the Workspace loaded and expanded, its adapter made): the rest of the first frame is the UI's.
	let loadedMs: number | undefined;
	const load = async (onProgress: (text: string) => void) => {
		const loaded = await loadExplorerData({
			directory, flags: defaultFlags, environment: {}, cwd: process.cwd(), onProgress,
		});
		loadedMs = Number(now() - start) / 1e6;
		return loaded;
	};
	const instance = render(createElement(App, {directory, load, color: true}), {
		stdin: stdin as unknown as NodeJS.ReadStream,
		stdout: stdout as unknown as NodeJS.WriteStream,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	const deadline = Date.now() + 120_000;
	while (firstFrameMs === undefined && Date.now() < deadline) {
		if (stdout.output.includes('svc_000')) {
			firstFrameMs = Number(stdout.lastWriteAt - start) / 1e6;
			break;
		}

		await stdout.nextWrite(1000);
	}

	// The steady state: after the first pause the explorer builds the dependency graph and finds every diagnostic in the background; keys are measured once the status bar shows the totals, so each key pays for the Edges pane too.
	let checkedMs: number | undefined;
	const checkDeadline = Date.now() + 300_000;
	while (firstFrameMs !== undefined && checkedMs === undefined && Date.now() < checkDeadline) {
		if (/\d+ errors?, \d+ warnings?/.test(stdout.output.slice(-4000))) {
			checkedMs = Number(stdout.lastWriteAt - start) / 1e6;
			break;
		}

		await stdout.nextWrite(1000);
	}

	const latencies: number[] = [];
	let missed = 0;
	if (firstFrameMs !== undefined) {
		await delay(200);
		for (let press = 0; press < keyPresses; press++) {
			// Down through the module tree, back up every tenth press so the cursor stays in the list.
			const key = press % 10 === 9 ? '\u001B[A' : '\u001B[B';
			const pressedAt = now();
			const wrote = stdout.nextWrite(2000);
			stdin.press(key);
			if (await wrote) {
				latencies.push(milliseconds(pressedAt));
			} else {
				missed++;
			}

			await delay(60);
		}
	}

	// Stepping with ] through instances never shown before: in each module instance, the count block's instances one after another.
	const stepLatencies: number[] = [];
	let stepMissed = 0;
	const settle = async (key: string) => {
		const wrote = stdout.nextWrite(2000);
		stdin.press(key);
		await wrote;
		await delay(60);
	};

	if (firstFrameMs !== undefined) {
		await settle('\u001B[H');
		for (let module = 0; module < 50 && stepLatencies.length < keyPresses; module++) {
			// Next module instance, the Blocks pane, down to the count block.
			await settle('\u001B[B');
			await settle('\t');
			await settle('\u001B[B');
			await settle('\u001B[B');
			for (let step = 0; step < 6 && stepLatencies.length < keyPresses; step++) {
				const pressedAt = now();
				const wrote = stdout.nextWrite(2000);
				stdin.press(']');
				if (await wrote) {
					stepLatencies.push(milliseconds(pressedAt));
				} else {
					stepMissed++;
				}

				await delay(60);
			}

			await settle('\u001B[Z');
		}
	}

	instance.unmount();
	report({
		stepPresses: stepLatencies.length,
		missedStepPresses: stepMissed,
		stepMedianMs: median(stepLatencies),
		stepP95Ms: percentile(stepLatencies, 95),
		available: true,
		firstFrameMs,
		loadedMs,
		checkedMs,
		keyPresses: latencies.length,
		missedKeyPresses: missed,
		keyMedianMs: median(latencies),
		keyP95Ms: percentile(latencies, 95),
		error: firstFrameMs === undefined ? `no frame showed the module tree within 120 s; last output: ${JSON.stringify(stdout.output.slice(-300))}` : undefined,
	});
	process.exit(0);
} else {
	report({available: false});
}
