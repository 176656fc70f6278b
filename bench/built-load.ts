import {existsSync, mkdirSync, rmSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {repositoryRoot} from './stages.js';
import {runReporting} from './statistics.js';

/*
The load measurement of bench/measure-load.ts as the installed tool runs it: bench/load-built-entry.ts (the measurement over the sources' loader, evaluator and graph builders) bundled by esbuild with the bundle's own plugins, minified syntax and production definitions, as scripts/build.ts builds distribution/, and run by plain Node in a process of its own. Under tsx, a process carries tsx's loader and its thread (about 30 MB of RSS more than bare Node before anything is loaded) and compiles each source file through it; the installed tool carries neither. Written under bench/generated/, so the libraries source/libraries.ts requires on first use (cytoscape and others) resolve from node_modules, not from distribution/vendor/.
*/

/**
The measurement's figures from the built process, or why it could not be had (the bench then measures the sources under tsx alone).
*/
export type BuiltLoadResult = {readonly figures: Record<string, unknown>} | {readonly error: string};

export async function measureBuiltLoad(directory: string, runs: number, timeoutMs = 1_200_000): Promise<BuiltLoadResult> {
	const outdir = path.join(repositoryRoot, 'bench', 'generated', 'load-build', String(process.pid));
	try {
		const file = await buildLoadBundle(outdir);
		return await runBundle(file, directory, runs, timeoutMs);
	} catch (error) {
		return {error: String(error).split('\n')[0]!};
	} finally {
		rmSync(outdir, {recursive: true, force: true});
	}
}

async function buildLoadBundle(outdir: string): Promise<string> {
	return buildBenchEntry('load-built-entry.ts', outdir);
}

/**
Bundles a bench entry (a file of bench/) as scripts/build.ts builds the tool, into `outdir`; returns the bundle's path.
*/
export async function buildBenchEntry(entry: string, outdir: string): Promise<string> {
	const {build} = await import('esbuild');
	const {bundlePlugins} = await import('../scripts/bundle/plugins.js');
	mkdirSync(outdir, {recursive: true});
	const outfile = path.join(outdir, entry.replace(/\.tsx?$/, '.mjs'));
	await build({
		entryPoints: [path.join(repositoryRoot, 'bench', entry)],
		outfile,
		bundle: true,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		// As the tool's builds (scripts/build.ts): syntax minified, production definitions.
		minifySyntax: true,
		minifyWhitespace: true,
		// The libraries are required from node_modules here, not from distribution/vendor/.
		plugins: bundlePlugins(repositoryRoot).filter(plugin => plugin.name !== 'vendor-require'),
		define: {'process.env.NODE_ENV': '"production"'},
		external: ['react-devtools-core'],
		banner: {js: 'import {createRequire as __benchCreateRequire} from \'node:module\'; const require = __benchCreateRequire(import.meta.url);'},
		logLevel: 'silent',
	});
	// The bundle finds the provider schemas it ships with at `../schemas/` from its own file (source/schema/bundled.ts), as distribution/cli.js finds the package's: without them every resource here was evaluated as one of an unknown provider (no schema shaping, every object made partial), which is not what `tfscope check` does.
	const schemas = path.join(path.dirname(outfile), '..', 'schemas');
	if (!existsSync(schemas)) {
		try {
			symlinkSync(path.join(repositoryRoot, 'schemas'), schemas, 'dir');
		} catch (error) {
			// Another bench process made it meanwhile.
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
				throw error;
			}
		}
	}

	return outfile;
}

/**
This process's Node options without tsx's (`--import tsx` and the like): the built process runs with the rest (--expose-gc, --max-old-space-size).
*/
export function nodeOptionsWithoutTsx(options: readonly string[]): string[] {
	const kept: string[] = [];
	for (let at = 0; at < options.length; at++) {
		const option = options[at]!;
		if (['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(option) && /tsx/.test(options[at + 1] ?? '')) {
			at++;
		} else if (!/^--(import|require|loader|experimental-loader)=.*tsx/.test(option)) {
			kept.push(option);
		}
	}

	return kept;
}

async function runBundle(file: string, directory: string, runs: number, timeoutMs: number): Promise<BuiltLoadResult> {
	const {result, ended, stderr} = await runReporting([process.execPath, ...nodeOptionsWithoutTsx(process.execArgv), file, directory, String(runs)], {cwd: repositoryRoot, timeoutMs});
	return result ? {figures: result} : {error: `the built process ended (${ended}) without a result: ${stderr.trim().split('\n').at(-1) ?? ''}`};
}
