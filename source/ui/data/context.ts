import path from 'node:path';
import type {InstanceTree} from '../../expand/instance-tree.js';
import {isSensitive, type Value} from '../../lang/values.js';
import type {Workspace} from '../../workspace.js';
import type {AttributeRow} from '../explorer-data.js';
import type {Formatting} from './formatting.js';

/*
What every view's data module reads of one Workspace: its sources, its instance tree (read when first needed), the value printer, and the list of values whose evaluation threw.
*/

export type DataContext = {
	readonly workspace: Workspace;
	readonly sources: ReadonlyMap<string, string>;
	/**
	The instance tree, read when first needed, not when the data is made: a Workspace still expanding in the background (see loadExplorerData) makes the rest of its instances at once when they are read, by the same walk, so every answer is the one a finished expansion gives.
	*/
	readonly tree: () => InstanceTree;
	readonly formatting: Formatting;
	/** A value as a Details row. */
	readonly attribute: (name: string, value: Value | undefined) => AttributeRow;
	/** A file name relative to the configuration, so it is not cut off at 80 columns. */
	readonly relativeFilename: (filename: string) => string;
	/** Values whose evaluation threw (a bug, not a diagnostic): the diagnostics view says what failed. */
	readonly failures: string[];
};

export function createContext(workspace: Workspace, formatting: Formatting): DataContext {
	const {formatValue} = formatting;
	return {
		workspace,
		sources: workspace.sources,
		tree: () => workspace.instances,
		formatting,
		attribute: (name, value) => (value === undefined
			? {name, value: 'null', unknown: false, sensitive: false, error: 'no value'}
			: {name, value: formatValue(value), unknown: value.kind === 'unknown', sensitive: isSensitive(value)}),
		relativeFilename(filename) {
			const relative = path.relative(path.resolve(workspace.directory), path.resolve(filename));
			return relative === '' || relative.startsWith('..') ? filename : relative;
		},
		failures: [],
	};
}
