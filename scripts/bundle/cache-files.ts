import fs from 'node:fs';
import path from 'node:path';

/*
Which code-cache files of other builds to remove (scripts/bundle/cli-loader.ts). A file is named `HASH-NODEVERSION-ARCH-NAME.bin`, NAME the command's cache name (`cacheName`, no dash): all but the name name the build and the Node it was made for. The caches of the builds used last are kept: two builds run in turn (an installed tfscope and one from npx, or an old and a new build compared run by run) would otherwise each remove the other's caches and compile without one at every run. The rest (upgrades) go, so files do not pile up.
*/

/**
How many builds' caches are kept besides the running build's.
*/
export const otherBuildsKept = 2;

export type CacheFile = {readonly name: string; readonly modifiedMs: number};

/**
The build a cache file belongs to (`HASH-NODEVERSION-ARCH-`: everything before the command, which has no dash, while a Node version may), or undefined for a name of another form.
*/
export function buildOfCacheFile(name: string): string | undefined {
	const lastDash = name.lastIndexOf('-');
	return name.endsWith('.bin') && lastDash > 0 ? name.slice(0, lastDash + 1) : undefined;
}

/**
The cache files to remove: those of other builds than `currentBuild`, except the files of the `otherBuildsKept` builds whose newest file is the most recent.
*/
export function staleCacheFiles(files: readonly CacheFile[], currentBuild: string): string[] {
	const newestByBuild = new Map<string, number>();
	for (const file of files) {
		const build = buildOfCacheFile(file.name);
		if (build !== undefined && build !== currentBuild) {
			newestByBuild.set(build, Math.max(newestByBuild.get(build) ?? 0, file.modifiedMs));
		}
	}

	const kept = new Set([...newestByBuild].sort((a, b) => b[1] - a[1]).slice(0, otherBuildsKept).map(([build]) => build));
	return files.filter(file => {
		const build = buildOfCacheFile(file.name);
		return build !== undefined && build !== currentBuild && !kept.has(build);
	}).map(file => file.name);
}

const configurationFile = /\.(?:tf|tofu)(?:\.json)?$/;

/**
The name of the code cache for a command line (`argv` from the command on, relative paths from `cwd`): the command, with `_bare` when the directory it reads has no configuration files (the first positional argument that is a directory, else the working directory; never for `parse`, which reads the files it is given). V8 deserialises every function a cache holds at each start, and a cache holds what the run that made it compiled: one made by `echo 1+1 | tfscope console` in an empty directory lacks the loading and evaluating of a configuration, which every later console on a configuration then compiled again (15 ms of CPU of 330 at the bench's 0.1x twin), while one made on a configuration costs an empty directory's run 10 ms of deserialising it does not need. So each kind of run has its own.
*/
export function cacheName(command: string, argv: readonly string[], cwd: string): string {
	if (command === 'parse') {
		return command;
	}

	for (const candidate of [...argv.slice(1).filter(argument => !argument.startsWith('-')), '.']) {
		let names: string[];
		try {
			names = fs.readdirSync(path.resolve(cwd, candidate));
		} catch {
			// Not a directory (an address, a variable's value, a file).
			continue;
		}

		return names.some(name => configurationFile.test(name)) ? command : `${command}_bare`;
	}

	return `${command}_bare`;
}
