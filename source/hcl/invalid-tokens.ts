import type {Diagnostic} from './diagnostics.js';
import {errorDiagnostic} from './diagnostics.js';
import type {LineIndex} from './line-index.js';
import type {TokenList} from './lexer.js';

/**
Diagnostics for the tokens the scanner recognises but the language does not allow (the lexer's `invalid` list, of indices into `tokens`), with hclsyntax's explanations.
*/
export function checkInvalidTokens(invalid: readonly number[], tokens: TokenList, text: string, filename: string, lines: LineIndex): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const index of invalid) {
		const token = tokens.token(index);
		const range = {filename, start: lines.at(token.startOffset), end: lines.at(token.endOffset)};
		switch (token.type) {
			case 'BitwiseAnd':
			case 'BitwiseOr':
			case 'BitwiseXor':
			case 'BitwiseNot': {
				const hints: Record<string, string> = {BitwiseAnd: ' Did you mean boolean AND ("&&")?', BitwiseOr: ' Did you mean boolean OR ("||")?', BitwiseNot: ' Did you mean boolean NOT ("!")?'};
				const hint = hints[token.type] ?? '';
				diagnostics.push(errorDiagnostic('Unsupported operator', `Bitwise operators are not supported.${hint}`, range));
				break;
			}

			case 'Apostrophe': {
				diagnostics.push(errorDiagnostic('Invalid character', 'Single quotes are not valid. Use double quotes (") to enclose strings.', range));
				break;
			}

			case 'Backtick': {
				diagnostics.push(errorDiagnostic('Invalid character', 'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".', range));
				break;
			}

			case 'Semicolon': {
				diagnostics.push(errorDiagnostic('Invalid character', 'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.', range));
				break;
			}

			case 'QuotedNewline': {
				diagnostics.push(errorDiagnostic('Invalid multi-line string', 'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.', range));
				break;
			}

			case 'BadUtf8': {
				diagnostics.push(errorDiagnostic('Invalid character encoding', 'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.', range));
				break;
			}

			case 'Invalid': {
				const character = text.slice(token.startOffset, token.endOffset);
				if ('\u201C\u201D\u2018\u2019'.includes(character)) {
					diagnostics.push(errorDiagnostic('Invalid character', '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".', range));
				} else {
					diagnostics.push(errorDiagnostic('Invalid character', 'This character is not used within the language.', range));
				}

				break;
			}

			default: {
				break;
			}
		}
	}

	return diagnostics;
}
