import {type Expression, literalString} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import {
	type Type, boolType, dynamicType, listType, mapType, numberType, objectType, setType, stringType, tupleType,
} from './types.js';
import type {Value} from './values.js';

/*
Reads a variable's `type` argument (`list(object({a = string, b = optional(number, 1)}))`) into a type constraint, as Terraform's typeexpr does. Defaults of `optional(T, default)` are evaluated by the caller's `evaluateDefault` (constant expressions).
*/

export type TypeConstraintResult = {
	readonly type: Type;
	readonly diagnostics: Diagnostic[];
};

function keyword(expression: Expression): string | undefined {
	return expression.kind === 'Variable' ? expression.name : undefined;
}

function objectKey(key: Expression): string | undefined {
	if (key.kind === 'Variable') {
		return key.name;
	}

	return literalString(key);
}

function quotedTypeDetail(text: string): string {
	const advice = text === 'list' || text === 'map'
		? `Remove the quotes around "${text}" and write ${text}(string) instead to explicitly indicate that the ${text} elements are strings.`
		: `Remove the quotes around "${text}".`;
	return `Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. ${advice}`;
}

/**
A variable's type constraint. In JSON syntax (`"type": "list(string)"`) the constraint is a string holding the type expression; in native syntax a quoted constraint is the pre-0.12 form, which Terraform refuses.
*/
export function readTypeConstraint(written: Expression, evaluateDefault: (expression: Expression) => Value, syntax: 'native' | 'json' = 'native'): TypeConstraintResult {
	const quoted = literalString(written);
	if (quoted !== undefined && syntax === 'native') {
		return {type: dynamicType, diagnostics: [errorDiagnostic('Invalid quoted type constraints', quotedTypeDetail(quoted), written.range)]};
	}

	if (quoted !== undefined) {
		const parsed = parseExpression(quoted, written.range.filename);
		const errors = parsed.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
		if (errors.length > 0 || parsed.value === undefined) {
			return {type: dynamicType, diagnostics: [errorDiagnostic('Invalid type specification', `"${quoted}" is not a type expression: ${errors[0]?.summary ?? 'it cannot be parsed'}.`, written.range)]};
		}

		// The parsed nodes' positions are within the string; point at the string instead.
		const result = readTypeConstraint(parsed.value, evaluateDefault);
		return {type: result.type, diagnostics: result.diagnostics.map(diagnostic => ({...diagnostic, subject: written.range}))};
	}

	const expression = written;
	const diagnostics: Diagnostic[] = [];
	const invalid = (detail: string, subject: Expression): Type => {
		diagnostics.push(errorDiagnostic('Invalid type specification', detail, subject.range));
		return dynamicType;
	};

	const read = (node: Expression, allowOptional: boolean): {type: Type; optional?: boolean; defaultValue?: Value} => {
		const name = keyword(node);
		if (name !== undefined) {
			switch (name) {
				case 'string': {
					return {type: stringType};
				}

				case 'number': {
					return {type: numberType};
				}

				case 'bool': {
					return {type: boolType};
				}

				case 'any': {
					return {type: dynamicType};
				}

				case 'list':
				case 'set':
				case 'map': {
					return {type: invalid(`The ${name} type constructor requires one argument specifying the element type.`, node)};
				}

				default: {
					return {type: invalid(`The keyword "${name}" is not a valid type specification.`, node)};
				}
			}
		}

		if (node.kind !== 'FunctionCall') {
			return {type: invalid('A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).', node)};
		}

		const [first, second] = node.arguments;
		switch (node.name) {
			case 'list':
			case 'set':
			case 'map': {
				if (node.arguments.length !== 1 || !first) {
					return {type: invalid(`The ${node.name} type constructor requires one argument specifying the element type.`, node)};
				}

				const element = read(first, false).type;
				return {type: node.name === 'list' ? listType(element) : (node.name === 'set' ? setType(element) : mapType(element))};
			}

			case 'tuple': {
				if (node.arguments.length !== 1 || first?.kind !== 'Tuple') {
					return {type: invalid('The tuple type constructor requires one argument specifying the element types as a list.', node)};
				}

				return {type: tupleType(first.items.map(item => read(item, false).type))};
			}

			case 'object': {
				if (node.arguments.length !== 1 || first?.kind !== 'Object') {
					return {type: invalid('The object type constructor requires one argument specifying the attribute types as a map.', node)};
				}

				const attributes: Record<string, Type> = {};
				const optional = new Set<string>();
				const defaults = new Map<string, Value>();
				for (const item of first.items) {
					const key = objectKey(item.key);
					if (key === undefined) {
						invalid('Object constructor map keys must be attribute names.', item.key);
						continue;
					}

					const attribute = read(item.value, true);
					attributes[key] = attribute.type;
					if (attribute.optional) {
						optional.add(key);
					}

					if (attribute.defaultValue) {
						defaults.set(key, attribute.defaultValue);
					}
				}

				const type = objectType(attributes, optional);
				return {type: defaults.size > 0 && type.kind === 'object' ? {...type, defaults} : type};
			}

			case 'optional': {
				if (!allowOptional) {
					return {type: invalid('Keyword "optional" is valid only as a modifier for object type attributes.', node)};
				}

				if (!first || node.arguments.length > 2) {
					return {type: invalid('Optional attribute modifier expects one or two arguments: the attribute type and an optional default value.', node)};
				}

				const inner = read(first, false).type;
				return second ? {type: inner, optional: true, defaultValue: evaluateDefault(second)} : {type: inner, optional: true};
			}

			default: {
				return {type: invalid(`Keyword "${node.name}" is not a valid type constructor.`, node)};
			}
		}
	};

	return {type: read(expression, false).type, diagnostics};
}

export function isPrimitiveConstraint(type: Type): boolean {
	return type.kind === 'string' || type.kind === 'number' || type.kind === 'bool';
}
