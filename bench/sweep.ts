import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {loadWorkspace} from '../source/workspace.js';

/*
The real-world sweep, run by hand: `tsx bench/sweep.ts [--detail] [--assume ADDRESS=EXPRESSION]... DIR...`.

Each DIR is a checked-out public module repository (or one example directory). The sweep loads every directory under DIR/examples (or DIR itself when it has .tf files and no examples/) as `check` and `instances` do, without state, and prints one line per example: errors, warnings, resource instances known, placeholder blocks (expansions known only after apply), blocks left without any instance. `--detail` prints each error and warning too, to judge them against what `terraform validate`/`plan` would say.

Why by hand and not in CI: CI may use only the npm registry and Debian apt, so it cannot fetch the repositories, and their examples are other people's code, which the project does not commit wholesale. The repositories judged in the closing notes of issue #14 were terraform-aws-modules/terraform-aws-vpc, terraform-aws-modules/terraform-aws-eks, terraform-google-modules/terraform-google-kubernetes-engine and Azure/terraform-azurerm-caf-enterprise-scale (any checkout works: `git clone --depth 1 URL DIR`). The trimmed fixture test/fixtures/real-world/ keeps the essential shape of vpc's examples/complete in CI.
*/

type Row = {
	readonly example: string;
	readonly errors: number;
	readonly warnings: number;
	readonly instances: number;
	readonly placeholders: number;
	readonly empty: number;
	readonly milliseconds: number;
	readonly details: readonly string[];
};

const argv = process.argv.slice(2);
const detail = argv.includes('--detail');
const assumptions: string[] = [];
const directories: string[] = [];
for (let index = 0; index < argv.length; index++) {
	const argument = argv[index]!;
	if (argument === '--assume') {
		assumptions.push(argv[++index]!);
	} else if (argument !== '--detail') {
		directories.push(argument);
	}
}

function hasTerraformFiles(directory: string): boolean {
	return readdirSync(directory).some(name => name.endsWith('.tf'));
}

function examplesOf(root: string): string[] {
	const examples = path.join(root, 'examples');
	if (!existsSync(examples)) {
		return hasTerraformFiles(root) ? [root] : [];
	}

	const found: string[] = [];
	for (const name of readdirSync(examples).sort()) {
		const directory = path.join(examples, name);
		if (statSync(directory).isDirectory() && hasTerraformFiles(directory)) {
			found.push(directory);
		}
	}

	return found;
}

async function sweep(example: string): Promise<Row> {
	const started = performance.now();
	const workspace = await loadWorkspace({
		directory: example, cwd: example, ...(assumptions.length > 0 && {assumptions: assumptions.map(text => ({kind: 'text' as const, text}))}),
	});
	const {diagnostics} = workspace;
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	const resources = [...workspace.instances.resources.values()].filter(resource => resource.block.mode !== 'ephemeral');
	const placeholders = resources.filter(resource => resource.expansion.mode === 'unknown').length;
	const empty = resources.filter(resource => resource.instances.length === 0).length;
	const instances = resources.reduce((total, resource) => total + resource.instances.filter(instance => instance.key.kind !== 'unknown').length, 0);
	return {
		example,
		errors,
		warnings: diagnostics.length - errors,
		instances,
		placeholders,
		empty,
		milliseconds: performance.now() - started,
		details: diagnostics.map(diagnostic => `    ${diagnostic.severity}: ${diagnostic.summary}${diagnostic.subject ? ` (${path.relative(example, diagnostic.subject.filename)}:${diagnostic.subject.start.line})` : ''}: ${(diagnostic.detail ?? '').split('\n')[0]!.slice(0, 160)}`),
	};
}

const rows: Row[] = [];
for (const root of directories) {
	for (const example of examplesOf(root)) {
		// eslint-disable-next-line no-await-in-loop -- one example at a time: the machine is shared
		const row = await sweep(example);
		rows.push(row);
		process.stdout.write(`${path.relative(process.cwd(), example).padEnd(90)} ${String(row.errors).padStart(3)} errors ${String(row.warnings).padStart(3)} warnings ${String(row.instances).padStart(4)} instances ${String(row.placeholders).padStart(3)} placeholders ${String(row.empty).padStart(3)} empty ${row.milliseconds.toFixed(0).padStart(6)} ms\n`);
		if (detail) {
			process.stdout.write(row.details.join('\n') + (row.details.length > 0 ? '\n' : ''));
		}
	}
}

const total = (field: 'errors' | 'warnings' | 'instances' | 'placeholders' | 'empty') => rows.reduce((sum, row) => sum + row[field], 0);
process.stdout.write(`${rows.length} examples: ${total('errors')} errors, ${total('warnings')} warnings, ${total('instances')} instances, ${total('placeholders')} placeholders, ${total('empty')} blocks without instances\n`);
