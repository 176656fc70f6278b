import * as K from './token-kind.js';

/*
Token kinds of HCL native syntax. The scanner also recognises characters the language does not allow (`'`, `;`, `&`...) as their own kinds, so the parser can explain them instead of saying "invalid character".
*/
export type TokenType =
	| 'OBrace' // {
	| 'CBrace' // }
	| 'OBrack' // [
	| 'CBrack' // ]
	| 'OParen' // (
	| 'CParen' // )
	| 'OQuote' // "
	| 'CQuote' // "
	| 'OHeredoc' // <<EOT or <<-EOT, with its newline
	| 'CHeredoc' // the closing marker, with its indentation
	| 'Star'
	| 'Slash'
	| 'Plus'
	| 'Minus'
	| 'Percent'
	| 'Equal' // =
	| 'EqualOp' // ==
	| 'NotEqual'
	| 'LessThan'
	| 'LessThanEq'
	| 'GreaterThan'
	| 'GreaterThanEq'
	| 'And'
	| 'Or'
	| 'Bang'
	| 'Dot'
	| 'Comma'
	| 'DoubleColon'
	| 'Ellipsis'
	| 'FatArrow'
	| 'Question'
	| 'Colon'
	| 'TemplateInterp' // ${ or ${~
	| 'TemplateControl' // %{ or %{~
	| 'TemplateSeqEnd' // } or ~} closing one of the two above
	| 'QuotedLit' // literal text of a quoted template, escapes still encoded
	| 'StringLit' // literal text of a heredoc or bare template (one line at most)
	| 'NumberLit'
	| 'Ident'
	| 'Comment'
	| 'Newline'
	| 'EOF'
	// Recognised but invalid:
	| 'BitwiseAnd'
	| 'BitwiseOr'
	| 'BitwiseXor'
	| 'BitwiseNot'
	| 'Apostrophe'
	| 'Backtick'
	| 'Semicolon'
	| 'QuotedNewline'
	| 'BadUtf8'
	| 'Invalid';

/**
A token: its kind and the offsets of its text. Its line and column are the file's LineIndex's to work out (`lines.at(token.startOffset)`), when a diagnostic needs them.
*/
export type Token = {
	readonly type: TokenType;
	readonly startOffset: number;
	readonly endOffset: number;
};

/**
Every token type, in the order of the kind numbers (token-kind.ts).
*/
export const tokenTypes: readonly TokenType[] = [
	'OBrace', 'CBrace', 'OBrack', 'CBrack', 'OParen', 'CParen', 'OQuote', 'CQuote', 'OHeredoc', 'CHeredoc',
	'Star', 'Slash', 'Plus', 'Minus', 'Percent', 'Equal', 'EqualOp', 'NotEqual', 'LessThan', 'LessThanEq',
	'GreaterThan', 'GreaterThanEq', 'And', 'Or', 'Bang', 'Dot', 'Comma', 'DoubleColon', 'Ellipsis', 'FatArrow',
	'Question', 'Colon', 'TemplateInterp', 'TemplateControl', 'TemplateSeqEnd', 'QuotedLit', 'StringLit',
	'NumberLit', 'Ident', 'Comment', 'Newline', 'EOF', 'BitwiseAnd', 'BitwiseOr', 'BitwiseXor', 'BitwiseNot',
	'Apostrophe', 'Backtick', 'Semicolon', 'QuotedNewline', 'BadUtf8', 'Invalid',
];

/**
A token kind as the lexer stores it: the index of its type in `tokenTypes`, named in token-kind.ts.
*/
export type TokenKind = number;

/**
The bracket that closes each opening bracket and opens each closing one, for recovery; -1 for any other kind.
*/
export const oppositeBracket: Readonly<Int8Array> = (() => {
	const opposite = new Int8Array(tokenTypes.length).fill(-1);
	const pairs: Array<[TokenKind, TokenKind]> = [[K.OBrace, K.CBrace], [K.OBrack, K.CBrack], [K.OParen, K.CParen], [K.OQuote, K.CQuote], [K.OHeredoc, K.CHeredoc], [K.TemplateInterp, K.TemplateSeqEnd]];
	for (const [open, close] of pairs) {
		opposite[open] = close;
		opposite[close] = open;
	}

	opposite[K.TemplateControl] = K.TemplateSeqEnd;
	return opposite;
})();
