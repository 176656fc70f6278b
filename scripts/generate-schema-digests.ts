/*
Regenerates the bundled provider schema digests in schemas/ (see source/schema/digest.ts for the digest, source/schema/digest-file.ts for its file form).

	npx tsx scripts/generate-schema-digests.ts [--packages DIR] [--only NAME,...]
	npx tsx scripts/generate-schema-digests.ts --rewrite     (rewrites the committed digests in the current file form, fetching nothing)

Providers come from the generated provider packages of CDK Terrain (`@cdktn/provider-NAME`, the maintained fork of CDK for Terraform) where it publishes them, else from CDK for Terraform's last release (`@cdktf/provider-NAME`), on the npm registry (fetched with `npm pack`; `--packages DIR` reuses tarballs already there); `sources` below says which, and why. `--version NAME=VERSION` (repeatable) picks a package version instead of the newest. `--flags-from NAME@VERSION=FILE` (repeatable) copies sensitive and write-only flags from a `terraform providers schema -json` of that provider (see withFlags; the index records its version). Those packages are generated from `terraform providers schema -json`: each resource, data source and provider class carries, for every attribute, a `// NAME - computed: B, optional: B, required: B` line, a typed getter or a nested class, and its HCL synthesis entry (`isBlock`, `type`: simple/list/set/map/struct), which together give the attribute's type and the nesting mode of each block type. What they do not carry: sensitive and write-only flags and item limits other than "at most one" (an `...OutputReference` block) and "at least one" (a required block). The built-in `terraform` provider comes from `terraform providers schema -json` itself when `terraform` is installed (it needs no download).

Nothing here runs at install or test time; the digests it writes are committed.
*/
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import zlib from 'node:zlib';
import {encodeBlock, type Digest, type DigestBlock} from '../source/schema/digest.js';
import {digestOfFile, encodeDigestFile} from '../source/schema/digest-file.js';
import {readSchemaJson} from '../source/schema/read-schema-json.js';
import {
	type Type, boolType, dynamicType, listType, mapType, numberType, objectType, setType, stringType,
} from '../source/lang/types.js';
import type {AttributeSchema, BlockSchema, NestedBlockSchema} from '../source/schema/types.js';

/**
Where each provider's digest comes from. CDK for Terraform (`@cdktf/provider-*`) was deprecated by HashiCorp on 2025-12-10: its packages stay on the registry but follow no new provider release. Its community fork, CDK Terrain (`@cdktn/provider-*`, github.com/cdktn-io), generates the same packages from `terraform providers schema -json` and keeps publishing them, but only for some providers: aws, azurerm, random and archive (checked on the npm registry, 2026-11-29; google, google-beta, azuread, kubernetes, helm, null, tls, local, time, http, cloudinit and external are not published). Those come from the fork; the rest stay on the last @cdktf release, whose provider version the index records. No other source reachable from here (the npm registry and Debian apt) carries provider schemas.
*/
const sources: ReadonlyArray<{readonly name: string; readonly scope: '@cdktn' | '@cdktf'}> = [
	{name: 'aws', scope: '@cdktn'},
	{name: 'azurerm', scope: '@cdktn'},
	{name: 'random', scope: '@cdktn'},
	{name: 'archive', scope: '@cdktn'},
	...['azuread', 'google', 'google-beta', 'kubernetes', 'helm', 'null', 'tls', 'local', 'time', 'http', 'cloudinit', 'external'].map(name => ({name, scope: '@cdktf' as const})),
];

const output = path.resolve(import.meta.dirname, '../schemas');

type SynthEntry = {readonly isBlock: boolean; readonly type: string; readonly storageClassType: string};
type Field = {readonly name: string; readonly computed: boolean; readonly optional: boolean; readonly required: boolean; readonly source: string};
type ClassInfo = {readonly name: string; readonly base: string; readonly body: string};

/**
The TypeScript source a package's compiled file was generated from, kept in its inline source map.
*/
function typescriptOf(javascript: string): string | undefined {
	const match = /sourceMappingURL=data:application\/json;base64,([A-Za-z\d+/=]+)/.exec(javascript);
	if (!match) {
		return undefined;
	}

	const map = JSON.parse(Buffer.from(match[1]!, 'base64').toString('utf8')) as {sourcesContent?: string[]};
	return map.sourcesContent?.[0];
}

