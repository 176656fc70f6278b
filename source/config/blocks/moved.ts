import type {Block} from '../../hcl/ast.js';
import type {Diagnostic} from '../../hcl/diagnostics.js';
import type {MovedBlock, RemovedBlock} from '../module.js';
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
	return {
		kind: 'removed', ...(from && {from}), block, range: block.range,
	};
}
