import type {LineIndex} from './line-index.js';
import type {Range} from './position.js';

const needsDecodingQuoted = /[\\$%]/;
const needsDecodingPlain = /[$%]/;
// A character that may need decoding (an escape, a backslash) or normalising (U+0300 and up).
const mayNeedDecoding = /[$%\\\u0300-\uFFFF]/;

function isHex(code: number): boolean {
	return (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

/**
Where decoding reports its errors: the parser, or anything with the same shape.
*/
export type EscapeReporter = {
	readonly lines: LineIndex;
	readonly filename: string;
	error(summary: string, detail: string, subject?: Range): void;
};

/**
Decodes the literal text of a template: backslash escapes (quoted strings only) and the `$${` / `%%{` escapes. `offset` is where `raw` starts in the file, for diagnostic ranges.
*/
export function decodeStringLiteral(raw: string, quoted: boolean, offset: number, reporter: EscapeReporter): string {
	// Most literals have nothing to decode, which one regular expression tells (native code, where a loop over the characters runs unoptimised for most of a short process); the others take the loop.
	if (!mayNeedDecoding.test(raw)) {
		return raw;
	}

	let beyondCombining = false;
	for (let index = 0; index < raw.length; index++) {
		const code = raw.charCodeAt(index);
		if (code === 36 || code === 37 || (code === 92 && quoted)) {
			return decodeWithEscapes(raw, quoted, offset, reporter);
		}

		if (code >= 0x3_00) {
			beyondCombining = true;
		}
	}

	return beyondCombining ? raw.normalize('NFC') : raw;
}

function decodeWithEscapes(raw: string, quoted: boolean, offset: number, reporter: EscapeReporter): string {
	const decoded = decodeEscapes(raw, quoted, offset, reporter);
	// HCL gives literal text in Unicode normal form C (`"e\u0301"` is `"é"`); only text from U+0300 up (combining marks, Hangul jamo, compatibility singletons) can change.
	return mayChangeUnderNfc.test(decoded) ? decoded.normalize('NFC') : decoded;
}

const mayChangeUnderNfc = /[\u0300-\uffff]/;

function decodeEscapes(raw: string, quoted: boolean, offset: number, reporter: EscapeReporter): string {
	if (!(quoted ? needsDecodingQuoted : needsDecodingPlain).test(raw)) {
		return raw;
	}

	const parts: string[] = [];
	let chunkStart = 0;
	let index = 0;
	const {length} = raw;
	const fail = (detail: string, end: number) => {
		reporter.error('Invalid escape sequence', detail, {filename: reporter.filename, start: reporter.lines.at(offset + index), end: reporter.lines.at(offset + Math.min(end, length))});
	};

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
		if (index + 1 >= length) {
			fail('Backslash must be followed by an escape sequence selector character.', index + 1);
			index++;
			chunkStart = index;
			continue;
		}

		const selector = String.fromCodePoint(raw.codePointAt(index + 1)!);
		let consumed = 1 + selector.length;
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
				let count = 0;
				while (count < digits && isHex(raw.charCodeAt(index + 2 + count))) {
					count++;
				}

				if (count < digits) {
					fail(`The \\${selector} escape sequence must be followed by ${selector === 'u' ? 'four' : 'eight'} hexadecimal digits.`, index + 2 + count);
					consumed = 2 + count;
					break;
				}

				consumed = 2 + digits;
				const point = Number.parseInt(raw.slice(index + 2, index + 2 + digits), 16);
				if (point > 0x10_FF_FF || (point >= 0xD8_00 && point <= 0xDF_FF)) {
					fail(`Cannot encode character U+${point.toString(16).padStart(4, '0')} in UTF-8.`, index + consumed);
					break;
				}

				parts.push(String.fromCodePoint(point));
				break;
			}

			default: {
				fail(`The symbol ${JSON.stringify(selector)} is not a valid escape sequence selector.`, index + consumed);
				parts.push(selector);
			}
		}

		index += consumed;
		chunkStart = index;
	}

	parts.push(raw.slice(chunkStart));
	return parts.join('');
}
