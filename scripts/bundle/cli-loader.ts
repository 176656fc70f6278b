import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath, pathToFileURL} from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import {cacheName, staleCacheFiles} from './cache-files.js';

/*
The program, distribution/cli.js (the package's bin), built from this file as CommonJS (scripts/build.ts). The tool is built twice from the same sources: the commands as one CommonJS file (distribution/tfscope.cjs) and everything, the explorer included, as ES modules split at each dynamic import (distribution/cli.mjs, distribution/chunks/). Both run the same runCli; the first argument picks the build.

A command line that names a command that loads a configuration or parses files runs the CommonJS build, which V8 compiles from a code cache kept between runs: Node 20 has no cache for ES modules, and compiling the engine's 600 KB was most of the fixed cost of every command (40-50 ms of CPU of a command on a small configuration). The cache is V8's own (`vm.Script` cachedData), one file per command (each run compiles the functions its command uses, so each command's cache holds its own), named by the build's content hash, Node's version and the command, in a directory of the user's own under the temporary directory, as Node 22's compile cache keeps its files; NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's. On Node 22.1 and later, whose own compile cache is turned on here for both module kinds, the file is simply required. This file is CommonJS itself so that such a command never starts Node's ES module loader.

Everything else (the explorer, help, the version, diff, a flag before the command) imports distribution/cli.mjs, the ES module build's own entry (cli.tsx): the whole CommonJS file would only add its load to their start.
*/

declare const tfscopeCommandsHash: string;
declare const tfscopeCommandNames: readonly string[];
declare const tfscopeCommandsAscii: boolean;
declare const tfscopeCommandsV8Flags: string;
declare const tfscopeExplorerAscii: boolean;
declare const tfscopeOtherWords: readonly string[];

type CommandsBuild = {readonly runCli: (options: {readonly explorer?: (directory: string, flags: never) => Promise<number>}) => Promise<void>};
type ExplorerBuild = {readonly runExplorerCli: (options: {readonly onFirstFrame: () => void}) => Promise<void>};

// This file is distribution/cli.js.
const distribution = path.dirname(fileURLToPath(import.meta.url));

/**
The command the arguments name in first place when the commands build has it, else undefined (the explorer, help, the version, diff, or anything the dispatcher reads otherwise).
*/
function commandOf(argv: readonly string[]): string | undefined {
	const first = argv[0];
	return first !== undefined && tfscopeCommandNames.includes(first) ? first : undefined;
}

/**
Whether the command line opens the explorer: no word of it names a command, help or the version. (A usage error among such lines is reported by the explorer's build as by any other.)
*/
function opensExplorer(argv: readonly string[]): boolean {
	return !argv.some(argument => tfscopeOtherWords.includes(argument));
}

/**
A directory for the cache that only this user can write to, or undefined (no user id, someone else's directory, a link, no permission).
*/
function cacheDirectory(): string | undefined {
	const uid = process.getuid?.();
	if (uid === undefined) {
		return undefined;
	}

	const directory = path.join(os.tmpdir(), `tfscope-compile-cache-${uid}`);
	try {
		fs.mkdirSync(directory, {mode: 0o700});
	} catch {}

	try {
		const stat = fs.lstatSync(directory);
		return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0 ? directory : undefined;
	} catch {
		return undefined;
	}
}

type Loaded = {
	readonly exports: unknown;
	/** Writes the code cache now if this run made one (once; else at exit): the functions compiled so far. */
	readonly saveCache: () => void;
};

