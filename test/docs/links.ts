/*
The links of the readme and of docs/ lead somewhere: a relative link names a file of the repository (and a heading of it, after `#`), and the readme's pictures, which must also show on the npm package page, are absolute URLs of files in media/.
*/
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../..', import.meta.url));

const pages = [
	'readme.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	'bench/README.md',
	...readdirSync(path.join(root, 'docs'), {recursive: true, encoding: 'utf8'}).filter(name => name.endsWith('.md')).map(name => path.join('docs', name)),
];

/** The text of a page without its fenced blocks and inline code, where brackets are not links. */
function prose(page: string): string {
	return readFileSync(path.join(root, page), 'utf8').replaceAll(/^(`{3,}).*?^\1\s*$/gms, '').replaceAll(/(`+).*?\1/g, '');
}

type Link = {page: string; target: string; image: boolean};

function linksOf(page: string): Link[] {
	return [...prose(page).matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(match => ({page, target: match[2]!, image: match[1] === '!'}));
}

/** GitHub's anchor for a heading: lower case, punctuation but hyphens and spaces dropped, spaces as hyphens. */
function anchor(heading: string): string {
	return heading.toLowerCase().replaceAll(/[^\p{Letter}\p{Number}\s_-]/gu, '').trim().replaceAll(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8').replaceAll(/^(`{3,}).*?^\1\s*$/gms, '');
	return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map(match => anchor(match[1]!.replaceAll('`', ''))));
}

const links = pages.flatMap(page => linksOf(page));
const repository = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {repository: {url: string}}).repository.url;
const [, owner, name] = /github\.com\/([^/]+)\/([^/.]+)/.exec(repository)!;
// Served with an image type (raw.githubusercontent.com serves SVG as text, which browsers will not draw), from the repository's main branch, so the same URL works on GitHub and on npm.
const pictureBase = `https://cdn.jsdelivr.net/gh/${owner}/${name}@main/`;

test('the pages have links to check', t => {
	t.true(links.length > 50, `${links.length} links`);
});

test('every relative link names a file of the repository, and a heading of it after #', t => {
	const broken: string[] = [];
	for (const {page, target} of links) {
		if (/^[a-z]+:/i.test(target)) {
			continue;
		}

		const [file, fragment] = target.split('#') as [string, string | undefined];
		const resolved = file === '' ? path.join(root, page) : path.resolve(root, path.dirname(page), file);
		if (!existsSync(resolved)) {
			broken.push(`${page}: ${target}`);
		} else if (fragment !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
			broken.push(`${page}: ${target} (no such heading)`);
		}
	}

	t.deepEqual(broken, []);
});

test('the readme\'s pictures are absolute URLs of files in media/, so they show on the npm package page too', t => {
	const pictures = links.filter(link => link.page === 'readme.md' && link.image);
	t.true(pictures.length > 0);
	for (const {target} of pictures) {
		t.true(target.startsWith(pictureBase), target);
		const file = target.slice(pictureBase.length);
		t.true(file.startsWith('media/') && existsSync(path.join(root, file)), target);
	}
});

test('each picture URL of the readme names a file git tracks at that very path, stored whole and of the type its name says', t => {
	// jsDelivr's /gh/OWNER/NAME@main/PATH serves PATH from the repository's main branch, so what must hold here is that the path maps to a committed file: not an untracked one that only exists in this checkout, not a Git LFS pointer (the CDN would serve the pointer's text), and an SVG or PNG as its extension says. Whether the live URLs answer cannot be checked without the network.
	const tracked = new Set(execFileSync('git', ['ls-files', '-z', '--', 'media'], {cwd: root, encoding: 'utf8'}).split('\0'));
	const html = [...readFileSync(path.join(root, 'readme.md'), 'utf8').matchAll(/<(?:img|source)\b[^>]*\b(?:src|srcset)="([^"]+)"/g)].map(match => match[1]!);
	const urls = [...links.filter(link => link.page === 'readme.md' && link.image).map(link => link.target), ...html];
	t.true(urls.length >= 3, `${urls.length} pictures`);
	for (const url of urls) {
		t.true(url.startsWith(pictureBase), url);
		const file = decodeURIComponent(url.slice(pictureBase.length).split(/[?#]/)[0]!);
		t.true(tracked.has(file), `${url}: ${file} is not a file git tracks`);
		const head = readFileSync(path.join(root, file)).subarray(0, 200);
		t.false(head.toString('latin1').startsWith('version https://git-lfs'), `${file} is a Git LFS pointer`);
		if (file.endsWith('.svg')) {
			t.regex(head.toString('utf8'), /^(<\?xml[^>]*>\s*)?<svg\b/, `${file} is an SVG`);
		} else if (file.endsWith('.png')) {
			t.deepEqual([...head.subarray(0, 8)], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], `${file} is a PNG`);
		} else {
			t.fail(`${url}: a picture of the readme is an SVG or a PNG`);
		}
	}
});
