import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/*
The HTML page's script (source/web/graph-page.ts and cytoscape, one file): the built tool reads the file scripts/build.ts made (distribution/vendor/graph-page.js); from the sources it is bundled here, once per process, by esbuild (a development dependency, so only there).
*/

/** Defined by scripts/build.ts as the bundled script's file name beside the vendored libraries; undefined when running from the sources. */
declare const tfscopeGraphPageFile: string | undefined;

let script: string | undefined;

export async function graphPageScript(): Promise<string> {
	if (script !== undefined) {
		return script;
	}

	if (typeof tfscopeGraphPageFile === 'string') {
		const url = new URL(import.meta.url.includes('/chunks/') ? `../vendor/${tfscopeGraphPageFile}` : `./vendor/${tfscopeGraphPageFile}`, import.meta.url);
		script = readFileSync(url, 'utf8');
		return script;
	}

	const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
	const [{build}, {graphPageBuildOptions}] = await Promise.all([import('esbuild'), import('../web/bundle-options.js')]);
	const result = await build({...graphPageBuildOptions(root), write: false});
	script = result.outputFiles![0]!.text;
	return script;
}
