import type {Details} from './explorer-data.js';
import {highlightLine, type Segment} from './highlight.js';
import {sanitizeLine} from './sanitize.js';

/*
The Details pane as lines of styled segments, built once per selection so scrolling only slices.
*/

export type LineStyle = Segment['style'] | 'title' | 'label' | 'unknown' | 'sensitive' | 'error' | 'dim';

export type StyledSegment = {readonly text: string; readonly style?: LineStyle};
export type StyledLine = readonly StyledSegment[];

function plain(text: string, style?: LineStyle): StyledLine {
	return [{text: sanitizeLine(text), ...(style && {style})}];
}

function valueLines(name: string, value: string, style?: LineStyle): StyledLine[] {
	const [first = '', ...rest] = value.split('\n');
	return [
		[{text: sanitizeLine(name), style: 'label'}, {text: ' = '}, {text: sanitizeLine(first), ...(style && {style})}],
		...rest.map(line => [{text: '  ' + sanitizeLine(line), ...(style && {style})}]),
	];
}

/**
Adjacent segments of the same style as one: each segment is a text node Ink lays out and draws on every frame, and a source line is mostly unstyled words and spaces.
*/
export function mergeSegments(segments: readonly StyledSegment[]): StyledSegment[] {
	const merged: StyledSegment[] = [];
	for (const segment of segments) {
		const last = merged.at(-1);
		if (last && last.style === segment.style) {
			merged[merged.length - 1] = {...last, text: last.text + segment.text};
		} else {
			merged.push(segment);
		}
	}

	return merged;
}

export function detailLines(details: Details): StyledLine[] {
	const lines: StyledLine[] = [plain(details.address === '' ? 'root module' : details.address, 'title')];
	const kind = details.kind === 'module-instance' ? 'module instance' : details.kind;
	lines.push(plain(details.location ? `${kind} · ${details.location.filename}:${details.location.line}` : kind, 'dim'));

	const {expansion, instance} = details;
	if (expansion) {
		lines.push([]);
		const meta = expansion.mode === 'count' || expansion.mode === 'enabled' ? expansion.mode : 'for_each';
		lines.push(...valueLines(meta, expansion.source));
		if (expansion.unknownReason === undefined) {
			lines.push(...valueLines('  value', expansion.value));
			lines.push([{text: '  instances ', style: 'label'}, {text: sanitizeLine(expansion.keys.length === 0 ? '(none)' : expansion.keys.join(', '))}]);
		} else {
			lines.push([{text: '  known after apply: ', style: 'unknown'}, {text: sanitizeLine(expansion.unknownReason)}]);
		}
	}

	if (instance) {
		lines.push([{text: `instance ${instance.index + 1} of ${instance.total}`, style: 'title'}, {text: '  ←/→ step', style: 'dim'}]);
		for (const binding of instance.bindings) {
			lines.push(...valueLines(binding.name, binding.value));
		}
	}

	if (details.attributes.length > 0) {
		lines.push([], plain('Arguments', 'title'));
		for (const attribute of details.attributes) {
			if (attribute.error !== undefined) {
				lines.push([{text: sanitizeLine(attribute.name), style: 'label'}, {text: ' ✖ ', style: 'error'}, {text: sanitizeLine(attribute.error), style: 'error'}]);
				continue;
			}

			const style: LineStyle | undefined = attribute.sensitive ? 'sensitive' : (attribute.unknown ? 'unknown' : undefined);
			lines.push(...valueLines(attribute.name, attribute.value, style));
		}
	}

	if (details.source) {
		lines.push([], plain('Source', 'title'));
		const width = String(details.source.firstLine + details.source.text.split('\n').length).length;
		for (const [offset, line] of details.source.text.split('\n').entries()) {
			lines.push([{text: String(details.source.firstLine + offset).padStart(width) + ' ', style: 'dim'}, ...mergeSegments(highlightLine(line))]);
		}
	}

	return lines;
}
