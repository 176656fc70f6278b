import type {Body} from '../hcl/ast.js';
import type {Diagnostic, Result} from '../hcl/diagnostics.js';
import {errorDiagnostic} from '../hcl/diagnostics.js';
import {parseConfig, parseJsonConfig} from '../hcl/index.js';
import {LineIndex} from '../hcl/line-index.js';
import type {Range} from '../hcl/position.js';
import {FileReadError} from '../files/read-file.js';
import {type ConfigSource, readFrom} from './source.js';

/**
The largest configuration file the loader reads: 32 MiB. Hand-written and generated `.tf` files are a few MB at most, so this is far above any real one, while it keeps what one hostile file can cost bounded (its syntax tree stays under a few hundred MB). A bigger file is skipped with a diagnostic and the rest of the configuration loads.
*/
export const maximumConfigFileBytes = 32 * 1024 * 1024;

/**
At most this many "Invalid character encoding" diagnostics per file; the last one counts the rest.
*/
export const maximumEncodingDiagnostics = 5;

// As git decides a file is binary: a NUL byte in the first 8,000 bytes; also when a fifth of them (64 at least) are not UTF-8, which text in another encoding does not reach.
const binaryProbeBytes = 8000;

const encodingDetail = 'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.';

/**
A configuration or tfvars file read from disk: its text (decoded, for showing snippets) and the parse result.
*/
export type ParsedConfigFile = Result<Body> & {readonly text: string};

/**
Parses one configuration or tfvars file with the syntax its name says (`.json` suffix: JSON syntax).
*/
export function parseConfigFile(text: string, filename: string): Result<Body> {
	return filename.endsWith('.json') ? parseJsonConfig(text, filename) : parseConfig(text, filename);
}

/**
Reads and parses one file through the one reader with limits (`source/files/read-file.ts`): refuses a file over `maximumConfigFileBytes` without reading it (a diagnostic), reports invalid UTF-8 where it is (a few diagnostics at most), and does not parse a file that is not text at all. Throws a `FileReadError` for a file that cannot be read (missing, a directory, a device, a FIFO...). `filename` names the file in diagnostics (default: `path`).
*/
export function readConfigFile(path: string, filename = path, source?: ConfigSource): ParsedConfigFile {
	const read = readFrom(source, path, maximumConfigFileBytes);
	if (!read.ok) {
		if (read.failure.kind === 'too-large') {
			return oversizedFile(filename, read.failure.size ?? maximumConfigFileBytes + 1);
		}

		throw new FileReadError(read.failure, filename);
	}

	return parseConfigBytes(read.bytes, filename);
}

/**
Parses the bytes of one file (see `readConfigFile`).
*/
export function parseConfigBytes(bytes: Uint8Array, filename: string): ParsedConfigFile {
	if (bytes.length > maximumConfigFileBytes) {
		return oversizedFile(filename, bytes.length);
	}

	const decoded = decodeUtf8(bytes);
	if (decoded.badBytes.length === 0) {
		return {...parseConfigFile(decoded.text, filename), text: decoded.text};
	}

	const lines = new LineIndex(decoded.text);
	const at = (offset: number, length: number): Range => ({filename, start: lines.at(offset), end: lines.at(offset + length)});
	const binary = looksBinary(bytes);
	if (binary) {
		const detail = `${filename} does not look like UTF-8 text: ${binary}. It was not read as configuration. ${encodingDetail}`;
		// The whole file is the problem: point at its start.
		return {text: decoded.text, value: emptyBody(filename), diagnostics: [errorDiagnostic('Invalid character encoding', detail, at(0, 0))]};
	}

	const diagnostics: Diagnostic[] = decoded.badBytes.slice(0, maximumEncodingDiagnostics).map((region, index, shown) => {
		const rest = decoded.badBytes.length - shown.length;
		const more = index === shown.length - 1 && rest > 0 ? ` This file has ${rest} more ${rest === 1 ? 'place' : 'places'} with invalid UTF-8 after this one.` : '';
		return errorDiagnostic('Invalid character encoding', `${encodingDetail}${more}`, at(region.offset, region.length));
	});
	// The parser sees each bad byte as U+FFFD; outside strings it would report the same places again.
	const parsed = parseConfigFile(decoded.text, filename);
	const reported = new Set(decoded.badBytes.map(region => region.offset));
	const rest = parsed.diagnostics.filter(diagnostic => !(diagnostic.summary === 'Invalid character encoding' && diagnostic.subject && reported.has(diagnostic.subject.start.offset)));
	return {text: decoded.text, value: parsed.value, diagnostics: [...diagnostics, ...rest]};
}

