import {parentPort, workerData} from 'node:worker_threads';
import {describeInternalError} from '../../commands/internal-error.js';
import {loadWorkspace, type Workspace} from '../../workspace.js';
import type {Evaluation} from '../explorer-data.js';
import {createConsoleData} from './console.js';
import type {ConsoleReply, ConsoleRequest, ConsoleWorkerData, ConsoleWorkspace} from './console-thread.js';
import {createContext} from './context.js';
import {defaultFormatting} from './formatting.js';
import {createPlaces} from './places.js';

/*
The console's worker thread (console-thread.ts starts it): loads the Workspace the explorer shows, from the plain data it is given (ConsoleWorkspace), then evaluates each line it is sent with the console pane's own code (console.ts), so a line prints what it printed when evaluated in the explorer's thread.
*/

/**
The explorer's Workspace, loaded again the way the explorer loaded it: the directory with its options, or a Terragrunt unit opened from the same estate; then `:assume`'s assumptions, as the explorer's thread applies them.
*/
async function loadConsoleWorkspace({options, unit, assumptions}: ConsoleWorkspace): Promise<Workspace> {
	// Straight through, on the first line: nothing here draws progress.
	const onDemand = {...options, expansion: 'on-demand' as const};
	let workspace: Workspace;
	if (unit === undefined) {
		workspace = await loadWorkspace(onDemand);
	} else {
		const {estateOf} = await import('../../terragrunt/estate-commands.js');
		const estate = estateOf(onDemand);
		const found = estate?.unitAt(unit);
		if (!estate || !found) {
			throw new Error(`the console's worker found no Terragrunt unit at ${unit} in the estate ${options.directory}`);
		}

		workspace = (await estate.open(found)).workspace;
	}

	return assumptions === undefined ? workspace : workspace.withAssumptions(assumptions);
}

const {workspace: given} = workerData as ConsoleWorkerData;
const port = parentPort!;
const evaluate = loadConsoleWorkspace(given).then(workspace => {
	const context = createContext(workspace, defaultFormatting());
	return createConsoleData(context, createPlaces(context)).evaluate;
});

port.on('message', async (request: ConsoleRequest) => {
	let evaluation: Evaluation;
	try {
		evaluation = (await evaluate)(request.expression, request.context);
	} catch (error) {
		evaluation = {ok: false, text: describeInternalError(error).trimEnd()};
	}

	const reply: ConsoleReply = {serial: request.serial, evaluation};
	port.postMessage(reply);
});
