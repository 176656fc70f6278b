import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/*
Git access for the public sweep: where a repository's git directory is (a local mirror, or a bare clone made once in the cache), and a commit's files written into a directory of the cache.
*/

/**
The git directory of `owner/name`: `MIRRORS/owner+name/repo` (bare, or a checkout's `.git`) when a mirror directory is given and holds it, else a bare clone from GitHub kept in `CACHE/git/owner+name` (cloned once, fetched again only when a commit is missing). Undefined when neither works.
*/
export function gitDirectory(repository: string, cache: string, mirrors: string | undefined): string | undefined {
	const flat = repository.replace('/', '+');
	if (mirrors) {
		for (const candidate of [path.join(mirrors, flat, 'repo', '.git'), path.join(mirrors, flat, 'repo')]) {
			if (existsSync(path.join(candidate, 'HEAD')) && existsSync(path.join(candidate, 'objects'))) {
				return candidate;
			}
		}
	}

	const clone = path.join(cache, 'git', flat);
	if (existsSync(path.join(clone, 'HEAD'))) {
		return clone;
	}

	mkdirSync(path.dirname(clone), {recursive: true});
	const result = spawnSync('git', ['clone', '--quiet', '--bare', `https://github.com/${repository}.git`, clone], {stdio: ['ignore', 'ignore', 'pipe'], timeout: 600_000});
	if (result.status !== 0) {
		rmSync(clone, {recursive: true, force: true});
		process.stderr.write(`${repository}: not available (${result.stderr?.toString().trim().split('\n').at(-1) ?? 'git clone failed'})\n`);
		return undefined;
	}

	return clone;
}

function git(directory: string, ...arguments_: string[]): string {
	return execFileSync('git', ['-C', directory, ...arguments_], {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
}

export function resolveCommit(directory: string, revision: string): string | undefined {
	try {
		return git(directory, 'rev-parse', '--verify', '--quiet', `${revision}^{commit}`).trim();
	} catch {
		return undefined;
	}
}

export function tagsOf(directory: string): string[] {
	return git(directory, 'tag', '--list').split('\n').filter(Boolean);
}

/**
Writes the files of `commit` into `destination` (once: an existing destination is reused). Blobs a mirror lacks (large files it left out) are skipped; symbolic links are written only where they point inside the repository.
*/
export function extractCommit(directory: string, commit: string, destination: string): void {
	if (existsSync(destination)) {
		return;
	}

	const partial = `${destination}.partial`;
	rmSync(partial, {recursive: true, force: true});
	const entries = git(directory, 'ls-tree', '-r', '-z', '--full-tree', commit).split('\0').filter(Boolean).map(line => {
		const [meta, name] = line.split('\t') as [string, string];
		const [mode, type, object] = meta.split(' ') as [string, string, string];
		return {
			mode, type, object, name,
		};
	}).filter(entry => entry.type === 'blob');
	const batch = execFileSync('git', ['-C', directory, 'cat-file', '--batch'], {input: entries.map(entry => entry.object).join('\n') + '\n', maxBuffer: 1024 * 1024 * 1024});
	let offset = 0;
	for (const entry of entries) {
		const newline = batch.indexOf(10, offset);
		const header = batch.subarray(offset, newline).toString('utf8');
		offset = newline + 1;
		if (header.endsWith(' missing')) {
			continue;
		}

		const size = Number(header.split(' ')[2]);
		const content = batch.subarray(offset, offset + size);
		offset += size + 1;
		const file = path.join(partial, entry.name);
		mkdirSync(path.dirname(file), {recursive: true});
		if (entry.mode === '120000') {
			// A symbolic link is kept when it points inside the repository (examples share files so), as a checkout would have it.
			const target = content.toString('utf8');
			if (!path.isAbsolute(target) && path.resolve(path.dirname(file), target).startsWith(partial + path.sep)) {
				symlinkSync(target, file);
			}
		} else {
			writeFileSync(file, content);
		}
	}

	mkdirSync(partial, {recursive: true});
	renameSync(partial, destination);
}
