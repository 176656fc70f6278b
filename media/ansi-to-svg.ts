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

			// Box-drawing characters are drawn as lines from edge to edge of their cells, so borders join across rows (a font's glyphs leave a gap where the line is taller than the font).
			for (const run of text.split(boxRuns)) {
				if (run === '') {
					continue;
				}

				const length = [...run].length;
				const x = padding + (column * cellWidth);
				let fg = style.fg ?? foreground;
				let bg = style.bg;
				if (style.inverse) {
					[fg, bg] = [bg ?? background, fg];
				}

				if (bg) {
					out.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(length * cellWidth).toFixed(1)}" height="${lineHeight}" fill="${bg}"/>`);
				}

				if (boxRuns.test(run)) {
					const path = [...run].map((character, index) => boxPath(character, x + (index * cellWidth), y)).join('');
					out.push(`<path d="${path}" stroke="${fg}" stroke-width="1.2" fill="none"${style.dim ? ' opacity="0.6"' : ''}/>`);
				} else if (run.trim() !== '') {
					const attributes = [
						`x="${x.toFixed(1)}"`, `y="${y + 14}"`, `fill="${fg}"`, `textLength="${(length * cellWidth).toFixed(1)}"`, 'lengthAdjust="spacingAndGlyphs"', 'xml:space="preserve"',
						style.bold ? 'font-weight="bold"' : '', style.dim ? 'opacity="0.6"' : '', style.italic ? 'font-style="italic"' : '', style.underline ? 'text-decoration="underline"' : '',
					].filter(Boolean).join(' ');
					out.push(`<text ${attributes}>${escapeXml(run)}</text>`);
				}

				column += length;
			}
		}
	}

	return out;
}


// The box-drawing characters Ink's borders use (single and double), as the sides of its cell each one joins: up, right, down, left.
const boxSides: Record<string, {readonly sides: string; readonly double: boolean}> = {
	'─': {sides: 'rl', double: false}, '│': {sides: 'ud', double: false}, '┌': {sides: 'rd', double: false}, '┐': {sides: 'ld', double: false},
	'└': {sides: 'ur', double: false}, '┘': {sides: 'ul', double: false}, '├': {sides: 'udr', double: false}, '┤': {sides: 'udl', double: false},
	'┬': {sides: 'rld', double: false}, '┴': {sides: 'url', double: false}, '┼': {sides: 'udrl', double: false},
	'═': {sides: 'rl', double: true}, '║': {sides: 'ud', double: true}, '╔': {sides: 'rd', double: true}, '╗': {sides: 'ld', double: true},
	'╚': {sides: 'ur', double: true}, '╝': {sides: 'ul', double: true},
};
const boxRuns = new RegExp(`([${Object.keys(boxSides).join('')}]+)`);
// Half the gap between the two lines of a double border.
const doubleGap = 1.6;

function point(x: number, y: number): string {
	return `${x.toFixed(1)} ${y.toFixed(1)}`;
}

/** The SVG path of one box-drawing character in the cell at (x, y). */
function boxPath(character: string, x: number, y: number): string {
	const box = boxSides[character];
	if (!box) {
		return '';
	}

	const centre = {x: x + (cellWidth / 2), y: y + (lineHeight / 2)};
	const edge = {u: y, d: y + lineHeight, l: x, r: x + cellWidth};
	const {sides} = box;
	const horizontal = sides.includes('l') && sides.includes('r');
	const vertical = sides.includes('u') && sides.includes('d');
	if (!box.double) {
		if (sides.length === 2 && !horizontal && !vertical) {
			// A corner: one line bent at the centre.
			const across = sides.includes('l') ? edge.l : edge.r;
			const along = sides.includes('u') ? edge.u : edge.d;
			return `M${point(across, centre.y)}L${point(centre.x, centre.y)}L${point(centre.x, along)}`;
		}

		return [...sides].map(side => (side === 'u' || side === 'd' ? `M${point(centre.x, centre.y)}L${point(centre.x, edge[side])}` : `M${point(centre.x, centre.y)}L${point(edge[side as 'l' | 'r'], centre.y)}`)).join('');
	}

	if (horizontal) {
		return `M${point(edge.l, centre.y - doubleGap)}L${point(edge.r, centre.y - doubleGap)}M${point(edge.l, centre.y + doubleGap)}L${point(edge.r, centre.y + doubleGap)}`;
	}

	if (vertical) {
		return `M${point(centre.x - doubleGap, edge.u)}L${point(centre.x - doubleGap, edge.d)}M${point(centre.x + doubleGap, edge.u)}L${point(centre.x + doubleGap, edge.d)}`;
	}

	// A double corner: the outer line and the inner one, each bent once.
	const dx = sides.includes('r') ? 1 : -1;
	const dy = sides.includes('d') ? 1 : -1;
	const across = dx === 1 ? edge.r : edge.l;
	const along = dy === 1 ? edge.d : edge.u;
	return [-1, 1].map(offset => `M${point(across, centre.y + (offset * dy * doubleGap))}L${point(centre.x + (offset * dx * doubleGap), centre.y + (offset * dy * doubleGap))}L${point(centre.x + (offset * dx * doubleGap), along)}`).join('');
}
