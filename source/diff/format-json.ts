import {formatRangeShort} from '../hcl/position.js';
import {jsonFormatVersion} from '../json-format.js';
import type {AttributeChange, WorkspaceDiff} from './compare.js';
import {changeKind, oneLineValue, summarise} from './summary.js';

/*
The diff as JSON, for scripts: documented in docs/json.md, described by schemas/json/diff.schema.json, versioned by `format_version` (json-format.ts). Every row of a kind has the same keys: one with nothing to say is null.
*/

export type Side = {readonly description: string; readonly directory: string; readonly commit?: string};

function attributeJson(attribute: AttributeChange): Record<string, unknown> {
	return {
		name: attribute.name,
		kind: attribute.kind,
		before: attribute.before === undefined ? null : oneLineValue(attribute.before),
		after: attribute.after === undefined ? null : oneLineValue(attribute.after),
	};
}

export function diffJson(diff: WorkspaceDiff, sides: {readonly from: Side; readonly to: Side}): Record<string, unknown> {
	return {
		format_version: jsonFormatVersion,
		from: sides.from,
		to: sides.to,
		summary: summarise(diff),
		resource_changes: diff.changes.map(change => ({
			address: change.address,
			previous_address: change.previousAddress ?? null,
			kind: changeKind(change),
			action: change.action,
			type: change.type,
			module: change.moduleInstance,
			move: change.move ? {implied: change.move.implied, from: change.move.from, to: change.move.to, declared_at: change.move.range ? formatRangeShort(change.move.range) : null, across_types: change.move.acrossTypes ? {supported: change.move.acrossTypes.supported ?? null} : null} : null,
			importing: change.importing ? {id: change.importing.id ?? null, declared_at: formatRangeShort(change.importing.range)} : null,
			reason: change.reason ?? null,
			removed_block: change.removedBlock ? formatRangeShort(change.removedBlock) : null,
			attributes: change.attributes.map(attribute => attributeJson(attribute)),
		})),
		unchanged: diff.unchanged,
		module_instances: diff.moduleInstances.map(change => ({address: change.address, action: change.action, from: change.from ?? null})),
		expansion_changes: diff.expansions.map(expansion => ({
			address: expansion.address,
			kind: expansion.kind,
			before: expansion.before ?? null,
			after: expansion.after ?? null,
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
		// Named as the plan JSON's action_invocations (hashicorp/terraform v1.16 internal/command/jsonplan/action_invocations.go).
		action_invocations: diff.invocations.map(invocation => ({
			address: invocation.action,
			triggering_resource_address: invocation.trigger,
			action_trigger_event: invocation.event,
			action_trigger_block_index: invocation.blockIndex,
			actions_list_index: invocation.listIndex,
			on_failure: invocation.onFailure ?? null,
			conditional: invocation.conditional,
		})),
		block_changes: diff.blockChanges.map(block => ({
			address: block.address, kind: block.kind, change: block.change, attributes: block.attributes.map(attribute => attributeJson(attribute)),
		})),
	};
}
