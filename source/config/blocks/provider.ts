import type {Block, Expression} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {ProviderBlock, ProviderReference} from '../module.js';
import {literalString, traversalText} from '../static.js';
import {attributeExpression, checkLabels} from './common.js';

export function readProvider(block: Block, diagnostics: Diagnostic[]): ProviderBlock | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	const aliasExpression = attributeExpression(block.body, 'alias');
	const alias = literalString(aliasExpression) ?? traversalText(aliasExpression);
	if (aliasExpression && alias === undefined) {
		diagnostics.push(errorDiagnostic('Invalid provider alias', 'The alias must be a literal name.', aliasExpression.range));
	}

	// Provider arguments belong to the provider's own schema: not checked.
	return {
		kind: 'provider', name: block.labels[0]!, ...(alias !== undefined && {alias}), block, range: block.range,
	};
}

/**
`aws` or `aws.west` (also quoted, as in JSON syntax).
*/
export function readProviderReference(expression: Expression, diagnostics: Diagnostic[]): ProviderReference | undefined {
	const text = traversalText(expression);
	const match = text === undefined ? undefined : /^([A-Za-z][\w-]*)(?:\.([A-Za-z][\w-]*))?$/.exec(text);
	if (!match) {
		diagnostics.push(errorDiagnostic('Invalid provider reference', 'A provider reference must be a provider local name with an optional alias, like "aws.west".', expression.range));
		return undefined;
	}

	return {name: match[1]!, ...(match[2] !== undefined && {alias: match[2]}), range: expression.range};
}
