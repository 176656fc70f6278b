import {parentPort, workerData} from 'node:worker_threads';
import {describeInternalError} from '../../commands/internal-error.js';
import {loadWorkspace} from '../../workspace.js';
import type {Evaluation} from '../explorer-data.js';
import {createConsoleData} from './console.js';
import type {ConsoleReply, ConsoleRequest, ConsoleWorkerData} from './console-thread.js';
import {createContext} from './context.js';
import {defaultFormatting} from './formatting.js';
import {createPlaces} from './places.js';

/*
The console's worker thread (console-thread.ts starts it): loads the Workspace from the explorer's options, then evaluates each line it is sent with the console pane's own code (console.ts), so a line prints what it printed when evaluated in the explorer's thread.
*/

const {options} = workerData as ConsoleWorkerData;
const port = parentPort!;
// Straight through, on the first line: nothing here draws progress.
const evaluate = loadWorkspace({...options, expansion: 'on-demand'}).then(workspace => {
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