/**
One file's exported classes and its HCL synthesis entries, by struct name (`SecurityGroupIngress`) and for the resource class (``).
*/
function parseFile(source: string): {classes: Map<string, ClassInfo>; synth: Map<string, Map<string, SynthEntry>>} {
	const classes = new Map<string, ClassInfo>();
	const synth = new Map<string, Map<string, SynthEntry>>();
	const starts = [...source.matchAll(/^export (?:class|function|interface) /gm)].map(match => match.index);
	starts.push(source.length);
	for (let index = 0; index < starts.length - 1; index++) {
		const chunk = source.slice(starts[index], starts[index + 1]);
		const classMatch = /^export class (\w+) extends ([\w.]+)/.exec(chunk);
		if (classMatch) {
			classes.set(classMatch[1]!, {name: classMatch[1]!, base: classMatch[2]!, body: chunk});
			if (/synthesizeHclAttributes\(\)/.test(chunk)) {
				synth.set('', synthEntries(chunk.slice(chunk.indexOf('synthesizeHclAttributes()'))));
			}

			continue;
		}

		// A block of at most one item types its struct as `NameOutputReference | Name`, the others as `Name | cdktf.IResolvable`: keyed by the struct's name either way. (Keying by the first name put every block below the first level of a maxItems-1 block under `...OutputReference`, where no lookup found it, so those blocks were read as object attributes: #38, A.)
		const functionMatch = /^export function \w+ToHclTerraform\(struct\?: (\w+)/.exec(chunk);
		if (functionMatch) {
			synth.set(functionMatch[1]!.replace(/OutputReference$/, ''), synthEntries(chunk));
		}
	}

	return {classes, synth};
}

function synthEntries(text: string): Map<string, SynthEntry> {
	const entries = new Map<string, SynthEntry>();
	for (const match of text.matchAll(/^\s+(\w+): \{\n\s+value: .*\n\s+isBlock: (true|false),\n\s+type: "(\w+)",\n\s+storageClassType: "(\w+)",/gm)) {
		entries.set(match[1]!, {isBlock: match[2] === 'true', type: match[3]!, storageClassType: match[4]!});
	}

	return entries;
}

function fieldsOf(body: string): Field[] {
	const fields: Field[] = [];
	const lines = body.split('\n');
	for (const [index, line] of lines.entries()) {
		const match = /^ {2}\/\/ (\S+) - computed: (true|false), optional: (true|false), required: (true|false)$/.exec(line);
		if (match) {
			fields.push({
				name: match[1]!, computed: match[2] === 'true', optional: match[3] === 'true', required: match[4] === 'true', source: lines.slice(index + 1, index + 6).join('\n'),
			});
		}
	}

	return fields;
}

const primitiveByPrefix: Record<string, Type> = {
	String: stringType, Number: numberType, Boolean: boolType, Any: dynamicType,
};

/**
A type from a cdktf collection class name (`StringMap`, `NumberListMap`, `StringMapList`): the element first, then each wrapper.
*/
function typeOfCdktfClass(name: string): Type | undefined {
	const match = /^(String|Number|Boolean|Any)((?:List|Map)+)$/.exec(name);
	if (!match) {
		return undefined;
	}

	let type = primitiveByPrefix[match[1]!]!;
	for (const wrapper of match[2]!.match(/List|Map/g)!) {
		type = wrapper === 'List' ? listType(type) : mapType(type);
	}

	return type;
}

/**
An attribute's type from its getter (`getStringAttribute`, `Fn.tolist(this.getListAttribute(...))`, ...); dynamic when the getter does not say (`interpolationForAttribute`), which accepts any value.
*/
function typeOfGetter(source: string): Type {
	const isSet = /Fn\.tolist\(/.test(source);
	const getter = /this\.(\w+)\('/.exec(source)?.[1];
	switch (getter) {
		case 'getStringAttribute': {
			return stringType;
		}

		case 'getNumberAttribute': {
			return numberType;
		}

		case 'getBooleanAttribute': {
			return boolType;
		}

		case 'getListAttribute': {
			return isSet ? setType(stringType) : listType(stringType);
		}

		case 'getNumberListAttribute': {
			return isSet ? setType(numberType) : listType(numberType);
		}

		case 'getStringMapAttribute': {
			return mapType(stringType);
		}

		case 'getNumberMapAttribute': {
			return mapType(numberType);
		}

		case 'getBooleanMapAttribute': {
			return mapType(boolType);
		}

		default: {
			return dynamicType;
		}
	}
}

type Context = {readonly classes: Map<string, ClassInfo>; readonly synth: Map<string, Map<string, SynthEntry>>; readonly made: Map<string, BlockSchema>};

/**
The block schema of a resource class or of a nested block's `...OutputReference` class.
*/
function blockOfClass(context: Context, info: ClassInfo, synthKey: string, depth = 0, path: ReadonlySet<string> = new Set()): BlockSchema {
	// A struct's block is the same wherever it is nested: made once. aws_wafv2_web_acl_rule (aws 6.x) nests its statements so deep that walking every occurrence ran out of memory.
	const memoKey = `${info.name}|${synthKey}`;
	const made = context.made.get(memoKey);
	if (made) {
		return made;
	}

	const block = blockOfClassOnce(context, info, synthKey, depth, path);
	context.made.set(memoKey, block);
	return block;
}

function blockOfClassOnce(context: Context, info: ClassInfo, synthKey: string, depth: number, path: ReadonlySet<string>): BlockSchema {
	const attributes = new Map<string, AttributeSchema>();
	const blockTypes = new Map<string, NestedBlockSchema>();
	const entries = context.synth.get(synthKey) ?? new Map<string, SynthEntry>();
	for (const field of fieldsOf(info.body)) {
		const flags = {
			...(field.required && {required: true}), ...(field.optional && {optional: true}), ...(field.computed && {computed: true}),
		};
		const nested = /private _\w+ = new ([\w.]+)\(this, "\w+"(?:, (true|false))?\)/.exec(field.source);
		if (!nested) {
			attributes.set(field.name, {...flags, type: typeOfGetter(field.source)});
			continue;
		}

		const className = nested[1]!;
		if (/^cdkt[fn]\./.test(className)) {
			attributes.set(field.name, {...flags, type: typeOfCdktfClass(className.slice(6)) ?? dynamicType});
			continue;
		}

		const shape = /(List|Map|OutputReference)$/.exec(className)?.[1];
		const structName = shape ? className.slice(0, -shape.length) : className;
		const element = context.classes.get(`${structName}OutputReference`);
		// A struct that contains itself (a recursive schema) stops there, as an attribute of any type.
		if (!element || depth > 32 || path.has(element.name)) {
			attributes.set(field.name, {...flags, type: dynamicType});
			continue;
		}

		const block = blockOfClass(context, element, structName, depth + 1, new Set([...path, element.name]));
		const entry = entries.get(field.name);
		const mode = shape === 'Map' ? 'map' : (shape === 'List' ? (nested[2] === 'true' ? 'set' : 'list') : (entry?.type === 'struct' ? 'single' : 'list'));
		if (entry?.isBlock && !field.computed) {
			blockTypes.set(field.name, {
				mode, block, minItems: field.required ? 1 : 0, maxItems: shape === 'OutputReference' && mode === 'list' ? 1 : 0,
			});
			continue;
		}

		// Not a block: an attribute of object type (a nested attribute, or a block in attribute mode, whose objects' attributes are all optional).
		const objectAttributes: Record<string, Type> = {};
		for (const [name, attribute] of block.attributes) {
			objectAttributes[name] = attribute.type;
		}

		for (const [name, blockType] of block.blockTypes) {
			objectAttributes[name] = blockType.mode === 'single' || blockType.mode === 'group' ? objectTypeOf(blockType.block) : wrap(blockType.mode, objectTypeOf(blockType.block));
		}

		const objectOf = objectType(objectAttributes);
		if (entry && !entry.isBlock) {
			const nestedMode = mode === 'single' && shape === 'OutputReference' ? 'single' : mode;
			attributes.set(field.name, {...flags, type: wrap(nestedMode, objectOf), nested: {mode: nestedMode === 'single' ? 'single' : nestedMode, block}});
		} else {
			attributes.set(field.name, {...flags, type: shape === 'OutputReference' && entry?.type === 'struct' ? objectOf : wrap(mode, objectOf)});
		}
	}

	return {attributes, blockTypes};
}

function objectTypeOf(block: BlockSchema): Type {
	const attributes: Record<string, Type> = {};
	for (const [name, attribute] of block.attributes) {
		attributes[name] = attribute.type;
	}

	for (const [name, blockType] of block.blockTypes) {
		attributes[name] = blockType.mode === 'single' || blockType.mode === 'group' ? objectTypeOf(blockType.block) : wrap(blockType.mode, objectTypeOf(blockType.block));
	}

	return objectType(attributes);
}

function wrap(mode: string, element: Type): Type {
	return mode === 'set' ? setType(element) : (mode === 'map' ? mapType(element) : (mode === 'list' ? listType(element) : element));
}

/**
The provider block: its attributes from the provider class, its nested blocks from their HCL synthesis entries (their attributes all optional: cdktf keeps no required flag for them).
*/
function providerBlock(context: Context, info: ClassInfo): BlockSchema {
	const attributes = new Map<string, AttributeSchema>();
	const blockTypes = new Map<string, NestedBlockSchema>();
	const entries = context.synth.get('') ?? new Map<string, SynthEntry>();
	for (const field of fieldsOf(info.body)) {
		const entry = entries.get(field.name);
		if (field.name === 'alias') {
			continue;
		}

		if (entry?.isBlock) {
			const struct = entry.storageClassType.replace(/List$/, '');
			blockTypes.set(field.name, {
				mode: entry.type === 'set' ? 'set' : 'list', block: structBlock(context, struct), minItems: 0, maxItems: 0,
			});
		} else {
			attributes.set(field.name, {...(field.required ? {required: true} : {optional: true}), type: entry ? typeOfStorage(entry) : dynamicType});
		}
	}

	return {attributes, blockTypes};
}

function structBlock(context: Context, struct: string): BlockSchema {
	const attributes = new Map<string, AttributeSchema>();
	for (const [name, entry] of context.synth.get(struct) ?? []) {
		attributes.set(name, {optional: true, type: typeOfStorage(entry)});
	}

	return {attributes, blockTypes: new Map()};
}

function typeOfStorage(entry: SynthEntry): Type {
	const base = {
		string: stringType, number: numberType, boolean: boolType, stringList: listType(stringType), numberList: listType(numberType), stringMap: mapType(stringType), numberMap: mapType(numberType), booleanMap: mapType(boolType),
	}[entry.storageClassType] ?? dynamicType;
	return entry.type === 'set' && base.kind === 'list' ? setType(base.element) : base;
}

/**
A block of `terraform providers schema -json` (only what the flags overlay reads).
*/
type JsonBlock = {
	readonly attributes?: Readonly<Record<string, {readonly sensitive?: boolean; readonly write_only?: boolean; readonly nested_type?: {readonly attributes?: JsonBlock['attributes']}}>>;
	readonly block_types?: Readonly<Record<string, {readonly block?: JsonBlock}>>;
};

/**
The provider packages carry no sensitive or write-only flags. Where a `terraform providers schema -json` of the provider is at hand (`--flags-from NAME@VERSION=FILE`, any version: flags of an attribute rarely change between releases), they are copied onto every attribute the digest and that schema both have, at every depth; attributes the schema lacks (newer than it) keep none.
*/
function withFlags(block: BlockSchema, json: JsonBlock | undefined): BlockSchema {
	if (!json) {
		return block;
	}

	const attributes = new Map<string, AttributeSchema>();
	for (const [name, attribute] of block.attributes) {
		const flags = json.attributes?.[name];
		const nested = attribute.nested && flags?.nested_type ? {...attribute.nested, block: withFlags(attribute.nested.block, {attributes: flags.nested_type.attributes})} : attribute.nested;
		attributes.set(name, {
			...attribute, ...(flags?.sensitive === true && {sensitive: true}), ...(flags?.write_only === true && {writeOnly: true}), ...(nested && {nested}),
		});
	}

	const blockTypes = new Map<string, NestedBlockSchema>();
	for (const [name, nested] of block.blockTypes) {
		blockTypes.set(name, {...nested, block: withFlags(nested.block, json.block_types?.[name]?.block)});
	}

	return {attributes, blockTypes};
}

type FlagSource = {
	readonly version: string;
	readonly resource: Readonly<Record<string, {readonly block: JsonBlock}>>;
	readonly data: Readonly<Record<string, {readonly block: JsonBlock}>>;
	readonly ephemeral: Readonly<Record<string, {readonly block: JsonBlock}>>;
	readonly provider?: {readonly block: JsonBlock};
};

function readFlagSource(file: string, provider: string, version: string): FlagSource {
	const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {provider_schemas?: Record<string, {provider?: {block: JsonBlock}; resource_schemas?: FlagSource['resource']; data_source_schemas?: FlagSource['data']; ephemeral_resource_schemas?: FlagSource['ephemeral']}>};
	const schema = json.provider_schemas?.[provider];
	if (!schema) {
		throw new Error(`${file} has no schema of ${provider}`);
	}

	return {
		version, resource: schema.resource_schemas ?? {}, data: schema.data_source_schemas ?? {}, ephemeral: schema.ephemeral_resource_schemas ?? {}, ...(schema.provider && {provider: schema.provider}),
	};
}

function digestOfPackage(directory: string, name: string, flags?: FlagSource): Digest {
	const packageJson = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as {name: string; version: string; cdktf?: {provider?: {name?: string; version?: string}}};
	const resources: Record<string, DigestBlock> = {};
	const data: Record<string, DigestBlock> = {};
	const ephemeral: Record<string, DigestBlock> = {};
	let provider: DigestBlock | undefined;
	const lib = path.join(directory, 'lib');
	for (const entry of fs.readdirSync(lib).sort()) {
		const file = path.join(lib, entry, 'index.js');
		if (!fs.existsSync(file)) {
			continue;
		}

		// Types with many nested blocks keep their struct classes in index-structs/structsN.js beside index.js (kubernetes_pod, some aws and google resources): read them all, or those blocks' classes are missing and the blocks become dynamic attributes.
		const structsDirectory = path.join(lib, entry, 'index-structs');
		const structFiles = fs.existsSync(structsDirectory) ? fs.readdirSync(structsDirectory).filter(name => name.endsWith('.js')).sort().map(name => path.join(structsDirectory, name)) : [];
		const classes = new Map<string, ClassInfo>();
		const synth = new Map<string, Map<string, SynthEntry>>();
		for (const each of [file, ...structFiles]) {
			const source = typescriptOf(fs.readFileSync(each, 'utf8'));
			if (!source) {
				throw new Error(`${each}: no source map with the TypeScript source`);
			}

			const parsed = parseFile(source);
			for (const [name, info] of parsed.classes) {
				classes.set(name, info);
			}

			for (const [name, entries] of parsed.synth) {
				// The resource class's own entries ('') come from index.js only.
				if (name !== '' || each === file) {
					synth.set(name, entries);
				}
			}
		}

		// TFSCOPE_DIGEST_PROGRESS=1: one line per type directory with the heap in use (a run that grows without end shows where).
		if (process.env['TFSCOPE_DIGEST_PROGRESS']) {
			process.stderr.write(`${name} ${entry} ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB\n`);
		}

		const context: Context = {classes, synth, made: new Map()};
		for (const info of classes.values()) {
			const type = /public static readonly tfResourceType = "(\w+)"/.exec(info.body)?.[1];
			if (!type) {
				continue;
			}

			// The fork renamed the library (`cdktn.TerraformResource`) and adds ephemeral resources.
			const base = info.base.replace(/^cdkt[fn]\./, '');
			if (base === 'TerraformProvider') {
				provider = encodeBlock(withFlags(providerBlock(context, info), flags?.provider?.block));
			} else if (base === 'TerraformResource') {
				resources[type] = encodeBlock(withFlags(blockOfClass(context, info, ''), flags?.resource[type]?.block));
			} else if (base === 'TerraformDataSource') {
				data[type] = encodeBlock(withFlags(blockOfClass(context, info, ''), flags?.data[type]?.block));
			} else if (base === 'TerraformEphemeralResource') {
				ephemeral[type] = encodeBlock(withFlags(blockOfClass(context, info, ''), flags?.ephemeral[type]?.block));
			}
		}
	}

	const providerName = packageJson.cdktf?.provider?.name ?? `registry.terraform.io/hashicorp/${name}`;
	return {
		format: 1,
		provider: providerName,
		version: packageJson.cdktf?.provider?.version ?? '',
		generatedFrom: `${packageJson.name}@${packageJson.version}`,
		...(provider && {providerBlock: provider}),
		resources,
		data,
		ephemeral,
	};
}

type IndexEntry = {
	provider: string; version: string; generatedFrom: string; file: string; bytes: number; licence: string;
	/** Where the sensitive and write-only flags come from (`--flags-from`), when not from the package (which has none). */
	flagsFrom?: string;
};

function write(digest: Digest, licenceText: string | undefined, licence: string): IndexEntry {
	const [, namespace, type] = digest.provider.split('/');
	const file = `${namespace}/${type}.digest`;
	fs.mkdirSync(path.join(output, namespace!), {recursive: true});
	const bytes = encodeDigestFile(digest);
	fs.writeFileSync(path.join(output, file), bytes);
	if (licenceText) {
		// One copy per namespace when the providers share their licence text (HashiCorp's are all MPL-2.0).
		const shared = path.join(output, namespace!, 'LICENSE');
		const target = !fs.existsSync(shared) || fs.readFileSync(shared, 'utf8') === licenceText ? shared : path.join(output, `${namespace}/${type}.LICENSE`);
		fs.writeFileSync(target, licenceText);
	}

	console.log(`${file}: ${Object.keys(digest.resources).length} resources, ${Object.keys(digest.data).length} data sources, ${Object.keys(digest.ephemeral).length} ephemeral resources, ${bytes.length} bytes`);
	return {
		provider: digest.provider, version: digest.version, generatedFrom: digest.generatedFrom, file, bytes: bytes.length, licence,
	};
}

/**
A committed digest read back whole: the file form (format 3, `NAME.digest`; format 2, `NAME.digest.gz`) or the JSON document of format 1 (`NAME.json.gz`).
*/
function readCommitted(entry: IndexEntry): Digest {
	const bytes = fs.readFileSync(path.join(output, entry.file));
	const text = entry.file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes;
	if (entry.file.endsWith('.json.gz')) {
		return JSON.parse(text.toString('utf8')) as Digest;
	}

	const digest = digestOfFile(text);
	if (!digest) {
		throw new Error(`${entry.file} is not a digest file`);
	}

	return digest;
}

function rewriteCommitted(indexFile: string): void {
	const entries = (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {providers: IndexEntry[]}).providers;
	const rewritten = entries.map(entry => {
		const digest = readCommitted(entry);
		const written = write(digest, undefined, entry.licence);
		if (written.file !== entry.file) {
			fs.rmSync(path.join(output, entry.file));
		}

		return entry.flagsFrom === undefined ? written : {...written, flagsFrom: entry.flagsFrom};
	});
	fs.writeFileSync(indexFile, `${JSON.stringify({providers: rewritten}, undefined, '\t')}\n`);
}

function main(): void {
	const arguments_ = process.argv.slice(2);
	if (arguments_.includes('--rewrite')) {
		rewriteCommitted(path.join(output, 'index.json'));
		return;
	}

	const packagesIndex = arguments_.indexOf('--packages');
	const onlyIndex = arguments_.indexOf('--only');
	const only = onlyIndex === -1 ? undefined : new Set(arguments_[onlyIndex + 1]!.split(','));
	const packages = packagesIndex === -1 ? fs.mkdtempSync(path.join(os.tmpdir(), 'schema-packages-')) : path.resolve(arguments_[packagesIndex + 1]!);
	const indexFile = path.join(output, 'index.json');
	const previous = fs.existsSync(indexFile) ? (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {providers: IndexEntry[]}).providers : [];
	const entries = new Map(previous.map(entry => [entry.provider, entry]));
	const versions = new Map<string, string>();
	const flagFiles = new Map<string, {readonly file: string; readonly version: string}>();
	for (const [index, argument] of arguments_.entries()) {
		if (argument === '--version') {
			const [name, version] = arguments_[index + 1]!.split('=');
			versions.set(name!, version!);
		} else if (argument === '--flags-from') {
			// NAME@VERSION=FILE: the schema JSON does not say which provider version it is of.
			const [provider, file] = arguments_[index + 1]!.split('=');
			const [name, version] = provider!.split('@');
			flagFiles.set(name!, {file: path.resolve(file!), version: version ?? 'of an unrecorded version'});
		}
	}

	for (const {name, scope} of sources) {
		if (only && !only.has(name)) {
			continue;
		}

		// `npm pack` names the tarball SCOPE-provider-NAME-VERSION.tgz (scope without its @).
		const prefix = `${scope.slice(1)}-provider-${name}-`;
		const wanted = versions.get(name);
		let tarball = fs.readdirSync(packages).find(file => file.startsWith(prefix) && /^\d/.test(file.slice(prefix.length)) && (wanted === undefined || file === `${prefix}${wanted}.tgz`));
		if (!tarball) {
			tarball = execFileSync('npm', ['pack', `${scope}/provider-${name}${wanted === undefined ? '' : `@${wanted}`}`, '--pack-destination', packages], {encoding: 'utf8'}).trim().split('\n').pop()!;
		}

		const extracted = fs.mkdtempSync(path.join(os.tmpdir(), `schema-${name}-`));
		execFileSync('tar', ['-xzf', path.join(packages, tarball), '-C', extracted]);
		const directory = path.join(extracted, 'package');
		const flagsFile = flagFiles.get(name);
		const providerAddress = `registry.terraform.io/hashicorp/${name}`;
		const flags = flagsFile === undefined ? undefined : readFlagSource(flagsFile.file, providerAddress, flagsFile.version);
		const digest = digestOfPackage(directory, name, flags);
		const licence = fs.existsSync(path.join(directory, 'LICENSE')) ? fs.readFileSync(path.join(directory, 'LICENSE'), 'utf8') : undefined;
		const entry = write(digest, licence, 'MPL-2.0 (the package\'s LICENSE, copied beside the digest)');
		entries.set(digest.provider, flags ? {...entry, flagsFrom: `terraform providers schema -json of ${providerAddress} ${flags.version}`} : entry);
		fs.rmSync(extracted, {recursive: true, force: true});
	}

	if (!only || only.has('terraform')) {
		const schema = builtinSchema();
		if (schema) {
			const {digests} = readSchemaJson(schema.text, 'terraform providers schema -json');
			const digest = digests.find(candidate => candidate.provider === 'terraform.io/builtin/terraform');
			if (digest) {
				entries.set(digest.provider, write({...digest, version: schema.version, generatedFrom: `terraform ${schema.version} providers schema -json`}, undefined, 'written by the terraform binary (the built-in provider)'));
			}
		}
	}

	const sorted = [...entries.values()].sort((a, b) => (a.provider < b.provider ? -1 : 1));
	fs.writeFileSync(indexFile, `${JSON.stringify({providers: sorted}, undefined, '\t')}\n`);
}

/**
The built-in provider's schema, from `terraform providers schema -json` in a scratch directory (offline: only the built-in provider is used).
*/
function builtinSchema(): {text: string; version: string} | undefined {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-builtin-'));
	const environment = {...process.env, TF_CLI_CONFIG_FILE: '/dev/null', CHECKPOINT_DISABLE: '1'};
	try {
		fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "probe" {}\n');
		execFileSync('terraform', ['init', '-backend=false'], {cwd: directory, env: environment, stdio: 'ignore'});
		const text = execFileSync('terraform', ['providers', 'schema', '-json'], {cwd: directory, env: environment, encoding: 'utf8', maxBuffer: 1 << 26});
		const version = (JSON.parse(execFileSync('terraform', ['version', '-json'], {encoding: 'utf8', env: environment})) as {terraform_version: string}).terraform_version;
		return {text, version};
	} catch (error) {
		console.error(`terraform not available, the built-in provider's digest is kept as it is: ${(error as Error).message}`);
		return undefined;
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
}

main();
