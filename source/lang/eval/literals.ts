import {parseNumber} from '../numbers.js';
import {boolValue, numberValue} from '../values.js';
import {type Evaluation, none} from './context.js';

/*
Literals: evaluations of number and text constants, shared by every node of the same text.
*/

/*
Number literals are evaluated once per node (values are immutable), kept in the node's analysis (node-analysis.ts): a `for` body evaluates its literals once per element, a resource body once per instance.
*/
export const trueEvaluation: Evaluation = {value: boolValue(true), diagnostics: none};
export const falseEvaluation: Evaluation = {value: boolValue(false), diagnostics: none};

/**
The evaluation of a valid number literal, one per text (`0`, `2`, `300`) shared by every literal of that text, as the evaluation of a text (`constantText`): a number is made of three objects (its value, its Decimal and the Decimal's digits), and a configuration repeats few numbers many times. From a bounded table, emptied when full, as interned strings are (values.ts). Undefined for a text that is not a number (its diagnostic has the literal's range).
*/
export function numberLiteralEvaluation(text: string): Evaluation | undefined {
	const known = constantEvaluations.numbers.get(text);
	if (known !== undefined) {
		return known;
	}

	const parsed = parseNumber(text);
	if (!parsed) {
		return undefined;
	}

	return keptConstant(constantEvaluations.numbers, text, {value: numberValue(parsed), diagnostics: none});
}

/**
A text template's evaluation when it has no diagnostics and its value is an unmarked string: one per text, shared by every template of that text (a resource body's `"gp3"` and `"Allow"` in every module instance); otherwise as it is.
*/
export function constantText(evaluation: Evaluation): Evaluation {
	const {value} = evaluation;
	if (evaluation.diagnostics.length > 0 || value.kind !== 'string' || value.marks !== undefined) {
		return evaluation;
	}

	return constantEvaluations.texts.get(value.value) ?? keptConstant(constantEvaluations.texts, value.value, evaluation);
}

function keptConstant(table: Map<string, Evaluation>, text: string, evaluation: Evaluation): Evaluation {
	if (table.size >= constantLimit) {
		table.clear();
	}

	table.set(text, evaluation);
	return evaluation;
}

const constantEvaluations = {numbers: new Map<string, Evaluation>(), texts: new Map<string, Evaluation>()};
const constantLimit = 16_384;
