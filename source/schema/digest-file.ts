import type {Buffer} from 'node:buffer';
import {type Digest, type DigestBlock, decodeBlock} from './digest.js';
import type {
	BlockSchema, ProviderSchema, SchemaKind, SchemaOrigin,
} from './types.js';

/*
The file form of a bundled digest (`schemas/NAMESPACE/NAME.digest.gz`, gzipped): one line per type, so a configuration that uses three AWS resource types parses three blocks, not the provider's 2,200 (parsing the whole AWS digest as one JSON document took 100-250 ms of every load that used the provider).

	line 1        {"format":2,"provider":...,"version":...,"generatedFrom":...,"providerBlock"?:DigestBlock}
	other lines   KIND <tab> TYPE <tab> DigestBlock as JSON      KIND: resource, data or ephemeral

JSON text has no raw tab or line break, and type names are identifiers, so the lines are found with byte searches.
*/

type Header = Pick<Digest, 'provider' | 'version' | 'generatedFrom' | 'providerBlock'> & {readonly format: 2};

const kinds = [['resource', 'resources'], ['data', 'data'], ['ephemeral', 'ephemeral']] as const;

/**
A digest in its file form (before compression).
*/
export function encodeDigestFile(digest: Digest): string {
	const header: Header = {
		format: 2, provider: digest.provider, version: digest.version, generatedFrom: digest.generatedFrom, ...(digest.providerBlock && {providerBlock: digest.providerBlock}),
	};
	const lines = [JSON.stringify(header)];
	for (const [kind, field] of kinds) {
		for (const type of Object.keys(digest[field]).sort()) {
			if (!/^[\w-]+$/.test(type)) {
				throw new Error(`digest ${digest.provider}: the ${kind} type ${JSON.stringify(type)} is not an identifier`);
			}

			lines.push(`${kind}\t${type}\t${JSON.stringify(digest[field][type])}`);
		}
	}

	return `${lines.join('\n')}\n`;
}

/**
A whole digest back from its file form (for tools that rewrite digests; loading uses `digestFileSchema`).
*/
export function digestOfFile(bytes: Buffer): Digest | undefined {
	const [first = '', ...lines] = bytes.toString('utf8').split('\n');
	const header = JSON.parse(first) as Header;
	if (header?.format !== 2) {
		return undefined;
	}

	const tables: Record<Exclude<SchemaKind, 'provider'>, Record<string, DigestBlock>> = {resource: {}, data: {}, ephemeral: {}};
	for (const line of lines) {
		const [kind, type, json] = line.split('\t');
		if (kind && type && json && Object.hasOwn(tables, kind)) {
			tables[kind as Exclude<SchemaKind, 'provider'>][type] = JSON.parse(json) as DigestBlock;
		}
	}

	return {
		format: 1, provider: header.provider, version: header.version, generatedFrom: header.generatedFrom, ...(header.providerBlock && {providerBlock: header.providerBlock}), resources: tables.resource, data: tables.data, ephemeral: tables.ephemeral,
	};
}

/**
The provider schema of a digest file's (uncompressed) bytes, each type's block parsed and decoded when first asked for; `undefined` when the bytes are not a digest file.
*/
export function digestFileSchema(bytes: Buffer, origin: (header: Header) => SchemaOrigin): ProviderSchema | undefined {
	const firstLine = bytes.indexOf(10);
	let header: Header;
	try {
		header = JSON.parse(bytes.toString('utf8', 0, firstLine === -1 ? bytes.length : firstLine)) as Header;
	} catch {
		return undefined;
	}

	if (header?.format !== 2 || typeof header.provider !== 'string') {
		return undefined;
	}

	const decoded = new Map<string, BlockSchema | undefined>();
	// Where each type's line is, found in one pass over the lines when the first type is asked for (searching the 1.5 MB of the AWS digest once per type cost more).
	let lines: Map<string, readonly [start: number, end: number]> | undefined;
	const lineOf = (kind: Exclude<SchemaKind, 'provider'>, type: string): DigestBlock | undefined => {
		if (!lines) {
			lines = new Map();
			for (let start = firstLine + 1; start > 0 && start < bytes.length;) {
				const end = bytes.indexOf(10, start);
				const lineEnd = end === -1 ? bytes.length : end;
				const kindEnd = bytes.indexOf(9, start);
				const typeEnd = kindEnd === -1 ? -1 : bytes.indexOf(9, kindEnd + 1);
				if (typeEnd !== -1 && typeEnd < lineEnd) {
					lines.set(bytes.toString('latin1', start, typeEnd), [typeEnd + 1, lineEnd]);
				}

				start = lineEnd + 1;
			}
		}

		const line = lines.get(`${kind}\t${type}`);
		if (!line) {
			return undefined;
		}

		try {
			return JSON.parse(bytes.toString('utf8', line[0], line[1])) as DigestBlock;
		} catch {
			return undefined;
		}
	};

	return {
		source: header.provider,
		origin: origin(header),
		block(kind, type) {
			const key = `${kind}:${type}`;
			if (decoded.has(key)) {
				return decoded.get(key);
			}

			const entry = kind === 'provider' ? header.providerBlock : lineOf(kind, type);
			const block = entry && typeof entry === 'object' ? decodeBlock(entry) : undefined;
			decoded.set(key, block);
			return block;
		},
		types(kind) {
			lineOf(kind, '');
			const prefix = `${kind}\t`;
			return [...lines!.keys()].filter(key => key.startsWith(prefix)).map(key => key.slice(prefix.length)).sort();
		},
	};
}
