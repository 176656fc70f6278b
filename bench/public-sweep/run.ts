import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {describeDiagnostic, examplesOf, type SweepRow, sweepExample} from '../sweep-example.js';
import {extractCommit, gitDirectory} from './git.js';
import {type Installed, installModules} from './install-modules.js';

/*
The public-configuration sweep (issue #38), run by hand, never in CI:

	npx tsx bench/public-sweep/run.ts [--cache DIR] [--mirrors DIR] [--detail] [--only SUBSTRING] [--json FILE]

It takes the repositories and commits in repositories.json, writes each commit's files into a cache outside the repository (default `$XDG_CACHE_HOME/tfscope-sweep`, else `~/.cache/tfscope-sweep`), installs the remote modules each example calls as `terraform init` would (install-modules.ts: registry and GitHub sources from the repositories' tags), then loads every example as `check` and `instances` do and sorts each error into:
- judged: Terraform gives it too (the rules in judged.json, each with its reason);
- not installed: a module the sweep could not install (a host or repository it cannot reach): not a finding either way;
- unjudged: everything else, the candidate false errors, printed to be judged against `terraform validate`/`plan`.

Git directories come from `--mirrors DIR` (`DIR/OWNER+NAME/repo`, as this project's machines keep them; `TFSCOPE_SWEEP_MIRRORS` too) or are cloned once from GitHub into the cache. The figures to compare are the unjudged errors before and after a change, over the same commits.
*/

type Judgement = {readonly summary: string; readonly detail?: string; readonly reason: string};
type Listing = {
	readonly repositories: ReadonlyArray<{readonly repository: string; readonly commit: string}>;
	/** Repositories of the modules the examples call (for a machine that keeps mirrors: fetch these too). */
	readonly modules: readonly string[];
	/** Registry modules whose repository moved: the name the registry's convention gives, and where it is now. */
	readonly renamed?: Readonly<Record<string, string>>;
};

const here = import.meta.dirname;
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
	const index = argv.indexOf(name);
	return index === -1 ? undefined : argv[index + 1];
};

const cache = path.resolve(option('--cache') ?? path.join(process.env['XDG_CACHE_HOME'] ?? path.join(os.homedir(), '.cache'), 'tfscope-sweep'));
const mirrors = option('--mirrors') ?? process.env['TFSCOPE_SWEEP_MIRRORS'];
const detail = argv.includes('--detail');
const only = option('--only');
const jsonFile = option('--json');
const listing = JSON.parse(readFileSync(path.join(here, 'repositories.json'), 'utf8')) as Listing;
const judgements = JSON.parse(readFileSync(path.join(here, 'judged.json'), 'utf8')) as {readonly rules: readonly Judgement[]};

function judge(summary: string, detailText: string): Judgement | undefined {
	return judgements.rules.find(rule => rule.summary === summary && (rule.detail === undefined || new RegExp(rule.detail).test(detailText)));
}

type Result = {
	readonly example: string;
	readonly row: Omit<SweepRow, 'diagnostics' | 'example'>;
	readonly judged: number;
	readonly notInstalled: number;
	readonly unjudged: readonly string[];
	readonly modules: readonly Installed[];
};

const results: Result[] = [];
mkdirSync(cache, {recursive: true});
for (const {repository, commit} of listing.repositories) {
	if (only !== undefined && !repository.includes(only)) {
		continue;
	}

	const directory = gitDirectory(repository, cache, mirrors);
	if (!directory) {
		continue;
	}

	const checkout = path.join(cache, 'repositories', `${repository.replace('/', '+')}@${commit.slice(0, 12)}`);
	extractCommit(directory, commit, checkout);
	for (const example of examplesOf(checkout)) {
		const modules = installModules(example, cache, mirrors, listing.renamed);
		// eslint-disable-next-line no-await-in-loop -- one example at a time: the machine is shared
		const row = await sweepExample(example);
		let judged = 0;
		let notInstalled = 0;
		const unjudged: string[] = [];
		for (const diagnostic of row.diagnostics) {
			if (diagnostic.severity !== 'error') {
				continue;
			}

			if (diagnostic.summary === 'Module not installed') {
				notInstalled++;
			} else if (judge(diagnostic.summary, diagnostic.detail ?? '')) {
				judged++;
			} else {
				unjudged.push(describeDiagnostic(example, diagnostic));
			}
		}

		const name = `${repository}/${path.relative(checkout, example)}`;
		const {diagnostics: _, example: __, ...figures} = row;
		results.push({
			example: name, row: figures, judged, notInstalled, unjudged, modules,
		});
		process.stdout.write(`${name.padEnd(96)} ${String(unjudged.length).padStart(3)} unjudged ${String(judged).padStart(3)} judged ${String(notInstalled).padStart(3)} not installed ${String(row.warnings).padStart(3)} warnings ${String(row.instances).padStart(4)} instances\n`);
		if (detail) {
			process.stdout.write(row.diagnostics.map(diagnostic => `    ${describeDiagnostic(example, diagnostic)}\n`).join(''));
		} else if (unjudged.length > 0) {
			process.stdout.write(unjudged.map(line => `    ${line}\n`).join(''));
		}
	}
}

const sum = (pick: (result: Result) => number) => results.reduce((total, result) => total + pick(result), 0);
const withUnjudged = results.filter(result => result.unjudged.length > 0).length;
process.stdout.write(`${results.length} examples of ${new Set(results.map(result => result.example.split('/').slice(0, 2).join('/'))).size} repositories: ${sum(result => result.unjudged.length)} unjudged errors in ${withUnjudged} examples, ${sum(result => result.judged)} judged, ${sum(result => result.notInstalled)} modules not installed, ${sum(result => result.row.warnings)} warnings, ${sum(result => result.row.instances)} instances, ${sum(result => result.row.placeholders)} placeholders\n`);
if (jsonFile) {
	writeFileSync(jsonFile, JSON.stringify({cache, results}, undefined, '\t') + '\n');
}
