import {terminalSafeWriter} from './terminal-text.js';
import path from 'node:path';
import type {Body} from '../hcl/ast.js';
import type {Diagnostic, Result} from '../hcl/diagnostics.js';
import {hasErrors} from '../hcl/diagnostics.js';
import {
	formatDiagnostics, printBody,
} from '../hcl/index.js';
import {hcl2JsonText} from '../hcl/json/export.js';
import {type ParsedConfigFile, readConfigFile} from '../config/parse-file.js';
import type {Command} from './command.js';
import {compareKeys, isIndexKey, sortedJsonText} from '../hcl/json/json-text.js';

// What sortedCopy returns for a value in which some object has an integer-like key.
const hasIndexKey = Symbol('has an integer-like key');

/**
A copy of a JSON value with each object's keys added in sorted order (`compareKeys`), so JSON.stringify writes them sorted. Keys are set by assignment, which keeps the objects in V8's fast mode (a property definition per key made this the slowest step of `parse --json`), except `__proto__`, which assignment would take as the prototype. JavaScript orders integer-like keys first whatever the order of assignment: for a value with one, `hasIndexKey`.
*/
function sortedCopy(item: unknown): unknown {
	if (typeof item !== 'object' || item === null) {
		return item;
	}

	if (Array.isArray(item)) {
		const copy: unknown[] = [];
		for (const element of item) {
			const value = sortedCopy(element);
			if (value === hasIndexKey) {
				return hasIndexKey;
			}

			copy.push(value);
		}

		return copy;
	}

	const sorted: Record<string, unknown> = {};
	for (const key of Object.keys(item).sort(compareKeys)) {
		const value = sortedCopy((item as Record<string, unknown>)[key]);
		if (value === hasIndexKey || isIndexKey(key)) {
			return hasIndexKey;
		}

		if (key === '__proto__') {
			Object.defineProperty(sorted, key, {
				value, enumerable: true, writable: true, configurable: true,
			});
		} else {
			sorted[key] = value;
		}
	}

	return sorted;
}

/**
JSON with object keys sorted by their UTF-8 bytes, as Go's encoding/json (and so hcl2json) writes maps. The sorted copy JSON.stringify writes is the fast way; a value with an integer-like key, which no JavaScript object can hold in that order, is written by `sortedJsonText`.
*/
export function sortedJson(value: unknown, indent?: number): string {
	const copy = sortedCopy(value);
	return copy === hasIndexKey ? sortedJsonText(value, {indent: ' '.repeat(indent ?? 0)}) : JSON.stringify(copy, undefined, indent);
}

/**
One line of the several-files JSON output: `{"file": PATH, "json": ...}` or `{"file": PATH, "diagnostics": [...]}`.
*/
function fileLine(file: string, key: 'json' | 'diagnostics', value: unknown): string {
	return `{"file":${JSON.stringify(file)},${JSON.stringify(key)}:${sortedJson(value)}}\n`;
}

type ParsedFile = {
	readonly file: string;
	readonly text: string;
	readonly result: Result<Body>;
};

function diagnosticJson(diagnostic: Diagnostic): unknown {
	return {
		severity: diagnostic.severity,
		summary: diagnostic.summary,
		...(diagnostic.detail === undefined ? {} : {detail: diagnostic.detail}),
		...(diagnostic.subject ? {range: diagnostic.subject} : {}),
	};
}

/**
The hcl2json form of a parsed file as JSON text (keys sorted, on one line or indented by `indent` spaces): for native syntax the converter's, written as it converts; a JSON syntax file already is its JSON form. Undefined when the conversion has errors.
*/
function jsonTextOf(parsed: ParsedFile, indent?: number): Result<string | undefined> {
	if (parsed.result.value.syntax === 'json') {
		return {value: sortedJson(JSON.parse(parsed.text.replace(/^\uFEFF/, '')) as unknown, indent), diagnostics: []};
	}

	return hcl2JsonText(parsed.result.value, parsed.text, ' '.repeat(indent ?? 0));
}

/**
`tfscope parse FILE... [--json]`: the parsed body of each file as a tree, or with `--json` the JSON `@cdktf/hcl2json` gives for it. Exit 1 on syntax errors, reported on stderr.
*/
export const parseCommand: Command = async ({arguments: files, flags, stdout: rawStdout, stderr: rawStderr, cwd, isTerminal}) => {
	const stdout = terminalSafeWriter(rawStdout, isTerminal, flags.color);
	const stderr = terminalSafeWriter(rawStderr, isTerminal, flags.color);
	if (files.length === 0) {
		stderr.write('Error: No files given\n\nUsage: tfscope parse FILE... [--json]\n');
		return 2;
	}

	// One write a file: gathering a megabyte of output and joining it cost more (a copy of all the output, and larger buffers) than the writes it saved.
	const write = (text: string) => {
		stdout.write(text);
	};

	let failed = false;
	// One file at a time, each tree dropped once printed: keeping every file's text and tree until the end made a run over thousands of files spend most of its time collecting garbage.
	for (const file of files) {
		let read: ParsedConfigFile;
		try {
			// The loader's reading: a huge file is refused before it is read, invalid UTF-8 is reported where it is.
			read = readConfigFile(path.resolve(cwd, file), file);
		} catch (error) {
			stderr.write(`Error: Cannot read ${file}\n\n${(error as Error).message}\n`);
			failed = true;
			continue;
		}

		const item: ParsedFile = {file, text: read.text, result: {value: read.value, diagnostics: read.diagnostics}};
		const report = (diagnostics: readonly Diagnostic[]) => {
			if (diagnostics.length > 0) {
				stderr.write(formatDiagnostics(diagnostics, {source: filename => filename === item.file ? item.text : undefined, color: false}));
			}
		};

		const errors = hasErrors(item.result.diagnostics);
		report(item.result.diagnostics);
		failed ||= errors;
		if (flags.json) {
			if (files.length > 1) {
				if (errors) {
					write(fileLine(item.file, 'diagnostics', item.result.diagnostics.map(diagnostic => diagnosticJson(diagnostic))));
					continue;
				}

				const json = jsonTextOf(item);
				report(json.diagnostics);
				failed ||= hasErrors(json.diagnostics);
				write(json.value === undefined ? fileLine(item.file, 'diagnostics', json.diagnostics.map(diagnostic => diagnosticJson(diagnostic))) : `{"file":${JSON.stringify(item.file)},"json":${json.value}}\n`);
				continue;
			}

			if (!errors) {
				const json = jsonTextOf(item, 2);
				report(json.diagnostics);
				failed ||= hasErrors(json.diagnostics);
				if (json.value !== undefined) {
					write(json.value + '\n');
				}
			}

			continue;
		}

		if (files.length > 1) {
			write(`# ${item.file}\n`);
		}

		const tree = printBody(item.result.value);
		write(tree === '' ? '' : tree + '\n');
	}

	return failed ? 1 : 0;
};
