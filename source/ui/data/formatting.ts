import type {Diagnostic} from '../../hcl/diagnostics.js';
import {formatDiagnostic} from '../../hcl/format-diagnostic.js';
import {formatValueWithin} from '../../lang/format-value.js';
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
The most text of one value a row of the explorer shows (Details, the estate's inputs): a value of tens of MB stalled the explorer for seconds each time it was shown; past this a row says what the value is, and the console shows its parts.
*/
export const maximumShownCharacters = 1024 * 1024;

/**
The console formatter, the diagnostic renderer and the function names of the lang and hcl layers.
*/
export function defaultFormatting(): Formatting {
	return {
		formatValue: value => formatValueWithin(value, maximumShownCharacters),
		formatDiagnostic: (diagnostic, sources) => formatDiagnostic(diagnostic, {source: filename => sources.get(filename)}),
		functionNames: builtinFunctionNames(),
	};
}
