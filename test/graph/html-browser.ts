import {mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'ava';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import {generateConfiguration, sizePreset, writeConfiguration} from '../../bench/generate.js';
import {defaultFlags} from '../../source/commands/command.js';
import {loadCommandWorkspace} from '../../source/commands/workspace-options.js';
import {htmlGraph} from '../../source/commands/graph-html.js';
import {buildGraph, buildInstanceGraph} from '../../source/graph/build.js';
import {diffWorkspaces} from '../../source/diff/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The HTML graph page in a real browser: Debian's chromium (apt; .ci/run installs it) driven by puppeteer-core, which downloads nothing. Every wait is for a condition in the page, never for time.
*/

const root = path.resolve(import.meta.dirname, '..', '..');
const executablePath = process.env['TFSCOPE_CHROMIUM'] ?? '/usr/bin/chromium';
const directory = mkdtempSync(path.join(tmpdir(), 'tfscope-graph-html-'));
let browser: Browser;

async function writePage(name: string, configuration: string, instances = false): Promise<string> {
	const workspace = await loadCommandWorkspace(defaultFlags, configuration, {}, root, 'on-demand');
	const result = await htmlGraph({workspace, graph: instances ? buildInstanceGraph(workspace) : buildGraph(workspace), level: instances ? 'instance' : 'block', directory: path.resolve(root, configuration)});
	if (!result.ok) {
		throw new Error(result.message);
	}

	const file = path.join(directory, `${name}.html`);
	writeFileSync(file, result.text);
	return file;
}

type Opened = {
	readonly page: Page;
	/** Requests other than the page itself (each is refused). */
	readonly requests: string[];
	readonly errors: string[];
	readonly dialogs: string[];
};

async function open(file: string): Promise<Opened> {
	const page = await browser.newPage();
	await page.setViewport({width: 1400, height: 900});
	const url = pathToFileURL(file).href;
	const opened: Opened = {page, requests: [], errors: [], dialogs: []};
	await page.setRequestInterception(true);
	page.on('request', request => {
		if (request.url() === url) {
			void request.continue();
		} else {
			opened.requests.push(request.url());
			void request.abort();
		}
	});
	page.on('pageerror', error => opened.errors.push(String(error)));
	page.on('console', message => {
		if (message.type() === 'error') {
			opened.errors.push(message.text());
		}
	});
	page.on('dialog', dialog => {
		opened.dialogs.push(dialog.message());
		void dialog.dismiss();
	});
	// Any violation of the page's Content-Security-Policy is recorded (nothing the page does should need one).
	await page.evaluateOnNewDocument(() => {
		const violations: string[] = [];
		(globalThis as unknown as {violations: string[]}).violations = violations;
		document.addEventListener('securitypolicyviolation', event => {
			violations.push(`${event.violatedDirective}: ${event.blockedURI}`);
		});
	});
	await page.goto(url);
	await page.waitForSelector('body[data-drawn="true"]');
	return opened;
}

type Tfscope = {
	cy: import('cytoscape').Core;
	nodes: Array<{id: string}>;
};

/** What cytoscape draws: each drawn node's address and its compound parent's. */
async function drawn(page: Page): Promise<Map<string, string | undefined>> {
	const pairs = await page.evaluate(() => {
		const {cy, nodes} = (globalThis as unknown as {tfscope: Tfscope}).tfscope;
		return cy.nodes().map(node => {
			const parent = node.parent();
			return [nodes[Number(node.id())]!.id, parent.length > 0 ? nodes[Number(parent.first().id())]!.id : undefined] as const;
		});
	});
	return new Map(pairs.map(([id, parent]) => [id, parent ?? undefined]));
}

async function clickNode(page: Page, address: string): Promise<void> {
	const point = await page.evaluate(id => {
		const {cy, nodes} = (globalThis as unknown as {tfscope: Tfscope}).tfscope;
		const node = cy.getElementById(String(nodes.findIndex(each => each.id === id)));
		const at = node.renderedPosition();
		const box = cy.container()!.getBoundingClientRect();
		return {x: box.left + at.x, y: box.top + at.y};
	}, address);
	await page.mouse.click(point.x, point.y);
}

async function detailsTitle(page: Page, address: string): Promise<void> {
	await page.waitForFunction(id => document.querySelector('#details h2')?.textContent === id, {}, address);
}

async function writeDiffPage(name: string): Promise<string> {
	const fixture = path.join(root, 'test', 'fixtures', 'diff', name);
	const [previous, workspace] = await Promise.all([loadWorkspace({directory: path.join(fixture, 'old')}), loadWorkspace({directory: path.join(fixture, 'new')})]);
	const result = await htmlGraph({workspace, graph: buildInstanceGraph(workspace), level: 'instance', directory: path.join(fixture, 'new'), diff: {previous, label: 'old', diff: diffWorkspaces(previous, workspace)}});
	if (!result.ok) {
		throw new Error(result.message);
	}

	const file = path.join(directory, `diff-${name}.html`);
	writeFileSync(file, result.text);
	return file;
}

let examplePage: string;
let largePage: string;
let hostilePage: string;

test.before(async () => {
	browser = await puppeteer.launch({executablePath, headless: true, args: ['--no-sandbox']});
	const large = path.join(directory, 'large');
	writeConfiguration(generateConfiguration(sizePreset(0.5)), large);
	[examplePage, largePage, hostilePage] = await Promise.all([
		writePage('example', 'examples/multi-region'),
		writePage('large', large),
		writePage('hostile', 'test/fixtures/graph-html/hostile', true),
	]);
});

test.after.always(async () => {
	await browser?.close();
	rmSync(directory, {recursive: true, force: true});
});

test.serial('the example: every node drawn, modules as compound parents; click shows details, highlight shows the blast radius', async t => {
	const {page, requests, errors} = await open(examplePage);
	const nodes = await drawn(page);
	t.is(nodes.size, 63);
	t.is(nodes.get('module.network.module.flow_logs.aws_flow_log.this'), 'module.network.module.flow_logs');
	t.is(nodes.get('module.network.module.flow_logs'), 'module.network');
	t.is(nodes.get('module.app.data.aws_ami.ubuntu'), 'module.app');
	t.is(nodes.get('var.regions'), undefined);
	t.true(await page.evaluate(() => document.querySelector('#legend')!.textContent!.includes('data source')));

	await clickNode(page, 'module.network.aws_vpc.this');
	await detailsTitle(page, 'module.network.aws_vpc.this');
	const details = await page.$eval('#details', element => element.textContent!);
	t.true(details.includes('resource · modules/network/main.tf:'), details);
	// Highlight: the subnets depend on the VPC; its CIDR variable is what it depends on.
	const classes = await page.evaluate(() => {
		const {cy, nodes} = (globalThis as unknown as {tfscope: Tfscope}).tfscope;
		const result: Record<string, string> = {};
		for (const id of ['module.network.aws_subnet.public', 'module.network.var.cidr', 'aws_route53_zone.main']) {
			result[id] = cy.getElementById(String(nodes.findIndex(each => each.id === id))).classes().join(' ');
		}

		return {subnet: result['module.network.aws_subnet.public']!, cidr: result['module.network.var.cidr']!, zone: result['aws_route53_zone.main']!};
	});
	t.regex(classes.subnet, /\bdependent\b/);
	t.regex(classes.cidr, /\bdependency\b/);
	t.regex(classes.zone, /\bfaded\b/);
	const all = await page.$eval('#reach', element => element.textContent!);
	await page.select('#dependent-depth', '1');
	await page.waitForFunction(before => document.querySelector('#reach')!.textContent !== before, {}, all);
	const [allDependents, nearDependents] = [all, await page.$eval('#reach', element => element.textContent!)].map(text => Number(/(\d+) dependents/.exec(text)![1]));
	t.true(nearDependents! < allDependents!, `${nearDependents} < ${allDependents}`);

	// The screenshot the readme shows (TFSCOPE_UPDATE_MEDIA=1 writes media/graph-html.png).
	mkdirSync(path.join(root, '.tmp'), {recursive: true});
	const screenshot = path.join(root, process.env['TFSCOPE_UPDATE_MEDIA'] ? 'media' : '.tmp', 'graph-html.png');
	await page.screenshot({path: screenshot as `${string}.png`});
	t.true(statSync(screenshot).size > 20_000);
	t.deepEqual(requests, []);
	t.deepEqual(errors, []);
	t.deepEqual(await page.evaluate(() => (globalThis as unknown as {violations: string[]}).violations), []);
	await page.close();
});

test.serial('search by address with completion selects the node and shows its details', async t => {
	const {page, requests} = await open(examplePage);
	const completions = await page.$$eval('#addresses option', options => options.map(option => (option as HTMLOptionElement).value));
	t.true(completions.includes('module.network.aws_subnet.private'));
	await page.type('#search', 'aws_subnet.priv');
	await page.keyboard.press('Enter');
	await detailsTitle(page, 'module.network.aws_subnet.private');
	t.true(await page.evaluate(() => {
		const {cy, nodes} = (globalThis as unknown as {tfscope: Tfscope}).tfscope;
		return cy.getElementById(String(nodes.findIndex(each => each.id === 'module.network.aws_subnet.private'))).hasClass('selected');
	}));
	await page.$eval('#search', element => {
		(element as HTMLInputElement).value = '';
	});
	await page.type('#search', 'no such thing');
	await page.keyboard.press('Enter');
	await page.waitForFunction(() => document.querySelector('#search-result')!.textContent === 'no node matches "no such thing"');
	t.deepEqual(requests, []);
	await page.close();
});

test.serial('a large generated configuration: modules start collapsed, expand on click, collapse all / expand all', async t => {
	const {page, requests, errors} = await open(largePage);
	const total = await page.evaluate(() => (globalThis as unknown as {tfscope: Tfscope}).tfscope.nodes.length);
	t.true(total > 1000, String(total));
	const first = await drawn(page);
	t.true(first.size < 50, `${first.size} drawn at first`);
	t.true(first.has('module.svc_000'));
	t.false([...first.keys()].some(id => id.startsWith('module.svc_000.')));

	await clickNode(page, 'module.svc_000');
	await page.waitForFunction(() => (globalThis as unknown as {tfscope: Tfscope}).tfscope.cy.nodes().length > 30);
	const expanded = await drawn(page);
	const inside = [...expanded].filter(([, parent]) => parent === 'module.svc_000');
	t.true(inside.length > 5, JSON.stringify(inside.slice(0, 3)));
	await detailsTitle(page, 'module.svc_000');

	await page.click('#expand-all');
	await page.waitForFunction(count => (globalThis as unknown as {tfscope: Tfscope}).tfscope.cy.nodes().length === count, {}, total);
	const everything = await drawn(page);
	t.is(everything.size, total);
	t.is(everything.get('module.svc_000.module.child.module.child'), 'module.svc_000.module.child');

	await page.click('#collapse-all');
	await page.waitForFunction(() => (globalThis as unknown as {tfscope: Tfscope}).tfscope.cy.nodes().length < 50);
	t.true((await drawn(page)).has('module.svc_001'));
	t.deepEqual(requests, []);
	t.deepEqual(errors, []);
	await page.close();
});

test.serial('a hostile configuration runs no script and shows its text as text', async t => {
	const {page, requests, errors, dialogs} = await open(hostilePage);
	const address = 'terraform_data.hostile["</script><script>window.pwned = 3</script>"]';
	const nodes = await drawn(page);
	t.true(nodes.has(address));
	t.is(nodes.get('module.inner.terraform_data.inside'), 'module.inner');
	await page.evaluate(id => {
		(globalThis as unknown as {tfscope: {select(id: string): void}}).tfscope.select(id);
	}, address);
	await detailsTitle(page, address);
	const text = await page.$eval('#details', element => element.textContent!);
	t.true(text.includes(String.raw`<img src=x onerror=\"window.pwned = 2\">`), text);
	// A raw right-to-left override in a value and the source: shown as an escape, never as the character.
	await page.evaluate(() => {
		(globalThis as unknown as {tfscope: {select(id: string): void}}).tfscope.select('var.bidi');
	});
	await detailsTitle(page, 'var.bidi');
	const bidi = await page.$eval('#details', element => element.textContent!);
	t.true(bidi.includes(String.raw`\u202e`), bidi);
	t.false(/[\u202A-\u202E\u2066-\u2069]/.test(bidi));
	t.is(await page.evaluate(() => (globalThis as unknown as {pwned?: number}).pwned), undefined);
	t.is(await page.$$eval('img, iframe, object, embed', elements => elements.length), 0);
	t.is(await page.$$eval('script', elements => elements.length), 2);
	t.false(await page.$eval('body', element => element.textContent!.includes('hunter2')));
	t.deepEqual(dialogs, []);
	t.deepEqual(requests, []);
	t.deepEqual(errors, []);
	t.deepEqual(await page.evaluate(() => (globalThis as unknown as {violations: string[]}).violations), []);
	await page.close();
});

test.serial('--diff: marks in the legend, and "changed only" draws what changed and the modules around it', async t => {
	const {page, requests, errors} = await open(await writeDiffPage('moved-module'));
	t.true(await page.$eval('#legend', element => element.textContent!.includes('moved')));
	t.regex(await page.$eval('#diff', element => element.textContent!), /^diff vs old: /);
	const before = await drawn(page);
	t.true(before.has('provider["terraform.io/builtin/terraform"]'), 'unchanged nodes are drawn until the filter is on');
	await page.click('#changed-only');
	await page.waitForFunction(count => (globalThis as unknown as {tfscope: Tfscope}).tfscope.cy.nodes().length < count, {}, before.size);
	const after = await drawn(page);
	t.deepEqual([...after.keys()].sort(), [
		'module.fleet["one"]', 'module.fleet["one"].terraform_data.pair[0]', 'module.fleet["one"].terraform_data.pair[1]', 'module.fleet["one"].terraform_data.this',
		'module.fleet["two"]', 'module.fleet["two"].terraform_data.pair[0]', 'module.fleet["two"].terraform_data.pair[1]', 'module.fleet["two"].terraform_data.this',
		'module.service', 'module.service.terraform_data.pair[0]', 'module.service.terraform_data.pair[1]', 'module.service.terraform_data.this',
	].sort());
	t.is(after.get('module.service.terraform_data.this'), 'module.service');
	t.deepEqual(requests, []);
	t.deepEqual(errors, []);
	await page.close();
});