function requireWithCodeCache(file: string, ascii: boolean, command: string): Loaded {
	// An ASCII file (as the build finds it) reads as Latin-1 to the same text at half the cost: a one-byte string, no UTF-8 validation.
	const source = fs.readFileSync(file, ascii ? 'latin1' : 'utf8');
	const directory = process.env['NODE_DISABLE_COMPILE_CACHE'] ? undefined : cacheDirectory();
	// V8 checks a cache against the source's length only: the name carries the content hash of the build, so a rebuilt file never meets an old cache.
	const cacheFile = directory && path.join(directory, `${tfscopeCommandsHash}-${process.version}-${process.arch}-${command}.bin`);
	let cachedData: Buffer | undefined;
	if (cacheFile) {
		try {
			cachedData = fs.readFileSync(cacheFile);
		} catch {}
	}

	const script = new vm.Script(module.wrap(source), {filename: file, ...(cachedData && {cachedData})});
	let saveCache = () => {};
	if (directory && cacheFile && (!cachedData || script.cachedDataRejected)) {
		// Written through a file of this process's own, renamed into place, so a reader never sees half a file.
		saveCache = () => {
			saveCache = () => {};
			try {
				const temporary = `${cacheFile}.${process.pid}`;
				fs.writeFileSync(temporary, script.createCachedData(), {mode: 0o600});
				fs.renameSync(temporary, cacheFile);
				// The caches of other builds (an upgrade, another Node) are removed, but for those of the two builds used last (see cache-files.ts): about a megabyte a command each.
				const files = fs.readdirSync(directory).filter(name => name.endsWith('.bin')).map(name => ({name, modifiedMs: fs.statSync(path.join(directory, name)).mtimeMs}));
				for (const name of staleCacheFiles(files, `${tfscopeCommandsHash}-${process.version}-${process.arch}-`)) {
					fs.rmSync(path.join(directory, name), {force: true});
				}
			} catch {}
		};

		// At the latest when the program ends, so the cache holds every function it compiled.
		process.once('exit', () => {
			saveCache();
		});
	}

	const exports = {};
	const wrapper = script.runInThisContext() as (this: unknown, exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
	const moduleObject = {exports};
	wrapper.call(exports, exports, module.createRequire(file), moduleObject, file, path.dirname(file));
	return {
		exports: moduleObject.exports,
		saveCache() {
			saveCache();
		},
	};
}

/**
A module of the ES module build, by its file name in distribution/ (not bundled into this file: a file URL that esbuild leaves to Node).
*/
async function importFromDistribution(name: string): Promise<unknown> {
	return import(pathToFileURL(path.join(distribution, name)).href);
}

export async function runCli(): Promise<void> {
	// Node 22.1 and later keep V8's compiled code of the tool between runs (in the operating system's temporary directory, as Node chooses; NODE_DISABLE_COMPILE_CACHE=1 turns it off): for the commands build and the ES module build alike. Older Node has no such call.
	const compileCache = (module as {enableCompileCache?: () => unknown}).enableCompileCache;
	compileCache?.();
	const argv = process.argv.slice(2);
	const command = commandOf(argv);
	if (command === undefined) {
		if (!opensExplorer(argv)) {
			await importFromDistribution('cli.mjs');
			return;
		}

		// The explorer's own build, compiled from its code cache as the commands build is (below), and under the same V8 settings, set before it is compiled: V8 takes a cache only under the flags it was made with. Set later (at the first frame), they cost the first frame on terraform-aws-eks's examples/karpenter about 40% more CPU (paired runs): the start's garbage collection and optimisation. The terminal's streams are made first, their Node modules compiled from the binary's own code caches, which V8 rejects under other flags.
		if (process.versions.v8.startsWith('11.')) {
			void process.stdout;
			void process.stderr;
			void process.stdin;
			v8.setFlagsFromString(tfscopeCommandsV8Flags);
		}

		const file = path.join(distribution, 'explorer.cjs');
		const loaded = compileCache ? {exports: module.createRequire(file)(file), saveCache() {}} : requireWithCodeCache(file, tfscopeExplorerAscii, 'explorer');
		// The cache is written at the first frame of the panes (if this run made one): it then holds what the first frame needs, not the whole session (a cache written at the end of a session of keys, console lines and views: 2.2 MB against 1.6 MB, and about 100 ms more CPU at every start on karpenter, paired runs). Later frames compile what they need.
		await (loaded.exports as ExplorerBuild).runExplorerCli({
			onFirstFrame() {
				loaded.saveCache();
			},
		});
		return;
	}

	// V8's settings for a command's short process (scripts/build.ts says which and why), on the V8 they were measured on (Node 20's; an unknown flag would print an error), before the commands build is compiled: its code cache, which V8 accepts only under the flags it was made with, is then always made and read under them. Both are read by V8 as it runs (when a function's budget is spent, when the young generation would grow), so setting them now is safe; flags that shape the heap's set-up are not (a GC-thread flag set here crashed V8).
	// Not for `parse`: its work is parsing many files, where code optimised later costs more than it saves (over the bench's 5,100 files, 1.49 -> 1.76 s wall, paired runs).
	if (process.versions.v8.startsWith('11.') && command !== 'parse') {
		// Node's own modules have code caches built into the binary, which V8 also rejects under other flags: a module first required after this line is compiled from its source (Node's stream modules: 16 against 6 ms of CPU for net, readline and fs/promises with a few others). So the streams the command will use are made first, with the modules behind them (net for a pipe, tty for a terminal, the fs streams, and for the console, which reads stdin, readline and fs/promises): stdout and stderr are made by every command anyway (cli-process.ts sets up both).
		void process.stdout;
		void process.stderr;
		if (command === 'console') {
			void process.stdin;
		}

		v8.setFlagsFromString(tfscopeCommandsV8Flags);
	}

	const file = path.join(distribution, 'tfscope.cjs');
	const build = (compileCache ? module.createRequire(file)(file) : requireWithCodeCache(file, tfscopeCommandsAscii, cacheName(command, argv, process.cwd())).exports) as CommandsBuild;
	// The commands build has no explorer: should the dispatcher ever open it from a command line that names a command, it comes from the ES module build.
	await build.runCli({
		async explorer(directory, flags) {
			const {runExplorer} = await importFromDistribution('run-explorer.mjs') as {runExplorer: (options: {directory: string; flags: never}) => Promise<number>};
			return runExplorer({directory, flags});
		},
	});
}

// CommonJS has no top-level await; a failure before the dispatcher installs its handlers ends the process as an unhandled rejection, as an ES module's would.
void runCli();
