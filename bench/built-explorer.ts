import {existsSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {pathToFileURL} from 'node:url';
import type {ReactElement} from 'react';
import {functionFrom, importOptional, repositoryRoot} from './stages.js';

/*
The explorer as the installed tool runs it, for the in-process UI measurements: the App, its data loader and initial state, Ink's render and React's createElement, bundled by esbuild with the bundle's own plugins (scripts/bundle/plugins.ts: Ink's output caches kept between frames, the string-width fast path, the same-styles fast path) and React's production build, as scripts/build.ts builds distribution/. Written under bench/generated/, so the libraries source/libraries.ts loads on first use resolve from node_modules. Undefined when it cannot be built (a checkout without these modules or plugins): the measurement then renders the sources.
*/

export type BuiltExplorer = {
	readonly App: (props: Record<string, unknown>) => ReactElement;
	readonly loadExplorerData: (options: Record<string, unknown>) => Promise<unknown>;
	readonly createInitialState: (overrides: Record<string, unknown>) => unknown;
	readonly render: typeof import('ink').render;
	readonly createElement: typeof import('react').createElement;
};

export async function importBuiltExplorer(): Promise<BuiltExplorer | undefined> {
	const directory = path.join(repositoryRoot, 'bench', 'generated', 'explorer-build', String(process.pid));
	try {
		const {build} = await import('esbuild');
		const {bundlePlugins} = await import('../scripts/bundle/plugins.js');
		mkdirSync(directory, {recursive: true});
		const source = (name: string) => JSON.stringify(path.join(repositoryRoot, 'source', 'ui', name));
		await build({
			stdin: {
				contents: [
					`export {App} from ${source('app.tsx')};`,
					// The loader's home since the explorer's data was split per view (data/load.ts); workspace-data.ts before.
					`export {loadExplorerData} from ${source(existsSync(path.join(repositoryRoot, 'source', 'ui', 'data', 'load.ts')) ? path.join('data', 'load.ts') : 'workspace-data.ts')};`,
					`export {createInitialState} from ${source(path.join('state', 'state.ts'))};`,
					'export {render} from \'ink\';',
					'export {createElement} from \'react\';',
				].join('\n'),
				resolveDir: repositoryRoot,
				loader: 'ts',
			},
			outdir: directory,
			entryNames: 'explorer',
			outExtension: {'.js': '.mjs'},
			// Split as the tool is: Ink's React DevTools import stays in a chunk of its own, never loaded.
			splitting: true,
			bundle: true,
			format: 'esm',
			platform: 'node',
			target: 'node20',
			// The libraries are required from node_modules here, not from distribution/vendor/.
			plugins: bundlePlugins(repositoryRoot).filter(plugin => plugin.name !== 'vendor-require'),
			define: {'process.env.NODE_ENV': '"production"'},
			external: ['react-devtools-core'],
			banner: {js: 'import {createRequire as __benchCreateRequire} from \'node:module\'; const require = __benchCreateRequire(import.meta.url);'},
			logLevel: 'silent',
		});
		return await import(pathToFileURL(path.join(directory, 'explorer.mjs')).href) as BuiltExplorer;
	} catch (error) {
		process.stderr.write(`the built explorer could not be made (${String(error).split('\n')[0]}): measuring the sources\n`);
		return undefined;
	} finally {
		// Every chunk it needs is loaded by now.
		rmSync(directory, {recursive: true, force: true});
	}
}

/**
What the measurements render: the built explorer, or failing that the sources (with React's production build, as runExplorer chooses it); a part missing from an older checkout is undefined.
*/
export async function explorerToMeasure(): Promise<Partial<BuiltExplorer> & Pick<BuiltExplorer, 'render' | 'createElement'>> {
	const built = await importBuiltExplorer();
	if (built) {
		return built;
	}

	functionFrom<(environment: Record<string, string | undefined>) => void>(await importOptional('source/ui/run/react-mode.ts') ?? await importOptional('source/ui/react-mode.ts'), 'preferProductionReact')?.(process.env);
	const App = functionFrom<BuiltExplorer['App']>(await importOptional('source/ui/app.tsx'), 'App');
	const loadExplorerData = functionFrom<BuiltExplorer['loadExplorerData']>(await importOptional('source/ui/data/load.ts') ?? await importOptional('source/ui/workspace-data.ts'), 'loadExplorerData');
	const createInitialState = functionFrom<BuiltExplorer['createInitialState']>(await importOptional('source/ui/state/state.ts'), 'createInitialState');
	const {render} = await import('ink');
	const {createElement} = await import('react');
	return {
		...(App && {App}), ...(loadExplorerData && {loadExplorerData}), ...(createInitialState && {createInitialState}), render, createElement,
	};
}
