import {type Block, blocksOf} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {CheckBlock} from '../module.js';
import {checkLabels, checkSchema, readConditions} from './common.js';
import {readResource} from './resource.js';

export function readCheck(block: Block, diagnostics: Diagnostic[]): CheckBlock | undefined {
	if (!checkLabels(block, ['name'], diagnostics)) {
		return undefined;
	}

	checkSchema(block, {attributes: [], blocks: ['assert', 'data']}, diagnostics);
	const assertions = readConditions(block.body, 'assert', diagnostics);
	if (assertions.length === 0) {
		diagnostics.push(errorDiagnostic('Zero assert blocks', 'Check blocks must have at least one assert block.', block.typeRange, block.range));
	}

	const dataBlocks = blocksOf(block.body, 'data');
	const data = dataBlocks[0] ? readResource(dataBlocks[0], 'data', diagnostics) : undefined;
	return {
		kind: 'check', name: block.labels[0]!, assertions, ...(data && {data}), block, range: block.range,
	};
}
