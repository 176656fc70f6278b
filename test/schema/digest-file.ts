import {Buffer} from 'node:buffer';
import test from 'ava';
import {type Digest, decodeBlock, providerSchemaOf} from '../../source/schema/digest.js';
import {digestFileSchema, digestOfFile, encodeDigestFile} from '../../source/schema/digest-file.js';

/*
The file form of the bundled digests (each type's block compressed on its own against the provider's dictionary, inflated and parsed only when asked for; small digests uncompressed) gives the same provider schema as the whole digest does.
*/

const digest: Digest = {
	format: 1,
	provider: 'registry.terraform.io/example/demo',
	version: '1.2.3',
	generatedFrom: 'a test',
	providerBlock: {a: {region: ['string', 'o']}},
	resources: {
		demo_bucket: {a: {name: ['string', 'r'], tags: [['map', 'string'], 'o'], arn: ['string', 'c']}, b: {rule: ['list', {a: {days: ['number', 'o']}}, 0, 2]}},
		demo: {a: {id: ['string', 'c'], note: ['string', 'os']}},
		'demo_bucket_policy': {a: {policy: ['string', 'r'], text: ['string', 'o']}},
	},
	data: {demo_bucket: {a: {name: ['string', 'r'], arn: ['string', 'c']}}},
	ephemeral: {},
};

const origin = {kind: 'bundled', version: '1.2.3', generatedFrom: 'a test'} as const;

test('every block, type list and the provider block are those of the whole digest', t => {
	const file = digestFileSchema(Buffer.from(encodeDigestFile(digest)), header => ({kind: 'bundled', version: header.version, generatedFrom: header.generatedFrom}))!;
	const whole = providerSchemaOf(digest, origin);
	t.is(file.source, whole.source);
	t.deepEqual(file.origin, whole.origin);
	for (const kind of ['resource', 'data', 'ephemeral'] as const) {
		t.deepEqual(file.types(kind), whole.types(kind));
		for (const type of [...whole.types(kind), 'demo_bucke', 'demo_bucket_', 'missing']) {
			t.deepEqual(file.block(kind, type), whole.block(kind, type), `${kind} ${type}`);
		}
	}

	t.deepEqual(file.block('provider', ''), decodeBlock(digest.providerBlock!));
	// The same object on a second question (decoded once).
	t.is(file.block('resource', 'demo_bucket'), file.block('resource', 'demo_bucket'));
});

test('the file form reads back to the same digest', t => {
	t.deepEqual(digestOfFile(Buffer.from(encodeDigestFile(digest))), digest);
});

test('bytes that are not a digest file give no schema', t => {
	t.is(digestFileSchema(Buffer.from('{"format":1,"provider":"x"}'), () => origin), undefined);
	t.is(digestFileSchema(Buffer.from('not json\nresource\tx\t{}\n'), () => origin), undefined);
});

test('a type name that is not an identifier is refused when writing', t => {
	t.throws(() => encodeDigestFile({...digest, resources: {'bad\tname': {}}}), {message: /is not an identifier/});
});

/**
A digest past the size below which files are not compressed: 400 resource types of a few shapes.
*/
const large: Digest = {
	...digest,
	resources: Object.fromEntries(Array.from({length: 400}, (_, index) => [`demo_thing_${index}`, {a: {name: ['string', 'r'], [`field_${index}`]: [['map', 'string'], 'o'], arn: ['string', 'c']}, b: {rule: ['list', {a: {days: ['number', 'o'], [`n${index % 7}`]: ['bool', 'o']}}, 0, index % 3]}}])),
};

test('a large digest is compressed type by type and reads back the same, a type at a time', t => {
	const bytes = encodeDigestFile(large);
	t.is(JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(10))).compression, 'deflate-raw');
	t.true(bytes.length < JSON.stringify(large).length / 2);
	t.deepEqual(digestOfFile(bytes), large);
	const file = digestFileSchema(bytes, () => origin)!;
	const whole = providerSchemaOf(large, origin);
	t.deepEqual(file.types('resource'), whole.types('resource'));
	for (const type of ['demo_thing_0', 'demo_thing_399', 'demo_thing_123', 'demo_thing_400']) {
		t.deepEqual(file.block('resource', type), whole.block('resource', type), type);
	}
});

test('a small digest is kept uncompressed', t => {
	const bytes = encodeDigestFile(digest);
	t.is(JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(10))).compression, 'none');
	t.true(bytes.includes('"demo_bucket_policy"'));
});

test('a damaged block gives no schema for its type only', t => {
	const bytes = Buffer.from(encodeDigestFile(large));
	// The last bytes belong to the last type's block.
	bytes.fill(0xFF, bytes.length - 8);
	const file = digestFileSchema(bytes, () => origin)!;
	t.is(file.block('resource', 'demo_thing_99'), undefined);
	t.deepEqual(file.block('resource', 'demo_thing_0'), providerSchemaOf(large, origin).block('resource', 'demo_thing_0'));
});

test('format 2 (a line per type, before gzip) still reads back, for --rewrite', t => {
	const lines = [JSON.stringify({format: 2, provider: digest.provider, version: digest.version, generatedFrom: digest.generatedFrom, providerBlock: digest.providerBlock})];
	for (const [kind, field] of [['resource', 'resources'], ['data', 'data'], ['ephemeral', 'ephemeral']] as const) {
		for (const type of Object.keys(digest[field]).sort()) {
			lines.push(`${kind}\t${type}\t${JSON.stringify(digest[field][type])}`);
		}
	}

	t.deepEqual(digestOfFile(Buffer.from(`${lines.join('\n')}\n`)), digest);
});
