import type {Diagnostic} from './diagnostics.js';
import {errorDiagnostic} from './diagnostics.js';
import type {LineIndex} from './line-index.js';

const needsDecodingQuoted = /[\\$%]/;
const needsDecodingPlain = /[$%]/;

function isHex(code: number): boolean {
	return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

/**
Decodes the literal text of a template: backslash escapes (quoted strings only) and the `$${` / `%%{` escapes. `offset` is where `raw` starts in the file, for diagnostic ranges.
*/
export function decodeStringLiteral(raw: string, quoted: boolean, offset: number, lines: LineIndex, filename: string, diagnostics: Diagnostic[]): string {
	if (!(quoted ? needsDecodingQuoted : needsDecodingPlain).test(raw)) {
		return raw;
	}

	const parts: string[] = [];
	let chunkStart = 0;
	let index = 0;
	const {length} = raw;
	while (index < length) {
		const code = raw.charCodeAt(index);
		if ((code === 36 || code === 37) && raw.charCodeAt(index + 1) === code && raw.charCodeAt(index + 2) === 123) {
			parts.push(raw.slice(chunkStart, index + 1));
			index += 2;
			chunkStart = index;
			continue;
		}

		if (code !== 92 || !quoted) {
			index++;
			continue;
		}

		parts.push(raw.slice(chunkStart, index));
		const selector = raw.charAt(index + 1);
		let consumed = 2;
		switch (selector) {
			case 'n': {
				parts.push('\n');
				break;
			}

			case 'r': {
				parts.push('\r');
				break;
			}

			case 't': {
				parts.push('\t');
				break;
			}

			case '"': {
				parts.push('"');
				break;
			}

			case '\\': {
				parts.push('\\');
				break;
			}

			case 'u':
			case 'U': {
				const digits = selector === 'u' ? 4 : 8;
				let valid = true;
				for (let digit = 0; digit < digits; digit++) {
					if (!isHex(raw.charCodeAt(index + 2 + digit))) {
						valid = false;
						break;
					}
				}

				const point = valid ? Number.parseInt(raw.slice(index + 2, index + 2 + digits), 16) : Number.NaN;
				if (valid && point <= 0x10_FF_FF && !(point >= 0xD8_00 && point <= 0xDF_FF)) {
					parts.push(String.fromCodePoint(point));
					consumed = 2 + digits;
				} else {
					const end = Math.min(length, index + 2 + digits);
					diagnostics.push(errorDiagnostic(
						'Invalid escape sequence',
						`The \\${selector} escape sequence must be followed by ${digits} hexadecimal digits naming a Unicode character.`,
						{filename, start: lines.at(offset + index), end: lines.at(offset + end)},
					));
					consumed = 2;
				}

				break;
			}

			default: {
				const end = Math.min(length, index + 2);
				diagnostics.push(errorDiagnostic(
					'Invalid escape sequence',
					`The symbol ${JSON.stringify(selector)} is not a valid escape sequence selector.`,
					{filename, start: lines.at(offset + index), end: lines.at(offset + end)},
				));
				if (selector === '') {
					consumed = 1;
				}
			}
		}

		index += consumed;
		chunkStart = index;
	}

	parts.push(raw.slice(chunkStart));
	return parts.join('');
}
