import path from 'node:path';
import type {CommandFlags, CommandInput} from './command.js';
import {formatBytes} from '../graph/export-html.js';
import {htmlGraph, loadGraphDiff, type HtmlGraphInput} from './graph-html.js';

/**
`tfscope graph --format html [--diff REV]`: writes the page to stdout and says on stderr what it holds and how large it is (the page says it too).
*/
export async function writeHtmlGraph(input: Omit<HtmlGraphInput, 'diff'>, flags: CommandFlags, io: Pick<CommandInput, 'stdout' | 'stderr' | 'environment' | 'cwd'>): Promise<number> {
	let diff: HtmlGraphInput['diff'];
	if (flags.diff !== undefined) {
		const loaded = await loadGraphDiff(flags, path.resolve(io.cwd, input.directory), input.workspace, io);
		if (typeof loaded === 'string') {
			io.stderr.write(`Error: --diff ${flags.diff}: ${loaded}\n`);
			return 1;
		}

		diff = loaded;
	}

	const page = await htmlGraph({...input, directory: path.resolve(io.cwd, input.directory), ...(diff && {diff})});
	if (!page.ok) {
		io.stderr.write(page.message);
		return page.exitCode;
	}

	io.stdout.write(page.text);
	io.stderr.write(`Page of ${formatBytes(page.bytes)}: ${page.nodes} nodes, ${page.edges} edges.\n`);
	return 0;
}
