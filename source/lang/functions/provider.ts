import {parseConfig} from '../../hcl/index.js';
import {errorDiagnostic} from '../../hcl/diagnostics.js';
import {evaluate} from '../eval/evaluate.js';
import {createScope} from '../eval/scope.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {formatNumber} from '../numbers.js';
import {dynamicType, stringType} from '../types.js';
import {
	type Value, compareStrings, objectValue, stringValue, unknownValue,
} from '../values.js';
import {checkEncodedLength} from './limits.js';
import {quoteWith, stringOf} from './support.js';

/*
The functions of Terraform's built-in `terraform` provider (`provider::terraform::encode_tfvars`, `decode_tfvars`, `encode_expr`), available where a module declares that provider in required_providers. Encoding follows hclwrite's layout: objects one attribute a line with `=` aligned across consecutive one-line attributes, lists inline.
*/

const identifier = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

function quoteHcl(text: string): string {
	const quoted = quoteWith(text, (_character, code) => code < 0x20 || code === 0x7F);
	// A function replacer: in a replacement string `$$` would mean one `$`.
	return quoted.replaceAll('${', () => '$${').replaceAll('%{', () => '%%{');
}

function entriesOf(value: Value): Array<[string, Value]> {
	if (value.kind === 'map') {
		return [...value.entries];
	}

	if (value.kind === 'object') {
		return [...value.attributes].sort(([a], [b]) => compareStrings(a, b));
	}

	return [];
}

/**
Attribute lines `name = value` at `indent`, with hclwrite's alignment of `=` across runs of one-line values.
*/
function attributeLines(entries: ReadonlyArray<readonly [string, string]>, indent: number): string[] {
	const lines: string[] = [];
	let index = 0;
	while (index < entries.length) {
		if (entries[index]![1].includes('\n')) {
			lines.push(`${' '.repeat(indent)}${entries[index]![0]} = ${entries[index]![1]}`);
			index++;
			continue;
		}

		let end = index;
		while (end < entries.length && !entries[end]![1].includes('\n')) {
			end++;
		}

		const width = Math.max(...entries.slice(index, end).map(([name]) => [...name].length));
		for (const [name, text] of entries.slice(index, end)) {
			lines.push(`${' '.repeat(indent)}${name}${' '.repeat(width - [...name].length)} = ${text}`);
		}

		index = end;
	}

	return lines;
}

/**
HCL expression text for a known value, as hclwrite's TokensForValue then Format write it.
*/
export function encodeExpression(value: Value, indent = 0): string {
	switch (value.kind) {
		case 'null': {
			return 'null';
		}

		case 'unknown': {
			throw new FunctionError('cannot encode an unknown value');
		}

		case 'string': {
			return quoteHcl(value.value);
		}

		case 'number': {
			return formatNumber(value.value);
		}

		case 'bool': {
			return value.value ? 'true' : 'false';
		}

		case 'list':
		case 'set':
		case 'tuple': {
			return `[${value.elements.map(element => encodeExpression(element, indent)).join(', ')}]`;
		}

		default: {
			const entries = entriesOf(value);
			if (entries.length === 0) {
				return '{}';
			}

			const rendered = entries.map(([name, element]) => [identifier.test(name) ? name : quoteHcl(name), encodeExpression(element, indent + 2)] as const);
			return `{\n${attributeLines(rendered, indent + 2).join('\n')}\n${' '.repeat(indent)}}`;
		}
	}
}

export const encodeExpr = defineFunction({
	name: 'provider::terraform::encode_expr',
	resultRefinement: 'may-be-null',
	description: 'Produces a string representation of an arbitrary value using Terraform expression syntax.',
	parameters: [{name: 'value', type: dynamicType, allowDynamicType: true}],
	returnType: staticReturnType(stringType),
	impl([value]) {
		checkEncodedLength(value!);
		return stringValue(encodeExpression(value!));
	},
});

