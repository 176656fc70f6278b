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

export const tokenTypes: readonly TokenType[] = [
	'OBrace', 'CBrace', 'OBrack', 'CBrack', 'OParen', 'CParen', 'OQuote', 'CQuote', 'OHeredoc', 'CHeredoc',
	'Star', 'Slash', 'Plus', 'Minus', 'Percent', 'Equal', 'EqualOp', 'NotEqual', 'LessThan', 'LessThanEq',
	'GreaterThan', 'GreaterThanEq', 'And', 'Or', 'Bang', 'Dot', 'Comma', 'DoubleColon', 'Ellipsis', 'FatArrow',
	'Question', 'Colon', 'TemplateInterp', 'TemplateControl', 'TemplateSeqEnd', 'QuotedLit', 'StringLit',
	'NumberLit', 'Ident', 'Comment', 'Newline', 'EOF', 'BitwiseAnd', 'BitwiseOr', 'BitwiseXor', 'BitwiseNot',
	'Apostrophe', 'Backtick', 'Semicolon', 'QuotedNewline', 'BadUtf8', 'Invalid',
];

/**
The bracket that closes each opening bracket, for recovery.
*/
export function oppositeBracket(type: TokenType): TokenType | undefined {
	switch (type) {
		case 'OBrace': {
			return 'CBrace';
		}

		case 'CBrace': {
			return 'OBrace';
		}

		case 'OBrack': {
			return 'CBrack';
		}

		case 'CBrack': {
			return 'OBrack';
		}

		case 'OParen': {
			return 'CParen';
		}

		case 'CParen': {
			return 'OParen';
		}

		case 'OQuote': {
			return 'CQuote';
		}

		case 'CQuote': {
			return 'OQuote';
		}

		case 'OHeredoc': {
			return 'CHeredoc';
		}

		case 'CHeredoc': {
			return 'OHeredoc';
		}

		case 'TemplateInterp':
		case 'TemplateControl': {
			return 'TemplateSeqEnd';
		}

		case 'TemplateSeqEnd': {
			return 'TemplateInterp';
		}

		default: {
			return undefined;
		}
	}
}
