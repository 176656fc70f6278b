import path from 'node:path';
import process from 'node:process';
import {Readable} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {emptyConsoleScope} from '../../source/commands/console.js';
import {instancesCommand} from '../../source/commands/instances.js';
import {consoleOutput} from '../../source/lang/console.js';
import {maximumYamlParseDepth, yamlNestingBound} from '../../source/lang/functions/yaml.js';

/*
Issue 20, the cases of round one whose tests lived elsewhere (test/lang, test/commands, test/safety), checked here through what a user runs: the YAML crashes and the raw bidirectional override in `instances`. Each answer is Terraform 1.11's where it has one (terraform console).
*/

const scope = emptyConsoleScope(process.cwd());
const run = (text: string) => {
	const output = consoleOutput(text, scope);
	return output.ok ? output.stdout : output.stderr;
};

test('yamldecode of an anchor used inside its own node is Terraform\'s "Error in function call", not a stack overflow', t => {
	t.is(run('yamldecode("&foo [1, *foo]")'), '\nError: Error in function call\n\n  on <console-input> line 1:\n  (source code not available)\n\nCall to function "yamldecode" failed: cannot refer to anchor "foo" from\ninside its own definition.\n\n');
	t.regex(run('yamldecode("&a {x: [*a]}")'), /cannot refer to anchor "a" from\s+inside\s+its\s+own\s+definition/);
});

// Found rechecking the list: the open document and then the closed one in one process aborted it (V8's "RegExpCompiler Allocation failed" after the parser's stack overflow), so the depth is bounded before eemeli/yaml parses.
for (const [name, document] of [
	['open', '['.repeat(50_000)],
	['closed', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
	['of braces', `${'{a: '.repeat(50_000)}1${'}'.repeat(50_000)}`],
	['as compact block entries', `${'- '.repeat(50_000)}x`],
	['by indentation', Array.from({length: 3000}, (_, index) => `${' '.repeat(index)}a:`).join(String.raw`\n`)],
] as const) {
	test(`yamldecode of 50,000 nested [ (${name}): an error naming the document, never "Maximum call stack size exceeded"`, t => {
		const output = run(`yamldecode("${document}")`);
		t.regex(output, /^\nError: Error in function call\n/);
		t.regex(output, /Call to function "yamldecode" failed: /);
		t.regex(output, /nested too deeply for\ntfscope's YAML parser: more than 512 levels/);
		t.notRegex(output, /call stack|RangeError|\n\s+at /);
	});
}

test('the nesting bound counts brackets, indentation and compact entries, not what is quoted or commented', t => {
	t.is(yamlNestingBound('a:\n  b:\n    - [1, {x: "[[[[", y: \'{{{\'}]\n  c: it\'s [not quoted] # [[[[\n'), 5);
	t.is(yamlNestingBound('- - - x\n'), 4);
	t.is(yamlNestingBound('plain: text\nother: 1\n'), 1);
	t.true(yamlNestingBound(`${'['.repeat(maximumYamlParseDepth)}${']'.repeat(maximumYamlParseDepth)}`) > maximumYamlParseDepth - 1);
	// Under the bound the parser reads it: 400 levels of brackets decode.
	t.regex(run(`length(flatten(yamldecode("${'['.repeat(400)}1${']'.repeat(400)}")))`), /^1\n$/);
});

for (const isTerminal of [true, false]) {
	test(`instances escapes a key's U+202E and escape sequence as Terraform prints the address (${isTerminal ? 'terminal' : 'pipe'})`, async t => {
		let stdout = '';
		const code = await instancesCommand({
			arguments: [path.join('test', 'fixtures', 'plan', 'unprintable-keys')],
			flags: defaultFlags,
			stdin: Readable.from([]),
			stdout: {write: (text: string) => (stdout += text)},
			stderr: {write() {}},
			isTerminal,
			environment: {},
			cwd: process.cwd(),
		});
		t.is(code, 0);
		t.true(stdout.includes(String.raw`terraform_data.x["c\u202ed"]`));
		t.true(stdout.includes(String.raw`terraform_data.x["a\u001b[31mb"]`));
		t.notRegex(stdout, /[\u001B\u202E]/u);
	});
}