export const encodeTfvars = defineFunction({
	name: 'provider::terraform::encode_tfvars',
	resultRefinement: 'may-be-null',
	description: 'Produces a string representation of an object using the same syntax as for .tfvars files.',
	parameters: [{name: 'value', type: dynamicType}],
	returnType: staticReturnType(stringType),
	impl([value]) {
		if (value!.kind !== 'object' && value!.kind !== 'map') {
			throw new FunctionError('invalid value to encode: must be an object whose attribute names will become the encoded variable names');
		}

		const entries = entriesOf(value!);
		for (const [name] of entries) {
			if (!identifier.test(name)) {
				throw new FunctionError(`invalid variable name ${JSON.stringify(name)}: must be a valid identifier, per Terraform's rules for input variable declarations`);
			}
		}

		checkEncodedLength(value!);
		const lines = attributeLines(entries.map(([name, element]) => [name, encodeExpression(element, 0)] as const), 0);
		return stringValue(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
	},
});

export const decodeTfvars = defineFunction({
	name: 'provider::terraform::decode_tfvars',
	resultRefinement: 'may-be-null',
	description: 'Parses a string containing .tfvars syntax and returns an object of the values it defines.',
	parameters: [{name: 'src', type: stringType}],
	returnType: staticReturnType(dynamicType),
	impl([source]) {
		const filename = '<decode_tfvars argument>';
		const text = stringOf(source!);
		const parsed = parseConfig(text, filename);
		const syntaxError = parsed.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		if (syntaxError) {
			throw new FunctionError(`invalid tfvars syntax: ${describe(syntaxError)}`);
		}

		const scope = createScope({
			resolveReference(reference) {
				// Terraform points at the root name only (`var` of `var.x`).
				const {start} = reference.range;
				const root = /^[\p{L}\p{N}_-]+/u.exec(text.slice(start.offset))?.[0] ?? '';
				const range = {...reference.range, end: {line: start.line, column: start.column + root.length, offset: start.offset + root.length}};
				return {value: unknownValue(), diagnostics: [errorDiagnostic('Variables not allowed', 'Variables may not be used here.', range)]};
			},
		});
		const attributes: Array<[string, Value]> = [];
		for (const item of parsed.value.items) {
			if (item.kind === 'Block') {
				throw new FunctionError(`invalid tfvars syntax: ${filename}: Unexpected "${item.type}" block; Blocks are not allowed here.`);
			}

			const result = evaluate(item.expression, scope);
			const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
			if (error) {
				throw new FunctionError(`invalid expression for variable ${JSON.stringify(item.name)}: ${describe(error)}`);
			}

			attributes.push([item.name, result.value]);
		}

		return objectValue(attributes.sort(([a], [b]) => compareStrings(a, b)));
	},
});

function describe(diagnostic: {summary: string; detail?: string; subject?: {filename: string; start: {line: number; column: number}; end: {line: number; column: number}}}): string {
	const at = diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.line},${diagnostic.subject.start.column}-${diagnostic.subject.end.column}: ` : '';
	return `${at}${diagnostic.summary}; ${diagnostic.detail ?? ''}`;
}

/**
The terraform provider's functions, by full name; the evaluator offers them where the module declares `terraform.io/builtin/terraform` in required_providers.
*/
export const terraformProviderFunctions: ReadonlyMap<string, FunctionSpec> = new Map([decodeTfvars, encodeExpr, encodeTfvars].map(spec => [spec.name, spec] as const));

/**
The stand-in for a function of any other provider (`provider::aws::arn_parse`): tfscope runs no providers, so it accepts any arguments and returns an unknown value of dynamic type. Callers should add a note saying so.
*/
export function unrunnableProviderFunction(name: string): FunctionSpec {
	return defineFunction({
		name,
		// The provider protocol carries no refinements.
		resultRefinement: 'may-be-null',
		description: 'A provider-defined function; providers are not run by tfscope, so its result is unknown.',
		parameters: [],
		variadic: {
			name: 'arguments', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true,
		},
		returnType: staticReturnType(dynamicType),
		impl: () => unknownValue(dynamicType),
	});
}
