import type {Expression, ObjectItem} from './ast.js';
import {
	BinaryOpNode, ConditionalNode, endOf, ForNode, FunctionCallNode, GetAttributeNode, IndexNode, InvalidNode, LiteralNode, ObjectItemNode, ObjectNode,
	ParenthesizedNode, SplatItemNode, SplatNode, startOf, TupleNode, UnaryOpNode, VariableNode,
} from './nodes.js';
import {binaryOperators, operatorLevel} from './operators.js';
import {parseTemplateExpression} from './parse-template.js';
import type {Parser} from './parser.js';
import type {Range} from './position.js';
import {decodeStringLiteral} from './string-literal.js';
import {maximumSyntaxDepth, nodeBeyondDepth} from './syntax-depth.js';
import type {TokenKind} from './token.js';
import * as K from './token-kind.js';

/*
Expressions, as hclsyntax parses them: conditional, then binary operators from the precedence table, then unary operators and traversals (attribute access, index, splat) over a term.
*/

export function parseExpression(p: Parser): Expression {
	const start = p.peek();
	if (!p.enter(start)) {
		return new InvalidNode(p.file, p.starts[start]!, p.ends[start]!);
	}

	const outermost = !p.inExpression;
	p.inExpression = true;
	const expression = parseConditional(p);
	p.leave();
	if (!outermost) {
		return expression;
	}

	p.inExpression = false;
	return checkSyntaxDepth(p, expression);
}

/**
An outermost expression whose tree is deeper than `maximumSyntaxDepth` becomes invalid, with a diagnostic at the node that passes the limit, so no walker recurses that deep. A tree cannot be deeper than its text is long, so short expressions (nearly all) are not walked.
*/
function checkSyntaxDepth(p: Parser, expression: Expression): Expression {
	const start = startOf(expression);
	const end = endOf(expression);
	if (end - start <= maximumSyntaxDepth) {
		return expression;
	}

	const beyond = nodeBeyondDepth(expression);
	if (!beyond) {
		return expression;
	}

	p.error('Expression too deeply nested', `This expression's syntax tree is more than ${maximumSyntaxDepth} levels deep (maximumSyntaxDepth), counting every operator, attribute and index step, call, bracket and template part, not only brackets. Split it with local values.`, beyond.range, expression.range);
	return new InvalidNode(p.file, start, end);
}

function parseConditional(p: Parser): Expression {
	let before = p.errorCount;
	const condition = parseBinary(p, 0);
	if ((p.recovery && p.errorCount > before) || p.peekKind() !== K.Question) {
		return condition;
	}

	p.read();
	before = p.errorCount;
	const trueResult = parseExpression(p);
	if (p.recovery && p.errorCount > before) {
		return condition;
	}

	const colon = p.peek();
	if (p.kinds[colon] !== K.Colon) {
		p.error('Missing false expression in conditional', 'The conditional operator (...?...:...) requires a false expression, delimited by a colon.', p.tokenRange(colon), p.range(condition.range.start, p.tokenEnd(colon)));
		const falseResult = new InvalidNode(p.file, p.starts[colon]!, p.ends[colon]!);
		return new ConditionalNode(p.file, startOf(condition), endOf(trueResult), condition, trueResult, falseResult);
	}

	p.read();
	before = p.errorCount;
	const falseResult = parseExpression(p);
	if (p.recovery && p.errorCount > before) {
		return condition;
	}

	return new ConditionalNode(p.file, startOf(condition), endOf(falseResult), condition, trueResult, falseResult);
}

/**
Binary operators by precedence climbing over the levels of `operators.ts`. It builds the same left-associative tree as one recursive function per level (hclsyntax's parseBinaryOps), and gives up the same way: when an operand had errors while recovering, the operator and that operand are dropped.
*/
function parseBinary(p: Parser, level: number): Expression {
	const before = p.errorCount;
	const left = parseExpressionWithTraversals(p);
	if (p.recovery && p.errorCount > before) {
		return left;
	}

	return climb(p, left, level);
}

