import {Buffer} from 'node:buffer';
import test from 'ava';
import {type Digest, decodeBlock, providerSchemaOf} from '../../source/schema/digest.js';
import {digestFileSchema, digestOfFile, encodeDigestFile} from '../../source/schema/digest-file.js';

/*
The file form of the bundled digests (one line per type, parsed only when asked for) gives the same provider schema as the whole digest does.
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
