import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {jsonSyntaxError, nestsDeeperThan} from '../files/json-text.js';
import {
	type Digest, type DigestAttribute, type DigestBlock, type DigestNestedBlock, maximumSchemaDepth, typeFromJson,
} from './digest.js';

/*
Reads the output of `terraform providers schema -json` (format version 1.x; OpenTofu writes the same) into digests, one per provider, keeping only what evaluation needs.
*/

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
The digests of every provider in a schema document; a diagnostic (and no digests) when the text is not one.
*/
export function readSchemaJson(text: string, filename: string): {digests: Digest[]; diagnostics: Diagnostic[]} {
	let document: unknown;
	try {
		document = JSON.parse(text);
	} catch (error) {
		const {message, place} = jsonSyntaxError(text, error);
		const at = place && {line: place.line, column: place.column, offset: place.offset};
		return {digests: [], diagnostics: [errorDiagnostic('Invalid provider schema file', `${filename} is not JSON (${message}). Write one with "terraform providers schema -json > ${filename}" in an initialised directory.`, at && {filename, start: at, end: {...at, column: at.column + 1, offset: at.offset + 1}})]};
	}

	if (!isObject(document) || typeof document['format_version'] !== 'string' || !isObject(document['provider_schemas'])) {
		return {digests: [], diagnostics: [errorDiagnostic('Invalid provider schema file', `${filename} is not the output of "terraform providers schema -json": it has no "format_version" and "provider_schemas".`)]};
	}

	const diagnostics: Diagnostic[] = [];
	if (!document['format_version'].startsWith('1.')) {
		diagnostics.push(errorDiagnostic('Unsupported provider schema format', `${filename} has format version ${document['format_version']}; tfscope reads version 1.x.`));
		return {digests: [], diagnostics};
	}

	const digests: Digest[] = [];
	const tooDeep: string[] = [];
	const malformed: string[] = [];
	for (const [provider, schemas] of Object.entries(document['provider_schemas'])) {
		if (!isObject(schemas)) {
			malformed.push(`provider ${provider}`);
			continue;
		}

		const reader: Reader = {tooDeep, malformed, where: ''};
		const providerBlock = isObject(schemas['provider']) ? blockOf(schemas['provider']['block'], {tooDeep, malformed, where: `${provider} provider`}, 0) : undefined;
		digests.push({
			format: 1,
			provider: provider.toLowerCase(),
			version: '',
			generatedFrom: filename,
			...(providerBlock && {providerBlock}),
			resources: tableOf(schemas['resource_schemas'], reader),
			data: tableOf(schemas['data_source_schemas'], reader),
			ephemeral: tableOf(schemas['ephemeral_resource_schemas'], reader),
			// Terraform 1.14+: each list resource type's `config` block; the key is absent for a provider without any (and from earlier releases), which then says nothing about list resources.
			...(isObject(schemas['list_resource_schemas']) && {list: tableOf(schemas['list_resource_schemas'], reader)}),
		});
	}

	if (tooDeep.length > 0) {
		diagnostics.push(warningDiagnostic('Provider schema nested too deeply', `${filename} nests ${tooDeep.length === 1 ? 'a type or block' : `${tooDeep.length} types or blocks`} deeper than ${maximumSchemaDepth} levels, tfscope's limit (maximumSchemaDepth), first in ${tooDeep[0]}; ${tooDeep.length === 1 ? 'it is' : 'they are'} left out of the schema.`));
	}

	if (malformed.length > 0) {
		// Each such place was left out silently, and the configuration's arguments there read as "Unsupported argument" with nothing naming the file.
		diagnostics.push(warningDiagnostic('Malformed provider schema entries', `${filename}: ${malformed.slice(0, 3).join(', ')}${malformed.length > 3 ? ` and ${malformed.length - 3} more` : ''} ${malformed.length === 1 ? 'is' : 'are'} not in the shape "terraform providers schema -json" writes (an attribute without a valid type, a block that is not an object, a count of blocks that is not a whole number); ${malformed.length === 1 ? 'it is' : 'they are'} left out of the schema.`));
	}

	return {digests, diagnostics};
}