function climb(p: Parser, first: Expression, minimumLevel: number): Expression {
	let left = first;
	for (;;) {
		const next = p.peekKind();
		const level = operatorLevel[next]!;
		if (level < 0 || level < minimumLevel) {
			return left;
		}

		p.read();
		const before = p.errorCount;
		let right = parseExpressionWithTraversals(p);
		if (p.recovery && p.errorCount > before) {
			return left;
		}

		// Operators that bind tighter take the right operand first.
		for (;;) {
			const following = operatorLevel[p.peekKind()]!;
			if (following < 0 || following <= level) {
				break;
			}

			const beforeRight = p.errorCount;
			right = climb(p, right, level + 1);
			if (p.recovery && p.errorCount > beforeRight) {
				return left;
			}
		}

		left = new BinaryOpNode(p.file, startOf(left), endOf(right), binaryOperators[next]!, left, right);
	}
}

function parseExpressionWithTraversals(p: Parser): Expression {
	return parseTraversals(p, parseTerm(p));
}

function parseTraversals(p: Parser, from: Expression): Expression {
	let result = from;
	for (;;) {
		const next = p.peek();
		if (p.kinds[next] === K.Dot) {
			p.read();
			const name = p.peek();
			if (p.kinds[name] === K.Ident) {
				p.read();
				result = new GetAttributeNode(result, p.tokenText(name), p.ends[name]!);
				continue;
			}

			if (p.kinds[name] === K.NumberLit) {
				p.read();
				checkLegacyIndex(p, name, false);
				result = new IndexNode(p.file, startOf(result), p.ends[name]!, result, numberLiteral(p, name), true);
				continue;
			}

			if (p.kinds[name] === K.Star) {
				result = finishAttributeSplat(p, result, next) ?? result;
				continue;
			}

			// hclsyntax reports this even while recovering, and goes on with the traversal.
			p.error('Invalid attribute name', 'An attribute name is required after a dot.', p.tokenRange(name));
			result = new InvalidNode(p.file, startOf(result), p.starts[name]!);
			p.setRecovery();
			continue;
		}

		if (p.kinds[next] === K.OBrack) {
			const open = p.read();
			if (p.peekKind() === K.Star) {
				p.read();
				let close = p.read();
				if (p.kinds[close] !== K.CBrack) {
					// hclsyntax recovers only when it reports.
					if (p.recovery) {
						p.softError('Missing close bracket on splat index', 'The star for a full splat operator must be immediately followed by a closing bracket ("]").', p.tokenRange(close));
					} else {
						// hclsyntax's subject points at the variable it then sets to the token recovery stops at, so that is where it reports.
						close = p.recover(K.CBrack);
						p.error('Missing close bracket on splat index', 'The star for a full splat operator must be immediately followed by a closing bracket ("]").', p.tokenRange(close));
					}
				}

				const item = new SplatItemNode(p.file, p.starts[open]!, p.ends[close]!);
				// A full splat applies every following step to each element; parsing those steps recurses, so a splat is a level of nesting.
				if (!p.enter(open)) {
					return result;
				}

				const each = parseTraversals(p, item);
				p.leave();
				result = new SplatNode(p.file, startOf(result), endOf(each), result, each, true);
				continue;
			}

			p.peeker.pushIncludeNewlines(false);
			const before = p.errorCount;
			const key = parseExpression(p);
			let close: number;
			if (p.recovery && p.errorCount > before) {
				close = p.recover(K.CBrack);
			} else {
				close = p.read();
				if (p.kinds[close] !== K.CBrack) {
					// hclsyntax recovers only when it reports.
					if (p.recovery) {
						p.softError('Missing close bracket on index', 'The index operator must end with a closing bracket ("]").', p.tokenRange(close));
					} else {
						// As above: reported where recovery stops, as hclsyntax does.
						close = p.recover(K.CBrack);
						p.error('Missing close bracket on index', 'The index operator must end with a closing bracket ("]").', p.tokenRange(close));
					}
				}
			}

			p.peeker.popIncludeNewlines();
			result = new IndexNode(p.file, startOf(result), p.ends[close]!, result, key, false);
			continue;
		}

		return result;
	}
}

