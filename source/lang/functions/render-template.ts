import type {Diagnostic} from '../../hcl/diagnostics.js';
import {parseTemplate} from '../../hcl/index.js';
import {formatRangeShort} from '../../hcl/position.js';
import {evaluate} from '../eval/evaluate.js';
import {createScope} from '../eval/scope.js';
import {type FunctionContext, type FunctionSpec, FunctionError} from '../function.js';
import {type Value} from '../values.js';

/*
The template renderer `templatefile` and `templatestring` call through `FunctionContext.renderTemplate`: parses the text as a bare template and evaluates it in a scope that holds only the given variables and the built-in functions (templates see no `var`, `local` or resources, as in Terraform). Errors become one FunctionError naming the template position, as Terraform words them.
*/

export type FunctionLookup = {
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
};

/** What Terraform prints for a template's diagnostics (HCL's `Diagnostics.Error()`): the first as `FILE:L,C-C: summary; detail` (`L,C-L,C` when it spans lines), then how many others there are. */
export function diagnosticsMessage(diagnostics: readonly Diagnostic[]): string {
	const [first] = diagnostics;
	if (!first) {
		return 'no diagnostics';
	}

	const at = first.subject ? `${formatRangeShort(first.subject)}: ` : '';
	const message = `${at}${first.summary}; ${first.detail ?? ''}`;
	return diagnostics.length > 1 ? `${message}, and ${diagnostics.length - 1} other diagnostic(s)` : message;
}

export function createTemplateRenderer(context: Omit<FunctionContext, 'renderTemplate' | 'templateDepth'>, lookup: FunctionLookup): NonNullable<FunctionContext['renderTemplate']> {
	const render = (source: string, filename: string, variables: ReadonlyMap<string, Value>, depth: number): Value => {
		const parsed = parseTemplate(source, filename);
		if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			throw new FunctionError(diagnosticsMessage(parsed.diagnostics));
		}

		const scope = createScope({
			functions: lookup.functions,
			functionNames: lookup.functionNames,
			functionContext: {...context, renderTemplate: render, templateDepth: depth},
		}).child(variables);
		const result = evaluate(parsed.value, scope);
		const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		const missing = error?.subject && /^Invalid reference|^Reference to undeclared/.test(error.summary) ? /^[\p{L}_][\p{L}\p{N}_-]*/u.exec(source.slice(error.subject.start.offset))?.[0] : undefined;
		if (error?.subject && missing !== undefined && !variables.has(missing)) {
			// Terraform checks every name a template uses against the vars argument.
			const {line, column} = error.subject.start;
			throw new FunctionError(`vars map does not contain key ${JSON.stringify(missing)}, referenced at ${filename}:${line},${column}-${column + missing.length}`, 1);
		}

		if (error) {
			throw new FunctionError(diagnosticsMessage(result.diagnostics));
		}

		// A template that is one interpolation gives that value unconverted (`${a}` with a number is a number), as Terraform's templatefile does.
		return result.value;
	};

	return render;
}
