import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {repositoryRoot} from './stages.js';

/*
The real-world corpus of the bench: public Terraform code as people write it, next to the generator's.

- The committed real-world fixtures (test/fixtures/real-world: trimmed copies of six public modules and their examples), always there.
- A few public repositories at pinned commits, kept in a cache outside the repository (`TFSCOPE_BENCH_CACHE`, default `$XDG_CACHE_HOME/tfscope-bench` or `~/.cache/tfscope-bench`); only their `.tf` files are kept. When one is absent it is fetched: from a bare mirror when the machine keeps one (`TFSCOPE_BENCH_MIRRORS`, default /work/.mirror, as `<owner>+<name>/repo`), else by git from GitHub (a shallow fetch of the pinned commit, when the network allows it); if neither works it is left out, and the bench says so.

Other people's code: read by the bench, never committed.
Usage: npx tsx bench/real-corpus.ts  (fetches what is absent, prints what the corpus holds)
*/

export type CorpusRepository = {
	readonly repository: string;
	readonly commit: string;
	/** What it stands for in the corpus. */
	readonly kind: string;
};

export const corpusRepositories: readonly CorpusRepository[] = [
	{repository: 'cloudposse/terraform-aws-components', commit: 'a10df84fcd6e3456938f2b95c6283118f0607e5d', kind: 'a component library, heredoc-heavy (long descriptions in heredocs, policies)'},
	{repository: 'aztfmod/terraform-azurerm-caf', commit: 'e09d494a521cb23e30ff7af6ceff2c06b043bab7', kind: 'a landing-zone framework of many small files'},
	{repository: 'GoogleCloudPlatform/cloud-foundation-fabric', commit: '11c1d248826f06cbec3fff54fc7094da405a5322', kind: 'a module collection (for expressions, dynamic blocks, templates)'},
	{repository: 'Azure/terraform-azurerm-caf-enterprise-scale', commit: '1e3d84acdfa524f4d945efa57e07062519822d18', kind: 'a landing-zone module with large locals'},
];

export type CorpusSource = {
	readonly name: string;
	readonly kind: string;
	readonly commit?: string;
	/** Where it came from this time: committed, cache (fetched earlier), mirror, git (GitHub), or absent (with why). */
	readonly origin: 'committed' | 'cache' | 'mirror' | 'git' | 'absent';
	readonly reason?: string;
	readonly directory: string;
	/** Absolute paths of its .tf files, sorted. */
	readonly files: readonly string[];
	readonly bytes: number;
};

export type RealCorpus = {
	readonly sources: readonly CorpusSource[];
	readonly files: readonly string[];
	readonly bytes: number;
};

export function cacheDirectory(): string {
	const configured = process.env['TFSCOPE_BENCH_CACHE'];
	if (configured) {
		return configured;
	}

	const base = process.env['XDG_CACHE_HOME'] ?? path.join(os.homedir(), '.cache');
	return path.join(base, 'tfscope-bench');
}

/**
Every `.tf` file under a directory, sorted, skipping dot-directories (`.terraform`, `.git`).
*/
export function terraformFiles(directory: string): string[] {
	const found: string[] = [];
	const walk = (at: string): void => {
		for (const entry of readdirSync(at, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)))) {
			if (entry.name.startsWith('.')) {
				continue;
			}

			const full = path.join(at, entry.name);
			if (entry.isDirectory()) {
				walk(full);
			} else if (entry.isFile() && entry.name.endsWith('.tf')) {
				found.push(full);
			}
		}
	};

	walk(directory);
	return found;
}

function sizeOf(files: readonly string[]): number {
	let bytes = 0;
	for (const file of files) {
		bytes += statSync(file).size;
	}

	return bytes;
}

