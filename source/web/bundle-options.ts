import path from 'node:path';
import type {BuildOptions} from 'esbuild';

/**
How the page's script is bundled, from the sources (graph/page-script.ts, when tfscope runs unbuilt) and by scripts/build.ts alike: source/web/graph-page.ts with cytoscape, one minified script for a browser, its licence notices kept at the end.
*/
export function graphPageBuildOptions(root: string): BuildOptions {
	return {
		entryPoints: [path.join(root, 'source', 'web', 'graph-page.ts')],
		bundle: true,
		format: 'iife',
		platform: 'browser',
		target: 'es2020',
		minify: true,
		legalComments: 'eof',
		charset: 'ascii',
		define: {'process.env.NODE_ENV': '"production"'},
		logLevel: 'warning',
	};
}
