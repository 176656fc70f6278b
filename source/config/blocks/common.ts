import {
	type Block, type Body, type Expression, blocksOf, findAttribute,
} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import type {Condition} from '../module.js';
import {literalBool, tupleItems} from '../static.js';
import {dependsOnReferences} from './quoted-reference.js';

/*
Helpers shared by the block readers.
*/

export type Schema = {
	readonly attributes: readonly string[];
	readonly blocks: readonly string[];
	/**
	Accept any argument (resources: only the provider knows its schema).
	*/
	readonly open?: boolean;
};

/**
Warns about arguments and nested blocks the schema does not know (Terraform rejects them; we keep going).
*/
export function checkSchema(block: Block, schema: Schema, diagnostics: Diagnostic[]): void {
	if (schema.open) {
		return;
	}

	const where = `${block.type}${block.labels.length > 0 ? ` "${block.labels.join('" "')}"` : ''}`;
	for (const item of block.body.items) {
		if (item.kind === 'Attribute') {
			if (!schema.attributes.includes(item.name)) {
				diagnostics.push(warningDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected in a ${where} block.`, item.nameRange, block.range));
			}
		} else if (!schema.blocks.includes(item.type)) {
			diagnostics.push(warningDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected in a ${where} block.`, item.typeRange, block.range));
		}
	}
}

export function checkLabels(block: Block, names: readonly string[], diagnostics: Diagnostic[]): boolean {
	if (block.labels.length === names.length) {
		return true;
	}

	const summary = block.labels.length < names.length ? `Missing ${names[block.labels.length]} for ${block.type}` : `Extraneous label for ${block.type}`;
	const detail = names.length === 0
		? `No labels are expected for ${block.type} blocks.`
		: `A ${block.type} block expects ${names.length} label${names.length === 1 ? '' : 's'}: ${names.join(', ')}.`;
	diagnostics.push(errorDiagnostic(summary, detail, block.labelRanges[names.length] ?? block.typeRange, block.range));
	return false;
}

export function attributeExpression(body: Body, name: string): Expression | undefined {
	return findAttribute(body, name)?.expression;
}

/**
A flag that must be a literal bool; anything else is a diagnostic and `fallback`.
*/
export function readFlag(body: Body, name: string, fallback: boolean, diagnostics: Diagnostic[]): boolean {
	const attribute = findAttribute(body, name);
	if (!attribute) {
		return fallback;
	}

	const value = literalBool(attribute.expression);
	if (value === undefined) {
		diagnostics.push(errorDiagnostic('Invalid value', `The "${name}" argument must be a literal true or false.`, attribute.expression.range));
		return fallback;
	}

	return value;
}

export function readConditions(body: Body, type: 'validation' | 'precondition' | 'postcondition' | 'assert', diagnostics: Diagnostic[]): Condition[] {
	return blocksOf(body, type).map(block => {
		const condition = attributeExpression(block.body, 'condition');
		const errorMessage = attributeExpression(block.body, 'error_message');
		if (!condition) {
			diagnostics.push(errorDiagnostic('Missing required argument', `The argument "condition" is required in a ${type} block.`, block.typeRange, block.range));
		}

		if (!errorMessage) {
			diagnostics.push(errorDiagnostic('Missing required argument', `The argument "error_message" is required in a ${type} block.`, block.typeRange, block.range));
		}

		checkSchema(block, {attributes: ['condition', 'error_message'], blocks: []}, diagnostics);
		return {
			kind: type, ...(condition && {condition}), ...(errorMessage && {errorMessage}), range: block.range,
		};
	});
}

/**
`depends_on = [...]`: the items, or a diagnostic when it is not a tuple.
*/
export function readDependsOn(body: Body, diagnostics: Diagnostic[]): readonly Expression[] {
	const attribute = findAttribute(body, 'depends_on');
	if (!attribute) {
		return [];
	}

	const items = tupleItems(attribute.expression);
	if (!items) {
		diagnostics.push(errorDiagnostic('Invalid depends_on', 'The depends_on argument must be a list of references to resources, data resources or modules.', attribute.expression.range));
		return [];
	}

	return dependsOnReferences(items, body.syntax, diagnostics);
}
