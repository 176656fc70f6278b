import {type Block, type Body, type Expression, blocksOf, definitionRange, findAttribute} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {formatRangeShort, type Range} from '../hcl/position.js';
import {checkLabels, declared} from './blocks/common.js';
import {readLocals} from './blocks/local.js';
import {readProvider, readProviderReference} from './blocks/provider.js';
import {readVariable} from './blocks/variable.js';
import {jsonQueryItems} from './json-blocks.js';
import type {LanguageRules} from './language.js';
import type {LocalValue, ProviderBlock, ProviderReference, VariableBlock} from './module.js';

/*
Terraform 1.14's query files (`*.tfquery.hcl`, `*.tfquery.json`): `list "TYPE" "NAME"` blocks, which `terraform query` runs to list existing infrastructure through a provider, and the `variable`, `locals` and `provider` blocks beside them. Read and checked as hashicorp/terraform v1.16 internal/configs/query_file.go does (loadQueryFile, decodeQueryListBlock, queryFileSchema, QueryListResourceBlockSchema), with its words; merged into the module as internal/configs/module.go appendQueryFile merges them. tfscope reads them and never runs a query.
*/

/**
A `list "TYPE" "NAME"` block of a query file.
*/
export type ListBlock = {
	readonly kind: 'list';
	readonly type: string;
	readonly name: string;
	/**
	`list.TYPE.NAME`, as references and Terraform's addresses (internal/addrs/resource.go, ListResourceMode) name it.
	*/
	readonly key: string;
	readonly count?: Expression;
	readonly forEach?: Expression;
	/**
	Required: Terraform reports a list block without one and drops it.
	*/
	readonly provider: ProviderReference;
	/**
	`include_resource = BOOL`: whether the listed objects come with their full resource object (default false).
	*/
	readonly includeResource?: Expression;
	/**
	`limit = NUMBER`: how many objects at most (default 100, internal/terraform/eval_query.go defaultQueryLimit).
	*/
	readonly limit?: Expression;
	/**
	The `config` block's body: the list resource type's filter arguments (the provider's list schema).
	*/
	readonly config?: Body;
	readonly block: Block;
	readonly range: Range;
};

/**
What one query file declares.
*/
export type QueryFileContents = {
	readonly lists: readonly ListBlock[];
	readonly variables: readonly VariableBlock[];
	readonly locals: readonly LocalValue[];
	readonly providers: readonly ProviderBlock[];
};

export const queryFileExtensions = ['.tfquery.hcl', '.tfquery.json'] as const;

export function isQueryFile(name: string): boolean {
	return queryFileExtensions.some(extension => name.endsWith(extension));
}

/**
The block types and their labels a query file may have (queryFileSchema).
*/
const queryFileBlocks: Readonly<Record<string, readonly string[]>> = {
	list: ['type', 'name'],
	provider: ['name'],
	locals: [],
	variable: ['name'],
};

/**
The list block's own arguments (QueryListResourceBlockSchema); the rest of its body is the list resource's (the `config` block).
*/
export const listMetaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'include_resource', 'limit']);

// hclsyntax.ValidIdentifier, and Terraform's badIdentifierDetail (internal/configs/config.go).
const identifierPattern = /^[A-Za-z_][\w-]*$/;
const badIdentifierDetail = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.';

/**
Reads the top-level items of one parsed query file.
*/
export function readQueryFile(body: Body, diagnostics: Diagnostic[], rules: LanguageRules): QueryFileContents {
	const lists: ListBlock[] = [];
	const variables: VariableBlock[] = [];
	const locals: LocalValue[] = [];
	const providers: ProviderBlock[] = [];
	// The list blocks seen in this file by type and name, for its own duplicate check.
	const seen = new Map<string, Range>();
	for (const item of body.syntax === 'json' ? jsonQueryItems(body, diagnostics) : body.items) {
		// As hcl's Body.Content reports what the schema does not have.
		if (item.kind === 'Attribute') {
			diagnostics.push(errorDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected here.`, item.nameRange));
			continue;
		}

		const labels = queryFileBlocks[item.type];
		if (!labels) {
			diagnostics.push(errorDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected here.`, item.typeRange));
			continue;
		}

		if (!checkLabels(item, labels, diagnostics)) {
			continue;
		}

		switch (item.type) {
			case 'list': {
				const errors = diagnostics.length;
				const list = readListBlock(item, diagnostics, rules);
				const hasErrors = diagnostics.slice(errors).some(diagnostic => diagnostic.severity === 'error');
				if (list && !hasErrors) {
					lists.push(list);
				}

				// Checked even for a block with errors, and the block is kept though it is a duplicate: module.go reports it again as a duplicate of the module.
				const key = `${item.labels[0]!}.${item.labels[1]!}`;
				const previous = seen.get(key);
				if (previous) {
					diagnostics.push(errorDiagnostic('Duplicate "list" block names', `This query file already has a list block named ${key} defined at ${formatRangeShort(previous)}.`, definitionRange(item)));
				} else {
					seen.set(key, definitionRange(item));
				}

				break;
			}

			case 'provider': {
				const provider = readProvider(item, diagnostics, rules);
				if (provider) {
					providers.push(provider);
				}

				break;
			}

			case 'variable': {
				const variable = readVariable(item, diagnostics, rules);
				if (variable) {
					variables.push(variable);
				}

				break;
			}

			default: {
				locals.push(...readLocals(item, diagnostics));
			}
		}
	}

	return {
		lists, variables, locals, providers,
	};
}

