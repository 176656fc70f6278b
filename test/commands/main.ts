import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Readable} from 'node:stream';
import test from 'ava';
import {parseCommandLine} from '../../source/commands/arguments.js';
import {commandTable} from '../../source/commands/command-table.js';
import {main} from '../../source/commands/main.js';
import {repositoryRoot} from '../helpers/tmux.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

/*
The dispatcher in-process: every bad usage is one line on stderr with exit 2 (usage) or 1 (what it names is wrong), nothing on stdout, and nothing loads or opens; help and version.
*/

const example = path.join(repositoryRoot, 'examples/multi-region');

type Run = {code: number; stdout: string; stderr: string; explorer: string[]};

async function run(argv: string[], options: {stdin?: string; cwd?: string} = {}): Promise<Run> {
	let stdout = '';
	let stderr = '';
	const explorer: string[] = [];
	const code = await main(argv, {
		stdin: Readable.from([options.stdin ?? '']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: options.cwd ?? repositoryRoot,
		async explorer(directory) {
			explorer.push(directory);
			return 0;
		},
	});
	return {code, stdout, stderr, explorer};
}

const badUsage: Array<[string, string[], 1 | 2, RegExp]> = [
	['an unknown option', ['--bogus'], 2, /^tfscope: unknown option "--bogus"/],
	['an unknown option after a command', ['tree', '--bogus', example], 2, /unknown option "--bogus".*tfscope tree --help/],
	['an option the command does not take', ['tree', '--at', 'x', example], 2, /the tree command does not take --at/],
	['a graph option for the explorer', ['--format', 'dot', example], 2, /the explorer does not take --format/],
	['an unknown command that is no directory', ['conosle'], 2, /unknown command "conosle"; did you mean console\?/],
	['two directories for the explorer', ['a', 'b'], 2, /unknown command "a"/],
	['a directory that does not exist', ['tree', 'no/such/dir'], 1, /^tfscope: no such directory: no\/such\/dir$/m],
	['a directory that does not exist, for the explorer', ['no/such/dir'], 1, /no such directory/],
	['a file given as the directory', ['tree', 'examples/multi-region/main.tf'], 1, /is a file, not a directory \(give the directory that holds it: examples\/multi-region\)/],
	['a file given as the directory, for the explorer', ['examples/multi-region/main.tf'], 1, /is a file, not a directory/],
	['a missing --var-file', ['tree', '--var-file', 'nope.tfvars', example], 1, /--var-file nope\.tfvars: no such file/],
	['a directory as --var-file', ['check', '--var-file', 'examples', example], 1, /--var-file examples: is a directory/],
	['a missing --state', ['instances', '--state', 'nope.tfstate', example], 1, /--state nope\.tfstate: no such file/],
	// Read later, it would be refused and instances would list the configuration without it, saying nothing.
	['a device as --state', ['instances', '--state', '/dev/null', example], 1, /--state \/dev\/null is a character device, not a regular file; tfscope reads only regular files/],
	['a device as --var-file', ['tree', '--var-file', '/dev/zero', example], 1, /--var-file \/dev\/zero is a character device, not a regular file/],
	['a malformed --var', ['tree', '--var', 'region', example], 2, /invalid --var "region"/],
	['a --var without a name', ['tree', '--var', '=1', example], 2, /invalid --var "=1"/],
	['an undeclared --var (as Terraform)', ['tree', '--var', 'nope=1', example], 1, /--var nope: the root module declares no variable "nope"/],
	['an undeclared --var in the console', ['console', '--var', 'nope=1', example], 1, /declares no variable "nope"/],
	['an undeclared --var in graph', ['graph', '-var', 'nope=1', example], 1, /declares no variable "nope"/],
	['a --var with no value', ['tree', example, '--var'], 2, /option --var needs a value/],
	['a value that is an option', ['tree', '--var-file', '--json'], 2, /option --var-file needs a value/],
	['a number option that is not a number', ['graph', '--focus', 'x', '--depth', 'two', example], 2, /--depth must be a whole number, not "two"/],
	['a negative depth', ['graph', '--depth=-1', example], 2, /--depth must be a whole number/],
	['a value for a switch', ['tree', '--json=yes', example], 2, /--json takes no value/],
	['a --chdir that does not exist', ['tree', '--chdir', 'no/such/dir'], 1, /^tfscope: --chdir no\/such\/dir: no such directory$/m],
	['a directory that does not exist under --chdir', ['tree', '-chdir=examples', 'nowhere'], 1, /no such directory: nowhere/],
	['-target (no twin: a hint)', ['instances', '-target=aws_instance.x', example], 2, /use tfscope instances DIR ADDRESS/],
	['--version with a command', ['-v', 'tree'], 2, /--version takes no command/],
	['an unknown short option', ['-x'], 2, /unknown option "-x"/],
	['version with an argument', ['version', 'x'], 2, /version takes no arguments/],
];

for (const [name, argv, code, message] of badUsage) {
	test(`bad usage, ${name}: ${argv.join(' ')}`, async t => {
		const result = await run(argv);
		t.is(result.code, code);
		t.regex(result.stderr, message);
		t.is(result.stderr.trim().split('\n').length, 1, result.stderr);
		t.is(result.stdout, '');
		t.deepEqual(result.explorer, []);
	});
}

test('Terraform\'s single-dash spellings mean their double-dash twins', t => {
	const single = parseCommandLine(['console', '-var', 'a=1', '-var-file=x.tfvars', '-no-color', '-json', '-state', 's', 'dir']);
	const double = parseCommandLine(['console', '--var', 'a=1', '--var-file=x.tfvars', '--no-color', '--json', '--state', 's', 'dir']);
	t.deepEqual(single, double);
	// -var is not -v (version) followed by "ar".
	const line = parseCommandLine(['-var', 'x=1', 'tree']);
	t.is(line.kind, 'run');
	t.deepEqual(line.kind === 'run' ? [line.command?.name, line.flags.var] : [], ['tree', ['x=1']]);
});

test('a single-valued option given twice keeps the last (as Terraform\'s flags, which TF_CLI_ARGS relies on); after -- everything is an argument', t => {
	const twice = parseCommandLine(['tree', '--workspace', 'a', '-workspace=b', '--no-color', '--color', 'dir']);
	t.deepEqual(twice.kind === 'run' ? [twice.flags.workspace, twice.flags.color, twice.arguments] : twice, ['b', true, ['dir']]);
	const ended = parseCommandLine(['instances', '--json', '--', '-dir', '--var=x']);
	t.deepEqual(ended.kind === 'run' ? [ended.flags.json, ended.flags.var, ended.arguments] : ended, [true, [], ['-dir', '--var=x']]);
	// Values that look like numbers, booleans or paths with dots stay the text given.
	const values = parseCommandLine(['graph', '010', '--focus', 'true', '--depth', '3', '--var=a=1e3']);
	t.deepEqual(values.kind === 'run' ? [values.arguments, values.flags.focus, values.flags.depth, values.flags.var] : values, [['010'], 'true', 3, ['a=1e3']]);
});

test('options may come before or after the command', t => {
	const before = parseCommandLine(['--var', 'a=1', 'tree', 'dir']);
	const after = parseCommandLine(['tree', 'dir', '--var', 'a=1']);
	t.deepEqual(before, after);
});

test('--help, -h, help COMMAND and COMMAND --help', async t => {
	const general = await run(['--help']);
	t.is(general.code, 0);
	for (const command of commandTable) {
		t.true(general.stdout.includes(`tfscope ${command.name}`), command.name);
	}

	t.regex(general.stdout, /--var NAME=VALUE/);
	t.is((await run(['-h'])).stdout, general.stdout);
	const consoleHelp = await run(['console', '--help']);
	t.is(consoleHelp.code, 0);
	t.regex(consoleHelp.stdout, /^Usage: tfscope console \[dir\] \[options\]/);
	t.regex(consoleHelp.stdout, /--at ADDRESS/);
	t.notRegex(consoleHelp.stdout, /--format/);
	t.is((await run(['help', 'console'])).stdout, consoleHelp.stdout);
	// Help wins over a mistake on the same line.
	t.is((await run(['tree', '--bogus', '-h'])).code, 0);
	const parseHelp = await run(['parse', '--help']);
	t.notRegex(parseHelp.stdout, /--var/);
});

test('--version, version, version --json', async t => {
	const packageVersion = (JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {version: string}).version;
	// As terraform --version and terraform version: the same text.
	t.is((await run(['version'])).stdout, `tfscope v${packageVersion}\n`);
	t.is((await run(['--version'])).stdout, `tfscope v${packageVersion}\n`);
	t.is((await run(['-v'])).stdout, `tfscope v${packageVersion}\n`);
	const text = (await run(['version', '--json'])).stdout;
	const json = parseJsonOutput<Record<string, string>>(t, 'version', text);
	t.is(json['tfscope_version'], packageVersion);
	t.is(json['node_version'], process.version);
	t.is((await run(['--version', '--json'])).stdout, text);
	t.is((await run(['-json', '-v'])).stdout, text);
	t.regex((await run(['--version', '--var', 'a=1'])).stderr, /--version does not take --var/);
});

test('no command opens the explorer on the directory (the current one by default)', async t => {
	t.deepEqual((await run([example])).explorer, [example]);
	t.deepEqual((await run([])).explorer, ['.']);
	// A directory named like a command's typo is still a directory.
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-main-'));
	fs.mkdirSync(path.join(directory, 'tre'));
	t.deepEqual((await run(['tre'], {cwd: directory})).explorer, ['tre']);
	fs.rmSync(directory, {recursive: true});
});

test('a command runs with its options', async t => {
	const result = await run(['console', example, '-var', 'environment=staging'], {stdin: 'var.environment\n'});
	t.is(result.stderr, '');
	t.is(result.stdout, '"staging"\n');
	t.is(result.code, 0);
});

test('--chdir DIR works from DIR as terraform -chdir: [dir] and option files are relative to it, path.cwd stays where tfscope started', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-chdir-'));
	try {
		fs.mkdirSync(path.join(directory, 'config'));
		fs.writeFileSync(path.join(directory, 'config', 'main.tf'), 'variable "name" {}\noutput "where" {\n  value = "${var.name} ${path.cwd} ${path.root}"\n}\n');
		fs.writeFileSync(path.join(directory, 'config', 'dev.tfvars'), 'name = "dev"\n');
		const result = await run(['console', '-chdir=config', '-var-file=dev.tfvars'], {cwd: directory, stdin: 'output.where\n'});
		t.is(result.stderr, '');
		t.is(result.stdout, `"dev ${directory} ."\n`);
		t.is(result.code, 0);
		const explorer = await run(['--chdir', 'config'], {cwd: directory});
		t.deepEqual(explorer.explorer, ['.']);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

test('diff --git-dir: [dir] is a path inside the revisions, not on disk', async t => {
	const {default: git} = await import('isomorphic-git');
	const repository = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-gitdir-'));
	const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-elsewhere-'));
	t.teardown(() => {
		fs.rmSync(repository, {recursive: true, force: true});
		fs.rmSync(elsewhere, {recursive: true, force: true});
	});
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	await git.init({fs, dir: repository, defaultBranch: 'main'});
	fs.mkdirSync(path.join(repository, 'infra'));
	for (const [input, tag] of [['1', 'v1'], ['2', 'v2']] as const) {
		fs.writeFileSync(path.join(repository, 'infra', 'main.tf'), `resource "terraform_data" "a" {\n  input = ${input}\n}\n`);
		// eslint-disable-next-line no-await-in-loop
		await git.add({fs, dir: repository, filepath: 'infra/main.tf'});
		// eslint-disable-next-line no-await-in-loop
		await git.commit({fs, dir: repository, message: tag, author});
		// eslint-disable-next-line no-await-in-loop
		await git.tag({fs, dir: repository, ref: tag});
	}

	const result = await run(['diff', 'infra', '--git-dir', path.join(repository, '.git'), '--from', 'v1', '--to', 'v2'], {cwd: elsewhere});
	t.is(result.stderr, '');
	t.regex(result.stdout, /~ terraform_data\.a {2}update in place\n {6}input: 1 → 2/);
	t.is(result.code, 0);
	t.regex((await run(['diff', 'infra', '--from', 'v1'], {cwd: elsewhere})).stderr, /no such directory: infra/);
});

test('a command gets the input\'s properties as defined: stdin given as a getter is read only by a command that reads it', async t => {
	let stdinReads = 0;
	let stdout = '';
	const input = {
		get stdin() {
			stdinReads++;
			return Readable.from(['var.regions\n']);
		},
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: () => true},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: repositoryRoot,
	};
	t.is(await main(['tree', example], input), 0);
	t.is(stdinReads, 0);
	t.is(await main(['console', example], input), 0);
	t.is(stdinReads, 1);
	t.regex(stdout, /"eu"/);
});
