import {formatRangeShort} from '../hcl/position.js';
import type {AttributeChange, WorkspaceDiff} from './compare.js';
import {changeKind, oneLineValue, summarise} from './summary.js';

/*
The diff as JSON, for scripts. The shape is documented in the readme and kept stable: fields are only ever added (`format_version` changes if one has to change).
*/

export type Side = {readonly description: string; readonly directory: string; readonly commit?: string};

function attributeJson(attribute: AttributeChange): Record<string, unknown> {
	return {
		name: attribute.name,
		kind: attribute.kind,
		...(attribute.before !== undefined && {before: oneLineValue(attribute.before)}),
		...(attribute.after !== undefined && {after: oneLineValue(attribute.after)}),
	};
}

export function diffJson(diff: WorkspaceDiff, sides: {readonly from: Side; readonly to: Side}): Record<string, unknown> {
	return {
		format_version: '1',
		from: sides.from,
		to: sides.to,
		summary: summarise(diff),
		resource_changes: diff.changes.map(change => ({
			address: change.address,
			...(change.previousAddress !== undefined && {previous_address: change.previousAddress}),
			kind: changeKind(change),
			action: change.action,
			type: change.type,
			module: change.moduleInstance,
			...(change.move && {move: {implied: change.move.implied, from: change.move.from, to: change.move.to, ...(change.move.range && {declared_at: formatRangeShort(change.move.range)}), ...(change.move.acrossTypes && {across_types: {supported: change.move.acrossTypes.supported ?? null}})}}),
			...(change.importing && {importing: {...(change.importing.id !== undefined && {id: change.importing.id}), declared_at: formatRangeShort(change.importing.range)}}),
			...(change.reason && {reason: change.reason}),
			...(change.removedBlock && {removed_block: formatRangeShort(change.removedBlock)}),
			attributes: change.attributes.map(attribute => attributeJson(attribute)),
		})),
		unchanged: diff.unchanged,
		module_instances: diff.moduleInstances,
		expansion_changes: diff.expansions.map(expansion => ({
			address: expansion.address,
			kind: expansion.kind,
			before: expansion.before,
			after: expansion.after,
			added_keys: expansion.addedKeys,
			removed_keys: expansion.removedKeys,
			became_unknown: expansion.becameUnknown,
		})),
		suspected_renames: diff.renames.map(rename => ({
			scope: rename.scope, from: rename.from, to: rename.to, similarity: Math.round(rename.similarity * 100) / 100, instances: rename.instances, moved_block: rename.movedBlock,
		})),
		undetermined: diff.undetermined,
		blocked_moves: diff.blockedMoves,
		cyclic_moves: diff.cyclicMoves,
	};
}
