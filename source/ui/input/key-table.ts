import {helpSections} from './help-sections.js';

/*
The explorer's key table in docs/explorer.md, generated from the keymap (through the same sections the help overlay shows). `media/readme-keys.ts` writes it between the markers; a test checks the page is current.
*/

export const keyTableStart = '<!-- keys:start (generated from source/ui/input/keymap.ts by media/readme-keys.ts) -->';
export const keyTableEnd = '<!-- keys:end -->';

function cell(text: string): string {
	return text.replaceAll('|', '\\|').replaceAll('`', '\\`');
}

export function keyTableMarkdown(): string {
	const lines = ['| Keys | Where | What it does |', '| --- | --- | --- |'];
	for (const section of helpSections()) {
		for (const row of section.rows) {
			lines.push(`| ${row.allKeys.map(key => (key === '`' ? '`` ` ``' : (key === '|' ? '`\\|`' : `\`${key}\``))).join(' ')} | ${cell(section.title)} | ${cell(row.description)} |`);
		}
	}

	return lines.join('\n');
}

/**
The readme text with its key table replaced by the current one.
*/
export function replaceKeyTable(readme: string): string {
	const start = readme.indexOf(keyTableStart);
	const end = readme.indexOf(keyTableEnd);
	if (start === -1 || end === -1 || end < start) {
		throw new Error('the page has no key table markers');
	}

	return `${readme.slice(0, start + keyTableStart.length)}\n${keyTableMarkdown()}\n${readme.slice(end)}`;
}
