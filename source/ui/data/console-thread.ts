import {createRequire} from 'node:module';
import type {Worker} from 'node:worker_threads';
import {describeInternalError} from '../../commands/internal-error.js';
import type {WorkspaceOptions} from '../../workspace.js';
import type {Evaluation} from '../explorer-data.js';

/*
The explorer's console lines, evaluated off the render loop: in a worker thread that loads its own Workspace from the same options (console-worker.ts) and answers one line at a time. Evaluation is synchronous and cannot be cut short where it runs, so it runs where it can be stopped: while a line takes seconds, the explorer still draws and reads keys, and q or Ctrl-C quit at once (the worker is unref()'d, so it never keeps the process alive, and ends with it).

Why not evaluate in slices on the main thread, yielding to the event loop: the evaluator is a recursive synchronous function (lang/eval), and a single built-in call (a regex replace over 10 MB, a deep encode) runs for up to a few seconds on its own; slicing would mean rewriting every evaluation step as resumable, and still not bound the longest step.
*/

/**
Workspace options without what cannot cross a thread (the progress callback, a source of files held in memory, a Terragrunt unit's computed settings).
*/
export type ThreadWorkspaceOptions = Omit<WorkspaceOptions, 'onProgress' | 'source' | 'terragrunt'> & {readonly terragrunt?: false};

/**
What the worker rebuilds the explorer's Workspace from, as plain data: the options the explorer loaded with; for a Terragrunt unit opened from its estate, the estate's options and the unit's directory (the worker opens the same estate and that unit in it, its inputs, generated files and dependencies' outputs computed again, as the estate computed them); after `:assume`, the assumptions that replace those loaded (`Workspace.withAssumptions`, as the explorer's thread rebuilds).
*/
export type ConsoleWorkspace = {
	readonly options: ThreadWorkspaceOptions;
	readonly unit?: string;
	readonly assumptions?: WorkspaceOptions['assumptions'];
};

export type ConsoleRequest = {readonly serial: number; readonly expression: string; readonly context: string};
export type ConsoleReply = {readonly serial: number; readonly evaluation: Evaluation};
export type ConsoleWorkerData = {readonly workspace: ConsoleWorkspace};

export type ConsoleThread = {
	evaluate(expression: string, context: string): Promise<Evaluation>;
	/** Starts the worker (loading its Workspace) ahead of the first line, when the console is opened. */
	prepare(): void;
	/** Ends the line being evaluated (and those waiting): each gets `cancelled` as its error; the next line starts a new worker. */
	cancel(): void;
};

/** Defined by scripts/build.ts as the worker's file name in distribution/; undefined when running from the sources (tsx). */
declare const tfscopeConsoleWorkerFile: string | undefined;

/**
The options as the worker can take them, or undefined when they cannot be passed to a thread: files from a git revision (the explorer never evaluates in one: under `--diff REV` the console evaluates the working tree) or a unit's Terragrunt settings (a unit opened from its estate is passed as the estate's options and its directory instead: ConsoleWorkspace). The console then evaluates in the explorer's thread.
*/
export function threadOptions(options: WorkspaceOptions): ThreadWorkspaceOptions | undefined {
	if (options.source !== undefined || (options.terragrunt !== undefined && options.terragrunt !== false)) {
		return undefined;
	}

	const {onProgress: _progress, source: _source, terragrunt, ...rest} = options;
	try {
		return structuredClone({...rest, ...(terragrunt === false && {terragrunt})});
	} catch {
		return undefined;
	}
}

// Loaded when the first console line starts a worker, not with the explorer: the explorer sets its V8 flags before it runs, so Node compiles worker_threads from source then (about 5 ms of CPU that the first frame does not need).
const require = createRequire(import.meta.url);

function startWorker(data: ConsoleWorkerData): Worker {
	const {Worker} = require('node:worker_threads') as typeof import('node:worker_threads');
	if (typeof tfscopeConsoleWorkerFile === 'string') {
		// The built explorer: a chunk in distribution/chunks/ or an entry in distribution/.
		return new Worker(new URL(import.meta.url.includes('/chunks/') ? `../${tfscopeConsoleWorkerFile}` : `./${tfscopeConsoleWorkerFile}`, import.meta.url), {workerData: data});
	}

	// From the sources: Node 20 does not apply tsx's loader (`--import=tsx`) to a worker's entry, so the worker registers it before importing its TypeScript.
	const tsx = import.meta.resolve('tsx/esm/api');
	const entry = new URL('console-worker.ts', import.meta.url).href;
	return new Worker(`import(${JSON.stringify(tsx)}).then(api => { api.register(); return import(${JSON.stringify(entry)}); });`, {eval: true, workerData: data});
}

const cancelled: Evaluation = {ok: false, text: 'cancelled'};

export function createConsoleThread(workspace: ConsoleWorkspace): ConsoleThread {
	let worker: Worker | undefined;
	let serial = 0;
	const waiting = new Map<number, (evaluation: Evaluation) => void>();
	const settleAll = (evaluation: Evaluation) => {
		for (const resolve of waiting.values()) {
			resolve(evaluation);
		}

		waiting.clear();
	};

	const ensure = (): Worker => {
		if (worker) {
			return worker;
		}

		const started = startWorker({workspace});
		started.on('message', (reply: ConsoleReply) => {
			const resolve = waiting.get(reply.serial);
			waiting.delete(reply.serial);
			resolve?.(reply.evaluation);
		});
		started.on('error', (error: unknown) => {
			if (worker === started) {
				worker = undefined;
				const code = (error as NodeJS.ErrnoException).code;
				settleAll({ok: false, text: code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the evaluation ran out of memory' : describeInternalError(error).trimEnd()});
			}
		});
		started.on('exit', () => {
			if (worker === started) {
				worker = undefined;
				settleAll({ok: false, text: describeInternalError(new Error('the console\'s worker thread ended')).trimEnd()});
			}
		});
		// The worker never keeps the process alive: quitting while a line is evaluated ends it. After the listeners: adding a 'message' listener refs the worker again.
		started.unref();
		worker = started;
		return started;
	};

	return {
		async evaluate(expression, context) {
			const current = ensure();
			serial += 1;
			const request: ConsoleRequest = {serial, expression, context};
			return new Promise<Evaluation>(resolve => {
				waiting.set(request.serial, resolve);
				current.postMessage(request);
			});
		},
		prepare() {
			ensure();
		},
		cancel() {
			const current = worker;
			worker = undefined;
			settleAll(cancelled);
			void current?.terminate();
		},
	};
}
