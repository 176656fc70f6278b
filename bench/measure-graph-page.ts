import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {pathToFileURL} from 'node:url';
import puppeteer from 'puppeteer-core';
import {defaultFlags} from '../source/commands/command.js';
import {htmlGraph} from '../source/commands/graph-html.js';
import {loadCommandWorkspace} from '../source/commands/workspace-options.js';
import {buildGraph} from '../source/graph/build.js';
import {median, milliseconds, now, report} from './statistics.js';

/*
Child process: the HTML graph page (`tfscope graph --format html`) of each generated configuration given: its size, nodes and edges, the time to make it (load, graph, page, in this process), and in Debian's chromium (TFSCOPE_CHROMIUM, default /usr/bin/chromium) the time from navigation to the page's first drawing (the page notes performance.now() when cytoscape first renders), median of RUNS fresh tabs.
Usage: node --import tsx bench/measure-graph-page.ts RUNS LABEL=DIRECTORY...
*/

const [runsText = '3', ...configurations] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));
const executablePath = process.env['TFSCOPE_CHROMIUM'] ?? '/usr/bin/chromium';
const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-page-'));
const browser = await puppeteer.launch({executablePath, headless: true, args: ['--no-sandbox']});
const results: Record<string, unknown> = {};
try {
	for (const entry of configurations) {
		const [label, configuration] = entry.split('=') as [string, string];
		const start = now();
		// eslint-disable-next-line no-await-in-loop -- one at a time
		const workspace = await loadCommandWorkspace(defaultFlags, configuration, {}, process.cwd(), 'on-demand');
		// eslint-disable-next-line no-await-in-loop
		const page = await htmlGraph({workspace, graph: buildGraph(workspace), level: 'block', directory: configuration});
		const makeMs = milliseconds(start);
		if (!page.ok) {
			results[label] = {error: page.message};
			continue;
		}

		const file = path.join(directory, `${label}.html`);
		writeFileSync(file, page.text);
		const drawMs: number[] = [];
		for (let run = 0; run < runs; run++) {
			// eslint-disable-next-line no-await-in-loop
			const tab = await browser.newPage();
			// eslint-disable-next-line no-await-in-loop
			await tab.setViewport({width: 1400, height: 900});
			// eslint-disable-next-line no-await-in-loop
			await tab.goto(pathToFileURL(file).href);
			// eslint-disable-next-line no-await-in-loop
			await tab.waitForSelector('body[data-drawn-at]', {timeout: 600_000});
			// eslint-disable-next-line no-await-in-loop
			drawMs.push(Number(await tab.$eval('body', body => (body as HTMLElement).dataset['drawnAt'])));
			// eslint-disable-next-line no-await-in-loop
			await tab.close();
		}

		results[label] = {bytes: page.bytes, nodes: page.nodes, edges: page.edges, makeMs, drawMs: median(drawMs), runs};
	}
} finally {
	await browser.close();
	rmSync(directory, {recursive: true, force: true});
}

report(results);
