import type {Block} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import {type LanguageRules, terraformRules} from '../language.js';
import type {OutputBlock} from '../module.js';
import {literalString} from '../static.js';
import {
	attributeExpression, checkLabels, checkName, checkSchema, declared, readConditions, readDependsOn, readDeprecated, readFlag,
} from './common.js';

export function readOutput(block: Block, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): OutputBlock | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	if (!checkName(block, 'Invalid output name', diagnostics)) {
		return undefined;
	}

	checkSchema(block, {attributes: ['value', 'description', 'sensitive', 'ephemeral', 'depends_on'], blocks: ['precondition']}, diagnostics, {place: 'output', rules});
	const deprecated = rules.deprecations ? readDeprecated(block, 'Invalid `deprecated` attribute', 'output value', diagnostics, rules) : undefined;
	const typeExpression = rules.outputTypes ? attributeExpression(block.body, 'type') : undefined;
	const value = attributeExpression(block.body, 'value');
	if (!value) {
		diagnostics.push(errorDiagnostic('Missing required argument', 'The argument "value" is required, but no definition was found.', block.range));
	}

	const description = literalString(attributeExpression(block.body, 'description'));
	return declared<OutputBlock>(block, {
		kind: 'output',
		name: block.labels[0]!,
		...(value && {value}),
		...(description !== undefined && {description}),
		...(deprecated !== undefined && {deprecated: deprecated.message, deprecatedRange: deprecated.range}),
		...(typeExpression && {typeExpression}),
		sensitive: readFlag(block.body, 'sensitive', false, diagnostics),
		ephemeral: readFlag(block.body, 'ephemeral', false, diagnostics),
		dependsOn: readDependsOn(block.body, diagnostics),
		preconditions: readConditions(block.body, 'precondition', diagnostics),
		block,
	});
}
