import type {Block, Body} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import {formatRangeShort, rangeBetween} from '../hcl/position.js';
import type {Range} from '../hcl/position.js';
import type {Type} from '../lang/types.js';
import type {AttributeSchema, BlockSchema, NestedBlockSchema} from './types.js';

/*
What `terraform validate` finds in a body from its schema alone, with HCL's and Terraform's wording and ranges: arguments and block types the schema does not have, required arguments and blocks missing, and more blocks of a type than it allows. `dynamic` blocks count as an unknown number of blocks (no limit is checked for their type) and their `content` is checked as a block of their type.
*/

/**
Problems in a block's body (its `{` is where a missing argument is reported); `skip` names what is not the schema's (meta-arguments).
*/
export function validateBlockBody(block: Block, schema: BlockSchema, skip?: ReadonlySet<string>): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	validateBody(block.body, block.openBraceRange, schema, skip, diagnostics);
	return diagnostics;
}

function validateBody(body: Body, missingItemRange: Range, schema: BlockSchema, skip: ReadonlySet<string> | undefined, diagnostics: Diagnostic[]): void {
	// JSON bodies cannot tell an argument from a block without decoding against the schema: not checked.
	if (body.syntax === 'json') {
		return;
	}

	const defined = new Set<string>();
	const blocksByType = new Map<string, Block[]>();
	const dynamicTypes = new Set<string>();
	for (const item of body.items) {
		if (item.kind === 'Attribute') {
			if (skip?.has(item.name)) {
				continue;
			}

			defined.add(item.name);
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
				validateBody(content.body, content.openBraceRange, nested.block, undefined, diagnostics);
			}

			continue;
		}

		let list = blocksByType.get(type);
		if (!list) {
			list = [];
			blocksByType.set(type, list);
		}

		list.push(item);
		validateBody(item.body, item.openBraceRange, nested.block, undefined, diagnostics);
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

/**
hclsyntax's Block.DefRange: the type and labels, without the body.
*/
function definitionRange(block: Block): Range {
	const last = block.labelRanges.at(-1);
	return last ? rangeBetween(block.typeRange, last) : block.typeRange;
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