type Decoded = {
	readonly text: string;
	/**
	Runs of bytes that are not UTF-8, where they are in `text` (UTF-16 offset; one U+FFFD a byte, as Go reads them).
	*/
	readonly badBytes: ReadonlyArray<{readonly offset: number; readonly length: number}>;
};

const strict = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true});

function decodeUtf8(bytes: Uint8Array): Decoded {
	try {
		return {text: strict.decode(bytes), badBytes: []};
	} catch {
		// Only files with bad bytes come here: decode the good runs, one U+FFFD per bad byte.
	}

	const pieces: string[] = [];
	const badBytes: Array<{offset: number; length: number}> = [];
	let textLength = 0;
	let runStart = 0;
	let index = 0;
	while (index < bytes.length) {
		const length = sequenceLength(bytes, index);
		if (length > 0) {
			index += length;
			continue;
		}

		let end = index + 1;
		while (end < bytes.length && sequenceLength(bytes, end) === 0) {
			end++;
		}

		const good = strict.decode(bytes.subarray(runStart, index));
		pieces.push(good, '\uFFFD'.repeat(end - index));
		textLength += good.length;
		badBytes.push({offset: textLength, length: end - index});
		textLength += end - index;
		runStart = end;
		index = end;
	}

	pieces.push(strict.decode(bytes.subarray(runStart)));
	return {text: pieces.join(''), badBytes};
}

/**
The length of the valid UTF-8 sequence starting at `index`, or 0 (overlong forms, surrogates and code points past U+10FFFF are not valid).
*/
function sequenceLength(bytes: Uint8Array, index: number): number {
	const lead = bytes[index]!;
	if (lead < 0x80) {
		return 1;
	}

	const continuation = (offset: number, low = 0x80, high = 0xBF): boolean => {
		const byte = bytes[index + offset];
		return byte !== undefined && byte >= low && byte <= high;
	};

	if (lead >= 0xC2 && lead <= 0xDF) {
		return continuation(1) ? 2 : 0;
	}

	if (lead >= 0xE0 && lead <= 0xEF) {
		const low = lead === 0xE0 ? 0xA0 : 0x80;
		const high = lead === 0xED ? 0x9F : 0xBF;
		return continuation(1, low, high) && continuation(2) ? 3 : 0;
	}

	if (lead >= 0xF0 && lead <= 0xF4) {
		const low = lead === 0xF0 ? 0x90 : 0x80;
		const high = lead === 0xF4 ? 0x8F : 0xBF;
		return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
	}

	return 0;
}

/**
Why the start of a file shows it is not text, or undefined.
*/
function looksBinary(bytes: Uint8Array): string | undefined {
	const probe = bytes.subarray(0, binaryProbeBytes);
	if (probe.includes(0)) {
		return 'it contains NUL bytes';
	}

	let bad = 0;
	for (let index = 0; index < probe.length;) {
		const length = sequenceLength(probe, index);
		if (length === 0) {
			bad++;
			index++;
		} else {
			index += length;
		}
	}

	return bad >= 64 && bad * 5 >= probe.length ? 'most of its bytes are not UTF-8' : undefined;
}

/**
What a file over `maximumConfigFileBytes` reads as: nothing, with the diagnostic that names the limit.
*/
function oversizedFile(filename: string, size: number): ParsedConfigFile {
	return {text: '', value: emptyBody(filename), diagnostics: [tooLarge(filename, size)]};
}

function tooLarge(filename: string, size: number): Diagnostic {
	const start = {line: 1, column: 1, offset: 0};
	return errorDiagnostic(
		'Configuration file too large',
		`${filename} is ${megabytes(size)}, more than the ${megabytes(maximumConfigFileBytes)} tfscope reads from one configuration file (maximumConfigFileBytes). It was skipped; the rest of the configuration is loaded without it.`,
		{filename, start, end: start},
	);
}

function megabytes(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}

function emptyBody(filename: string): Body {
	const start = {line: 1, column: 1, offset: 0};
	return {
		kind: 'Body', items: [], syntax: 'native', range: {filename, start, end: start},
	};
}
