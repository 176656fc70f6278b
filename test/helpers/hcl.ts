import type {ExecutionContext} from 'ava';
import test from 'ava';
import {formatDiagnosticLine} from '../../source/hcl/format-diagnostic.js';
import {
	parseConfig, parseExpression, printBody, printExpression,
} from '../../source/hcl/index.js';

/**
`source` parses as one expression printing as `expected`, without diagnostics.
*/
export const parsesTo = test.macro({
	exec(t: ExecutionContext, source: string, expected: string) {
		const {value, diagnostics} = parseExpression(source, 'test.tf');
		t.deepEqual(diagnostics.map(diagnostic => formatDiagnosticLine(diagnostic)), []);
		t.is(printExpression(value), expected);
	},
	title: (_title, source: string) => `\`${source}\``,
});

/**
`source` (a whole file) parses to a body printing as `expected`, without diagnostics.
*/
export const bodyParsesTo = test.macro({
	exec(t: ExecutionContext, source: string, expected: string) {
		const {value, diagnostics} = parseConfig(source, 'test.tf');
		t.deepEqual(diagnostics.map(diagnostic => formatDiagnosticLine(diagnostic)), []);
		t.is(printBody(value), expected);
	},
	title: (_title, source: string) => `body \`${source.replaceAll('\n', '\\n')}\``,
});

/**
`source` (a whole file) gives exactly these one-line diagnostics.
*/
export const failsWith = test.macro({
	exec(t: ExecutionContext, source: string, expected: readonly string[]) {
		const {diagnostics} = parseConfig(source, 'test.tf');
		t.deepEqual(diagnostics.map(diagnostic => formatDiagnosticLine(diagnostic)), expected);
	},
	title: (_title, source: string) => `fails \`${source.replaceAll('\n', '\\n')}\``,
});