/**
Where the reader is (for the diagnostic), the places it left out for nesting too deep and those not in the shape Terraform writes.
*/
type Reader = {readonly tooDeep: string[]; readonly malformed: string[]; readonly where: string};

/** A count of blocks as Terraform writes it: absent, or a whole number from 0. */
function itemCount(value: unknown): number | undefined {
	return value === undefined ? 0 : (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);
}

function tableOf(json: unknown, reader: Reader): Record<string, DigestBlock> {
	const table: Record<string, DigestBlock> = {};
	if (isObject(json)) {
		for (const [type, schema] of Object.entries(json)) {
			if (isObject(schema) && (isObject(schema['block']) || schema['block'] === undefined)) {
				table[type] = blockOf(schema['block'], {...reader, where: type}, 0) ?? {};
			} else {
				reader.malformed.push(type);
			}
		}
	}

	return table;
}

// Readers recurse one level per nested block or nested attribute, so the depth is checked before going in: a block deeper than the limit is left out (and noted), never read.
function blockOf(json: unknown, reader: Reader, depth: number): DigestBlock | undefined {
	if (!isObject(json)) {
		return undefined;
	}

	if (depth > maximumSchemaDepth) {
		reader.tooDeep.push(reader.where);
		return undefined;
	}

	const a: Record<string, DigestAttribute> = {};
	for (const [name, attribute] of Object.entries(isObject(json['attributes']) ? json['attributes'] : {})) {
		const where = `${reader.where}.${name}`;
		const entry = isObject(attribute) ? attributeOf(attribute, {...reader, where}, depth) : undefined;
		if (entry) {
			a[name] = entry;
		} else if (!reader.tooDeep.includes(where)) {
			reader.malformed.push(where);
		}
	}

	const b: Record<string, DigestNestedBlock> = {};
	for (const [name, nested] of Object.entries(isObject(json['block_types']) ? json['block_types'] : {})) {
		const where = `${reader.where}.${name}`;
		const min = isObject(nested) ? itemCount(nested['min_items']) : undefined;
		const max = isObject(nested) ? itemCount(nested['max_items']) : undefined;
		if (!isObject(nested) || typeof nested['nesting_mode'] !== 'string' || !isObject(nested['block']) || min === undefined || max === undefined) {
			reader.malformed.push(where);
			continue;
		}

		const block = blockOf(nested['block'], {...reader, where}, depth + 1);
		if (!block) {
			continue;
		}

		const mode = nested['nesting_mode'] as DigestNestedBlock[0];
		b[name] = (max > 0 ? [mode, block, min, max] : (min > 0 ? [mode, block, min] : [mode, block])) as DigestNestedBlock;
	}

	return {...(Object.keys(a).length > 0 && {a}), ...(Object.keys(b).length > 0 && {b})};
}

function attributeOf(json: Json, reader: Reader, depth: number): DigestAttribute | undefined {
	const flags = (json['required'] === true ? 'r' : '') + (json['optional'] === true ? 'o' : '') + (json['computed'] === true ? 'c' : '') + (json['sensitive'] === true ? 's' : '') + (json['write_only'] === true ? 'w' : '');
	if (isObject(json['nested_type'])) {
		const nested = json['nested_type'];
		const block = blockOf({attributes: nested['attributes']}, reader, depth + 1);
		return block && [['nested', nested['nesting_mode'], block], flags];
	}

	if (nestsDeeperThan(json['type'], maximumSchemaDepth - depth)) {
		reader.tooDeep.push(reader.where);
		return undefined;
	}

	return typeFromJson(json['type'], depth) ? [json['type'] as DigestAttribute[0], flags] : undefined;
}