/**
Writes the `.tf` files of one commit of a git directory (bare or not) into `into`. Blobs a mirror lacks (large files it leaves out) are skipped; `.tf` files are small.
*/
function extractTerraformFiles(gitDirectory: string, commit: string, into: string): void {
	const listing = execFileSync('git', ['--git-dir', gitDirectory, 'ls-tree', '-r', '-z', commit], {maxBuffer: 256 * 2 ** 20, encoding: 'utf8'});
	const entries = listing.split('\0').filter(line => line !== '').map(line => {
		const [meta = '', file = ''] = line.split('\t');
		const [, type, object] = meta.split(' ');
		return {type, object: object!, file};
	}).filter(entry => entry.type === 'blob' && entry.file.endsWith('.tf') && !entry.file.split('/').some(part => part.startsWith('.')));
	// One `git cat-file --batch` for all of them: a process a file took minutes on a loaded machine.
	const batch = spawnSync('git', ['--git-dir', gitDirectory, 'cat-file', '--batch'], {input: entries.map(entry => entry.object).join('\n') + '\n', maxBuffer: 1024 * 2 ** 20});
	const output = batch.stdout;
	let at = 0;
	for (const entry of entries) {
		const headerEnd = output.indexOf(10, at);
		if (headerEnd === -1) {
			break;
		}

		const header = output.subarray(at, headerEnd).toString('utf8').split(' ');
		at = headerEnd + 1;
		if (header[1] === 'missing' || header.length < 3) {
			continue;
		}

		const size = Number(header[2]);
		const target = path.join(into, ...entry.file.split('/'));
		mkdirSync(path.dirname(target), {recursive: true});
		writeFileSync(target, output.subarray(at, at + size));
		at += size + 1;
	}
}

function mirrorOf(repository: string): string | undefined {
	const mirrors = process.env['TFSCOPE_BENCH_MIRRORS'] ?? '/work/.mirror';
	const candidate = path.join(mirrors, repository.replace('/', '+'), 'repo');
	return existsSync(path.join(candidate, 'objects')) ? candidate : undefined;
}

function hasCommit(gitDirectory: string, commit: string): boolean {
	return spawnSync('git', ['--git-dir', gitDirectory, 'cat-file', '-e', `${commit}^{commit}`], {stdio: 'ignore'}).status === 0;
}

/**
One repository of the corpus: from the cache, else fetched into it (mirror, then GitHub), else absent.
*/
function repositorySource(entry: CorpusRepository, fetch: boolean): CorpusSource {
	const name = entry.repository;
	const directory = path.join(cacheDirectory(), `${name.replace('/', '+')}-${entry.commit.slice(0, 12)}`);
	const complete = path.join(directory, '.complete');
	const made = (origin: CorpusSource['origin']): CorpusSource => {
		const files = terraformFiles(directory);
		return {name, kind: entry.kind, commit: entry.commit, origin, directory, files, bytes: sizeOf(files)};
	};

	const absent = (reason: string): CorpusSource => ({name, kind: entry.kind, commit: entry.commit, origin: 'absent', reason, directory, files: [], bytes: 0});
	if (existsSync(complete)) {
		return made('cache');
	}

	if (!fetch) {
		return absent('not in the cache');
	}

	const partial = `${directory}.part-${process.pid}`;
	rmSync(partial, {recursive: true, force: true});
	mkdirSync(partial, {recursive: true});
	const finish = (origin: CorpusSource['origin']): CorpusSource => {
		writeFileSync(path.join(partial, '.complete'), `${name} ${entry.commit} from ${origin}\n`);
		rmSync(directory, {recursive: true, force: true});
		renameSync(partial, directory);
		return made(origin);
	};

	try {
		const mirror = mirrorOf(name);
		if (mirror && hasCommit(mirror, entry.commit)) {
			extractTerraformFiles(mirror, entry.commit, partial);
			return finish('mirror');
		}

		// GitHub: a shallow fetch of the one commit (GitHub serves commits by id), two minutes at most.
		const clone = path.join(partial, '.git-fetch');
		const git = (...argv: string[]) => spawnSync('git', argv, {stdio: 'ignore', timeout: 120_000, env: {...process.env, GIT_TERMINAL_PROMPT: '0'}}).status === 0;
		if (git('init', '--bare', '--quiet', clone) && git('--git-dir', clone, 'fetch', '--quiet', '--depth', '1', `https://github.com/${name}.git`, entry.commit)) {
			extractTerraformFiles(clone, entry.commit, partial);
			rmSync(clone, {recursive: true, force: true});
			return finish('git');
		}

		rmSync(partial, {recursive: true, force: true});
		return absent(mirror ? 'the mirror lacks the pinned commit and GitHub could not be reached' : 'no mirror and GitHub could not be reached');
	} catch (error) {
		rmSync(partial, {recursive: true, force: true});
		return absent(String(error).split('\n')[0]!);
	}
}

