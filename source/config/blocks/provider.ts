import {type Block, type Expression, findAttribute} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import {type LanguageRules, terraformRules} from '../language.js';
import {checkVersionedConstructs} from '../language-constructs.js';
import type {ProviderBlock, ProviderReference} from '../module.js';
import {literalString, traversalText} from '../static.js';
import {attributeExpression, checkLabels} from './common.js';

export function readProvider(block: Block, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): ProviderBlock | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	const aliasExpression = attributeExpression(block.body, 'alias');
	const alias = literalString(aliasExpression) ?? traversalText(aliasExpression);
	if (aliasExpression && alias === undefined) {
		diagnostics.push(errorDiagnostic('Invalid provider alias', 'The alias must be a literal name.', aliasExpression.range));
	}

	// OpenTofu 1.9: instances of an aliased provider configuration (internal/configs/provider.go decodeProviderBlock).
	const forEach = rules.providerForEach ? findAttribute(block.body, 'for_each') : undefined;
	if (forEach && aliasExpression === undefined) {
		diagnostics.push(errorDiagnostic('Alias required when using "for_each"', 'The for_each argument is allowed only for provider configurations with an alias.', forEach.expression.range));
	}

	// Provider arguments belong to the provider's own schema: not checked, but for the names the language reserves.
	checkVersionedConstructs(block.body, 'provider', rules, diagnostics, block.range);
	return {
		kind: 'provider', name: block.labels[0]!, ...(alias !== undefined && {alias}), ...(forEach && {forEach: forEach.expression}), block, range: block.range,
	};
}

/**
`aws` or `aws.west` (also quoted, as in JSON syntax); in OpenTofu also `aws.west[KEY]`, an instance of a provider configuration with `for_each`, whose key expression is evaluated per resource or module instance.
*/
export function readProviderReference(expression: Expression, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): ProviderReference | undefined {
	if (rules.providerForEach && expression.kind === 'Index') {
		const base = readProviderReference(expression.collection, diagnostics);
		if (base && base.alias === undefined) {
			diagnostics.push(errorDiagnostic('Invalid provider configuration reference', 'Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]', expression.range));
			return undefined;
		}

		return base && {...base, key: expression.key, range: expression.range};
	}

	const text = traversalText(expression);
	const match = text === undefined ? undefined : /^([A-Za-z][\w-]*)(?:\.([A-Za-z][\w-]*))?$/.exec(text);
	if (!match) {
		diagnostics.push(errorDiagnostic('Invalid provider reference', 'A provider reference must be a provider local name with an optional alias, like "aws.west".', expression.range));
		return undefined;
	}

	return {name: match[1]!, ...(match[2] !== undefined && {alias: match[2]}), range: expression.range};
}