/**
`foo.0.1` scans as `foo`, `.`, `0.1`: a legacy index may not chain a second one.
*/
function checkLegacyIndex(p: Parser, token: number, inSplat: boolean): void {
	const text = p.tokenText(token);
	const dot = text.indexOf('.');
	if (dot !== -1) {
		const proper = inSplat ? 'the proper index syntax with a full splat expression [*] instead' : 'the proper index syntax instead';
		p.error('Invalid legacy index syntax', `When using the legacy index syntax, chaining two indexes together is not permitted. Use ${proper}, like [${text.slice(0, dot)}][${text.slice(dot + 1)}].`, p.tokenRange(token));
	}
}

function finishAttributeSplat(p: Parser, source: Expression, dot: number): Expression | undefined {
	const star = p.read();
	const item = new SplatItemNode(p.file, p.starts[dot]!, p.ends[star]!);
	let each: Expression = item;
	// An attribute-only splat takes only the attribute steps (and legacy numeric indexes) after it.
	while (p.peekKind() === K.Dot) {
		p.read();
		const name = p.peek();
		if (p.kinds[name] === K.NumberLit) {
			p.read();
			checkLegacyIndex(p, name, true);
			each = new IndexNode(p.file, startOf(each), p.ends[name]!, each, numberLiteral(p, name), true);
			continue;
		}

		if (p.kinds[name] === K.Ident) {
			p.read();
			each = new GetAttributeNode(each, p.tokenText(name), p.ends[name]!);
			continue;
		}

		if (p.kinds[name] === K.Star) {
			p.softError('Nested splat expression not allowed', 'A splat expression (*) cannot be used inside another attribute-only splat expression.', p.tokenRange(name));
		} else {
			p.softError('Invalid attribute name', 'An attribute name is required after a dot.', p.tokenRange(name));
		}

		// As hclsyntax, drop the splat and go on with the traversal.
		p.setRecovery();
		return undefined;
	}

	return new SplatNode(p.file, startOf(source), endOf(each), source, each, false);
}

function parseTerm(p: Parser): Expression {
	const start = p.peek();
	switch (p.kinds[start]) {
		case K.OParen: {
			return parseParentheses(p);
		}

		case K.NumberLit: {
			p.read();
			if (!wellFormedNumber.test(p.tokenText(start))) {
				// hclsyntax reports it and goes on (no recovery): the token is one, however many dots or exponents it has.
				p.error('Invalid number literal', 'Failed to recognize the value of this number literal.', p.tokenRange(start));
			}

			return numberLiteral(p, start);
		}

		case K.Ident: {
			p.read();
			const next = p.peekKind();
			if (next === K.OParen || next === K.DoubleColon) {
				return finishFunctionCall(p, start);
			}

			const name = p.tokenText(start);
			switch (name) {
				case 'true':
				case 'false': {
					return new LiteralNode(p.file, p.starts[start]!, p.ends[start]!, name === 'true' ? trueValue : falseValue);
				}

				case 'null': {
					return new LiteralNode(p.file, p.starts[start]!, p.ends[start]!, nullValue);
				}

				default: {
					return new VariableNode(p.file, p.starts[start]!, name);
				}
			}
		}

		case K.OQuote:
		case K.OHeredoc: {
			if (!p.enter(start)) {
				p.read();
				const close = p.recover(p.kinds[start] === K.OQuote ? K.CQuote : K.CHeredoc);
				return new InvalidNode(p.file, p.starts[start]!, p.ends[close]!);
			}

			const template = parseTemplateExpression(p);
			p.leave();
			return template;
		}

		case K.Minus:
		case K.Bang: {
			p.read();
			if (!p.enter(start)) {
				return new InvalidNode(p.file, p.starts[start]!, p.ends[start]!);
			}

			const operand = parseExpressionWithTraversals(p);
			p.leave();
			return new UnaryOpNode(p.file, p.starts[start]!, endOf(operand), p.kinds[start] === K.Minus ? '-' : '!', operand);
		}

		case K.OBrack: {
			return parseTuple(p);
		}

		case K.OBrace: {
			return parseObject(p);
		}

		default: {
			if (p.kinds[start] === K.EOF) {
				p.softError('Missing expression', 'Expected the start of an expression, but found the end of the file.', p.tokenRange(start));
			} else {
				p.softError('Invalid expression', 'Expected the start of an expression, but found an invalid expression token.', p.tokenRange(start));
			}

			p.setRecovery();
			return new InvalidNode(p.file, p.starts[start]!, p.ends[start]!);
		}
	}
}

