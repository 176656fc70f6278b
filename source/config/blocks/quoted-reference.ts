import type {Expression} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../../hcl/diagnostics.js';
import {parseExpression} from '../../hcl/index.js';
import {literalString} from '../static.js';

/*
References written as strings: `depends_on = ["aws_vpc.main"]` (the pre-0.12 form, still accepted with a warning) and every reference in JSON syntax (`"depends_on": ["aws_vpc.main"]`), where a string is the only way to write one.
*/

/**
The reference a quoted string holds, parsed so that its positions are those of the text inside the quotes in the file (padding stands in for what precedes it), or undefined when the string is not one reference.
*/
function parseQuoted(expression: Expression, text: string): Expression | undefined {
	const {start} = expression.range;
	// The content starts after the opening quote.
	const offset = start.offset + 1;
	const column = start.column + 1;
	const padding = ' '.repeat(Math.max(0, offset - (start.line - 1) - (column - 1))) + '\n'.repeat(start.line - 1) + ' '.repeat(column - 1);
	const parsed = parseExpression(padding + text, expression.range.filename);
	const value = parsed.value;
	if (value === undefined || parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return undefined;
	}

	return value.kind === 'Variable' || value.kind === 'GetAttribute' || value.kind === 'Index' ? value : undefined;
}

const quotedDetail = 'In this context, references are expected literally rather than in quotes. Terraform 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of Terraform. Remove the quotes surrounding this reference to silence this warning.';

/**
`depends_on` items: a quoted reference is read as the reference, with Terraform's deprecation warning in native syntax.
*/
export function dependsOnReferences(items: readonly Expression[], syntax: 'native' | 'json', diagnostics: Diagnostic[]): Expression[] {
	return items.map(item => {
		const text = literalString(item);
		const parsed = text === undefined ? undefined : parseQuoted(item, text);
		if (parsed === undefined) {
			return item;
		}

		if (syntax === 'native') {
			diagnostics.push(warningDiagnostic('Quoted references are deprecated', quotedDetail, item.range));
		}

		return parsed;
	});
}

/**
`replace_triggered_by` items: strings hold references in JSON syntax; in native syntax a string is not a reference (Terraform's error).
*/
export function replaceTriggeredByReferences(items: readonly Expression[], syntax: 'native' | 'json', diagnostics: Diagnostic[]): Expression[] {
	return items.map(item => {
		const text = literalString(item);
		if (text === undefined) {
			return item;
		}

		const parsed = syntax === 'json' ? parseQuoted(item, text) : undefined;
		if (parsed === undefined) {
			diagnostics.push(errorDiagnostic('Invalid replace_triggered_by expression', 'Missing resource reference in replace_triggered_by expression.', item.range));
			return item;
		}

		return parsed;
	});
}

/**
An item of a list of references that JSON syntax writes as strings (`"actions": ["action.x.y"]`): the reference the string holds there (Terraform's unwrapJSONRefExpr); the item as written otherwise.
*/
export function jsonReference(item: Expression, syntax: 'native' | 'json'): Expression {
	const text = syntax === 'json' ? literalString(item) : undefined;
	return (text === undefined ? undefined : parseQuoted(item, text)) ?? item;
}
