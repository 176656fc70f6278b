import type {Block} from '../../hcl/ast.js';
import {type Diagnostic} from '../../hcl/diagnostics.js';
import {type LanguageRules, terraformRules} from '../language.js';
import type {VariableBlock} from '../module.js';
import {literalString} from '../static.js';
import {
	attributeExpression, checkLabels, checkName, checkSchema, declared, readConditions, readDeprecated, readFlag,
} from './common.js';

const reservedNames = new Set(['source', 'version', 'providers', 'count', 'for_each', 'lifecycle', 'depends_on', 'locals']);

export function readVariable(block: Block, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): VariableBlock | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	if (!checkName(block, 'Invalid variable name', diagnostics)) {
		return undefined;
	}

	const name = block.labels[0]!;
	if (reservedNames.has(name)) {
		diagnostics.push({
			severity: 'error', summary: 'Invalid variable name', detail: `The variable name "${name}" is reserved due to its special meaning inside module blocks.`, subject: block.labelRanges[0], context: block.range,
		});
	}

	checkSchema(block, {attributes: ['type', 'default', 'description', 'sensitive', 'nullable', 'ephemeral', ...(rules.deprecations ? ['deprecated'] : [])], blocks: ['validation']}, diagnostics);
	const deprecated = rules.deprecations ? readDeprecated(block, 'Invalid `deprecated` value', 'variable', diagnostics) : undefined;
	const typeExpression = attributeExpression(block.body, 'type');
	const defaultExpression = attributeExpression(block.body, 'default');
	const description = literalString(attributeExpression(block.body, 'description'));
	return declared<VariableBlock>(block, {
		kind: 'variable',
		name,
		...(typeExpression && {typeExpression}),
		...(defaultExpression && {default: defaultExpression}),
		...(description !== undefined && {description}),
		...(deprecated !== undefined && {deprecated}),
		sensitive: readFlag(block.body, 'sensitive', false, diagnostics),
		nullable: readFlag(block.body, 'nullable', true, diagnostics),
		ephemeral: readFlag(block.body, 'ephemeral', false, diagnostics),
		validations: readConditions(block.body, 'validation', diagnostics),
		block,
	});
}
