import {type Attribute, type Block, findAttribute} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import type {ModuleCall, ProviderReference} from '../module.js';
import {literalString} from '../static.js';
import {checkLabels, readDependsOn} from './common.js';
import {readProviderReference} from './provider.js';

const metaArguments = new Set(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

export function readModuleCall(block: Block, diagnostics: Diagnostic[]): ModuleCall | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	const sourceAttribute = findAttribute(block.body, 'source');
	const source = literalString(sourceAttribute?.expression);
	if (!sourceAttribute) {
		diagnostics.push(errorDiagnostic('Missing required argument', 'The argument "source" is required, but no definition was found.', block.typeRange, block.range));
	} else if (source === undefined) {
		diagnostics.push(errorDiagnostic('Invalid module source', 'The module source must be a literal string.', sourceAttribute.expression.range, block.range));
	}

	const count = findAttribute(block.body, 'count');
	const forEach = findAttribute(block.body, 'for_each');
	if (count && forEach) {
		diagnostics.push(errorDiagnostic('Invalid combination of "count" and "for_each"', 'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.', forEach.nameRange, block.range));
	}

	const providers: Array<{child: ProviderReference; parent: ProviderReference}> = [];
	const providersAttribute = findAttribute(block.body, 'providers');
	if (providersAttribute) {
		if (providersAttribute.expression.kind === 'Object') {
			for (const item of providersAttribute.expression.items) {
				const child = readProviderReference(item.key.kind === 'Parenthesized' ? item.key.expression : item.key, diagnostics);
				const parent = readProviderReference(item.value, diagnostics);
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
		} else {
			diagnostics.push(warningDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected in a module block.`, item.typeRange, block.range));
		}
	}

	const version = literalString(findAttribute(block.body, 'version')?.expression);
	return {
		kind: 'module',
		name: block.labels[0]!,
		...(source !== undefined && {source}),
		...(sourceAttribute && {sourceRange: sourceAttribute.expression.range}),
		...(version !== undefined && {version}),
		...(count && {count: count.expression}),
		...(forEach && {forEach: forEach.expression}),
		dependsOn: readDependsOn(block.body, diagnostics),
		providers,
		inputs,
		block,
		range: block.range,
	};
}
