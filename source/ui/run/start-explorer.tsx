import process from 'node:process';
import {render} from 'ink';
import {workspaceOptions} from '../../commands/workspace-options.js';
import {estateOf} from '../../terragrunt/estate-commands.js';
import {App} from '../app.js';
import {EstateApp} from '../estate/estate-app.js';
import {defaultHistoryFile} from './effects.js';
import {loadExplorerData} from '../data/load.js';
import {threadOptions} from '../data/console-thread.js';
import type {RunExplorerOptions} from './run-explorer.js';

/*
The explorer's entry, imported only by run-explorer.tsx once React's build is chosen. Its imports are static so a bundle resolves Ink, React and the app together (a dynamic `import('react')` broke in a split bundle).
*/

export type ExplorerInstance = {
	readonly waitUntilExit: () => Promise<unknown>;
	readonly cleanup: () => void;
	readonly unmount: () => void;
};

export function startExplorer(options: RunExplorerOptions & {readonly stdin: NodeJS.ReadStream; readonly stdout: NodeJS.WriteStream; readonly environment: Readonly<Record<string, string | undefined>>; readonly color: boolean; readonly marker: boolean}): ExplorerInstance {
	const {environment} = options;
	const load = async (onProgress: (text: string) => void) => loadExplorerData({
		directory: options.directory,
		flags: options.flags,
		environment,
		cwd: process.cwd(),
		onProgress,
	});
	// A directory of Terragrunt units opens on its unit tree (ui/estate/).
	const estateOptions = workspaceOptions(options.flags, options.directory, environment, process.cwd());
	const estate = estateOf(estateOptions);
	if (estate) {
		const consoleOptions = threadOptions(estateOptions);
		return render(
			<EstateApp
				estate={estate}
				{...(consoleOptions && {consoleOptions})}
				color={options.color}
				marker={options.marker}
				historyFile={defaultHistoryFile(environment)}
				onInterrupt={() => process.kill(process.pid, 'SIGINT')}
			/>,
			{stdin: options.stdin, stdout: options.stdout, exitOnCtrlC: false, patchConsole: true},
		);
	}

	return render(
		<App
			directory={options.directory}
			load={load}
			color={options.color}
			marker={options.marker}
			// The bench's first-frame probe (bench/measure-first-frame.ts): quit once the first frame of the panes is drawn, so the process's CPU is what the first frame cost.
			firstFrameProbe={environment['TFSCOPE_FIRST_FRAME_PROBE'] === '1'}
			{...(options.onFirstFrame && {onFirstFrame: options.onFirstFrame})}
			historyFile={defaultHistoryFile(environment)}
			// Loading cannot be stopped half-way: Ctrl-C then is an interrupt, which restores the terminal and exits at once (run-explorer.ts).
			onInterrupt={() => process.kill(process.pid, 'SIGINT')}
		/>,
		{stdin: options.stdin, stdout: options.stdout, exitOnCtrlC: false, patchConsole: true},
	);
}
