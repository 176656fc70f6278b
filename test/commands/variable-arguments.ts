import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {parseCommandLine} from '../../source/commands/arguments.js';
import {main} from '../../source/commands/main.js';
import type {VariableArgument} from '../../source/commands/variable-arguments.js';

const orderCases: Array<[string[], VariableArgument[]]> = [
	[['console', 'dir'], []],
	[['--var', 'a=1', '--var-file', 'x.tfvars'], [{kind: 'var', text: 'a=1'}, {kind: 'var-file', path: 'x.tfvars'}]],
	[['--var-file=x.tfvars', '--var=a=1', '--var-file', 'y.tfvars'], [{kind: 'var-file', path: 'x.tfvars'}, {kind: 'var', text: 'a=1'}, {kind: 'var-file', path: 'y.tfvars'}]],
	[['-var-file', 'x.tfvars', '-var', 'b=c=d'], [{kind: 'var-file', path: 'x.tfvars'}, {kind: 'var', text: 'b=c=d'}]],
	[['console', '--var', 'a=1', '--', '--var=b=2'], [{kind: 'var', text: 'a=1'}]],
];

for (const [argv, expected] of orderCases) {
	test(`order of ${argv.join(' ')}`, t => {
		const line = parseCommandLine(argv);
		t.is(line.kind, 'run');
		t.deepEqual(line.kind === 'run' ? line.flags.variableArguments : undefined, expected);
	});
}

function configuration(): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-vars-'));
	fs.writeFileSync(path.join(directory, 'main.tf'), 'variable "x" {\n  type = string\n}\n');
	fs.writeFileSync(path.join(directory, 'a.tfvars'), 'x = "from a"\n');
	fs.writeFileSync(path.join(directory, 'b.tfvars'), 'x = "from b"\n');
	return directory;
}

async function valueOfX(argv: string[]): Promise<string> {
	const directory = configuration();
	let stdout = '';
	const {Readable} = await import('node:stream');
	await main(['console', directory, ...argv], {
		stdin: Readable.from(['var.x\n']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: () => true},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: directory,
	});
	fs.rmSync(directory, {recursive: true});
	return stdout.trim();
}

const precedence: Array<[string[], string]> = [
	[['--var-file', 'a.tfvars', '--var', 'x=cli', '--var-file', 'b.tfvars'], '"from b"'],
	[['--var', 'x=cli', '--var-file', 'a.tfvars'], '"from a"'],
	[['--var-file', 'b.tfvars', '--var', 'x=cli'], '"cli"'],
	[['--var-file', 'b.tfvars', '--var-file', 'a.tfvars'], '"from a"'],
	[['-var-file=b.tfvars', '-var', 'x=cli'], '"cli"'],
];

for (const [argv, expected] of precedence) {
	test(`the later of interleaved options wins: ${argv.join(' ')}`, async t => {
		t.is(await valueOfX(argv), expected);
	});
}
