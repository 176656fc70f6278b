import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

/*
AVA's configuration (it was the "ava" key of package.json; a file, because the order of test files is a function).

`npm test` runs the same tests compiled to JavaScript first (ava.build.config.js, scripts/build-tests.ts); this file runs the sources through tsx, for `npx ava test/FILE.ts`.

Each test file runs in a child process of its own (workerThreads: false: on Node 20, worker threads do not get tsx's loader and every .ts file fails with ERR_UNKNOWN_FILE_EXTENSION), and starting one costs about a second of CPU before its first test.
*/

// Measured on a 2-core machine (2026-11-29): the files that take longest, longest first. Started first, they run beside the many short files instead of alone at the end of the run. Only the order depends on this list: a file missing from it runs after these, in AVA's order.
export const slowFirst = [
	'test/e2e/install.ts', // npm pack, a global install, npx and a clone's npm install: mostly waiting on npm
	'test/hardening/loader.ts', // 27 s of CPU (2026-11-29, at load 40-60)
	'test/hardening/console-thread.ts', // 21 s (2026-11-29, load 30-60): grouped, it made its group one process of 42 s that started last
	'test/explain/real-world.ts', // 20 s
	'test/hardening/round-two.ts', // 19 s
	'test/e2e/console-responsive.ts', // the explorer in tmux, lines that never end, q and Ctrl-C
	'test/hardening/parser.ts', // 16 s
	'test/hardening/trace-budget.ts', // 15 s
	'test/hardening/round-six.ts', // 16 s
	'test/lang/functions/limits.ts', // 12 s
	'test/graph/html-browser.ts', // Chromium: 9 s, and 10 s in the browser
	'test/ui/selection-agreement.tsx', // a property test over random keys, resizes and clicks: 10 s
	'test/ui/app.tsx', // 9 s
	'test/ui/expanding.tsx',
	'test/e2e/mouse.ts', // the explorer in tmux
	'test/docs/examples.ts', // about 50 commands, each a process
	'test/hardening/round-three.ts',
	'test/hardening/round-five.ts',
	'test/e2e/signals.ts',
	'test/safety/read-only.ts',
	'test/hcl/properties.ts',
	'test/e2e/explorer.ts',
	'test/expand/real-world.ts',
	'test/hardening/properties.ts',
	'test/e2e/loading-keys.ts',
	'test/graph/html.ts',
	'test/hardening/deep-expressions.ts',
	'test/e2e/console.ts',
];

const root = import.meta.dirname;
const rank = new Map(slowFirst.map((file, index) => [path.join(root, file), index]));

export default {
	extensions: {
		ts: 'module',
		tsx: 'module',
	},
	nodeArguments: ['--import=tsx'],
	files: ['test/**/*.{ts,tsx}', '!test/helpers/**', '!test/fixtures/**'],
	workerThreads: false,
	// NODE_EXTRA_CA_CERTS (these machines set it to the system's bundle) costs every Node process about 50 ms of CPU at start: each test file's process and each command line a test starts. No test reaches a TLS server but the install test's npm, so it is emptied (unset, for Node) when npm has a `cafile` of its own (npm run and npx export it).
	environmentVariables: process.env['npm_config_cafile'] ? {NODE_EXTRA_CA_CERTS: ''} : {},
	timeout: '5m',
	// Two files per core: the terminal, browser and install tests spend most of their time waiting for another process (the explorer in tmux, Chromium, npm), and the files that compute fill that time. AVA's default is one per core (and 2 with CI=true).
	concurrency: Math.max(2, 2 * os.availableParallelism()),
	sortTestFiles: (a, b) => (rank.get(a) ?? slowFirst.length) - (rank.get(b) ?? slowFirst.length) || a.localeCompare(b),
};
