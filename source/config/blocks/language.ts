import {type Block, blocksOf, findAttribute} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import {literalString} from '../static.js';
import {satisfiesConstraint} from '../version-constraint.js';
import {checkSchema} from './common.js';

/**
OpenTofu 1.12's top-level `language` block (internal/configs/language.go validateLanguageBlock): at most one `compatible_with` block, whose `opentofu` version constraint chooses the release (config/language-version.ts); other software's arguments in it are ignored. A constraint that allows 1.11 is "Ineffective": 1.11 does not read the block. Nothing of it is kept.
*/
export function checkLanguageBlock(block: Block, diagnostics: Diagnostic[]): void {
	checkSchema(block, {attributes: ['edition', 'experiments'], blocks: ['compatible_with']}, diagnostics);
	let first: Block | undefined;
	for (const compatible of blocksOf(block.body, 'compatible_with')) {
		const attribute = findAttribute(compatible.body, 'opentofu');
		if (!attribute) {
			continue;
		}

		if (first) {
			diagnostics.push(errorDiagnostic('Duplicate compatible_with block', `Each language block may have at most one compatible_with block referring to OpenTofu. The OpenTofu version constraint was already declared at ${first.range.filename}:${first.range.start.line}.`, block.typeRange));
			continue;
		}

		first = compatible;
		const constraint = literalString(attribute.expression);
		if (constraint !== undefined && satisfiesConstraint('1.11.0', constraint)) {
			diagnostics.push(warningDiagnostic('Ineffective version constraint', 'The compatible_with block was added in OpenTofu v1.12.0, so any constraint specified this way should exclude earlier versions of OpenTofu, such as by including ">= 0.12.0".\n\nIf your module must be compatible with earlier versions of OpenTofu, use the required_version argument in a "terraform" block in a file named with the .tofu suffix, which is an older way to specify OpenTofu version constraints.', attribute.range));
		}
	}
}
