import {type Block, findAttribute} from '../../hcl/ast.js';
import type {Diagnostic} from '../../hcl/diagnostics.js';
import type {ImportBlock} from '../module.js';
import {attributeExpression, checkLabels, checkSchema} from './common.js';
import {readProviderReference} from './provider.js';

export function readImport(block: Block, diagnostics: Diagnostic[]): ImportBlock {
	checkLabels(block, [], diagnostics);
	checkSchema(block, {attributes: ['to', 'id', 'identity', 'for_each', 'provider'], blocks: []}, diagnostics);
	const to = attributeExpression(block.body, 'to');
	const id = attributeExpression(block.body, 'id');
	const forEach = attributeExpression(block.body, 'for_each');
	const providerAttribute = findAttribute(block.body, 'provider');
	const provider = providerAttribute ? readProviderReference(providerAttribute.expression, diagnostics) : undefined;
	return {
		kind: 'import', ...(to && {to}), ...(id && {id}), ...(forEach && {forEach}), ...(provider && {provider}), block, range: block.range,
	};
}
