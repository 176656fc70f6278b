import {createHash} from 'node:crypto';
import {escapeUnsafe} from '../text/escape.js';
import {graphPageStyle} from '../web/graph-page-style.js';
import type {PageData} from './html-data.js';

/*
The HTML graph page (`tfscope graph --format html`): one self-contained file. The data is JSON in a non-executed script element, the page's script (source/web/graph-page.ts with cytoscape) and style are inline, and a Content-Security-Policy allows exactly those two by their hashes and nothing else: no other script, no network, no frames, no forms.
*/

export type EmbedContext =
	/** Text or a quoted attribute value in HTML. */
	| 'html'
	/** JSON text inside a `<script type="application/json">` element. */
	| 'json-in-script'
	/** Our own bundled script inside a `<script>` element. */
	| 'script';

/**
The one escaping of text for where it is written into the page. `html`: the five characters that mean markup become references. `json-in-script`: JSON's `<`, `>` and `&` (only ever inside JSON strings), and what `text/escape.ts` escapes for a terminal (the two line separators, bidi and other format controls: so no one reading the file's text sees it reordered) become `\\u` escapes, so no configuration text can close the element (`</script>`) or open a comment; JSON.parse reads the same strings back. `script`: our bundled code must not contain `</script` or `<!--` (which only a string in a dependency could): it is refused rather than rewritten.
*/
export function embed(text: string, context: EmbedContext): string {
	switch (context) {
		case 'html': {
			return text.replaceAll(/[&<>"']/g, character => `&#${character.codePointAt(0)!};`);
		}

		case 'json-in-script': {
			// The markup characters here; line separators, bidi and other format controls through the one escaping (JSON never holds C0 controls raw, so its escapes here are all `\\u`).
			return escapeUnsafe(text.replaceAll(/[<>&]/g, character => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`));
		}

		case 'script': {
			if (/<\/script|<!--/i.test(text)) {
				throw new Error('The page script contains </script or <!--: it cannot be written inline');
			}

			return text;
		}
	}
}

function sha256(text: string): string {
	return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// The style element has the id of the one cytoscape would add on start (a rule the page's own style has): finding it there, cytoscape adds none, which the policy would block.
const sizeSlot = '\u0000size\u0000';

/**
The page: data, script and style inline. Its size in bytes is written in its footer.
*/
export function htmlPage(data: PageData, script: string): {readonly text: string; readonly bytes: number} {
	const code = embed(script, 'script');
	const policy = [
		'default-src \'none\'',
		`script-src ${sha256(code)}`,
		`style-src ${sha256(graphPageStyle)}`,
		'img-src data:',
		'base-uri \'none\'',
		'form-action \'none\'',
	].join('; ');
	const depthOptions = (selected: string) => ['1', '2', '3', '5', '0'].map(value => `<option value="${value}"${value === selected ? ' selected' : ''}>${value === '0' ? 'all' : value}</option>`).join('');
	const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${embed(policy, 'html')}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${embed(data.generator, 'html')}">
<title>${embed(`${data.title} · tfscope graph`, 'html')}</title>
<style id="__________cytoscape_stylesheet">${graphPageStyle}</style>
</head>
<body>
<header>
<h1 id="title"></h1>
<input id="search" list="addresses" placeholder="Search by address" autocomplete="off" spellcheck="false" aria-label="Search by address">
<datalist id="addresses"></datalist>
<span id="search-result" role="status"></span>
<button id="fit" type="button">Fit</button>
<button id="collapse-all" type="button">Collapse all</button>
<button id="expand-all" type="button">Expand all</button>
<label>dependencies <select id="dependency-depth">${depthOptions('1')}</select></label>
<label>dependents <select id="dependent-depth">${depthOptions('0')}</select></label>
<label id="changed-control"><input type="checkbox" id="changed-only"> changed only</label>
<span id="diff"></span>
</header>
<main><div id="graph"></div><aside id="details"></aside></main>
<footer><span id="legend"></span><span id="counts"></span><span id="reach"></span><span>page ${sizeSlot}</span><span id="generator"></span></footer>
<script type="application/json" id="tfscope-data">${embed(JSON.stringify(data), 'json-in-script')}</script>
<script>${code}</script>
</body>
</html>
`;
	const withoutSize = Buffer.byteLength(page, 'utf8') - Buffer.byteLength(sizeSlot, 'utf8');
	// The size's own text changes the size: settle it (two rounds at most).
	let bytes = withoutSize;
	for (let round = 0; round < 3; round++) {
		bytes = withoutSize + Buffer.byteLength(formatBytes(bytes), 'utf8');
	}

	return {text: page.replace(sizeSlot, formatBytes(bytes)), bytes};
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) {
		return `${bytes} bytes`;
	}

	return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
