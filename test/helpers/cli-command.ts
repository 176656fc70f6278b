import path from 'node:path';
import process from 'node:process';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/**
The command line that runs this checkout's tfscope as a process: under `npm test`, cli.tsx as scripts/build-tests.ts compiled it (ava.build.config.js sets TFSCOPE_TEST_CLI); run alone (`npx ava test/FILE.ts`), the sources through tsx.
*/
export function cliCommand(): string[] {
	const compiled = process.env['TFSCOPE_TEST_CLI'];
	return compiled ? [process.execPath, compiled] : [process.execPath, `--import=${import.meta.resolve('tsx')}`, path.join(repositoryRoot, 'cli.tsx')];
}