/**
One `list` block (decodeQueryListBlock): `provider` required, `count`/`for_each`, `include_resource`, `limit`, at most one `config` block, nothing else. Undefined when it has no usable provider reference.
*/
function readListBlock(block: Block, diagnostics: Diagnostic[], rules: LanguageRules): ListBlock | undefined {
	const [type, name] = block.labels as [string, string];
	const definition = definitionRange(block);
	const providerAttribute = findAttribute(block.body, 'provider');
	let provider: ProviderReference | undefined;
	if (providerAttribute) {
		provider = readProviderReference(providerAttribute.expression, diagnostics, rules);
	} else {
		diagnostics.push(errorDiagnostic('Missing "provider" attribute', 'You must specify a provider attribute when defining a list block.', definition));
	}

	if (!identifierPattern.test(name)) {
		diagnostics.push(errorDiagnostic('Invalid list block name', badIdentifierDetail, definition));
	}

	const count = findAttribute(block.body, 'count');
	const forEach = findAttribute(block.body, 'for_each');
	if (count && forEach) {
		diagnostics.push(errorDiagnostic('Invalid combination of "count" and "for_each"', 'The "count" and "for_each" meta-arguments are mutually-exclusive.', forEach.nameRange));
	}

	for (const item of block.body.items) {
		if (item.kind === 'Attribute' && !listMetaArguments.has(item.name)) {
			diagnostics.push(errorDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected here.`, item.nameRange));
		} else if (item.kind === 'Block' && item.type !== 'config') {
			diagnostics.push(errorDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected here.`, item.typeRange));
		} else if (item.kind === 'Block') {
			checkLabels(item, [], diagnostics);
		}
	}

	const configs = blocksOf(block.body, 'config');
	for (const extra of configs.slice(1)) {
		diagnostics.push(errorDiagnostic('Duplicate config block', 'A list block must contain only one nested "config" block.', definitionRange(extra)));
	}

	if (!provider) {
		return undefined;
	}

	const includeResource = findAttribute(block.body, 'include_resource');
	const limit = findAttribute(block.body, 'limit');
	return declared<ListBlock>(block, {
		kind: 'list',
		type,
		name,
		key: `list.${type}.${name}`,
		...(count && {count: count.expression}),
		...(forEach && {forEach: forEach.expression}),
		provider,
		...(includeResource && {includeResource: includeResource.expression}),
		...(limit && {limit: limit.expression}),
		...(configs[0] && {config: configs[0].body}),
		block,
	});
}

/**
A module's query files merged into it (appendQueryFile): provider configurations, variables and local values join the module's (a name declared twice is an error), list blocks are keyed `list.TYPE.NAME` (a second one of a type and name is an error).
*/
export type MergedQueryFiles = {
	readonly lists: ReadonlyMap<string, ListBlock>;
	readonly variables: Map<string, VariableBlock>;
	readonly locals: Map<string, LocalValue>;
	readonly providers: ProviderBlock[];
};

export function mergeQueryFiles(files: readonly QueryFileContents[], module: {readonly variables: ReadonlyMap<string, VariableBlock>; readonly locals: ReadonlyMap<string, LocalValue>; readonly providers: readonly ProviderBlock[]}, diagnostics: Diagnostic[]): MergedQueryFiles {
	const variables = new Map(module.variables);
	const locals = new Map(module.locals);
	const providers = [...module.providers];
	const lists = new Map<string, ListBlock>();
	for (const file of files) {
		for (const provider of file.providers) {
			const existing = providers.find(candidate => candidate.name === provider.name && candidate.alias === provider.alias);
			if (existing) {
				diagnostics.push(errorDiagnostic('Duplicate provider configuration', existing.alias === undefined
					? `A default (non-aliased) provider configuration for "${existing.name}" was already given at ${formatRangeShort(definitionRange(existing.block))}. If multiple configurations are required, set the "alias" argument for alternative configurations.`
					: `A provider configuration for "${existing.name}" with alias "${existing.alias}" was already given at ${formatRangeShort(definitionRange(existing.block))}. Each configuration for the same provider must have a distinct alias.`, definitionRange(provider.block)));
				continue;
			}

			providers.push(provider);
		}

		for (const variable of file.variables) {
			const existing = variables.get(variable.name);
			if (existing) {
				diagnostics.push(errorDiagnostic('Duplicate variable declaration', `A variable named "${variable.name}" was already declared at ${formatRangeShort(definitionRange(existing.block))}. Variable names must be unique within a module.`, definitionRange(variable.block)));
			}

			variables.set(variable.name, variable);
		}

		for (const local of file.locals) {
			const existing = locals.get(local.name);
			if (existing) {
				diagnostics.push(errorDiagnostic('Duplicate local value definition', `A local value named "${local.name}" was already defined at ${formatRangeShort(existing.attribute.range)}. Local value names must be unique within a module.`, local.attribute.range));
			}

			locals.set(local.name, local);
		}

		for (const list of file.lists) {
			const existing = lists.get(list.key);
			if (existing) {
				diagnostics.push(errorDiagnostic(`Duplicate list "${existing.type}" configuration`, `A ${existing.type} list named "${existing.name}" was already declared at ${formatRangeShort(definitionRange(existing.block))}. List names must be unique per type in each module.`, definitionRange(list.block)));
				continue;
			}

			lists.set(list.key, list);
		}
	}

	return {
		lists, variables, locals, providers,
	};
}