function parseParentheses(p: Parser): Expression {
	const open = p.read();
	p.peeker.pushIncludeNewlines(false);
	const before = p.errorCount;
	const expression = parseExpression(p);
	if (p.errorCount > before) {
		const close = p.recover(K.CParen);
		p.peeker.popIncludeNewlines();
		return new ParenthesizedNode(p.file, p.starts[open]!, p.ends[close]!, expression);
	}

	const close = p.peek();
	if (p.kinds[close] !== K.CParen) {
		p.error('Unbalanced parentheses', 'Expected a closing parenthesis to terminate the expression.', p.tokenRange(close), p.range(p.tokenStart(open), p.tokenEnd(close)));
		p.setRecovery();
	}

	const closeParen = p.read();
	p.peeker.popIncludeNewlines();
	return new ParenthesizedNode(p.file, p.starts[open]!, p.ends[closeParen]!, expression);
}

function finishFunctionCall(p: Parser, nameToken: number): Expression {
	let name = p.tokenText(nameToken);
	let nameEnd = p.ends[nameToken]!;
	let open = p.read();
	while (p.kinds[open] === K.DoubleColon) {
		const part = p.read();
		if (p.kinds[part] !== K.Ident) {
			p.error('Missing function name', 'Function scope resolution symbol :: must be followed by a function name in this scope.', p.tokenRange(part), p.range(p.tokenStart(nameToken), p.tokenEnd(part)));
			p.recoverOver(K.OParen);
			return new InvalidNode(p.file, p.starts[nameToken]!, p.ends[part]!);
		}

		name += '::' + p.tokenText(part);
		nameEnd = p.ends[part]!;
		open = p.read();
	}

	if (p.kinds[open] !== K.OParen) {
		p.error('Missing open parenthesis', 'Function selector must be followed by an open parenthesis to begin the function call.', p.tokenRange(open), p.range(p.tokenStart(nameToken), p.tokenEnd(open)));
		p.recoverOver(K.OParen);
		return new InvalidNode(p.file, p.starts[nameToken]!, p.ends[open]!);
	}

	if (!p.enter(open)) {
		const close = p.recover(K.CParen);
		return new InvalidNode(p.file, p.starts[nameToken]!, p.ends[close]!);
	}

	const arguments_: Expression[] = [];
	let expandFinal = false;
	let close: number | undefined;
	p.peeker.pushIncludeNewlines(false);
	for (;;) {
		if (p.peekKind() === K.CParen) {
			close = p.read();
			break;
		}

		const before = p.errorCount;
		arguments_.push(parseExpression(p));
		if (p.recovery && p.errorCount > before) {
			close = p.recover(K.CParen);
			break;
		}

		const separator = p.read();
		if (p.kinds[separator] === K.CParen) {
			close = separator;
			break;
		}

		if (p.kinds[separator] === K.Ellipsis) {
			expandFinal = true;
			if (p.peekKind() === K.CParen) {
				close = p.read();
			} else {
				p.softError('Missing closing parenthesis', 'An expanded function argument (with ...) must be immediately followed by closing parentheses.', p.tokenRange(separator), p.range(p.tokenStart(nameToken), p.tokenEnd(separator)));
				close = p.recover(K.CParen);
			}

			break;
		}

		if (p.kinds[separator] !== K.Comma) {
			if (p.kinds[separator] === K.EOF) {
				p.error('Unterminated function call', 'There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.', p.range(p.tokenStart(nameToken), p.tokenEnd(open)));
			} else {
				p.error('Missing argument separator', 'A comma is required to separate each function argument from the next.', p.tokenRange(separator), p.range(p.tokenStart(nameToken), p.tokenEnd(separator)));
			}

			close = p.recover(K.CParen);
			break;
		}

		if (p.peekKind() === K.CParen) {
			close = p.read();
			break;
		}
	}

	p.peeker.popIncludeNewlines();
	p.leave();
	return new FunctionCallNode(p.file, p.starts[nameToken]!, p.ends[close]!, name, nameEnd, arguments_, expandFinal, p.starts[open]!, p.starts[close]!);
}

