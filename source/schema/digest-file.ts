import {Buffer} from 'node:buffer';
import {nodeZlib} from '../libraries.js';
import {type Digest, type DigestBlock, decodeBlock} from './digest.js';
import type {
	BlockSchema, ProviderSchema, SchemaKind, SchemaOrigin,
} from './types.js';

/*
The file form of a bundled digest (`schemas/NAMESPACE/NAME.digest`), made so that a configuration that uses three AWS resource types reads three types, not the provider's 2,200: each type's block is compressed on its own (raw deflate, against a dictionary of the provider's own blocks, so small blocks still compress), and an index says where each is. Opening a digest inflates only the index and the dictionary; a type is inflated and parsed when first asked for. (Inflating the whole 1.5 MB AWS digest and finding its lines cost 15-25 ms of every command and explorer start on an AWS configuration; format 2, one gzipped file with a line per type.)

	line 1        {"format":3,"provider":...,"version":...,"generatedFrom":...,"compression":"deflate-raw"|"none","index":BYTES,"dictionary":BYTES}
	then          the index (BYTES, compressed as said): {"providerBlock"?:DigestBlock,"types":{"resource":{TYPE:[OFFSET,LENGTH]},"data":{...},"ephemeral":{...}}}
	then          the dictionary (BYTES; none without compression)
	then          each type's DigestBlock as JSON, compressed with the dictionary, at OFFSET from here

A small digest (the built-in provider's) is kept uncompressed ("none"): reading it then needs no zlib at all.
*/

type Header = Pick<Digest, 'provider' | 'version' | 'generatedFrom'> & {
	readonly format: 3;
	readonly compression: 'deflate-raw' | 'none';
	readonly index: number;
	readonly dictionary: number;
};

type Index = {
	readonly providerBlock?: DigestBlock;
	readonly types: Record<Exclude<SchemaKind, 'provider'>, Record<string, readonly [offset: number, length: number]>>;
};

const kinds = [['resource', 'resources'], ['data', 'data'], ['ephemeral', 'ephemeral']] as const;

/**
Below this many bytes of blocks a digest is not compressed.
*/
const compressAbove = 16 * 1024;

/**
zlib's window: a dictionary longer than this is only read from its end.
*/
const dictionaryBytes = 32 * 1024;

/**
A digest in its file form.
*/
export function encodeDigestFile(digest: Digest): Buffer {
	const entries: Array<{kind: Exclude<SchemaKind, 'provider'>; type: string; json: Buffer}> = [];
	for (const [kind, field] of kinds) {
		for (const type of Object.keys(digest[field]).sort()) {
			if (!/^[\w-]+$/.test(type)) {
				throw new Error(`digest ${digest.provider}: the ${kind} type ${JSON.stringify(type)} is not an identifier`);
			}

			entries.push({kind, type, json: Buffer.from(JSON.stringify(digest[field][type]))});
		}
	}

	const compress = entries.reduce((total, entry) => total + entry.json.length, 0) > compressAbove;
	// The dictionary: blocks taken evenly through the provider, the most typical last (zlib prefers the nearest matches).
	const step = Math.max(1, Math.ceil(entries.reduce((total, entry) => total + entry.json.length, 0) / dictionaryBytes));
	const dictionary = compress ? Buffer.concat(entries.filter((_entry, index) => index % step === 0).map(entry => entry.json)).subarray(-dictionaryBytes) : Buffer.alloc(0);
	const zlib = nodeZlib();
	const types: Index['types'] = {resource: {}, data: {}, ephemeral: {}};
	const blocks: Buffer[] = [];
	let offset = 0;
	for (const {kind, type, json} of entries) {
		const bytes = compress ? zlib.deflateRawSync(json, {level: 9, dictionary}) : json;
		types[kind][type] = [offset, bytes.length];
		blocks.push(bytes);
		offset += bytes.length;
	}

	const indexJson = Buffer.from(JSON.stringify({...(digest.providerBlock && {providerBlock: digest.providerBlock}), types}));
	const index = compress ? zlib.deflateRawSync(indexJson, {level: 9}) : indexJson;
	const storedDictionary = compress ? zlib.deflateRawSync(dictionary, {level: 9}) : dictionary;
	const header: Header = {
		format: 3, provider: digest.provider, version: digest.version, generatedFrom: digest.generatedFrom, compression: compress ? 'deflate-raw' : 'none', index: index.length, dictionary: storedDictionary.length,
	};
	return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), index, storedDictionary, ...blocks]);
}

