import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {
	type Digest, type DigestAttribute, type DigestBlock, type DigestNestedBlock, typeFromJson,
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
		return {digests: [], diagnostics: [errorDiagnostic('Invalid provider schema file', `${filename} is not JSON (${(error as Error).message}). Write one with "terraform providers schema -json > ${filename}" in an initialised directory.`)]};
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
	for (const [provider, schemas] of Object.entries(document['provider_schemas'])) {
		if (!isObject(schemas)) {
			continue;
		}

		const providerBlock = isObject(schemas['provider']) ? blockOf(schemas['provider']['block']) : undefined;
		digests.push({
			format: 1,
			provider: provider.toLowerCase(),
			version: '',
			generatedFrom: filename,
			...(providerBlock && {providerBlock}),
			resources: tableOf(schemas['resource_schemas']),
			data: tableOf(schemas['data_source_schemas']),
			ephemeral: tableOf(schemas['ephemeral_resource_schemas']),
		});
	}

	return {digests, diagnostics};
}

function tableOf(json: unknown): Record<string, DigestBlock> {
	const table: Record<string, DigestBlock> = {};
	if (isObject(json)) {
		for (const [type, schema] of Object.entries(json)) {
			if (isObject(schema)) {
				table[type] = blockOf(schema['block']) ?? {};
			}
		}
	}

	return table;
}

function blockOf(json: unknown): DigestBlock | undefined {
	if (!isObject(json)) {
		return undefined;
	}

	const a: Record<string, DigestAttribute> = {};
	for (const [name, attribute] of Object.entries(isObject(json['attributes']) ? json['attributes'] : {})) {
		const entry = isObject(attribute) ? attributeOf(attribute) : undefined;
		if (entry) {
			a[name] = entry;
		}
	}

	const b: Record<string, DigestNestedBlock> = {};
	for (const [name, nested] of Object.entries(isObject(json['block_types']) ? json['block_types'] : {})) {
		if (!isObject(nested) || typeof nested['nesting_mode'] !== 'string') {
			continue;
		}

		const block = blockOf(nested['block']) ?? {};
		const min = typeof nested['min_items'] === 'number' ? nested['min_items'] : 0;
		const max = typeof nested['max_items'] === 'number' ? nested['max_items'] : 0;
		const mode = nested['nesting_mode'] as DigestNestedBlock[0];
		b[name] = (max > 0 ? [mode, block, min, max] : (min > 0 ? [mode, block, min] : [mode, block])) as DigestNestedBlock;
	}

	return {...(Object.keys(a).length > 0 && {a}), ...(Object.keys(b).length > 0 && {b})};
}

function attributeOf(json: Json): DigestAttribute | undefined {
	const flags = (json['required'] === true ? 'r' : '') + (json['optional'] === true ? 'o' : '') + (json['computed'] === true ? 'c' : '') + (json['sensitive'] === true ? 's' : '') + (json['write_only'] === true ? 'w' : '');
	if (isObject(json['nested_type'])) {
		const nested = json['nested_type'];
		const block = blockOf({attributes: nested['attributes']}) ?? {};
		return [['nested', nested['nesting_mode'], block], flags];
	}

	return typeFromJson(json['type']) ? [json['type'] as DigestAttribute[0], flags] : undefined;
}
