import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import type {Value} from './values.js';

/*
The budget of one evaluation (a whole configuration, or one console line): what every function call, `for` expression, splat and template builds is counted against it, so no input can make evaluation run away. The per-call limits (`functions/limits.ts`) cap one value; this caps their sum: eight locals each holding `setproduct(range(1024), range(1024))` are each within the per-call limit, but together took 56 s and 2.2 GB.

Only big values are counted (1,024 elements or 65,536 characters and up): small ones are bounded by the size of the source times the instance limits, and counting them would charge ordinary configurations for every tag map of every instance.
*/

/**
Elements (of a collection and of the collections directly inside it) all big values together may hold: 4 Mi, four times what one call may build (`setproduct(range(1024), range(1024))` counts 3 Mi: a million pairs of two), about 1 GB of values at most.
*/
export const maximumEvaluationElements = 4 * 1024 * 1024;

/**
Characters all big strings together may hold: 256 Mi, four times the longest string one call may build.
*/
export const maximumEvaluationCharacters = 256 * 1024 * 1024;

const countedElements = 1024;
const countedCharacters = 64 * 1024;

export class EvaluationBudget {
	elements = 0;
	characters = 0;
	/**
	Set once the budget is spent: from then on no function is called and no `for` expression built (their values are unknown), so nothing more is built.
	*/
	spent = false;
	#reported = false;

	/**
	A fresh budget for the next console line.
	*/
	reset(): void {
		this.elements = 0;
		this.characters = 0;
		this.spent = false;
		this.#reported = false;
	}

	/**
	Counts what `value` holds, if it is big; false when the budget is (now) spent.
	*/
	charge(value: Value): boolean {
		switch (value.kind) {
			case 'string': {
				if (value.value.length < countedCharacters) {
					return true;
				}

				this.characters += value.value.length;
				break;
			}

			case 'list':
			case 'set':
			case 'tuple': {
				if (value.elements.length < countedElements) {
					return true;
				}

				this.elements += value.elements.length + innerSize(value.elements);
				break;
			}

			case 'map':
			case 'object': {
				const entries = value.kind === 'map' ? value.entries : value.attributes;
				if (entries.size < countedElements) {
					return true;
				}

				this.elements += entries.size + innerSize(entries.values());
				break;
			}

			default: {
				// An unknown from a function that found the budget spent before building (see affords).
				return !this.spent;
			}
		}

		this.spent ||= this.elements > maximumEvaluationElements || this.characters > maximumEvaluationCharacters;
		return !this.spent;
	}

	/**
	Whether a collection of `elements` elements (its own and those of the collections directly inside it) fits in what is left, asked by a function that knows its result's size before building it (`setproduct`): when it does not, the budget is spent now and the value is never built (the caller returns an unknown, which `charge` refuses with the one diagnostic).
	*/
	affords(elements: number): boolean {
		if (elements >= countedElements && this.elements + elements > maximumEvaluationElements) {
			this.spent = true;
		}

		return !this.spent;
	}

	/**
	The diagnostic for the value that spent the budget, the first time only: every later refusal is the same cause.
	*/
	exhausted(range: Range): Diagnostic[] {
		if (this.#reported) {
			return [];
		}

		this.#reported = true;
		const what = this.characters > maximumEvaluationCharacters
			? `${maximumEvaluationCharacters} characters in strings (maximumEvaluationCharacters)`
			: `${maximumEvaluationElements} elements in collections (maximumEvaluationElements)`;
		return [errorDiagnostic('Evaluation budget exhausted', `This value would bring what evaluating this configuration has built past ${what}, tfscope's limit for one evaluation. It is unknown, and so is every value evaluated after it that calls a function or builds a 'for' expression.`, range)];
	}
}

function innerSize(values: Iterable<Value>): number {
	let size = 0;
	for (const value of values) {
		if (value.kind === 'list' || value.kind === 'set' || value.kind === 'tuple') {
			size += value.elements.length;
		} else if (value.kind === 'map') {
			size += value.entries.size;
		} else if (value.kind === 'object') {
			size += value.attributes.size;
		}
	}

	return size;
}
