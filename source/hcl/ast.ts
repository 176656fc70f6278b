import {type Range, rangeBetween} from './position.js';

/*
The syntax tree of HCL native syntax (and of JSON syntax, read into the same shapes). Every node has a `range`; `source.slice(range.start.offset, range.end.offset)` is its text. The tree knows nothing of Terraform: no block kinds, no functions.
*/

export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/' | '%';

export type UnaryOperator = '!' | '-';

/**
A number, bool or null literal. Numbers keep their source text so the evaluator can read them at full precision.
*/
export type Literal = {
	readonly kind: 'Literal';
	readonly value: {readonly type: 'number'; readonly text: string} | {readonly type: 'bool'; readonly value: boolean} | {readonly type: 'null'};
	readonly range: Range;
};

/**
A quoted string or heredoc. Escapes are decoded and strip markers (`~`) already applied to the neighbouring literals. A template whose only part is one interpolation (`"${x}"`) evaluates to that value unconverted, as in HCL.
*/
export type Template = {
	readonly kind: 'Template';
	readonly parts: readonly TemplatePart[];
	/**
	Set for heredocs: the marker and whether it was `<<-` (indentation trimmed).
	*/
	readonly heredoc?: {readonly marker: string; readonly flush: boolean};
	readonly range: Range;
};

export type TemplateLiteral = {
	readonly kind: 'TemplateLiteral';
	readonly value: string;
	readonly range: Range;
};

export type TemplateInterpolation = {
	readonly kind: 'TemplateInterpolation';
	readonly expression: Expression;
	readonly range: Range;
};

export type TemplateIf = {
	readonly kind: 'TemplateIf';
	readonly condition: Expression;
	readonly then: readonly TemplatePart[];
	readonly else?: readonly TemplatePart[];
	readonly range: Range;
};

export type TemplateFor = {
	readonly kind: 'TemplateFor';
	readonly keyVariable?: string;
	readonly valueVariable: string;
	readonly collection: Expression;
	readonly body: readonly TemplatePart[];
	readonly range: Range;
};

export type TemplatePart = TemplateLiteral | TemplateInterpolation | TemplateIf | TemplateFor;

/**
A bare name at the root of a traversal: `var` in `var.x`, `count` in `count.index`, a `for` variable.
*/
export type Variable = {
	readonly kind: 'Variable';
	readonly name: string;
	readonly range: Range;
};

/**
`object.name`.
*/
export type GetAttribute = {
	readonly kind: 'GetAttribute';
	readonly object: Expression;
	readonly name: string;
	readonly nameRange: Range;
	readonly range: Range;
};

/**
`collection[key]`, or the legacy `collection.0` form (`legacy: true`, key a number literal).
*/
export type Index = {
	readonly kind: 'Index';
	readonly collection: Expression;
	readonly key: Expression;
	readonly legacy: boolean;
	readonly range: Range;
};

/**
A splat: `source[*].each` (full) or `source.*.each` (attribute-only: only attribute steps belong to `each`, a following `[i]` indexes the result). `each` is written over a `SplatItem` standing for one element; it is the `SplatItem` alone when nothing follows the splat.
*/
export type Splat = {
	readonly kind: 'Splat';
	readonly source: Expression;
	readonly each: Expression;
	readonly full: boolean;
	readonly range: Range;
};

/**
The element a splat's `each` expression is applied to.
*/
export type SplatItem = {
	readonly kind: 'SplatItem';
	readonly range: Range;
};

/**
`name(arguments...)`; `name` is the full name, namespaces included (`provider::terraform::encode_tfvars`, `core::upper`). `expandFinal` is set by a trailing `...`.
*/
export type FunctionCall = {
	readonly kind: 'FunctionCall';
	readonly name: string;
	readonly nameRange: Range;
	readonly arguments: readonly Expression[];
	readonly expandFinal: boolean;
	readonly openParenRange: Range;
	readonly closeParenRange: Range;
	readonly range: Range;
};

export type Conditional = {
	readonly kind: 'Conditional';
	readonly condition: Expression;
	readonly trueResult: Expression;
	readonly falseResult: Expression;
	readonly range: Range;
};

export type BinaryOp = {
	readonly kind: 'BinaryOp';
	readonly operator: BinaryOperator;
	readonly left: Expression;
	readonly right: Expression;
	readonly range: Range;
};

export type UnaryOp = {
	readonly kind: 'UnaryOp';
	readonly operator: UnaryOperator;
	readonly operand: Expression;
	readonly range: Range;
};

