import test from 'ava';
import fc from 'fast-check';
import {
	type InstanceKey, type ResourceInstanceAddress, formatModuleInstance, formatResourceInstance, intKey, noKey, stringKey, unknownKey,
} from '../../source/expand/addresses.js';
import {parseAddress} from '../../source/expand/parse-address.js';

const formats = test.macro({
	exec(t, address: ResourceInstanceAddress, expected: string) {
		t.is(formatResourceInstance(address), expected);
	},
	title: (_title, _address, expected: string) => `formats ${expected}`,
});

test(formats, {module: [], mode: 'managed', type: 'aws_instance', name: 'web', key: intKey(3)}, 'aws_instance.web[3]');
test(formats, {module: [], mode: 'data', type: 'aws_ami', name: 'ubuntu', key: noKey}, 'data.aws_ami.ubuntu');
test(formats, {module: [], mode: 'ephemeral', type: 'random_password', name: 'db', key: intKey(0)}, 'ephemeral.random_password.db[0]');
test(formats, {
	module: [{name: 'net', key: stringKey('eu')}, {name: 'subnet', key: intKey(1)}], mode: 'managed', type: 'aws_subnet', name: 'this', key: stringKey('a'),
}, 'module.net["eu"].module.subnet[1].aws_subnet.this["a"]');
test(formats, {module: [{name: 'net', key: unknownKey}], mode: 'managed', type: 'aws_subnet', name: 'public', key: unknownKey}, 'module.net[*].aws_subnet.public[*]');
test(formats, {module: [], mode: 'managed', type: 'x', name: 'y', key: stringKey('q"\\\n${a}%{b}')}, 'x.y["q\\"\\\\\\n$${a}%%{b}"]');

test('parses a nested module instance address', t => {
	const result = parseAddress('module.a["x"].module.b[0]');
	t.deepEqual(result, {ok: true, address: {kind: 'module', module: [{name: 'a', key: stringKey('x')}, {name: 'b', key: intKey(0)}]}});
});

test('parses a data resource inside a module', t => {
	const result = parseAddress('module.a.data.aws_ami.ubuntu');
	t.deepEqual(result, {
		ok: true,
		address: {
			kind: 'resource',
			resource: {
				module: [{name: 'a', key: noKey}], mode: 'data', type: 'aws_ami', name: 'ubuntu', key: noKey,
			},
		},
	});
});

test('parses unicode escapes in keys', t => {
	const result = parseAddress(String.raw`x.y["\u00e9\U0001F600"]`);
	t.true(result.ok && result.address.kind === 'resource' && result.address.resource.key.kind === 'string' && result.address.resource.key.value === 'é😀');
});

const rejects = test.macro({
	exec(t, text: string, message: RegExp) {
		const result = parseAddress(text);
		t.false(result.ok);
		if (!result.ok) {
			t.regex(result.message, message);
		}
	},
	title: (_title, text: string) => `rejects ${text}`,
});

test(rejects, 'aws_instance', /Expected "\."/);
test(rejects, 'aws_instance.web[', /whole number, a quoted string, or \*/);
test(rejects, 'aws_instance.web["a]', /Unterminated/);
test(rejects, 'aws_instance.web[1].foo', /Unexpected/);
test(rejects, 'module.', /Expected a name/);
test(rejects, 'x.y["${a}"]', /Template sequences/);

const keyArbitrary: fc.Arbitrary<InstanceKey> = fc.oneof(
	fc.constant(noKey),
	fc.constant(unknownKey),
	fc.nat({max: 100_000}).map(value => intKey(value)),
	fc.string({unit: 'grapheme'}).map(value => stringKey(value)),
	fc.string({unit: fc.constantFrom('$', '%', '{', '"', '\\', '\n', '\t', 'a', '\u0001')}).map(value => stringKey(value)),
);
const nameArbitrary = fc.stringMatching(/^[a-z_][\w-]{0,8}$/).filter(name => name !== 'module' && name !== 'data');
const stepsArbitrary = fc.array(fc.record({name: nameArbitrary, key: keyArbitrary}), {maxLength: 3});

test('parse(format(resource instance address)) is the identity', t => {
	fc.assert(fc.property(stepsArbitrary, fc.constantFrom('managed', 'data') as fc.Arbitrary<'managed' | 'data'>, nameArbitrary, nameArbitrary, keyArbitrary, (module, mode, type, name, key) => {
		const address: ResourceInstanceAddress = {
			module, mode, type, name, key,
		};
		const result = parseAddress(formatResourceInstance(address));
		return result.ok && result.address.kind === 'resource' && JSON.stringify(result.address.resource) === JSON.stringify(address);
	}));
	t.pass();
});

test('parse(format(module instance address)) is the identity', t => {
	fc.assert(fc.property(stepsArbitrary, module => {
		const result = parseAddress(formatModuleInstance(module));
		return result.ok && result.address.kind === 'module' && JSON.stringify(result.address.module) === JSON.stringify(module);
	}));
	t.pass();
});
