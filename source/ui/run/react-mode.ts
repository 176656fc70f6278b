/*
React's development build validates every element and records timings for every component render, which made each key press in the explorer several times slower than the production build (on the 4x bench configuration about 95 ms of CPU a key against 65 ms). React picks its build from NODE_ENV when it is first imported, so this runs before anything imports react or ink. An explicit NODE_ENV (a developer debugging with `NODE_ENV=development`) is kept.
*/

export function preferProductionReact(environment: Record<string, string | undefined>): void {
	environment['NODE_ENV'] ??= 'production';
}
