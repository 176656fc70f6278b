import type {Range} from '../hcl/position.js';
import type {Span} from '../hcl/nodes.js';
import type {GraphInput} from './step.js';
import {chainSpan, type ReferenceChain} from '../lang/references.js';

/**
How edges quote the traversal that makes them: its source text (on one line), or a rebuilt spelling when the file text is missing.
*/
export function textOfTraversal(input: GraphInput): (traversal: ReferenceChain, span?: Span) => string {
	const sourceOf = (range: Range): string | undefined => input.sources?.get(range.filename)?.slice(range.start.offset, range.end.offset);
	return (traversal, span = chainSpan(traversal)) => {
		// From the offsets alone (`span`, the traversal's when given): the line and column of the range are not needed here.
		const text = input.sources?.get(span.filename)?.slice(span.start, span.end);
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
