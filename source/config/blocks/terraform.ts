import {type Block, type Body, blocksOf, findAttribute} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import {traversalsOf} from '../../lang/references.js';
import {type LanguageRules, terraformRules} from '../language.js';
import type {RequiredProvider, TerraformSettings} from '../module.js';
import {literalString} from '../static.js';
import {checkSchema} from './common.js';

/**
The settings of every `terraform` block of a module, combined.
*/
export function readTerraformSettings(blocks: readonly Block[], diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): TerraformSettings {
	const requiredVersion: string[] = [];
	const requiredProviders: RequiredProvider[] = [];
	let backend: TerraformSettings['backend'];
	let cloud: TerraformSettings['cloud'];
	for (const block of blocks) {
		checkSchema(block, {attributes: ['required_version', 'experiments', 'language'], blocks: ['required_providers', 'backend', 'cloud', 'provider_meta']}, diagnostics, {place: 'terraform', rules});
		const version = literalString(findAttribute(block.body, 'required_version')?.expression);
		if (version !== undefined) {
			requiredVersion.push(version);
		}

		for (const providers of blocksOf(block.body, 'required_providers')) {
			for (const item of providers.body.items) {
				if (item.kind !== 'Attribute') {
					continue;
				}

				const expression = item.expression;
				let source: string | undefined;
				let versionConstraint: string | undefined;
				if (expression.kind === 'Object') {
					for (const entry of expression.items) {
						const key = entry.key.kind === 'Variable' ? entry.key.name : literalString(entry.key);
						if (key === 'source') {
							source = literalString(entry.value);
						} else if (key === 'version') {
							versionConstraint = literalString(entry.value);
						}
					}
				} else {
					// The legacy form: `aws = "~> 5.0"`.
					versionConstraint = literalString(expression);
				}

				requiredProviders.push({
					name: item.name, ...(source !== undefined && {source}), ...(versionConstraint !== undefined && {version: versionConstraint}), range: item.range,
				});
			}
		}

		const backendBlock = blocksOf(block.body, 'backend')[0];
		if (backendBlock) {
			backend = {type: backendBlock.labels[0] ?? '', range: backendBlock.range};
			// OpenTofu evaluates the backend statically (expand/static-evaluation.ts); Terraform's init decodes it with no variables at all.
			if (!rules.staticSettings) {
				referencesNotAllowed(backendBlock.body, diagnostics);
			}
		}

		const cloudBlock = blocksOf(block.body, 'cloud')[0];
		if (cloudBlock) {
			cloud = {range: cloudBlock.range};
		}
	}

	return {
		requiredVersion, requiredProviders, ...(backend && {backend}), ...(cloud && {cloud}), blocks,
	};
}

/**
Terraform's `terraform init` decodes a backend block without an evaluation context: each reference is HCL's "Variables not allowed".
*/
function referencesNotAllowed(body: Body, diagnostics: Diagnostic[]): void {
	for (const item of body.items) {
		if (item.kind === 'Block') {
			referencesNotAllowed(item.body, diagnostics);
			continue;
		}

		for (const traversal of traversalsOf(item.expression)) {
			diagnostics.push(errorDiagnostic('Variables not allowed', 'Variables may not be used here.', traversal.range));
		}
	}
}
