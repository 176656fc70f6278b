/**
Runs a step generator (one that yields progress and returns its result) to its end at once: for callers that need no turn of the event loop between steps (the asynchronous driver is `driveInSlices` in workspace.ts).
*/
export function runToEnd<Progress, Result>(steps: Generator<Progress, Result, void>): Result {
	for (;;) {
		const step = steps.next();
		if (step.done) {
			return step.value;
		}
	}
}
