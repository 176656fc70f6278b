import {type Block, definitionRange} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
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

	checkSchema(block, {attributes: ['type', 'default', 'description', 'sensitive', 'nullable', 'ephemeral'], blocks: ['validation']}, diagnostics, {place: 'variable', rules});
	const deprecated = rules.deprecations ? readDeprecated(block, 'Invalid `deprecated` value', 'variable', diagnostics, rules) : undefined;
	const sensitive = readFlag(block.body, 'sensitive', false, diagnostics);
	const ephemeral = readFlag(block.body, 'ephemeral', false, diagnostics);
	const constant = rules.constVariables && readFlag(block.body, 'const', false, diagnostics);
	if (constant) {
		constConflicts(block, {sensitive, ephemeral}, diagnostics);
	}

	const typeExpression = attributeExpression(block.body, 'type');
	const defaultExpression = attributeExpression(block.body, 'default');
	const description = literalString(attributeExpression(block.body, 'description'));
	return declared<VariableBlock>(block, {
		kind: 'variable',
		name,
		...(typeExpression && {typeExpression}),
		...(defaultExpression && {default: defaultExpression}),
		...(description !== undefined && {description}),
		...(deprecated !== undefined && {deprecated: deprecated.message, deprecatedRange: deprecated.range}),
		const: constant,
		sensitive,
		nullable: readFlag(block.body, 'nullable', true, diagnostics),
		ephemeral,
		validations: readConditions(block.body, 'validation', diagnostics),
		block,
	});
}

/**
A `const` variable's value is read when the configuration is loaded, so it can be neither sensitive nor ephemeral: Terraform's and OpenTofu's errors alike (internal/configs/named_values.go), at the block's header.
*/
function constConflicts(block: Block, flags: {readonly sensitive: boolean; readonly ephemeral: boolean}, diagnostics: Diagnostic[]): void {
	for (const flag of ['sensitive', 'ephemeral'] as const) {
		if (flags[flag]) {
			diagnostics.push(errorDiagnostic(`Const variable cannot be ${flag}`, `A variable that is marked as "const" cannot also be marked as "${flag}".`, definitionRange(block)));
		}
	}
}
