import path from 'node:path';
import base, {slowFirst} from './ava.config.js';

/*
AVA's configuration for `npm test`: the same tests as ava.config.js, run from the JavaScript scripts/build-tests.ts compiles them into (.tmp/test-build/test/), without tsx in each test file's process, some folders' files a few to a process (scripts/build-tests.ts). `npx ava test/FILE.ts` runs the sources with ava.config.js.
*/

const root = import.meta.dirname;
const build = path.join(root, '.tmp', 'test-build');
const rank = new Map(slowFirst.map((file, index) => [path.join(build, file.replace(/\.tsx?$/, '.js')), index]));

export default {
	...base,
	extensions: ['js'],
	nodeArguments: [],
	files: ['.tmp/test-build/test/**/*.js'],
	// The command line as a process (the explorer in tmux, the documentation's examples) runs compiled too.
	environmentVariables: {...base.environmentVariables, TFSCOPE_TEST_CLI: path.join(build, 'cli.js')},
	sortTestFiles: (a, b) => (rank.get(a) ?? slowFirst.length) - (rank.get(b) ?? slowFirst.length) || a.localeCompare(b),
};
