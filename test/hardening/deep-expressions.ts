import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {parseConfig, parseExpression} from '../../source/hcl/index.js';
import {maximumSyntaxDepth} from '../../source/hcl/syntax-depth.js';
import {findCommands, invocationsFor, runCommand} from '../safety/_commands.js';

/*
Deep expressions that are not brackets: operator chains, attribute and index chains, splats. Past `maximumSyntaxDepth` levels the parser reports "Expression too deeply nested" at the node that passes it; up to it, every command walks the tree (references, evaluation, printing, graph) without a stack overflow. The worst mixes are included: a chain inside the deepest brackets the nesting limit allows, with a call at every bracket level.
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-deep-'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

const chain = (step: string, count: number) => step.repeat(count);

// Each builds an expression `levels` levels deep that is not made of brackets (except the mixed ones).
const shapes: ReadonlyArray<readonly [string, (levels: number) => string]> = [
	['1 + 1 + ...', levels => Array.from({length: levels}, () => '1').join(' + ')],
	['a.a.a...', levels => `local.y${chain('.a', levels - 1)}`],
	['[0][0]...', levels => `local.y${chain('[0]', Math.floor((levels - 1) / 1))}`],
	['x[*].a[*].a...', levels => `local.y${chain('[*].a', Math.floor((levels - 1) / 2))}`],
	['"${...}" with a chain inside', levels => `"\${${Array.from({length: levels - 2}, () => '1').join(' + ')}}"`],
	['a chain inside 30 calls', levels => `${chain('max(', 30)}${Array.from({length: levels - 60}, () => '1').join(' + ')}${chain(')', 30)}`],
	['a chain inside 60 tuples', levels => `${chain('[', 60)}${Array.from({length: levels - 60}, () => '1').join(' + ')}${chain(']', 60)}`],
];

function configuration(name: string, expression: string): string {
	const directory = path.join(root, name.replaceAll(/\W+/g, '-') + '-' + String(Math.random()).slice(2));
	mkdirSync(directory);
	writeFileSync(path.join(directory, 'main.tf'), `locals {\n  y = {}\n  x = ${expression}\n}\n\nresource "terraform_data" "survivor" {\n  input = local.x\n}\n\noutput "o" {\n  value = local.x\n}\n`);
	return directory;
}

for (const [name, build] of shapes) {
	test(`${name}: past the limit is a located diagnostic`, t => {
		const expression = build(maximumSyntaxDepth + 50);
		const parsed = parseConfig(`x = ${expression}\n`, 'deep.tf');
		// Splats, calls and tuples are brackets too: the bracket limit may be what stops them first.
		const diagnostic = parsed.diagnostics.find(item => item.summary === 'Expression too deeply nested' || item.summary === 'Nesting too deep');
		t.truthy(diagnostic, parsed.diagnostics.map(item => item.summary).join(', '));
		t.is(diagnostic?.subject?.filename, 'deep.tf');
		t.false(parsed.diagnostics.some(item => item.summary === 'Internal parser error'));
		const console = parseExpression(expression);
		t.true(console.diagnostics.some(item => item.summary === 'Expression too deeply nested' || item.summary === 'Nesting too deep'));
	});
}

test('a tree at the limit parses without a diagnostic', t => {
	const parsed = parseConfig(`x = ${shapes[0]![1](maximumSyntaxDepth - 2)}\n`, 'deep.tf');
	t.deepEqual(parsed.diagnostics, []);
});

test('5,000 operators, 20,000 attribute steps, 5,000 splats: diagnostics, no crash in any command', async t => {
	const commands = await findCommands();
	const cases = [
		Array.from({length: 5000}, () => '1').join(' + '),
		`local.y${chain('.a', 20_000)}`,
		`local.y${chain('[0]', 20_000)}`,
		`local.y${chain('[*]', 5000)}`,
	];
	for (const expression of cases) {
		const directory = configuration('huge', expression);
		for (const [name, command] of commands) {
			for (const invocation of invocationsFor(name, directory, [path.join(directory, 'main.tf')], ['local.x'])) {
				// eslint-disable-next-line no-await-in-loop
				const run = await runCommand(command, {...invocation, cwd: directory});
				t.true(run.code === 0 || run.code === 1, `${invocation.label}: exit ${run.code}\n${run.stderr.slice(0, 500)}`);
				t.notRegex(run.stderr + run.stdout, /Maximum call stack|RangeError|Internal parser error|\n\s+at /, invocation.label);
			}
		}
	}
});

for (const [name, build] of shapes) {
	test(`${name} just under the limit: every command walks it without a stack overflow`, async t => {
		const commands = await findCommands();
		const directory = configuration(name, build(maximumSyntaxDepth - 4));
		for (const [commandName, command] of commands) {
			for (const invocation of invocationsFor(commandName, directory, [path.join(directory, 'main.tf')], ['local.x', 'terraform_data.survivor.input'])) {
				// eslint-disable-next-line no-await-in-loop
				const run = await runCommand(command, {...invocation, cwd: directory});
				t.true(run.code === 0 || run.code === 1, `${invocation.label}: exit ${run.code}\n${run.stderr.slice(0, 500)}`);
				t.notRegex(run.stderr + run.stdout, /Maximum call stack|RangeError|Internal parser error|\n\s+at /, invocation.label);
				t.notRegex(run.stderr, /too deeply nested/, invocation.label);
			}
		}
	});
}
