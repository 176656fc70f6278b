import process from 'node:process';
import {defaultFlags} from '../source/commands/command.js';
import {useToolV8Flags} from '../source/v8-flags.js';
import {explorerToMeasure} from './built-explorer.js';
import {delay, FakeStdin, FakeStdout} from './fake-terminal.js';
import {median, milliseconds, now, percentile, report} from './statistics.js';

/*
Child process: the explorer's key-press-to-frame latency on any configuration (bench/measure-ui.tsx measures the generated ones, whose module names it knows). The explorer as built (bench/built-explorer.ts) is rendered in-process by Ink as `runExplorer` renders it, under the same V8 settings, into the fake 160x48 terminal of bench/fake-terminal.ts.
Usage: node --import tsx bench/measure-ui-keys.tsx DIRECTORY KEY_PRESSES

Keys are measured once the status bar shows the diagnostics totals (every instance made and every value checked in the background), so each key pays for what its frame shows, the Edges pane included: down arrows through the module tree, each selecting a module instance whose Blocks, Details and Edges were not shown before, turning back (up) at the end of the tree, and so on until KEY_PRESSES frames. A key that draws nothing (the last row: the list does not move) turns the walk and is not a sample. Keys are 60 ms apart (more than Ink's 33 ms throttle), as a person types.
*/

const [directory = '.', keyPressesText = '40'] = process.argv.slice(2);
const keyPresses = Math.max(1, Number(keyPressesText));
// eslint-disable-next-line no-control-regex -- terminal escapes are what is stripped
const plain = (text: string): string => text.replaceAll(/\u001B\[[\d;?]*[a-zA-Z]/g, '');

const {App, loadExplorerData, render, createElement} = await explorerToMeasure();
// V8's settings as runExplorer sets them once the explorer is loaded.
useToolV8Flags();
if (App && loadExplorerData) {
	const stdout = new FakeStdout();
	const stdin = new FakeStdin();
	const load = async (onProgress: (text: string) => void) => loadExplorerData({
		directory, flags: defaultFlags, environment: {}, cwd: process.cwd(), onProgress,
	});
	const instance = render(createElement(App, {directory, load, color: true}), {
		stdin: stdin as unknown as NodeJS.ReadStream,
		stdout: stdout as unknown as NodeJS.WriteStream,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	const waitFor = async (pattern: RegExp, timeoutMs: number): Promise<boolean> => {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (pattern.test(plain(stdout.output.slice(-8000)))) {
				return true;
			}

			// eslint-disable-next-line no-await-in-loop -- waiting for the next write
			await stdout.nextWrite(1000);
		}

		return false;
	};

	const shown = await waitFor(/Modules \d+/, 120_000);
	// The status bar's totals: the compact form at narrow widths, the words where there is room.
	const checked = shown && await waitFor(/✖\d+ ⚠\d+|\d+ errors?, \d+ warnings?/, 300_000);
	const latencies: number[] = [];
	// The process's CPU time from each key to its frame: what the key costs, however busy the machine (wall-clock latency on a shared machine includes the waits for a core).
	const cpuCosts: number[] = [];
	let turns = 0;
	if (checked) {
		await delay(200);
		let down = true;
		// At most twice the presses: a tree of one row never draws a frame for an arrow.
		for (let press = 0; press < keyPresses * 2 && latencies.length < keyPresses; press++) {
			const pressedAt = now();
			const cpuAtPress = process.cpuUsage();
			const wrote = stdout.nextWrite(500);
			stdin.press(down ? '\u001B[B' : '\u001B[A');
			// eslint-disable-next-line no-await-in-loop -- one key at a time
			if (await wrote) {
				latencies.push(milliseconds(pressedAt));
				const cpu = process.cpuUsage(cpuAtPress);
				cpuCosts.push((cpu.user + cpu.system) / 1000);
			} else {
				down = !down;
				turns++;
			}

			// eslint-disable-next-line no-await-in-loop -- one key at a time
			await delay(60);
		}
	}

	instance.unmount();
	report({
		available: true,
		keyPresses: latencies.length,
		turns,
		keyMedianMs: median(latencies),
		keyP95Ms: percentile(latencies, 95),
		keyMaxMs: latencies.length > 0 ? Math.max(...latencies) : undefined,
		keyCpuMedianMs: median(cpuCosts),
		keyCpuP95Ms: percentile(cpuCosts, 95),
		error: checked ? (latencies.length === 0 ? 'no key drew a frame' : undefined) : `${shown ? 'the status bar never showed the totals' : 'no frame showed the module tree'}; last output: ${JSON.stringify(plain(stdout.output.slice(-300)))}`,
	});
	process.exit(0);
} else {
	report({available: false});
}
