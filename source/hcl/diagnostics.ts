import type {Range} from './position.js';

export type Severity = 'error' | 'warning';

/**
A problem found in a configuration, shaped like hcl.Diagnostic. `summary` is a short phrase without a final period ("Unsupported argument"); `detail` is whole sentences ending with the fix. `subject` is what is wrong, `context` the enclosing construct.
*/
export type Diagnostic = {
	readonly severity: Severity;
	readonly summary: string;
	readonly detail?: string;
	readonly subject?: Range;
	readonly context?: Range;
	/**
	Values of the references in the failing expression, already formatted (`var.x is "foo"`), as Terraform lists them under the source snippet.
	*/
	readonly values?: ReadonlyArray<{readonly traversal: string; readonly statement: string}>;
};

/**
What every public parse, evaluate or load function returns: a result and the diagnostics found on the way. These functions never throw on bad input.
*/
export type Result<T> = {
	readonly value: T;
	readonly diagnostics: Diagnostic[];
};

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
	return diagnostics.some(diagnostic => diagnostic.severity === 'error');
}

export function errorDiagnostic(summary: string, detail: string, subject?: Range, context?: Range): Diagnostic {
	return {
		severity: 'error', summary, detail, ...(subject && {subject}), ...(context && {context}),
	};
}

export function warningDiagnostic(summary: string, detail: string, subject?: Range, context?: Range): Diagnostic {
	return {
		severity: 'warning', summary, detail, ...(subject && {subject}), ...(context && {context}),
	};
}