function isKeyword(p: Parser, token: number, keyword: string): boolean {
	return p.kinds[token] === K.Ident && p.ends[token]! - p.starts[token]! === keyword.length && p.text.startsWith(keyword, p.starts[token]!);
}

function parseTuple(p: Parser): Expression {
	const open = p.read();
	if (!p.enter(open)) {
		const close = p.recover(K.CBrack);
		return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
	}

	p.peeker.pushIncludeNewlines(false);
	let result: Expression;
	if (isKeyword(p, p.peek(), 'for')) {
		result = finishFor(p, open);
	} else {
		const items: Expression[] = [];
		let close: number;
		for (;;) {
			if (p.peekKind() === K.CBrack) {
				close = p.read();
				break;
			}

			const before = p.errorCount;
			items.push(parseExpression(p));
			if (p.recovery && p.errorCount > before) {
				close = p.recover(K.CBrack);
				break;
			}

			const next = p.peek();
			if (p.kinds[next] === K.CBrack) {
				close = p.read();
				break;
			}

			if (p.kinds[next] !== K.Comma) {
				if (p.kinds[next] === K.EOF) {
					p.softError('Unterminated tuple constructor expression', 'There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.', p.tokenRange(open));
				} else {
					p.softError('Missing item separator', 'Expected a comma to mark the beginning of the next item.', p.tokenRange(next), p.range(p.tokenStart(open), p.tokenEnd(next)));
				}

				close = p.recover(K.CBrack);
				break;
			}

			p.read();
		}

		result = new TupleNode(p.file, p.starts[open]!, p.ends[close]!, items);
	}

	p.peeker.popIncludeNewlines();
	p.leave();
	return result;
}

