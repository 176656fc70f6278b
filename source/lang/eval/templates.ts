import type {Template, TemplatePart} from '../../hcl/ast.js';
import {notNullUnknown, refinedUnknown, safeKnownPrefix} from '../refinements.js';
import {errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import {convert} from '../convert.js';
import {maximumStringLength} from '../functions/limits.js';
import {boolType, stringType} from '../types.js';
import {type Mark, type Value, stringValue, unmark, withMarks, withoutMarks} from '../values.js';
import {keepOwnAnalysis, ownAnalysis} from '../node-analysis.js';
import {type Context, type Evaluation, conversionText, joined, keepReferenceDiagnostics, marksOf, none, unknown} from './context.js';
import {evaluateIn, kept} from './evaluate.js';
import {bindItem, iterate} from './for-expressions.js';
import {constantText} from './literals.js';

/*
String templates and their interpolation and directives.
*/

export function evaluateTemplate(expression: Template, context: Context): Evaluation {
	const [only] = expression.parts;
	if (expression.parts.length === 1 && only?.kind === 'TemplateInterpolation' && !expression.heredoc) {
		// `"${x}"` is x itself, unconverted.
		return evaluateIn(only.expression, context);
	}

	if (expression.parts.every(part => part.kind === 'TemplateLiteral')) {
		// Text alone (`"gp3"`, a heredoc without interpolations): the same string every time, so one value per node rather than one per instance and `for` element.
		let evaluation = ownAnalysis(expression) as Evaluation | undefined;
		if (!evaluation) {
			evaluation = constantText(renderParts(expression.parts, context, expression));
			keepOwnAnalysis(expression, evaluation);
		}

		return evaluation;
	}

	return renderParts(expression.parts, context, expression);
}

/*
The evaluations of templates made of text alone are kept in the node's analysis (values are immutable), as number literals are.
*/

/**
The error for a template whose text would pass `maximumStringLength` (the same cap as strings functions build): doubling a string through a few dozen locals reaches V8's own limit, which would end evaluation with a RangeError.
*/
function tooLong(length: number, range: Range): Evaluation {
	return {value: unknown(stringType), diagnostics: [errorDiagnostic('String too long', `This template would build a string of ${length} characters, more than tfscope's limit of ${maximumStringLength} (maximumStringLength); its value is unknown.`, range)]};
}

// As in HCL, an interpolation's errors point at the expression inside `${…}`, not at the braces.
function partSubject(part: TemplatePart): Range {
	return part.kind === 'TemplateInterpolation' ? part.expression.range : part.range;
}

/**
`place` is the template or directive node: its range is computed only for an error. `asValue`: whether the text is a template's value, kept as one (from the table of strings, see stringValue); a directive's body (`%{for}`, `%{if}`) is text for the template around it, which keeps the whole, so it is not looked up in the table (at 4x, 16,000 bodies of a `%{for}` in `user_data`).
*/
function renderParts(parts: readonly TemplatePart[], context: Context, place: {readonly range: Range}, asValue = true): Evaluation {
	let diagnostics = none;
	let marks: Set<Mark> | undefined;
	let text = '';
	let prefix = '';
	let known = true;
	for (const part of parts) {
		if (part.kind === 'TemplateLiteral') {
			text += part.value;
			continue;
		}

		let result: Evaluation;
		let nullMessage = 'The expression result is null. Cannot include a null value in a string template.';
		let convertMessage = 'Cannot include the given value in a string template';
		switch (part.kind) {
			case 'TemplateInterpolation': {
				result = evaluateIn(part.expression, context);
				break;
			}

			case 'TemplateIf': {
				result = context.invariantPoints?.points.has(part) ? kept(part, context, renderIf) : renderIf(part, context);
				break;
			}

			case 'TemplateFor': {
				result = context.invariantPoints?.points.has(part) ? kept(part, context, renderFor) : renderFor(part, context);
				nullMessage = 'An iteration result is null. Cannot include a null value in a string template.';
				convertMessage = 'Cannot include one of the interpolation results into the string template';
				break;
			}
		}

		diagnostics = joined(diagnostics, result.diagnostics);
		const value = result.value;
		if (value.kind === 'string' && !value.marks) {
			// Nearly every part: an unmarked string needs no conversion.
			if (text.length + value.value.length > maximumStringLength) {
				return tooLong(text.length + value.value.length, place.range);
			}

			text += value.value;
			continue;
		}

		if (value.kind === 'null') {
			diagnostics = joined(diagnostics, [errorDiagnostic('Invalid template interpolation value', nullMessage, partSubject(part))]);
			continue;
		}

		if (value.kind === 'unknown') {
			if (known) {
				// HCL keeps the text before the first unknown part as the result's known prefix.
				prefix = text;
			}

			known = false;
			for (const mark of value.marks ?? []) {
				marks ??= new Set();
				marks.add(mark);
			}

			continue;
		}

		const converted = convert(value, stringType);
		if (!converted.ok) {
			diagnostics = joined(diagnostics, [errorDiagnostic('Invalid template interpolation value', `${convertMessage}: ${conversionText(converted, context)}.`, partSubject(part))]);
			continue;
		}

		const bare = withoutMarks(converted.value);
		if (converted.value.marks) {
			for (const mark of converted.value.marks) {
				marks ??= new Set();
				marks.add(mark);
			}
		}

		if (bare.kind === 'string') {
			if (text.length + bare.value.length > maximumStringLength) {
				return tooLong(text.length + bare.value.length, place.range);
			}

			text += bare.value;
		}
	}

	const value = known ? (asValue ? stringValue(text) : directiveText(text)) : unknownTemplate(prefix, hasErrors(diagnostics));
	return {value: withMarks(value, marks), diagnostics};
}

/**
A directive's text, read only by the template around it (renderParts), which keeps the whole as a value of its own.
*/
function directiveText(text: string): Value {
	return {kind: 'string', value: text};
}

const templatePrefixBytes = 128;

/**
A template with an unknown part, as HCL makes it: never null, and, without errors, known to start with the text before the first unknown part (at most 128 bytes of it, cut to whole characters: see `safeKnownPrefix`).
*/
function unknownTemplate(text: string, failed: boolean): Value {
	if (failed || text === '') {
		return notNullUnknown(stringType);
	}

	let prefix = text;
	if (prefix.length > templatePrefixBytes / 4) {
		const bytes = Buffer.from(prefix, 'utf8');
		if (bytes.length > templatePrefixBytes) {
			// A character cut in two is dropped: `fatal: false` turns it into U+FFFD, removed here.
			prefix = new TextDecoder().decode(bytes.subarray(0, templatePrefixBytes)).replace(/\uFFFD$/, '');
		}
	}

	return refinedUnknown(stringType, {notNull: true, prefix: safeKnownPrefix(prefix)});
}

function renderIf(part: Extract<TemplatePart, {kind: 'TemplateIf'}>, context: Context): Evaluation {
	const condition = evaluateIn(part.condition, context);
	const diagnostics = [...condition.diagnostics];
	const thenResult = renderParts(part.then, context, part, false);
	const elseResult = renderParts(part.else ?? [], context, part, false);
	const branchReferences = keepReferenceDiagnostics([...thenResult.diagnostics, ...elseResult.diagnostics]);
	if (condition.value.kind === 'null') {
		diagnostics.push(errorDiagnostic('Null condition', 'The condition value is null. Conditions must either be true or false.', part.condition.range, part.range));
		return {value: unknown(stringType), diagnostics: [...diagnostics, ...branchReferences]};
	}

	if (condition.value.kind === 'unknown') {
		return {value: withMarks(unknown(stringType), condition.value.marks), diagnostics: [...diagnostics, ...branchReferences]};
	}

	const converted = convert(condition.value, boolType);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Incorrect condition type', 'The condition expression must be of type bool.', part.condition.range, part.range));
		return {value: unknown(stringType), diagnostics: [...diagnostics, ...branchReferences]};
	}

	const [bare, conditionMarks] = unmark(converted.value);
	const chosen = bare.kind === 'bool' && bare.value ? thenResult : elseResult;
	const other = chosen === thenResult ? elseResult : thenResult;
	diagnostics.push(...chosen.diagnostics, ...keepReferenceDiagnostics(other.diagnostics));
	return {value: withMarks(chosen.value, marksOf(converted.value, thenResult.value, elseResult.value) ?? conditionMarks), diagnostics};
}

