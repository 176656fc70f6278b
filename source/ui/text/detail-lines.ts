import type {Details} from '../explorer-data.js';
import {highlightLine, type Segment} from './highlight.js';
import {sanitizeLine} from './sanitize.js';

/*
The Details pane as lines of styled segments, built once per selection so scrolling only slices.
*/

export type LineStyle = Segment['style'] | 'title' | 'label' | 'unknown' | 'sensitive' | 'error' | 'dim';

export type StyledSegment = {
	readonly text: string;
	readonly style?: LineStyle;
	/** Cut in the middle when the line is too wide (an address, an instance key), rather than at the end. */
	readonly cut?: 'middle';
};
export type StyledLine = readonly StyledSegment[];

function plain(text: string, style?: LineStyle): StyledLine {
	return [{text: sanitizeLine(text), ...(style && {style})}];
}

/** A value longer than this many lines is folded (unless the selection is unfolded)... */
const foldAbove = 12;
/** ...to its first lines and a line saying how many more there are. */
const foldedLines = 8;

export type DetailOptions = {
	/** List the schema attributes the configuration leaves unset (`u` in Details); otherwise one line counts them. */
	readonly showUnset?: boolean;
	/** Show every value in full (Enter in Details); otherwise long values are folded. */
	readonly unfolded?: boolean;
};

function moreLine(hidden: number): StyledLine {
	return [{text: `  … ${hidden} more lines`, style: 'dim'}, {text: ' (Enter shows all)', style: 'dim'}];
}

/**
The first `count` lines of a text and how many lines it has, without splitting all of it (a folded value of thousands of lines is read up to its eighth line, then only counted).
*/
function leadingLines(text: string, count: number): {lines: string[]; total: number} {
	const lines: string[] = [];
	let start = 0;
	while (lines.length < count) {
		const end = text.indexOf('\n', start);
		if (end === -1) {
			lines.push(text.slice(start));
			return {lines, total: lines.length};
		}

		lines.push(text.slice(start, end));
		start = end + 1;
	}

	return {lines, total: lines.length + linesFrom(text, start)};
}

function valueLines(name: string, value: string, style: LineStyle | undefined, options: DetailOptions): StyledLine[] {
	const {lines: all, total} = options.unfolded === true ? {lines: value.split('\n'), total: 0} : leadingLines(value, foldAbove + 1);
	const folded = options.unfolded !== true && total > foldAbove;
	const [first = '', ...rest] = folded ? all.slice(0, foldedLines) : all;
	return [
		[{text: sanitizeLine(name), style: 'label'}, {text: ' = '}, {text: sanitizeLine(first), ...(style && {style})}],
		...rest.map(line => [{text: '  ' + sanitizeLine(line), ...(style && {style})}]),
		...(folded ? [moreLine(total - foldedLines)] : []),
	];
}

// Every instance of a block shows the block's for_each value folded to its line count: counted once, not on every step (22,541 lines on enterprise-scale).
let counted: {readonly text: string; readonly lines: number} | undefined;

function countLines(text: string): number {
	if (counted?.text === text) {
		return counted.lines;
	}

	const lines = linesFrom(text, 0);
	counted = {text, lines};
	return lines;
}

