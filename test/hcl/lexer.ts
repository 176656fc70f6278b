import test from 'ava';
import {lexConfig, parseConfig, printBody} from '../../source/hcl/index.js';
import {tokenTypes, type TokenType} from '../../source/hcl/token.js';
import * as kinds from '../../source/hcl/token-kind.js';

/*
The scanner, case by case: each line of tokens as `Type` or `Type(text)` for tokens whose text varies.
*/

const withText = new Set<TokenType>(['Ident', 'NumberLit', 'QuotedLit', 'StringLit', 'Comment', 'OHeredoc', 'CHeredoc', 'TemplateInterp', 'TemplateControl', 'TemplateSeqEnd', 'Invalid', 'BadUtf8', 'QuotedNewline', 'Newline']);
const seen = new Set<TokenType>();

function printTokens(source: string): string {
	return lexConfig(source, 'test.tf').value.map(token => {
		seen.add(token.type);
		const text = source.slice(token.startOffset, token.endOffset);
		return withText.has(token.type) ? `${token.type}(${JSON.stringify(text).slice(1, -1)})` : token.type;
	}).join(' ');
}

const lexesTo = test.macro({
	exec(t, source: string, expected: string) {
		t.is(printTokens(source), `${expected} EOF`);
	},
	title: (_title, source: string) => `lexes \`${JSON.stringify(source).slice(1, -1)}\``,
});

const cases: Array<[string, string]> = [
	['a = 1', 'Ident(a) Equal NumberLit(1)'],
	['my-name_2', 'Ident(my-name_2)'],
	['café ß', 'Ident(café) Ident(ß)'],
	['1.5 2e10 3.25E-2 4. 5e', 'NumberLit(1.5) NumberLit(2e10) NumberLit(3.25E-2) NumberLit(4) Dot NumberLit(5) Ident(e)'],
	// As hclsyntax scans them: dots and exponents in any order, never ending in a dot (the parser rejects the malformed ones).
	['1.2.3 3....14 1e5e5 1.e5 1... 2.5.', 'NumberLit(1.2.3) NumberLit(3....14) NumberLit(1e5e5) NumberLit(1.e5) NumberLit(1) Ellipsis NumberLit(2.5) Dot'],
	['{ } [ ] ( )', 'OBrace CBrace OBrack CBrack OParen CParen'],
	['+ - * / %', 'Plus Minus Star Slash Percent'],
	['== != < > <= >= && || !', 'EqualOp NotEqual LessThan GreaterThan LessThanEq GreaterThanEq And Or Bang'],
	['a.b, c ? d : e', 'Ident(a) Dot Ident(b) Comma Ident(c) Question Ident(d) Colon Ident(e)'],
	['f(x...) k => v', 'Ident(f) OParen Ident(x) Ellipsis CParen Ident(k) FatArrow Ident(v)'],
	['provider::aws::arn', 'Ident(provider) DoubleColon Ident(aws) DoubleColon Ident(arn)'],
	['a # c\nb', 'Ident(a) Comment(# c) Newline(\\n) Ident(b)'],
	['a // c\r\nb', 'Ident(a) Comment(// c) Newline(\\r\\n) Ident(b)'],
	['a # c\r', 'Ident(a) Comment(# c\\r)'],
	['a /* x\ny */ b', 'Ident(a) Comment(/* x\\ny */) Ident(b)'],
	['"hi"', 'OQuote QuotedLit(hi) CQuote'],
	['"a\\"b\\\\"', 'OQuote QuotedLit(a\\\\\\"b\\\\\\\\) CQuote'],
	['"a${b}c"', 'OQuote QuotedLit(a) TemplateInterp(${) Ident(b) TemplateSeqEnd(}) QuotedLit(c) CQuote'],
	['"${~ b ~}"', 'OQuote TemplateInterp(${~) Ident(b) TemplateSeqEnd(~}) CQuote'],
	['"%{if c}x%{endif}"', 'OQuote TemplateControl(%{) Ident(if) Ident(c) TemplateSeqEnd(}) QuotedLit(x) TemplateControl(%{) Ident(endif) TemplateSeqEnd(}) CQuote'],
	['"$${a} %%{b}"', 'OQuote QuotedLit($${a} %%{b}) CQuote'],
	['"${ {a = 1} }"', 'OQuote TemplateInterp(${) OBrace Ident(a) Equal NumberLit(1) CBrace TemplateSeqEnd(}) CQuote'],
	['"${"${x}"}"', 'OQuote TemplateInterp(${) OQuote TemplateInterp(${) Ident(x) TemplateSeqEnd(}) CQuote TemplateSeqEnd(}) CQuote'],
	['"a\nb"', 'OQuote QuotedLit(a) QuotedNewline(\\n) QuotedLit(b) CQuote'],
	['"open', 'OQuote QuotedLit(open)'],
	['<<EOT\nline\n  ${x}\nEOT\n', 'OHeredoc(<<EOT\\n) StringLit(line\\n) StringLit(  ) TemplateInterp(${) Ident(x) TemplateSeqEnd(}) StringLit(\\n) CHeredoc(EOT) Newline(\\n)'],
	['<<-EOT\n  a\n  EOT', 'OHeredoc(<<-EOT\\n) StringLit(  a\\n) CHeredoc(  EOT)'],
	['<<EOT\nEOTX\nEOT', 'OHeredoc(<<EOT\\n) StringLit(EOTX\\n) CHeredoc(EOT)'],
	['<<EOT\r\nx\r\nEOT\r\n', 'OHeredoc(<<EOT\\r\\n) StringLit(x\\r\\n) CHeredoc(EOT) Newline(\\r\\n)'],
	['a << b', 'Ident(a) LessThan LessThan Ident(b)'],
	['\uFEFFa', 'Ident(a)'],
	['a\tb', 'Ident(a) Ident(b)'],
	['\' ` ; & | ^', 'Apostrophe Backtick Semicolon BitwiseAnd BitwiseOr BitwiseXor'],
	['@ $ \u201C', 'Invalid(@) Invalid($) Invalid(\u201C)'],
	['~x', 'BitwiseNot Ident(x)'],
	['{a ~}', 'OBrace Ident(a) TemplateSeqEnd(~})'],
	['"${ {a ~} }"', 'OQuote TemplateInterp(${) OBrace Ident(a) TemplateSeqEnd(~}) TemplateSeqEnd(}) CQuote'],
	['${a} %{b}', 'Invalid($) OBrace Ident(a) CBrace Percent OBrace Ident(b) CBrace'],
	['\uFFFD', 'BadUtf8(\uFFFD)'],
	['/* never closed', 'Slash Star Ident(never) Ident(closed)'],
	['a\rb', 'Ident(a) Invalid(\\r) Ident(b)'],
	// A lone CR is a newline in a quoted string, and stops hclsyntax's heredoc scanner: the rest of the input is one invalid token.
	['"a\rb"', 'OQuote QuotedLit(a) QuotedNewline(\\r) QuotedLit(b) CQuote'],
	['<<EOT\nx\ry\nEOT\n', 'OHeredoc(<<EOT\\n) StringLit(x) Invalid(\\ry\\nEOT\\n)'],
	['<<EOT\n\rEOT\nEOT\n', 'OHeredoc(<<EOT\\n) Invalid(\\rEOT\\nEOT\\n)'],
	// A backslash with nothing to escape (before a newline or the end of the input) is an invalid character of its own.
	['"x\\\ny"', 'OQuote QuotedLit(x) Invalid(\\\\) QuotedNewline(\\n) QuotedLit(y) CQuote'],
	['"x\\', 'OQuote QuotedLit(x) Invalid(\\\\)'],
];