/**
The corpus: the committed fixtures, then each repository (fetched into the cache when absent, unless `fetch` is false).
*/
export function realCorpus({fetch = true}: {readonly fetch?: boolean} = {}): RealCorpus {
	const committedDirectory = path.join(repositoryRoot, 'test', 'fixtures', 'real-world');
	const committedFiles = terraformFiles(committedDirectory);
	const sources: CorpusSource[] = [
		{name: 'test/fixtures/real-world', kind: 'trimmed copies of six public modules with examples (AWS VPC, EKS, KMS, AKS, GKE, enterprise-scale)', origin: 'committed', directory: committedDirectory, files: committedFiles, bytes: sizeOf(committedFiles)},
		...corpusRepositories.map(entry => repositorySource(entry, fetch)),
	];
	const files = sources.flatMap(source => source.files);
	return {sources, files, bytes: sources.reduce((sum, source) => sum + source.bytes, 0)};
}

export type CheckRoot = {
	readonly name: string;
	readonly directory: string;
	/** The .tf files `check` reads: the root's and those of the local modules it calls (and of the module directories `.terraform/modules/modules.json` names), found from their `source` arguments. */
	readonly files: readonly string[];
	readonly bytes: number;
};

// Root modules of the corpus `check` is measured on, by source and directory: a landing zone's root of many small files, a heredoc-heavy component, a module collection's largest stage, a landing-zone module, and an example calling its module. Each reads over 100 KB, so its work stands out of a process's start.
const checkRootPaths: ReadonlyArray<readonly [source: string, directory: string]> = [
	['aztfmod/terraform-azurerm-caf', '.'],
	['cloudposse/terraform-aws-components', 'modules/eks/cluster'],
	['GoogleCloudPlatform/cloud-foundation-fabric', 'fast/stages/0-org-setup'],
	['Azure/terraform-azurerm-caf-enterprise-scale', '.'],
	['test/fixtures/real-world', 'terraform-aws-eks/examples/karpenter'],
];

function moduleDirectories(directory: string): string[] {
	const found: string[] = [];
	for (const file of terraformFiles(directory).filter(file => path.dirname(file) === directory)) {
		for (const match of readFileSync(file, 'utf8').matchAll(/\bsource\s*=\s*"(\.\.?\/[^"]*)"/g)) {
			found.push(path.resolve(directory, match[1]!));
		}
	}

	try {
		const manifest = JSON.parse(readFileSync(path.join(directory, '.terraform', 'modules', 'modules.json'), 'utf8')) as {Modules?: Array<{Dir?: string}>};
		for (const entry of manifest.Modules ?? []) {
			if (entry.Dir) {
				found.push(path.resolve(directory, entry.Dir));
			}
		}
	} catch {}

	return found;
}

/**
The check roots present in the corpus, with the files each reads.
*/
export function checkRoots(corpus: RealCorpus): CheckRoot[] {
	const roots: CheckRoot[] = [];
	for (const [sourceName, relative] of checkRootPaths) {
		const source = corpus.sources.find(candidate => candidate.name === sourceName);
		const directory = source && path.join(source.directory, relative);
		if (!source || source.files.length === 0 || !directory || !existsSync(directory)) {
			continue;
		}

		const directories = new Set<string>();
		const visit = (at: string): void => {
			if (directories.has(at) || !existsSync(at)) {
				return;
			}

			directories.add(at);
			for (const next of moduleDirectories(at)) {
				visit(next);
			}
		};

		visit(directory);
		const files = [...directories].flatMap(at => terraformFiles(at).filter(file => path.dirname(file) === at));
		roots.push({name: `${sourceName === 'test/fixtures/real-world' ? '' : `${sourceName}/`}${relative === '.' ? '' : relative}`.replace(/\/$/, ''), directory, files, bytes: sizeOf(files)});
	}

	return roots;
}

/**
One line per source: what the bench used.
*/
export function describeCorpus(corpus: RealCorpus): string[] {
	return corpus.sources.map(source => `${source.name}${source.commit ? ` at ${source.commit.slice(0, 12)}` : ''}: ${source.origin === 'absent' ? `absent (${source.reason ?? ''})` : `${source.files.length.toLocaleString('en-US')} files, ${(source.bytes / 1e6).toFixed(1)} MB, from ${source.origin === 'cache' ? 'the cache' : source.origin === 'mirror' ? 'a local mirror' : source.origin === 'git' ? 'GitHub' : 'the repository'}`} (${source.kind})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const corpus = realCorpus();
	process.stdout.write(`Cache: ${cacheDirectory()}\n${describeCorpus(corpus).map(line => `- ${line}`).join('\n')}\nIn all: ${corpus.files.length.toLocaleString('en-US')} files, ${(corpus.bytes / 1e6).toFixed(1)} MB\n`);
}
