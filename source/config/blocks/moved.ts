import type {Block} from '../../hcl/ast.js';
import type {Diagnostic} from '../../hcl/diagnostics.js';
import type {MovedBlock, RemovedBlock} from '../module.js';
import {literalBool} from '../static.js';
import {attributeExpression, checkLabels, checkSchema} from './common.js';

export function readMoved(block: Block, diagnostics: Diagnostic[]): MovedBlock {
	checkLabels(block, [], diagnostics);
	checkSchema(block, {attributes: ['from', 'to'], blocks: []}, diagnostics);
	const from = attributeExpression(block.body, 'from');
	const to = attributeExpression(block.body, 'to');
	return {
		kind: 'moved', ...(from && {from}), ...(to && {to}), block, range: block.range,
	};
}

export function readRemoved(block: Block, diagnostics: Diagnostic[]): RemovedBlock {
	checkLabels(block, [], diagnostics);
	checkSchema(block, {attributes: ['from'], blocks: ['lifecycle', 'provisioner', 'connection']}, diagnostics);
	const from = attributeExpression(block.body, 'from');
	// `lifecycle { destroy = false }` forgets the object instead of destroying it (Terraform 1.7+).
	const lifecycle = block.body.items.find((item): item is Block => item.kind === 'Block' && item.type === 'lifecycle');
	const destroy = lifecycle ? literalBool(attributeExpression(lifecycle.body, 'destroy')) ?? true : true;
	return {
		kind: 'removed', ...(from && {from}), destroy, block, range: block.range,
	};
}
