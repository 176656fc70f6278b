import type {Range} from '../../hcl/position.js';
import type {Expansion} from '../../expand/expansion.js';
import type {ModuleInstance} from '../../expand/instance-tree.js';
import type {ResourceMode} from '../../config/module.js';
import type {BlockKind, Details, ExpansionMode, ModuleUnavailable} from '../explorer-data.js';

/*
Small helpers every view's data uses: words, addresses, memoising, the expansion mode and block kind as the panes name them, the source text of a block.
*/

export function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** An address inside a module instance (`''` is the root). */
export function join(prefix: string, name: string): string {
	return prefix === '' ? name : `${prefix}.${name}`;
}

export function memoizeByKey<T>(compute: (key: string) => T): (key: string) => T {
	const cache = new Map<string, T>();
	return key => {
		if (cache.has(key)) {
			return cache.get(key)!;
		}

		const value = compute(key);
		cache.set(key, value);
		return value;
	};
}

export function expansionMode(expansion: Expansion): ExpansionMode {
	switch (expansion.mode) {
		case 'single':
		case 'count':
		case 'for_each':
		case 'enabled': {
			return expansion.mode;
		}

		case 'unknown':
		case 'invalid': {
			return 'unknown';
		}
	}
}

/** Managed resources, data sources and ephemeral resources (`ephemeral.TYPE.NAME`, Terraform 1.10+) each have their group. */
export function resourceKind(mode: ResourceMode): BlockKind {
	switch (mode) {
		case 'managed': {
			return 'resource';
		}

		case 'data': {
			return 'data';
		}

		case 'ephemeral': {
			return 'ephemeral';
		}
	}
}

export function sourceText(sources: ReadonlyMap<string, string>, range: Range | undefined): string | undefined {
	if (!range) {
		return undefined;
	}

	return sources.get(range.filename)?.slice(range.start.offset, range.end.offset);
}

const sourceLineLimit = 80;

export function blockSource(sources: ReadonlyMap<string, string>, range: Range | undefined): Details['source'] {
	const file = range ? sources.get(range.filename) : undefined;
	if (file === undefined || !range) {
		return undefined;
	}

	// From the start of the first line, so the first line keeps its indentation (a local inside `locals {}`) and lines up with the rest.
	const text = file.slice(file.lastIndexOf('\n', range.start.offset - 1) + 1, range.end.offset);

	const lines = text.split('\n');
	const shown = lines.length > sourceLineLimit ? [...lines.slice(0, sourceLineLimit), `… ${lines.length - sourceLineLimit} more lines`] : lines;
	return {text: shown.join('\n'), firstLine: range.start.line};
}

// A module whose files could not be read: the tree and Details say so, with what `terraform init` would fetch.
export function unavailableOf(instance: ModuleInstance): ModuleUnavailable | undefined {
	const {source, call} = instance.node;
	if (source.kind !== 'unresolved') {
		return undefined;
	}

	const label = /not installed/.test(source.reason) ? 'not installed' : 'not loaded';
	return {label, reason: source.reason, source: source.source, ...(call?.version !== undefined && {version: call.version})};
}