/** Lines of a text from an offset (a line break ends one; what follows the last is one more). */
function linesFrom(text: string, start: number): number {
	let lines = 1;
	for (let at = text.indexOf('\n', start); at !== -1; at = text.indexOf('\n', at + 1)) {
		lines++;
	}

	return lines;
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

/**
A line range of Details the cursor can rest on (↑/↓ when Details is focused): an argument, an instance's `each.*`/`count.index`, the block's `count`/`for_each`, one of the unknowns behind it. `w` traces it, `A` writes an assumption for it.
*/
export type DetailTarget = {
	/** Stays the same from one instance to the next (`argument:tags`), so stepping keeps the cursor on the same argument. */
	readonly key: string;
	readonly kind: 'argument' | 'binding' | 'expansion' | 'cause';
	/** The argument or binding name (`tags`, `each.value`, `var.region`), the meta-argument (`for_each`), or the cause's address. */
	readonly name: string;
	readonly unknown: boolean;
	/** First and last line (inclusive). */
	readonly first: number;
	readonly last: number;
};

export type DetailView = {readonly lines: readonly StyledLine[]; readonly targets: readonly DetailTarget[]};

/**
The Details pane: what is selected (for an instance: its key and `each.*`/`count.index` first, then its arguments), then the block's `count`/`for_each` (for an instance, folded to one line: stepping through instances changes the top of the pane, not line 20,000), then the source.
*/
export function detailLines(details: Details, options: DetailOptions = {}): StyledLine[] {
	return [...detailView(details, options).lines];
}

/**
The Details lines and the targets of the cursor in them.
*/
export function detailView(details: Details, options: DetailOptions = {}): DetailView {
	const targets: DetailTarget[] = [];
	const lines: StyledLine[] = [[{text: sanitizeLine(details.address === '' ? 'root module' : details.address), style: 'title', cut: 'middle'}]];
	const kind = details.kind === 'module-instance' ? 'module instance' : details.kind;
	lines.push(plain(details.location ? `${kind} · ${details.location.filename}:${details.location.line}` : kind, 'dim'));

	if (details.change) {
		// `--diff`, `--plan`: what the change does here, before the rest.
		lines.push([...(details.change.mark === '' ? [] : [{text: `${details.change.mark} `, style: 'title' as const}]), {text: sanitizeLine(details.change.summary), style: 'title'}]);
		lines.push(...details.change.lines.map(line => plain(`  ${line}`)));
	}

	if (details.failedChecks && details.failedChecks.length > 0) {
		lines.push([{text: 'Failed checks (plan)', style: 'error'}]);
		lines.push(...details.failedChecks.map(message => [{text: '  ✖ ', style: 'error' as const}, {text: sanitizeLine(message)}]));
	}

	if (details.unavailable) {
		const {unavailable} = details;
		lines.push([{text: `Module ${unavailable.label}`, style: 'error'}]);
		lines.push(plain(`  source ${unavailable.source === '' ? '(not a literal)' : unavailable.source}${unavailable.version === undefined ? '' : `, version ${unavailable.version}`}`));
		lines.push(plain(`  ${unavailable.label === 'not installed' ? 'terraform init (tofu init) fetches it; until then its contents are unknown' : unavailable.reason}`, 'dim'));
	}

	const {expansion, instance} = details;
	if (instance?.placeholder) {
		lines.push([{text: 'placeholder [*]', style: 'title'}, {text: ' any number of instances', style: 'unknown'}]);
	} else if (instance) {
		lines.push([{text: `instance ${instance.index + 1} of ${instance.total}`, style: 'title'}, {text: '  ←/→ step', style: 'dim'}]);
		for (const binding of instance.bindings) {
			const bindingLines = valueLines(binding.name, binding.value, undefined, options);
			targets.push({key: `binding:${binding.name}`, kind: 'binding', name: binding.name, unknown: binding.value === '(known after apply)', first: lines.length, last: lines.length + bindingLines.length - 1});
			// A one-line key (`each.key`) keeps its distinguishing end in view.
			lines.push(...(bindingLines.length === 1 ? bindingLines.map(line => line.map((segment, index) => (index === 2 ? {...segment, cut: 'middle' as const} : segment))) : bindingLines));
		}
	}

	if (expansion) {
		// An instance's for_each is the block's, folded to one line; a block's is what the block is about.
		lines.push(...(instance ? [] : [[]]));
		const first = lines.length;
		const shown = expansionLines(expansion, instance?.total, options);
		// The meta-argument's lines up to the first unknown behind it; each unknown is a target of its own.
		const causeAt = shown.findIndex(line => line[0]?.text === '  because of ');
		targets.push({key: 'expansion', kind: 'expansion', name: expansion.meta ?? (expansion.mode === 'count' || expansion.mode === 'enabled' ? expansion.mode : 'for_each'), unknown: expansion.unknownReason !== undefined, first, last: first + (causeAt === -1 ? shown.length : causeAt) - 1});
		for (const [index, cause] of (expansion.causes ?? []).entries()) {
			const at = first + causeAt + (index * 2);
			targets.push({key: `cause:${cause.address}`, kind: 'cause', name: cause.address, unknown: true, first: at, last: at + 1});
		}

		lines.push(...shown);
	}

	if (details.attributes.length > 0) {
		lines.push([], plain('Arguments', 'title'));
		const unset = details.attributes.filter(attribute => attribute.unset).length;
		for (const attribute of details.attributes) {
			if (attribute.unset && !options.showUnset) {
				continue;
			}

			const first = lines.length;
			if (attribute.error !== undefined) {
				targets.push({key: `argument:${attribute.name}`, kind: 'argument', name: attribute.name, unknown: false, first, last: first});
				lines.push([{text: sanitizeLine(attribute.name), style: 'label'}, {text: ' ✖ ', style: 'error'}, {text: sanitizeLine(attribute.error), style: 'error'}]);
				continue;
			}

			const style: LineStyle | undefined = attribute.unset ? 'dim' : (attribute.sensitive ? 'sensitive' : (attribute.unknown ? 'unknown' : undefined));
			lines.push(...valueLines(attribute.name, attribute.value, style, options));
			targets.push({key: `argument:${attribute.name}`, kind: 'argument', name: attribute.name, unknown: attribute.unknown, first, last: lines.length - 1});
		}

		if (unset > 0 && !options.showUnset) {
			lines.push(plain(`${unset} unset attribute${unset === 1 ? '' : 's'} of the schema (u: show)`, 'dim'));
		}
	}

	if (details.assumed && details.assumed.length > 0) {
		lines.push([], plain('Assumed', 'title'));
		for (const assumption of details.assumed) {
			lines.push([{text: sanitizeLine(assumption.address), style: 'label'}, {text: ' = '}, {text: sanitizeLine(assumption.expression.replaceAll('\n', ' '))}, {text: `  (${sanitizeLine(assumption.source)})`, style: 'dim'}]);
		}
	}

	if (details.source) {
		lines.push([], plain('Source', 'title'));
		const sourceLines = details.source.text.split('\n');
		const width = String(details.source.firstLine + sourceLines.length).length;
		for (const [offset, line] of sourceLines.entries()) {
			lines.push([{text: String(details.source.firstLine + offset).padStart(width) + ' ', style: 'dim'}, ...mergeSegments(highlightLine(line))]);
		}
	}

	return {lines, targets};
}

const causeWhen: Readonly<Record<NonNullable<NonNullable<Details['expansion']>['causes']>[number]['when'], string>> = {
	plan: 'read at plan',
	apply: 'known after apply',
	variable: 'has no value',
	expression: 'is unknown',
};

/**
A block's `count`/`for_each`: its expression, its value and its instance keys. Under an instance (`total` given) the value is one summary line unless unfolded.
*/
function expansionLines(expansion: NonNullable<Details['expansion']>, total: number | undefined, options: DetailOptions): StyledLine[] {
	const meta = expansion.meta ?? (expansion.mode === 'count' || expansion.mode === 'enabled' ? expansion.mode : 'for_each');
	const lines = valueLines(meta, expansion.source, undefined, options);
	if (expansion.unknownReason !== undefined) {
		lines.push([{text: '  not known: ', style: 'unknown'}, {text: sanitizeLine(expansion.unknownReason)}]);
		for (const cause of expansion.causes ?? []) {
			lines.push([{text: '  because of ', style: 'dim'}, {text: sanitizeLine(cause.address), style: 'unknown', cut: 'middle'}], [{text: `    ${causeWhen[cause.when]}${cause.where === '' ? '' : ` (${sanitizeLine(cause.where)})`}`, style: 'dim'}]);
		}

		if (expansion.causes?.some(cause => cause.when !== 'variable' && cause.when !== 'expression')) {
			lines.push([{text: '  a: pin it with an assumption', style: 'dim'}]);
		}

		lines.push([{text: '  w: why, the whole trace (with -target and -exclude)', style: 'dim'}]);
		return lines;
	}

	const folded = total !== undefined && options.unfolded !== true;
	const valueLineCount = folded ? countLines(expansion.value) : 0;
	if (valueLineCount > 1) {
		lines.push([{text: '  value', style: 'label'}, {text: ` ▸ ${valueLineCount} lines`, style: 'dim'}, {text: ' (Enter shows all)', style: 'dim'}]);
	} else {
		lines.push(...valueLines('  value', expansion.value, undefined, options));
	}

	// Under an instance the keys are the block's (the instance's own is above): listed only on Enter, so a step does not rebuild and measure one line of every key of the block.
	if (folded && expansion.keys.length > 1) {
		lines.push([{text: `  instances (${expansion.keys.length})`, style: 'label'}, {text: ' ▸ keys', style: 'dim'}, {text: ' (Enter shows all)', style: 'dim'}]);
		return lines;
	}

	const keys = expansion.keys.map(key => (expansion.mode === 'count' ? `[${key}]` : key));
	lines.push([{text: `  instances (${keys.length}) `, style: 'label'}, {text: sanitizeLine(keys.length === 0 ? 'none' : keys.join(', '))}]);
	return lines;
}
