import type {Attribute, Block, Body} from '../hcl/ast.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import {jsonBlocks} from '../hcl/index.js';

/*
JSON syntax needs a schema to tell blocks from arguments: the parser gives JSON bodies as attributes only, and this file turns the ones Terraform's schema says are blocks (top-level block types, `lifecycle`, `validation`, `dynamic`, ...) into blocks, recursively. Provider-defined nested blocks stay attributes holding objects, since no provider schema is known.
*/

const topLevelLabels: Readonly<Record<string, number>> = {
	resource: 2, data: 2, variable: 1, output: 1, module: 1, provider: 1, check: 1, locals: 0, terraform: 0, moved: 0, import: 0, removed: 0, ephemeral: 2, action: 2,
};

const nestedLabels: Readonly<Record<string, Readonly<Record<string, number>>>> = {
	variable: {validation: 0},
	output: {precondition: 0},
	resource: {lifecycle: 0, provisioner: 1, connection: 0, dynamic: 1},
	data: {lifecycle: 0, dynamic: 1},
	ephemeral: {lifecycle: 0, dynamic: 1},
	lifecycle: {precondition: 0, postcondition: 0, action_trigger: 0},
	// Terraform 1.14+ (internal/configs/action.go's schema).
	action: {config: 0},
	provisioner: {connection: 0},
	check: {assert: 0, data: 2},
	terraform: {required_providers: 0, backend: 1, cloud: 0},
	dynamic: {content: 0},
	removed: {lifecycle: 0, provisioner: 1, connection: 0},
	// Query files (.tfquery.json): a list block's filter.
	list: {config: 0},
};

function convertBody(body: Body, type: string, diagnostics: Diagnostic[]): Body {
	const schema = nestedLabels[type];
	if (body.syntax !== 'json' || !schema) {
		return body;
	}

	const items = itemsAsBlocks(body.items, schema, diagnostics);
	return {...body, items};
}

/**
The top-level blocks of a JSON configuration body; properties that are not block types stay attributes (and get the loader's diagnostic).
*/
export function jsonTopLevelItems(body: Body, diagnostics: Diagnostic[]): Array<Attribute | Block> {
	return itemsAsBlocks(body.items, topLevelLabels, diagnostics);
}

/**
The top-level blocks of a JSON query file (`.tfquery.json`, config/query-file.ts).
*/
export function jsonQueryItems(body: Body, diagnostics: Diagnostic[]): Array<Attribute | Block> {
	return itemsAsBlocks(body.items, queryTopLevelLabels, diagnostics);
}

const queryTopLevelLabels: Readonly<Record<string, number>> = {
	list: 2, provider: 1, variable: 1, locals: 0,
};

/**
The items with every attribute that `schema` names a block type turned into blocks (with that many labels), their bodies converted in turn; other items unchanged.
*/
function itemsAsBlocks(bodyItems: Body['items'], schema: Readonly<Record<string, number>>, diagnostics: Diagnostic[]): Array<Attribute | Block> {
	const items: Array<Attribute | Block> = [];
	for (const item of bodyItems) {
		const labels = item.kind === 'Attribute' ? schema[item.name] : undefined;
		if (item.kind === 'Attribute' && labels !== undefined) {
			const result = jsonBlocks(item, labels);
			diagnostics.push(...result.diagnostics);
			items.push(...result.value.map(block => ({...block, body: convertBody(block.body, block.type, diagnostics)})));
		} else {
			items.push(item);
		}
	}

	return items;
}
