import {runCli} from '../../source/cli-process.js';
import {runExplorer} from '../../source/ui/run/run-explorer.js';
// @ts-expect-error -- a module of the explorer's build (layoutEngineLoadedApart in plugins.ts), not of the sources
import {loadLayoutEngine as loadLayoutEngineOfTheBuild} from 'tfscope:layout-engine';

/*
The entry of the explorer's CommonJS build (distribution/explorer.cjs, scripts/build.ts): the same dispatcher as every build, with the explorer in the same file, so cli-loader.ts compiles all of it from one V8 code cache (Node 20 keeps no code cache for ES modules). Ink's layout engine loads while the explorer's modules are evaluated, and is ready before the first render.
*/

const loadLayoutEngine = loadLayoutEngineOfTheBuild as () => Promise<void>;

export async function runExplorerCli({onFirstFrame}: {readonly onFirstFrame?: () => void} = {}): Promise<void> {
	await runCli({
		explorer: async (directory, flags) => runExplorer({directory, flags, beforeRender: loadLayoutEngine(), ...(onFirstFrame && {onFirstFrame})}),
	});
}