for (const [source, expected] of cases) {
	test(lexesTo, source, expected);
}

test('every token type appears in a case', t => {
	for (const [source] of cases) {
		printTokens(source);
	}

	t.deepEqual(tokenTypes.filter(type => !seen.has(type)), []);
});

test('each kind number names its token type, and every type has one', t => {
	const named = Object.entries(kinds).map(([name, kind]) => [name, tokenTypes[kind]]);
	t.deepEqual(named.filter(([name, type]) => name !== type), []);
	t.is(named.length, tokenTypes.length);
});

test('the token arrays grow past their first estimate (one token a character)', t => {
	const source = `[${','.repeat(5000)}]`;
	const tokens = lexConfig(source, 'test.tf').value;
	t.is(tokens.length, 5003);
	t.deepEqual(tokens.at(-2), {type: 'CBrack', startOffset: 5001, endOffset: 5002});
	t.deepEqual(tokens.at(-1), {type: 'EOF', startOffset: 5002, endOffset: 5002});
	t.true(tokens.slice(1, -2).every((token, index) => token.type === 'Comma' && token.startOffset === index + 1));
});

test('a parse that reuses the arrays of a longer one sees none of its tokens', t => {
	const short = 'a = "x"\nb {\n}\n';
	const alone = parseConfig(short, 'short.tf');
	const printedAlone = printBody(alone.value);
	parseConfig(`${'c = [1, 2, "three", {d = 4}]\n'.repeat(200)}e = f(`, 'long.tf');
	const after = parseConfig(short, 'short.tf');
	t.is(printBody(after.value), printedAlone);
	t.deepEqual(after.diagnostics, alone.diagnostics);
	t.deepEqual(alone.diagnostics, []);
	// Cut short, the same text ends where the long one had more tokens.
	const cut = parseConfig('a = [1, 2', 'cut.tf');
	t.deepEqual(cut.diagnostics.map(diagnostic => diagnostic.summary), ['Unterminated tuple constructor expression']);
});
