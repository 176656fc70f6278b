import fs from 'node:fs';
import path from 'node:path';
import type {ExecutionContext} from 'ava';
import {Ajv2020} from 'ajv/dist/2020.js';
import {jsonFormatVersion} from '../../source/json-format.js';

/*
Every test that reads a command's JSON output validates it against the published schema (schemas/json/NAME.schema.json, shipped in the package) with ajv, so the schemas and docs/json.md cannot drift from the code.
*/

export type JsonFormat = 'check' | 'diff' | 'graph' | 'instances' | 'parse' | 'plan-summary' | 'tree' | 'version' | 'why';

const schemaDirectory = path.join(import.meta.dirname, '..', '..', 'schemas', 'json');
const ajv = new Ajv2020({allErrors: true, strict: true, allowUnionTypes: true});
const validators = new Map<JsonFormat, ReturnType<typeof ajv.compile>>();

export function schemaFile(format: JsonFormat): string {
	return path.join(schemaDirectory, `${format}.schema.json`);
}

function validatorOf(format: JsonFormat): ReturnType<typeof ajv.compile> {
	let validate = validators.get(format);
	if (!validate) {
		validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile(format), 'utf8')) as object);
		validators.set(format, validate);
	}

	return validate;
}

/**
The errors of a value against a format's schema, as text (empty when it is valid).
*/
export function schemaErrors(format: JsonFormat, value: unknown): string {
	const validate = validatorOf(format);
	return validate(value) ? '' : ajv.errorsText(validate.errors, {separator: '\n'});
}

/**
Parses a command's JSON output, fails the test unless it matches its format's schema (and, for the versioned formats, carries tfscope's format_version), and returns it.
*/
export function parseJsonOutput<T = any>(t: ExecutionContext, format: JsonFormat, text: string): T {
	const value = JSON.parse(text) as unknown;
	t.is(schemaErrors(format, value), '', `${format} --json does not match schemas/json/${format}.schema.json`);
	if (format !== 'parse') {
		t.is((value as {format_version?: unknown}).format_version, jsonFormatVersion);
	}

	return value as T;
}
