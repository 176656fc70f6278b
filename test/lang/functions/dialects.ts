import test from 'ava';
import {describeExpression} from '../../helpers/functions.js';

/*
Where OpenTofu 1.11's functions differ from Terraform 1.11's under the same name. Terraform's results are `terraform console` (1.11.4) output; OpenTofu's come from its source, cited per case, since OpenTofu cannot be installed here.
*/

type DialectCase = readonly [expression: string, terraform: string, opentofu: string];

const cases: readonly DialectCase[] = [
	// Go 1.25's long category names (opentofu CHANGELOG.md v1.11.0, #3166; website/docs/language/functions/regex.mdx lists `\p{Letter}`).
	[String.raw`regexall("\\p{Letter}+", "ab 12 cd")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Letter}.`, 'tolist([\n  "ab",\n  "cd",\n])'],
	[String.raw`regex("\\p{Uppercase_Letter}", "aBc")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Uppercase_Letter}.`, '"B"'],
	// TR18 loose matching: case, spaces, underscores and hyphens do not matter.
	[String.raw`regex("\\p{uppercase-letter}", "aBc")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{uppercase-letter}.`, '"B"'],
	[String.raw`regex("\\p{greek}+", "abγδ")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{greek}.`, '"γδ"'],
	[String.raw`regexall("\\P{digit}", "1a2")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \P{digit}.`, 'tolist([\n  "a",\n])'],
	// `LC`, `Cn`, `ASCII` and `Assigned` are Go 1.25's additions; Terraform's Go 1.23 refuses them (terraform console).
	[String.raw`regexall("\\p{LC}", "aB1")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{LC}.`, 'tolist([\n  "a",\n  "B",\n])'],
	[String.raw`regexall("\\p{ASCII}", "aé")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{ASCII}.`, 'tolist([\n  "a",\n])'],
	[String.raw`length(regexall("\\p{Cn}", "a"))`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Cn}.`, '0'],
	[String.raw`regex("[\\p{Assigned}]", "a")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Assigned}.`, '"a"'],
	// Binary properties are not Go's in either release (re2js has them).
	[String.raw`regex("\\p{Alphabetic}", "a")`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Alphabetic}.`, String.raw`error: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Alphabetic}.`],
	// What both accept.
	[String.raw`regex("\\p{Greek}\\pL\\p{^Latin}", "γδε")`, '"γδε"', '"γδε"'],
	[String.raw`regex("\\\\p{Letter}", "\\p{Letter}")`, String.raw`"\\p{Letter}"`, String.raw`"\\p{Letter}"`],
	[String.raw`regex("\\Q\\p{Letter}\\E", "\\p{Letter}")`, String.raw`"\\p{Letter}"`, String.raw`"\\p{Letter}"`],
	// replace's /pattern/ is the same regexp package.
	[String.raw`replace("a1b2", "/\\p{Number}/", "#")`, 'error: Call to function "replace" failed: error parsing regexp: invalid character class range: `\\p{Number}`.', '"a#b#"'],
	// issensitive of an unknown value (opentofu internal/lang/funcs/sensitive.go, #3008); Terraform answers from its marks.
	['issensitive(timeadd(plantimestamp(), "1h"))', 'false', '(known after apply)'],
	['issensitive(sensitive(plantimestamp()))', 'true', '(known after apply)'],
	['issensitive(sensitive(1))', 'true', 'true'],
	['issensitive([plantimestamp()])', 'false', 'false'],
	// fileset: both escape metacharacters with a backslash (Terraform's doublestar v1.1.5; OpenTofu 1.11's doublestar v4.9.1, opentofu go.mod at v1.11.0, #3332, which fixed escapes in the base directory that 1.10's v4.6.0 broke).
	['fileset(".", "h\\\\ello.\\\\txt")', 'toset([\n  "hello.txt",\n])', 'toset([\n  "hello.txt",\n])'],
	['fileset(".", "sub/\\\\[ab].*")', 'toset([])', 'toset([])'],
	// v1.1.5 reports a malformed glob only when a name gets that far (terraform console: a backslash at the end, `[` in the path); v4 checks the whole pattern first (doublestar v4 glob.go, Glob's ValidatePattern).
	['fileset(".", "hello.txt\\\\")', 'toset([])', 'error: Call to function "fileset" failed: failed to glob pattern "hello.txt\\\\": syntax error in pattern.'],
	['fileset("nope[", "*")', 'toset([])', 'error: Call to function "fileset" failed: failed to glob pattern "nope[/*": syntax error in pattern.'],
	// v1.1.5 splits at / before braces (terraform console: an unclosed `{a,deeper`) and negates with ^ only; v4 matches braces across directories and negates with ! too (doublestar v4 match.go).
	['fileset("sub", "{a,deeper/c}.txt")', 'error: Call to function "fileset" failed: failed to glob pattern "sub/{a,deeper/c}.txt": syntax error in pattern.', 'toset([\n  "a.txt",\n  "deeper/c.txt",\n])'],
	['fileset(".", "sub/[!a].*")', 'toset([\n  "sub/a.txt",\n])', 'toset([\n  "sub/b.md",\n])'],
	// Both glob the path too (filepath.Join(path, pattern)): `d[1]` is the class [1], and matches are relative to the path as given.
	['fileset("glob/d[1]", "*")', 'toset([\n  "../d1/x.txt",\n])', 'toset([\n  "../d1/x.txt",\n])'],
	['fileset("glob/d\\\\[1]", "*")', 'toset([\n  "../d[1]/y.txt",\n])', 'toset([\n  "../d[1]/y.txt",\n])'],
	// yamldecode: both are go-cty-yaml v1.1.0 (opentofu go.mod at v1.11.0; terraform console for Terraform): YAML 1.2 integers, `+` a string (opentofu CHANGELOG v1.9.0, #2044).
	['yamldecode("+")', '"+"', '"+"'],
	['yamldecode("1_000")', '"1_000"', '"1_000"'],
	['yamldecode("-0x1F")', '"-0x1F"', '"-0x1F"'],
	['yamldecode("0o17")', '15', '15'],
	['yamldecode("+12")', '12', '12'],
	['yamldecode("yes")', 'true', 'true'],
];

for (const [expression, terraform, opentofu] of cases) {
	test(`${expression} in Terraform and OpenTofu`, t => {
		t.is(describeExpression(expression, 'terraform'), terraform);
		t.is(describeExpression(expression, 'opentofu'), opentofu);
	});
}
