import path from 'node:path';
import process from 'node:process';
import {describeDiagnostic, examplesOf, type SweepRow, sweepExample} from './sweep-example.js';

/*
The real-world sweep, run by hand: `tsx bench/sweep.ts [--detail] [--assume ADDRESS=EXPRESSION]... DIR...`.

Each DIR is a checked-out public module repository (or one example directory). The sweep loads every directory under DIR/examples (or DIR itself when it has .tf files and no examples/) as `check` and `instances` do, without state, and prints one line per example: errors, warnings, resource instances known, placeholder blocks (expansions known only after apply), blocks left without any instance. `--detail` prints each error and warning too, to judge them against what `terraform validate`/`plan` would say.

Why by hand and not in CI: CI may use only the npm registry and Debian apt, so it cannot fetch the repositories, and their examples are other people's code, which the project does not commit wholesale. The repositories judged in the closing notes of issue #14 were terraform-aws-modules/terraform-aws-vpc, terraform-aws-modules/terraform-aws-eks, terraform-google-modules/terraform-google-kubernetes-engine and Azure/terraform-azurerm-caf-enterprise-scale (any checkout works: `git clone --depth 1 URL DIR`). The trimmed fixture test/fixtures/real-world/ keeps the essential shape of vpc's examples/complete in CI.
*/

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

const rows: SweepRow[] = [];
for (const root of directories) {
	for (const example of examplesOf(root)) {
		// eslint-disable-next-line no-await-in-loop -- one example at a time: the machine is shared
		const row = await sweepExample(example, assumptions);
		rows.push(row);
		process.stdout.write(`${path.relative(process.cwd(), example).padEnd(90)} ${String(row.errors).padStart(3)} errors ${String(row.warnings).padStart(3)} warnings ${String(row.instances).padStart(4)} instances ${String(row.placeholders).padStart(3)} placeholders ${String(row.empty).padStart(3)} empty ${row.milliseconds.toFixed(0).padStart(6)} ms\n`);
		if (detail) {
			process.stdout.write(row.diagnostics.map(diagnostic => `    ${describeDiagnostic(example, diagnostic)}\n`).join(''));
		}
	}
}

const total = (field: 'errors' | 'warnings' | 'instances' | 'placeholders' | 'empty') => rows.reduce((sum, row) => sum + row[field], 0);
process.stdout.write(`${rows.length} examples: ${total('errors')} errors, ${total('warnings')} warnings, ${total('instances')} instances, ${total('placeholders')} placeholders, ${total('empty')} blocks without instances\n`);
