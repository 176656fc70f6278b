import {type Block, type Body, definitionRange} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import {jsonBlocks} from '../hcl/index.js';
import {formatRangeShort} from '../hcl/position.js';
import type {Range} from '../hcl/position.js';
import type {Type} from '../lang/types.js';
import type {AttributeSchema, BlockSchema, NestedBlockSchema} from './types.js';

/*
What `terraform validate` finds in a body from its schema alone, with HCL's and Terraform's wording and ranges (in JSON syntax too, where the schema decides which properties are blocks, and an unknown property is "Extraneous JSON object property"): arguments and block types the schema does not have, required arguments and blocks missing, and more blocks of a type than it allows. `dynamic` blocks count as an unknown number of blocks (no limit is checked for their type) and their `content` is checked as a block of their type.
*/

/**
Problems in a block's body (its `{` is where a missing argument is reported); `skip` names what is not the schema's (meta-arguments).
*/
export function validateBlockBody(block: Block, schema: BlockSchema, skip?: ReadonlySet<string>, options: ValidateOptions = {}): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	validateBody(block.body, missingRangeOf(block), schema, skip, diagnostics, options);
	return diagnostics;
}

export type ValidateOptions = {
	/**
	Accept `name = {...}` (or a list of objects) for a nested block type: the bundled digests cannot tell a block from a nested attribute (the CDK for Terraform packages describe a provider's nested attributes, such as the helm provider's `kubernetes = {...}`, as blocks), so both forms are taken and neither is reported. Likewise a block may be written for an attribute the digest types as any.
	*/
	readonly blocksAsAttributes?: boolean;
};

/**
Where a missing argument or block is reported: the `{` of a native block, the `}` of a JSON object (hcl's json body MissingItemRange).
*/
function missingRangeOf(block: Block): Range {
	return block.body.syntax === 'json' ? jsonCloseRange(block.body.range) : block.openBraceRange;
}

function jsonCloseRange(range: Range): Range {
	const {end} = range;
	return {filename: range.filename, start: {line: end.line, column: Math.max(1, end.column - 1), offset: Math.max(0, end.offset - 1)}, end};
}

