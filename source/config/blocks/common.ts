import {
	type Attribute, type Block, type Body, type Expression, blocksOf, findAttribute,
} from '../../hcl/ast.js';
import {type Range, rangeBetween} from '../../hcl/position.js';
import type {LanguageRules} from '../language.js';
import {type ConstructPlace, isVersionedConstruct, rejectedConstruct} from '../language-constructs.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import type {Condition} from '../module.js';
import {literalBool, literalString, tupleItems} from '../static.js';
import {dependsOnReferences} from './quoted-reference.js';

/*
Helpers shared by the block readers.
*/

/**
What the readers build declarations on: `range` is a getter of the prototype that computes the block's range when first read and keeps it (see config/module.ts). Not a getter in an object literal: V8 gives every object with an accessor of its own a hidden class and descriptors of its own (several megabytes at 4x) and defines it through a slow runtime call.
*/
class Declaration {
	readonly #node: {readonly range: Range};
	#range: Range | undefined;

	constructor(node: {readonly range: Range}) {
		this.#node = node;
	}

	get range(): Range {
		this.#range ??= this.#node.range;
		return this.#range;
	}
}

/**
`fields` as a declaration whose range is `node`'s.
*/
export function declared<T extends {readonly range?: Range}>(node: {readonly range: Range}, fields: Omit<T, 'range'>): T {
	return Object.assign(new Declaration(node), fields) as unknown as T;
}

export type Schema = {
	readonly attributes: readonly string[];
	readonly blocks: readonly string[];
	/**
	Accept any argument (resources: only the provider knows its schema).
	*/
	readonly open?: boolean;
};

/**
Warns about arguments and nested blocks the schema does not know (Terraform rejects them; we keep going). With `language`, the versioned constructs of that place (config/language-constructs.ts) are accepted when the language at its release has them, and otherwise are that release's errors.
*/
export function checkSchema(block: Block, schema: Schema, diagnostics: Diagnostic[], language?: {readonly place: ConstructPlace; readonly rules: LanguageRules}): void {
	if (schema.open) {
		return;
	}

	const where = `${block.type}${block.labels.length > 0 ? ` "${block.labels.join('" "')}"` : ''}`;
	for (const item of block.body.items) {
		if (language && isVersionedConstruct(language.place, item)) {
			const rejected = rejectedConstruct(language.rules, language.place, item, block.range);
			if (rejected) {
				diagnostics.push(rejected);
			}
		} else if (item.kind === 'Attribute') {
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

/**
Terraform's check of a name label (`hclsyntax.ValidIdentifier`): "Invalid module instance name", "Invalid variable name", "Invalid resource type"... at the label (`index`, default the first). False when the name is invalid: the caller then leaves the block out (as Terraform refuses the configuration), so a name that no address could hold (an escape sequence, a space) never becomes one.
*/
export function checkName(block: Block, summary: string, diagnostics: Diagnostic[], index = 0): boolean {
	if (!/^[A-Za-z_][\w-]*$/.test(block.labels[index] ?? '')) {
		diagnostics.push(errorDiagnostic(summary, 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.', block.labelRanges[index], block.range));
		return false;
	}

	return true;
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
		return declared<Condition>(block, {kind: type, ...(condition && {condition}), ...(errorMessage && {errorMessage})});
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

/**
`count`, `for_each` and (OpenTofu) `lifecycle { enabled }` are mutually exclusive: each product's error, worded as it words it (OpenTofu's internal/configs/validation.go complainRngAndMsg names every argument present and spans them).
*/
export function checkRepetition(
	present: {readonly count?: Attribute | undefined; readonly forEach?: Attribute | undefined; readonly enabled?: Attribute | undefined},
	what: string,
	block: Block,
	diagnostics: Diagnostic[],
	rules: LanguageRules,
): void {
	const {count, forEach, enabled} = present;
	if (!rules.lifecycleEnabled) {
		if (count && forEach) {
			diagnostics.push(errorDiagnostic('Invalid combination of "count" and "for_each"', 'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.', forEach.nameRange, block.range));
		}

		return;
	}

	const named = ([['count', count], ['enabled', enabled], ['for_each', forEach]] as const).filter(([, attribute]) => attribute !== undefined) as Array<readonly [string, Attribute]>;
	if (named.length < 2) {
		return;
	}

	const names = named.map(([name]) => `"${name}"`);
	const list = names.length >= 3 ? `${names.slice(0, -1).join(', ')}, and ${names.at(-1)!}` : names.join(' and ');
	const ranges = named.map(([, attribute]) => attribute.nameRange).sort((a, b) => a.start.offset - b.start.offset);
	const verb = what === 'module instances' ? 'should' : 'may';
	diagnostics.push(errorDiagnostic(`Invalid combination of ${list}`, `The ${list} meta-arguments are mutually-exclusive. Only one ${verb} be used to be explicit about the number of ${what} to be created.`, rangeBetween(ranges[0]!, ranges.at(-1)!), block.range));
}

/**
`deprecated = "..."` on a variable or output (OpenTofu 1.10, Terraform 1.15; internal/configs/named_values.go of each): a literal message, which OpenTofu also requires to be non-blank.
*/
export function readDeprecated(block: Block, summary: string, what: 'variable' | 'output value', diagnostics: Diagnostic[], rules: LanguageRules): {readonly message: string; readonly range: Range} | undefined {
	const attribute = findAttribute(block.body, 'deprecated');
	if (!attribute) {
		return undefined;
	}

	const message = literalString(attribute.expression);
	if (message === undefined) {
		diagnostics.push(errorDiagnostic('Unsuitable value type', 'Unsuitable value: a string is required.', attribute.expression.range));
		return undefined;
	}

	// Terraform decodes any string (internal/configs/named_values.go); OpenTofu refuses a blank one.
	if (rules.mode === 'terraform') {
		return {message, range: attribute.range};
	}

	if (message.trim() === '') {
		diagnostics.push(errorDiagnostic(summary, `The "deprecated" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated ${what}.`, attribute.expression.range));
		return undefined;
	}

	return {message, range: attribute.range};
}
