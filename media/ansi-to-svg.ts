/*
A terminal screen (as `tmux capture-pane -e` prints it: text with SGR colour codes) drawn as SVG, for the readme's screenshot.
*/

type Style = {fg?: string; bg?: string; bold?: boolean; dim?: boolean; inverse?: boolean; italic?: boolean; underline?: boolean};

const palette = ['#1d1f21', '#cc6666', '#8abe5a', '#e0b050', '#6fa3d8', '#b294bb', '#5fb3b3', '#c5c8c6'];
const bright = ['#666666', '#ff7b7b', '#a8e070', '#ffd070', '#8cc4ff', '#d0a8e0', '#80dada', '#ffffff'];
const foreground = '#d0d0d0';
const background = '#1b1d23';

function color256(index: number): string {
	if (index < 8) {
		return palette[index]!;
	}

	if (index < 16) {
		return bright[index - 8]!;
	}

	if (index < 232) {
		const value = index - 16;
		const level = (n: number) => (n === 0 ? 0 : 55 + (n * 40));
		return `rgb(${level(Math.floor(value / 36))},${level(Math.floor(value / 6) % 6)},${level(value % 6)})`;
	}

	const gray = 8 + ((index - 232) * 10);
	return `rgb(${gray},${gray},${gray})`;
}

function applySgr(style: Style, codes: number[]): Style {
	let next = {...style};
	for (let index = 0; index < codes.length; index++) {
		const code = codes[index]!;
		if (code === 0) {
			next = {};
		} else if (code === 1) {
			next.bold = true;
		} else if (code === 2) {
			next.dim = true;
		} else if (code === 3) {
			next.italic = true;
		} else if (code === 4) {
			next.underline = true;
		} else if (code === 7) {
			next.inverse = true;
		} else if (code === 22) {
			next.bold = false;
			next.dim = false;
		} else if (code === 23) {
			next.italic = false;
		} else if (code === 24) {
			next.underline = false;
		} else if (code === 27) {
			next.inverse = false;
		} else if (code >= 30 && code <= 37) {
			next.fg = palette[code - 30];
		} else if (code >= 90 && code <= 97) {
			next.fg = bright[code - 90];
		} else if (code === 39) {
			delete next.fg;
		} else if (code >= 40 && code <= 47) {
			next.bg = palette[code - 40];
		} else if (code === 49) {
			delete next.bg;
		} else if ((code === 38 || code === 48) && codes[index + 1] === 5) {
			const value = color256(codes[index + 2] ?? 0);
			if (code === 38) {
				next.fg = value;
			} else {
				next.bg = value;
			}

			index += 2;
		} else if ((code === 38 || code === 48) && codes[index + 1] === 2) {
			const value = `rgb(${codes[index + 2] ?? 0},${codes[index + 3] ?? 0},${codes[index + 4] ?? 0})`;
			if (code === 38) {
				next.fg = value;
			} else {
				next.bg = value;
			}

			index += 4;
		}
	}

	return next;
}

function escapeXml(text: string): string {
	return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const cellWidth = 8.4;
const lineHeight = 18;
const padding = 12;

function header(rows: number, options: {readonly columns: number; readonly title?: string}): string[] {
	const width = Math.ceil((options.columns * cellWidth) + (padding * 2));
	const height = Math.ceil((rows * lineHeight) + (padding * 2));
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="14">`,
		options.title ? `<title>${escapeXml(options.title)}</title>` : '',
		`<rect width="100%" height="100%" rx="6" fill="${background}"/>`,
	];
}

function screenLines(screen: string): string[] {
	return screen.replace(/\n+$/, '').split('\n');
}

export function ansiToSvg(screen: string, options: {readonly columns: number; readonly title?: string}): string {
	const lines = screenLines(screen);
	const out = [...header(lines.length, options), ...screenElements(lines)];
	out.push('</svg>');
	return out.filter(Boolean).join('\n') + '\n';
}

/**
Screens of one session as an animated SVG: each shown for `seconds` in turn, then again from the first (SMIL, which browsers play in an `<img>`, as GitHub shows a readme's images).
*/
export function ansiFramesToSvg(screens: readonly string[], options: {readonly columns: number; readonly title?: string; readonly seconds: number}): string {
	const frames = screens.map(screen => screenLines(screen));
	const rows = Math.max(...frames.map(lines => lines.length));
	const total = frames.length * options.seconds;
	const out = header(rows, options);
	for (const [index, lines] of frames.entries()) {
		const values = frames.map((_, other) => (other === index ? '1' : '0')).join(';');
		const keyTimes = frames.map((_, other) => (other / frames.length).toFixed(4)).join(';');
		out.push(`<g opacity="${index === 0 ? 1 : 0}"><animate attributeName="opacity" calcMode="discrete" values="${values}" keyTimes="${keyTimes}" dur="${total}s" repeatCount="indefinite"/>`, ...screenElements(lines), '</g>');
	}

	out.push('</svg>');
	return out.filter(Boolean).join('\n') + '\n';
}

function screenElements(lines: readonly string[]): string[] {
	const out: string[] = [];
	let style: Style = {};
	for (const [row, line] of lines.entries()) {
		const y = padding + (row * lineHeight);
		let column = 0;
		const parts = line.split(/(\u001B\[[\d;]*m)/);
		for (const part of parts) {
			const sgr = /^\u001B\[([\d;]*)m$/.exec(part);
			if (sgr) {
				style = applySgr(style, (sgr[1] === '' ? '0' : sgr[1]!).split(';').map(Number));
				continue;
			}

			// eslint-disable-next-line no-control-regex
			const text = part.replaceAll(/\u001B\[[^a-zA-Z]*[a-zA-Z]/g, '');
			if (text === '') {
				continue;
			}

			const length = [...text].length;
			const x = padding + (column * cellWidth);
			let fg = style.fg ?? foreground;
			let bg = style.bg;
			if (style.inverse) {
				[fg, bg] = [bg ?? background, fg];
			}

			if (bg) {
				out.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(length * cellWidth).toFixed(1)}" height="${lineHeight}" fill="${bg}"/>`);
			}

			if (text.trim() !== '') {
				const attributes = [
					`x="${x.toFixed(1)}"`, `y="${y + 14}"`, `fill="${fg}"`, `textLength="${(length * cellWidth).toFixed(1)}"`, 'lengthAdjust="spacingAndGlyphs"', 'xml:space="preserve"',
					style.bold ? 'font-weight="bold"' : '', style.dim ? 'opacity="0.6"' : '', style.italic ? 'font-style="italic"' : '', style.underline ? 'text-decoration="underline"' : '',
				].filter(Boolean).join(' ');
				out.push(`<text ${attributes}>${escapeXml(text)}</text>`);
			}

			column += length;
		}
	}

	return out;
}