function validateBody(body: Body, missingItemRange: Range, schema: BlockSchema, skip: ReadonlySet<string> | undefined, diagnostics: Diagnostic[], options: ValidateOptions): void {
	const defined = new Set<string>();
	const blocksByType = new Map<string, Block[]>();
	const dynamicTypes = new Set<string>();
	const addBlock = (type: string, block: Block) => {
		let list = blocksByType.get(type);
		if (!list) {
			list = [];
			blocksByType.set(type, list);
		}

		list.push(block);
	};

	for (const item of body.items) {
		if (item.kind === 'Attribute' && body.syntax === 'json' && !skip?.has(item.name) && !schema.attributes.has(item.name)) {
			// JSON has only properties: the schema says which are blocks (hcl's json decoder), each an object or an array of objects (a map block's keyed by label).
			const nested = schema.blockTypes.get(item.name);
			if (nested) {
				const blocks = jsonBlocks(item, nested.mode === 'map' ? 1 : 0);
				diagnostics.push(...blocks.diagnostics);
				for (const block of blocks.value) {
					addBlock(item.name, block);
					validateBody(block.body, jsonCloseRange(block.body.range), nested.block, undefined, diagnostics, options);
				}

				continue;
			}

			const candidates = [...schema.attributes.keys(), ...schema.blockTypes.keys()].filter(name => !body.items.some(other => other.kind === 'Attribute' && other.name === name)).sort();
			const suggestion = nameSuggestion(item.name, candidates);
			diagnostics.push(errorDiagnostic('Extraneous JSON object property', `No argument or block type is named ${JSON.stringify(item.name)}.${suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`}`, item.nameRange));
			continue;
		}

		if (item.kind === 'Attribute') {
			if (skip?.has(item.name)) {
				continue;
			}

			defined.add(item.name);
			if (options.blocksAsAttributes && schema.blockTypes.has(item.name)) {
				// Its content is not checked, and it counts as however many blocks it holds.
				dynamicTypes.add(item.name);
				continue;
			}

			if (!schema.attributes.has(item.name)) {
				const candidates = [...schema.attributes.keys()].filter(name => !body.items.some(other => other.kind === 'Attribute' && other.name === name)).sort();
				const suggestion = nameSuggestion(item.name, candidates);
				const hint = suggestion === undefined ? (schema.blockTypes.has(item.name) ? ` Did you mean to define a block of type ${JSON.stringify(item.name)}?` : '') : ` Did you mean ${JSON.stringify(suggestion)}?`;
				diagnostics.push(errorDiagnostic('Unsupported argument', `An argument named ${JSON.stringify(item.name)} is not expected here.${hint}`, item.nameRange));
			}

			continue;
		}

		if (skip?.has(item.type)) {
			continue;
		}

		const type = item.type === 'dynamic' ? item.labels[0] : item.type;
		if (type === undefined) {
			continue;
		}

		const nested = nestedSchema(schema, type);
		if (!nested && options.blocksAsAttributes && schema.attributes.get(type)?.type.kind === 'dynamic') {
			// A digest attribute of type any stands for a nested block the CDK package did not describe (azurerm's provider `features { resource_group {...} }`): its content cannot be checked.
			continue;
		}

		if (!nested) {
			const candidates = [...schema.blockTypes.keys()].sort();
			const suggestion = nameSuggestion(type, candidates);
			const hint = suggestion === undefined ? (schema.attributes.has(type) ? ` Did you mean to define argument ${JSON.stringify(type)}? If so, use the equals sign to assign it a value.` : '') : ` Did you mean ${JSON.stringify(suggestion)}?`;
			diagnostics.push(errorDiagnostic('Unsupported block type', `Blocks of type ${JSON.stringify(type)} are not expected here.${hint}`, item.kind === 'Block' && item.type === 'dynamic' ? item.labelRanges[0] ?? item.typeRange : item.typeRange));
			continue;
		}

		if (item.type === 'dynamic') {
			dynamicTypes.add(type);
			const content = item.body.items.find((inner): inner is Block => inner.kind === 'Block' && inner.type === 'content');
			if (content) {
				validateBody(content.body, missingRangeOf(content), nested.block, undefined, diagnostics, options);
			}

			continue;
		}

		addBlock(type, item);
		validateBody(item.body, missingRangeOf(item), nested.block, undefined, diagnostics, options);
	}

	for (const [name, attribute] of schema.attributes) {
		if (attribute.required && !defined.has(name) && !blocksByType.has(name) && !dynamicTypes.has(name)) {
			diagnostics.push(errorDiagnostic('Missing required argument', `The argument ${JSON.stringify(name)} is required, but no definition was found.`, missingItemRange));
		}
	}

	for (const [type, nested] of schema.blockTypes) {
		if (dynamicTypes.has(type)) {
			continue;
		}

		checkCount(type, nested, blocksByType.get(type) ?? [], missingItemRange, diagnostics);
	}
}

/**
The schema of a block type, or of an attribute of type list or set of objects written as blocks (Terraform's blocktoattr), whose objects' attributes are all optional.
*/
function nestedSchema(schema: BlockSchema, type: string): NestedBlockSchema | undefined {
	const nested = schema.blockTypes.get(type);
	if (nested) {
		return nested;
	}

	const attribute = schema.attributes.get(type);
	return attribute ? blocksOfAttribute(attribute) : undefined;
}

const attributeBlocks = new WeakMap<AttributeSchema, NestedBlockSchema | undefined>();

function blocksOfAttribute(attribute: AttributeSchema): NestedBlockSchema | undefined {
	if (attributeBlocks.has(attribute)) {
		return attributeBlocks.get(attribute);
	}

	const {type} = attribute;
	let nested: NestedBlockSchema | undefined;
	if ((type.kind === 'list' || type.kind === 'set') && type.element.kind === 'object') {
		nested = {
			mode: type.kind, block: {attributes: optionalAttributes(type.element.attributes), blockTypes: new Map()}, minItems: 0, maxItems: 0,
		};
	}

	attributeBlocks.set(attribute, nested);
	return nested;
}

function optionalAttributes(attributes: Readonly<Record<string, Type>>): Map<string, AttributeSchema> {
	return new Map(Object.entries(attributes).map(([name, type]) => [name, {type, optional: true}]));
}


function checkCount(type: string, nested: NestedBlockSchema, blocks: readonly Block[], missingItemRange: Range, diagnostics: Diagnostic[]): void {
	if (nested.mode === 'single' || nested.mode === 'group') {
		if (blocks.length > 1) {
			diagnostics.push(errorDiagnostic(`Duplicate ${type} block`, `Only one block of type ${JSON.stringify(type)} is allowed. Previous definition was at ${formatRangeShort(definitionRange(blocks[0]!))}.`, definitionRange(blocks[1]!)));
		} else if (blocks.length === 0 && nested.minItems === 1 && nested.mode === 'single') {
			diagnostics.push(errorDiagnostic(`Missing ${type} block`, `A block of type ${JSON.stringify(type)} is required here.`, missingItemRange));
		}

		return;
	}

	if (nested.mode === 'map') {
		return;
	}

	if (blocks.length < nested.minItems) {
		diagnostics.push(errorDiagnostic(`Insufficient ${type} blocks`, `At least ${nested.minItems} ${JSON.stringify(type)} blocks are required.`, missingItemRange));
	} else if (nested.maxItems > 0 && blocks.length > nested.maxItems) {
		diagnostics.push(errorDiagnostic(`Too many ${type} blocks`, `No more than ${nested.maxItems} ${JSON.stringify(type)} blocks are allowed`, definitionRange(blocks[nested.maxItems]!)));
	}
}