export type Tuple = {
	readonly kind: 'Tuple';
	readonly items: readonly Expression[];
	readonly range: Range;
};

/**
One `key = value` (or `key: value`) of an object constructor. A key that is a bare identifier (`Variable`) means that name as a string; a key in parentheses (`Parenthesized`) or any other expression is evaluated.
*/
export type ObjectItem = {
	readonly key: Expression;
	readonly value: Expression;
	readonly range: Range;
};

export type ObjectConstructor = {
	readonly kind: 'Object';
	readonly items: readonly ObjectItem[];
	readonly range: Range;
};

/**
`(expression)`: kept in the tree because it changes the meaning of an object key.
*/
export type Parenthesized = {
	readonly kind: 'Parenthesized';
	readonly expression: Expression;
	readonly range: Range;
};

/**
`[for k, v in collection : value if condition]` (`keyExpression` absent) or `{for k, v in collection : key => value... if condition}`.
*/
export type ForExpression = {
	readonly kind: 'For';
	readonly keyVariable?: string;
	readonly valueVariable: string;
	readonly collection: Expression;
	readonly keyExpression?: Expression;
	readonly valueExpression: Expression;
	readonly condition?: Expression;
	readonly grouping: boolean;
	readonly openRange: Range;
	readonly closeRange: Range;
	readonly range: Range;
};

/**
Stands in for an expression that failed to parse, so the tree stays complete; the parse diagnostics explain it.
*/
export type InvalidExpression = {
	readonly kind: 'Invalid';
	readonly range: Range;
};

export type Expression =
	| Literal
	| Template
	| Variable
	| GetAttribute
	| Index
	| Splat
	| SplatItem
	| FunctionCall
	| Conditional
	| BinaryOp
	| UnaryOp
	| Tuple
	| ObjectConstructor
	| Parenthesized
	| ForExpression
	| InvalidExpression;

export type ExpressionKind = Expression['kind'];

export type Attribute = {
	readonly kind: 'Attribute';
	readonly name: string;
	readonly nameRange: Range;
	readonly expression: Expression;
	readonly range: Range;
};

export type Block = {
	readonly kind: 'Block';
	readonly type: string;
	readonly typeRange: Range;
	readonly labels: readonly string[];
	readonly labelRanges: readonly Range[];
	readonly body: Body;
	readonly openBraceRange: Range;
	readonly closeBraceRange: Range;
	readonly range: Range;
};

/**
The content of a file or of a block: attributes and blocks in source order.
*/
export type Body = {
	readonly kind: 'Body';
	readonly items: ReadonlyArray<Attribute | Block>;
	/**
	Where the body came from: native syntax, or JSON syntax (`.tf.json`), whose object values cannot tell an attribute from a block without a schema.
	*/
	readonly syntax: 'native' | 'json';
	readonly range: Range;
};

export type Node = Expression | TemplatePart | Attribute | Block | Body;

export function attributesOf(body: Body): Attribute[] {
	return body.items.filter((item): item is Attribute => item.kind === 'Attribute');
}

export function blocksOf(body: Body, type?: string): Block[] {
	return body.items.filter((item): item is Block => item.kind === 'Block' && (type === undefined || item.type === type));
}

export function findAttribute(body: Body, name: string): Attribute | undefined {
	return body.items.find((item): item is Attribute => item.kind === 'Attribute' && item.name === name);
}

/**
A copy of a node with some properties changed. Use it instead of `{...node, body}`: parsed nodes compute `kind` and their ranges in their class, which a spread would drop.
*/
export {withChanges} from './nodes.js';

/**
hclsyntax's Block.DefRange: the type and labels, without the body (where Terraform points a diagnostic about a whole declaration).
*/
export function definitionRange(block: Block): Range {
	const last = block.labelRanges.at(-1);
	return last ? rangeBetween(block.typeRange, last) : block.typeRange;
}

/**
The string of a literal string expression without interpolations (`"./modules/net"`); undefined for anything else. Where Terraform requires a literal (a module source before 1.15, `sensitive`, a quoted type constraint), this is what it reads.
*/
export function literalString(expression: Expression | undefined): string | undefined {
	if (expression?.kind !== 'Template') {
		return undefined;
	}

	let text = '';
	for (const part of expression.parts) {
		if (part.kind !== 'TemplateLiteral') {
			return undefined;
		}

		text += part.value;
	}

	return text;
}
