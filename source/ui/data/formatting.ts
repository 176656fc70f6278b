import type {Diagnostic} from '../../hcl/diagnostics.js';
import {formatDiagnostic} from '../../hcl/format-diagnostic.js';
import {formatValue} from '../../lang/format-value.js';
import {builtinFunctionNames} from '../../lang/functions/index.js';
import type {Value} from '../../lang/values.js';

/*
How the explorer's data prints values and diagnostics: the lang and hcl layers' printers, passed in so that a test can give its own.
*/

export type Formatting = {
	readonly formatValue: (value: Value) => string;
	readonly formatDiagnostic: (diagnostic: Diagnostic, sources: ReadonlyMap<string, string>) => string;
	readonly functionNames: readonly string[];
};

/**
The console formatter, the diagnostic renderer and the function names of the lang and hcl layers.
*/
export function defaultFormatting(): Formatting {
	return {
		formatValue: value => formatValue(value),
		formatDiagnostic: (diagnostic, sources) => formatDiagnostic(diagnostic, {source: filename => sources.get(filename)}),
		functionNames: builtinFunctionNames(),
	};
}
