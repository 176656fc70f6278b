import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {consoleCommand} from '../../source/commands/console.js';
import {type VariableArgument, orderedVariableArguments} from '../../source/commands/variable-arguments.js';

const orderCases: Array<[string[], VariableArgument[]]> = [
	[['console', 'dir'], []],
	[['--var', 'a=1', '--var-file', 'x.tfvars'], [{kind: 'var', text: 'a=1'}, {kind: 'var-file', path: 'x.tfvars'}]],
	[['--var-file=x.tfvars', '--var=a=1', '--var-file', 'y.tfvars'], [{kind: 'var-file', path: 'x.tfvars'}, {kind: 'var', text: 'a=1'}, {kind: 'var-file', path: 'y.tfvars'}]],
	[['--varFile', 'x.tfvars', '--var', 'b=c=d'], [{kind: 'var-file', path: 'x.tfvars'}, {kind: 'var', text: 'b=c=d'}]],
	[['--var', 'a=1', '--', '--var', 'b=2'], [{kind: 'var', text: 'a=1'}]],
	[['--variable', 'a=1', '--var'], []],
];

for (const [argv, expected] of orderCases) {
	test(`order of ${argv.join(' ')}`, t => {
		t.deepEqual(orderedVariableArguments(argv), expected);
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
	const variableArguments = orderedVariableArguments(argv);
	let stdout = '';
	const stdin = new PassThrough();
	stdin.end('var.x\n');
	await consoleCommand({
		arguments: [directory],
		flags: {
			...defaultFlags,
			var: variableArguments.flatMap(argument => argument.kind === 'var' ? [argument.text] : []),
			varFile: variableArguments.flatMap(argument => argument.kind === 'var-file' ? [argument.path] : []),
			variableArguments,
		},
		stdin,
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: () => true},
		isTerminal: false,
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
];

for (const [argv, expected] of precedence) {
	test(`the later of interleaved options wins: ${argv.join(' ')}`, async t => {
		t.is(await valueOfX(argv), expected);
	});
}