type OpenedFile = {
	readonly header: Header;
	readonly index: Index;
	/** The block of a type, parsed; undefined when the type is not in the file or its bytes are broken. */
	readonly entry: (kind: Exclude<SchemaKind, 'provider'>, type: string) => DigestBlock | undefined;
};

/**
A digest file's header, index and a reader of its blocks; undefined when the bytes are not a digest file (or a broken one).
*/
function openDigestFile(bytes: Buffer): OpenedFile | undefined {
	try {
		const firstLine = bytes.indexOf(10);
		if (firstLine === -1) {
			return undefined;
		}

		const header = JSON.parse(bytes.toString('utf8', 0, firstLine)) as Header;
		if (header?.format !== 3 || typeof header.provider !== 'string' || !Number.isSafeInteger(header.index) || !Number.isSafeInteger(header.dictionary)) {
			return undefined;
		}

		const compressed = header.compression === 'deflate-raw';
		const indexStart = firstLine + 1;
		const dictionaryStart = indexStart + header.index;
		const blocksStart = dictionaryStart + header.dictionary;
		const inflate = (part: Buffer, dictionary?: Buffer): Buffer => (compressed ? nodeZlib().inflateRawSync(part, dictionary ? {dictionary} : {}) : part);
		const index = JSON.parse(inflate(bytes.subarray(indexStart, dictionaryStart)).toString('utf8')) as Index;
		let dictionary: Buffer | undefined;
		return {
			header,
			index,
			entry(kind, type) {
				const place = Object.hasOwn(index.types[kind] ?? {}, type) ? index.types[kind][type] : undefined;
				if (!place) {
					return undefined;
				}

				try {
					dictionary ??= compressed ? inflate(bytes.subarray(dictionaryStart, blocksStart)) : Buffer.alloc(0);
					const part = bytes.subarray(blocksStart + place[0], blocksStart + place[0] + place[1]);
					return JSON.parse(inflate(part, dictionary).toString('utf8')) as DigestBlock;
				} catch {
					return undefined;
				}
			},
		};
	} catch {
		return undefined;
	}
}

/**
A whole digest back from its file form (for tools that rewrite digests; loading uses `digestFileSchema`). Also reads format 2 (one line per type, the text before gzip), which `--rewrite` converts.
*/
export function digestOfFile(bytes: Buffer): Digest | undefined {
	const opened = openDigestFile(bytes);
	if (opened) {
		const {header, index} = opened;
		const table = (kind: Exclude<SchemaKind, 'provider'>) => Object.fromEntries(Object.keys(index.types[kind]).map(type => [type, opened.entry(kind, type)!]));
		return {
			format: 1, provider: header.provider, version: header.version, generatedFrom: header.generatedFrom, ...(index.providerBlock && {providerBlock: index.providerBlock}), resources: table('resource'), data: table('data'), ephemeral: table('ephemeral'),
		};
	}

	const [first = '', ...lines] = bytes.toString('utf8').split('\n');
	let header: {format?: number; provider: string; version: string; generatedFrom: string; providerBlock?: DigestBlock};
	try {
		header = JSON.parse(first) as typeof header;
	} catch {
		return undefined;
	}

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
The provider schema of a digest file's bytes, each type's block inflated, parsed and decoded when first asked for; `undefined` when the bytes are not a digest file.
*/
export function digestFileSchema(bytes: Buffer, origin: (header: Pick<Digest, 'provider' | 'version' | 'generatedFrom'>) => SchemaOrigin): ProviderSchema | undefined {
	const opened = openDigestFile(bytes);
	if (!opened) {
		return undefined;
	}

	const {header, index} = opened;
	const decoded = new Map<string, BlockSchema | undefined>();
	return {
		source: header.provider,
		origin: origin(header),
		block(kind, type) {
			const key = `${kind}:${type}`;
			if (decoded.has(key)) {
				return decoded.get(key);
			}

			const entry = kind === 'provider' ? index.providerBlock : opened.entry(kind, type);
			const block = entry && typeof entry === 'object' ? decodeBlock(entry) : undefined;
			decoded.set(key, block);
			return block;
		},
		types(kind) {
			return Object.keys(index.types[kind] ?? {}).sort();
		},
	};
}
