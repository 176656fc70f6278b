import type {Range} from '../hcl/position.js';
import type {GraphInput} from './step.js';
import type {ReferenceChain} from '../lang/references.js';

/**
How edges quote the traversal that makes them: its source text (on one line), or a rebuilt spelling when the file text is missing.
*/
export function textOfTraversal(input: GraphInput): (traversal: ReferenceChain) => string {
	const sourceOf = (range: Range): string | undefined => input.sources?.get(range.filename)?.slice(range.start.offset, range.end.offset);
	return traversal => {
		const text = sourceOf(traversal.range);
		if (text !== undefined) {
			// Long multi-line index expressions read badly in a list of edges.
			return text.includes('\n') ? text.replaceAll(/\s*\n\s*/g, ' ') : text;
		}

		return traversal.root + traversal.steps.map(step => {
			switch (step.kind) {
				case 'attribute': {
					return `.${step.name}`;
				}

				case 'index': {
					return step.key.kind === 'Literal' && step.key.value.type === 'number' ? `[${step.key.value.text}]` : `[${sourceOf(step.key.range) ?? '…'}]`;
				}

				case 'splat': {
					return '[*]';
				}
			}
		}).join('');
	};
}
