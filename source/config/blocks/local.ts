import type {Block} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import type {LocalValue} from '../module.js';
import {checkLabels} from './common.js';

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

		let range: Range | undefined;
		locals.push({
			kind: 'local', name: item.name, expression: item.expression, attribute: item,
			// Computed when first read, then kept: see config/module.ts.
			get range() {
				range ??= item.range;
				return range;
			},
		});
	}

	return locals;
}
