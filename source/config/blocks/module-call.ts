import {
	type Attribute, type Block, blocksOf, findAttribute,
} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import {type LanguageRules, terraformRules} from '../language.js';
import {isVersionedConstruct, rejectedConstruct} from '../language-constructs.js';
import type {ModuleCall, ProviderReference} from '../module.js';
import {literalString} from '../static.js';
import {checkLabels, checkName, checkRepetition, declared, readDependsOn} from './common.js';
import {readProviderReference} from './provider.js';

const metaArguments = new Set(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

export function readModuleCall(block: Block, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): ModuleCall | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	if (!checkName(block, 'Invalid module instance name', diagnostics)) {
		return undefined;
	}

	// OpenTofu and Terraform 1.15+ evaluate a source that is not a literal before loading the module it names.
	const evaluatedSources = rules.staticModuleSources || rules.initModuleSources;
	const sourceAttribute = findAttribute(block.body, 'source');
	const source = literalString(sourceAttribute?.expression);
	if (!sourceAttribute) {
		diagnostics.push(errorDiagnostic('Missing required argument', 'The argument "source" is required, but no definition was found.', block.typeRange, block.range));
	} else if (source === undefined && !evaluatedSources) {
		diagnostics.push(errorDiagnostic('Invalid module source', 'The module source must be a literal string.', sourceAttribute.expression.range, block.range));
	}

	const count = findAttribute(block.body, 'count');
	const forEach = findAttribute(block.body, 'for_each');
	// OpenTofu's module lifecycle block holds only `enabled` (internal/configs/module_call.go moduleLifecycleBlockSchema).
	const lifecycle = rules.lifecycleEnabled ? blocksOf(block.body, 'lifecycle') : [];
	if (lifecycle.length > 1) {
		diagnostics.push(errorDiagnostic('Duplicate lifecycle block', `This module call already has a lifecycle block at ${lifecycle[0]!.typeRange.filename}:${lifecycle[0]!.typeRange.start.line}.`, lifecycle[1]!.typeRange, block.range));
	}

	const enabled = lifecycle[0] ? findAttribute(lifecycle[0].body, 'enabled') : undefined;
	for (const item of lifecycle[0]?.body.items ?? []) {
		if (item.kind !== 'Attribute' || item.name !== 'enabled') {
			diagnostics.push(errorDiagnostic(item.kind === 'Attribute' ? 'Unsupported argument' : 'Unsupported block type', `${item.kind === 'Attribute' ? `An argument named "${item.name}"` : `Blocks of type "${item.type}"`} ${item.kind === 'Attribute' ? 'is' : 'are'} not expected here.`, item.kind === 'Attribute' ? item.nameRange : item.typeRange, lifecycle[0]!.range));
		}
	}

	checkRepetition({count, forEach, enabled}, 'module instances', block, diagnostics, rules);

	const providers: Array<{child: ProviderReference; parent: ProviderReference}> = [];
	const providersAttribute = findAttribute(block.body, 'providers');
	if (providersAttribute) {
		if (providersAttribute.expression.kind === 'Object') {
			for (const item of providersAttribute.expression.items) {
				const child = readProviderReference(item.key.kind === 'Parenthesized' ? item.key.expression : item.key, diagnostics);
				const parent = readProviderReference(item.value, diagnostics, rules);
				if (child && parent) {
					providers.push({child, parent});
				}
			}
		} else {
			diagnostics.push(errorDiagnostic('Invalid providers argument', 'The providers argument must be a map from provider names in the child module to provider references in this module.', providersAttribute.expression.range, block.range));
		}
	}

	const inputs: Attribute[] = [];
	for (const item of block.body.items) {
		if (item.kind === 'Attribute') {
			if (!metaArguments.has(item.name)) {
				inputs.push(item);
			}
		} else if (isVersionedConstruct('module', item)) {
			const rejected = rejectedConstruct(rules, 'module', item, block.range);
			if (rejected) {
				diagnostics.push(rejected);
			}
		} else {
			diagnostics.push(warningDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected in a module block.`, item.typeRange, block.range));
		}
	}

	const versionAttribute = findAttribute(block.body, 'version');
	const version = literalString(versionAttribute?.expression);
	const dynamicSource = evaluatedSources && sourceAttribute && source === undefined ? sourceAttribute.expression : undefined;
	const dynamicVersion = evaluatedSources && versionAttribute && version === undefined ? versionAttribute.expression : undefined;
	return declared<ModuleCall>(block, {
		kind: 'module',
		name: block.labels[0]!,
		...(source !== undefined && {source}),
		...(dynamicSource && {sourceExpression: dynamicSource}),
		...(version !== undefined && {version}),
		...(dynamicVersion && {versionExpression: dynamicVersion}),
		...(count && {count: count.expression}),
		...(forEach && {forEach: forEach.expression}),
		...(enabled && {enabled: enabled.expression}),
		dependsOn: readDependsOn(block.body, diagnostics),
		providers,
		inputs,
		block,
	});
}
