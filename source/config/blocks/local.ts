import type {Attribute, Block, Expression} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import type {LocalValue} from '../module.js';
import {checkLabels} from './common.js';

/**
One local value. A class rather than an object literal: `range` is a getter (computed when first read, then kept: see config/module.ts), and a literal with a getter and no spread gets slow dictionary properties in V8.
*/
class LocalDeclaration implements LocalValue {
	readonly kind = 'local';
	readonly name: string;
	readonly expression: Expression;
	readonly attribute: Attribute;
	#range: Range | undefined;

	constructor(attribute: Attribute) {
		this.name = attribute.name;
		this.expression = attribute.expression;
		this.attribute = attribute;
	}

	get range(): Range {
		this.#range ??= this.attribute.range;
		return this.#range;
	}
}

/**
The local values of one `locals` block.
*/
export function readLocals(block: Block, diagnostics: Diagnostic[]): LocalValue[] {
	checkLabels(block, [], diagnostics);
	const locals: LocalValue[] = [];
	for (const item of block.body.items) {
		if (item.kind === 'Block') {
			diagnostics.push(errorDiagnostic('Unexpected block', `Blocks are not allowed in a locals block; "${item.type}" should be an argument.`, item.typeRange, block.range));
			continue;
		}

		locals.push(new LocalDeclaration(item));
	}

	return locals;
}