function parseObject(p: Parser): Expression {
	const open = p.read();
	if (!p.enter(open)) {
		const close = p.recover(K.CBrace);
		return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
	}

	// A `for` may follow on the next line: look for it with newlines ignored.
	p.peeker.pushIncludeNewlines(false);
	const isFor = isKeyword(p, p.peek(), 'for');
	p.peeker.popIncludeNewlines();
	// Object constructors separate items with newlines, even inside brackets.
	p.peeker.pushIncludeNewlines(true);
	let result: Expression;
	if (isFor) {
		result = finishFor(p, open);
	} else {
		const items: ObjectItem[] = [];
		let close: number;
		for (;;) {
			let next = p.peek();
			if (p.kinds[next] === K.Newline) {
				p.read();
				continue;
			}

			if (p.kinds[next] === K.CBrace) {
				close = p.read();
				break;
			}

			let before = p.errorCount;
			const key = parseExpression(p);
			if (p.recovery && p.errorCount > before) {
				close = p.recover(K.CBrace);
				break;
			}

			next = p.peek();
			if (p.kinds[next] !== K.Equal && p.kinds[next] !== K.Colon) {
				objectSeparatorError(p, open, next);
				close = p.recover(K.CBrace);
				break;
			}

			p.read();
			before = p.errorCount;
			const value = parseExpression(p);
			items.push(new ObjectItemNode(key, value));
			if (p.recovery && p.errorCount > before) {
				close = p.recover(K.CBrace);
				break;
			}

			next = p.peek();
			if (p.kinds[next] === K.CBrace) {
				close = p.read();
				break;
			}

			if (p.kinds[next] !== K.Comma && p.kinds[next] !== K.Newline) {
				if (p.kinds[next] === K.EOF) {
					p.softError('Unterminated object constructor expression', 'There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(open));
				} else {
					p.softError('Missing attribute separator', 'Expected a newline or comma to mark the beginning of the next attribute.', p.tokenRange(next), p.range(p.tokenStart(open), p.tokenEnd(next)));
				}

				close = p.recover(K.CBrace);
				break;
			}

			p.read();
		}

		result = new ObjectNode(p.file, p.starts[open]!, p.ends[close]!, items);
	}

	p.peeker.popIncludeNewlines();
	p.leave();
	return result;
}

function objectSeparatorError(p: Parser, open: number, next: number): void {
	const context = p.range(p.tokenStart(open), p.tokenEnd(next));
	switch (p.kinds[next]) {
		case K.Newline:
		case K.Comma: {
			p.softError('Missing attribute value', 'Expected an attribute value, introduced by an equals sign ("=").', p.tokenRange(next), context);
			break;
		}

		case K.Ident: {
			p.softError('Missing key/value separator', 'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.', p.tokenRange(next), context);
			break;
		}

		case K.EOF: {
			p.softError('Unterminated object constructor expression', 'There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(open));
			break;
		}

		default: {
			p.softError('Missing key/value separator', 'Expected an equals sign ("=") to mark the beginning of the attribute value.', p.tokenRange(next), context);
		}
	}
}

function finishFor(p: Parser, open: number): Expression {
	p.peeker.pushIncludeNewlines(false);
	const result = finishForInner(p, open);
	p.peeker.popIncludeNewlines();
	return result;
}

function finishForInner(p: Parser, open: number): Expression {
	p.read(); // for
	const object = p.kinds[open] === K.OBrace;
	const closeType: TokenKind = object ? K.CBrace : K.CBrack;
	const fail = (detail: string, subject: Range): Expression => {
		p.softError('Invalid \'for\' expression', detail, subject, p.range(p.tokenStart(open), subject.end));

		const close = p.recover(closeType);
		return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
	};

	let token = p.peek();
	if (p.kinds[token] !== K.Ident) {
		return fail('For expression requires variable name after \'for\'.', p.tokenRange(token));
	}

	p.read();
	let keyVariable: string | undefined;
	let valueVariable = p.tokenText(token);
	if (p.peekKind() === K.Comma) {
		p.read();
		keyVariable = valueVariable;
		token = p.peek();
		if (p.kinds[token] !== K.Ident) {
			return fail('For expression requires value variable name after comma.', p.tokenRange(token));
		}

		p.read();
		valueVariable = p.tokenText(token);
	}

	token = p.peek();
	if (!isKeyword(p, token, 'in')) {
		return fail('For expression requires the \'in\' keyword after its name declarations.', p.tokenRange(token));
	}

	p.read();
	let before = p.errorCount;
	const collection = parseExpression(p);
	if (p.recovery && p.errorCount > before) {
		const close = p.recover(closeType);
		return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
	}

	token = p.peek();
	if (p.kinds[token] !== K.Colon) {
		return fail('For expression requires a colon after the collection expression.', p.tokenRange(token));
	}

	p.read();
	before = p.errorCount;
	let keyExpression: Expression | undefined;
	let valueExpression = parseExpression(p);
	if (p.peekKind() === K.FatArrow) {
		p.read();
		keyExpression = valueExpression;
		valueExpression = parseExpression(p);
	}

	if (p.recovery && p.errorCount > before) {
		const close = p.recover(closeType);
		return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
	}

	let grouping = false;
	let ellipsis: number | undefined;
	if (p.peekKind() === K.Ellipsis) {
		ellipsis = p.read();
		grouping = true;
	}

	let condition: Expression | undefined;
	if (isKeyword(p, p.peek(), 'if')) {
		p.read();
		before = p.errorCount;
		condition = parseExpression(p);
		if (p.recovery && p.errorCount > before) {
			const close = p.recover(closeType);
			return new InvalidNode(p.file, p.starts[open]!, p.ends[close]!);
		}
	}

	let close = p.peek();
	if (p.kinds[close] === closeType) {
		p.read();
	} else {
		p.softError('Invalid \'for\' expression', 'Extra characters after the end of the \'for\' expression.', p.tokenRange(close), p.range(p.tokenStart(open), p.tokenEnd(close)));

		close = p.recover(closeType);
	}

	if (object) {
		if (!keyExpression) {
			p.error('Invalid \'for\' expression', 'Key expression is required when building an object.', valueExpression.range, p.range(p.tokenStart(open), p.tokenEnd(close)));
		}
	} else {
		if (keyExpression) {
			p.error('Invalid \'for\' expression', 'Key expression is not valid when building a tuple.', keyExpression.range, p.range(p.tokenStart(open), p.tokenEnd(close)));
		}

		if (ellipsis) {
			p.error('Invalid \'for\' expression', 'Grouping ellipsis (...) cannot be used when building a tuple.', p.tokenRange(ellipsis), p.range(p.tokenStart(open), p.tokenEnd(close)));
		}
	}

	return new ForNode(p.file, p.starts[open]!, p.ends[close]!, p.starts[close]!, {
		keyVariable, valueVariable, collection, keyExpression: object ? keyExpression : undefined, valueExpression, condition, grouping,
	});
}

/**
A quoted string with no template sequences, as block labels are written.
*/
export function parseQuotedStringLiteral(p: Parser): {value: string; start: number; end: number} {
	const open = p.read();
	// Nearly always one literal between the quotes, or none.
	const first = p.peeker.index;
	const firstKind = p.kinds[first];
	if (firstKind === K.CQuote) {
		p.read();
		return {value: '', start: p.starts[open]!, end: p.ends[first]!};
	}

	// A literal is never the last token (EOF is), so the next one is there.
	const second = first + 1;
	if (firstKind === K.QuotedLit && p.kinds[second] === K.CQuote) {
		p.read();
		p.read();
		return {value: decodeStringLiteral(p.tokenText(first), true, p.starts[first]!, p), start: p.starts[open]!, end: p.ends[second]!};
	}

	const parts: string[] = [];
	for (;;) {
		const token = p.read();
		switch (p.kinds[token]) {
			case K.CQuote: {
				return {value: parts.join(''), start: p.starts[open]!, end: p.ends[token]!};
			}

			case K.QuotedLit: {
				parts.push(decodeStringLiteral(p.tokenText(token), true, p.starts[token]!, p));
				break;
			}

			case K.TemplateInterp:
			case K.TemplateControl: {
				const which = p.kinds[token] === K.TemplateInterp ? '$' : '%';
				p.error('Invalid string literal', `Template sequences are not allowed in this string. To include a literal ${JSON.stringify(which)}, double it (as "${which}${which}") to escape it.`, p.tokenRange(token), p.range(p.tokenStart(open), p.tokenEnd(token)));
				parts.push(which, '{ ... }');
				p.recover(K.TemplateSeqEnd);
				break;
			}

			case K.EOF: {
				p.error('Unterminated string literal', 'Unable to find the closing quote mark before the end of the file.', p.tokenRange(token), p.range(p.tokenStart(open), p.tokenEnd(token)));
				return {value: parts.join(''), start: p.starts[open]!, end: p.ends[token]!};
			}

			default: {
				p.error('Invalid string literal', 'This item is not valid in a string literal.', p.tokenRange(token), p.range(p.tokenStart(open), p.tokenEnd(token)));
				p.recover(K.CQuote);
				return {value: parts.join(''), start: p.starts[open]!, end: p.ends[token]!};
			}
		}
	}
}

// Literal values shared by every literal of their kind.
const trueValue = {type: 'bool', value: true} as const;
const falseValue = {type: 'bool', value: false} as const;
const nullValue = {type: 'null'} as const;

// Number values by their text, shared as the names are (see `intern`).
/** What Go's number parser reads from a number token: one fraction, one exponent. */
const wellFormedNumber = /^\d+(?:\.\d*)?(?:[eE][-+]?\d+)?$/;

const numberValues = new Map<string, {readonly type: 'number'; readonly text: string}>();

function numberLiteral(p: Parser, token: number): Expression {
	const text = p.tokenText(token);
	let value = numberValues.get(text);
	if (value === undefined) {
		value = {type: 'number', text};
		if (text.length <= 12) {
			if (numberValues.size >= 10_000) {
				numberValues.clear();
			}

			numberValues.set(text, value);
		}
	}

	return new LiteralNode(p.file, p.starts[token]!, p.ends[token]!, value);
}