function renderFor(part: Extract<TemplatePart, {kind: 'TemplateFor'}>, context: Context): Evaluation {
	const collection = evaluateIn(part.collection, context);
	const diagnostics = [...collection.diagnostics];
	if (hasErrors(diagnostics)) {
		return {value: unknown(stringType), diagnostics};
	}

	const iteration = iterate(collection.value, part.collection, part, part.keyVariable !== undefined);
	diagnostics.push(...iteration.diagnostics);
	if (!iteration.items) {
		return {value: withMarks(unknown(stringType), iteration.marks), diagnostics};
	}

	let text = '';
	let known = true;
	const marks = new Set<Mark>(iteration.marks ?? []);
	// One scope for every iteration, its names rebound each time: evaluation is synchronous and no value keeps a scope.
	const variables = new Map<string, Value>();
	const inner: Context = {...context, scope: context.scope.child(variables)};
	const {elements} = iteration.items;
	for (let position = 0; position < elements.length; position++) {
		bindItem(variables, iteration.items, position, part.valueVariable, part.keyVariable);

		const body = renderParts(part.body, inner, part, false);
		if (body.diagnostics.length > 0) {
			diagnostics.push(...body.diagnostics);
		}

		// Nearly every iteration's text is unmarked: no pair from unmark, no empty array to loop over.
		const bare = withoutMarks(body.value);
		if (body.value.marks) {
			for (const mark of body.value.marks) {
				marks.add(mark);
			}
		}

		if (bare.kind === 'string') {
			if (text.length + bare.value.length > maximumStringLength) {
				return tooLong(text.length + bare.value.length, part.range);
			}

			text += bare.value;
		} else {
			known = false;
		}
	}

	return {value: withMarks(known ? directiveText(text) : unknown(stringType), marks.size > 0 ? marks : undefined), diagnostics};
}
