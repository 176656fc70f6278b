import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {builtinFunctions, impureFunctionNames, lookupFunction, resolveFunction} from '../../../source/lang/functions/index.js';
import {callFunction} from '../../../source/lang/function.js';
import {dynamicType} from '../../../source/lang/types.js';
import {numberValue, stringValue, unknownValue} from '../../../source/lang/values.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/functions');

// The list: every Terraform 1.11 function, then OpenTofu's additions.
const terraformFunctions = `abs ceil floor log max min parseint pow signum
chomp endswith format formatlist indent join lower regex regexall replace split startswith strcontains strrev substr templatestring title trim trimprefix trimspace trimsuffix upper
alltrue anytrue chunklist coalesce coalescelist compact concat contains distinct element flatten index keys length lookup matchkeys merge one range reverse setintersection setproduct setsubtract setunion slice sort sum transpose values zipmap
base64decode base64encode base64gzip csvdecode jsondecode jsonencode textdecodebase64 textencodebase64 urlencode yamldecode yamlencode
abspath basename dirname pathexpand file fileexists fileset filebase64 templatefile
formatdate plantimestamp timeadd timecmp timestamp
base64sha256 base64sha512 bcrypt filebase64sha256 filebase64sha512 filemd5 filesha1 filesha256 filesha512 md5 rsadecrypt sha1 sha256 sha512 uuid uuidv5
cidrhost cidrnetmask cidrsubnet cidrsubnets
can try tobool tolist tomap tonumber toset tostring sensitive nonsensitive issensitive ephemeralasnull`.split(/\s+/);
const openTofuFunctions = ['base64gunzip', 'cidrcontains', 'urldecode', 'templatestring'];

// Functions whose cases cannot come from terraform console (OpenTofu-only, console-less, or needing keys) are covered by the family unit tests instead.
const testedWithoutGoldens = new Set(['base64gunzip', 'cidrcontains', 'urldecode', 'plantimestamp']);

const allCases = ['collection', 'conversion', 'crypto', 'datetime', 'encoding', 'filesystem', 'ip-network', 'number', 'regex', 'set', 'string']
	.flatMap(family => (JSON.parse(readFileSync(path.join(fixtures, `${family}.json`), 'utf8')) as Array<{expression: string}>).map(golden => golden.expression));

test('the issue lists 118 Terraform functions', t => {
	t.is(new Set(terraformFunctions).size, 118);
});

for (const name of new Set([...terraformFunctions, ...openTofuFunctions])) {
	test(`${name} is registered, also as core::${name}, with a description`, t => {
		const spec = lookupFunction(name);
		t.truthy(spec);
		t.is(spec!.name, name);
		t.is(lookupFunction(`core::${name}`), spec);
		t.true(spec!.description.length > 10);
		if (!testedWithoutGoldens.has(name)) {
			t.true(allCases.some(expression => new RegExp(`(^|[^\\w:])${name}\\(`).test(expression)), `no golden case calls ${name}`);
		}
	});
}

test('the registry is alphabetical and holds nothing unlisted', t => {
	const names = [...builtinFunctions.keys()];
	t.deepEqual(names, [...names].sort());
	const listed = new Set([...terraformFunctions, ...openTofuFunctions, 'list', 'map']);
	t.deepEqual(names.filter(name => !listed.has(name)), []);
});

test('impure functions are bcrypt, timestamp and uuid', t => {
	t.deepEqual([...impureFunctionNames].sort(), ['bcrypt', 'timestamp', 'uuid']);
});

test('provider and unknown names are not built-in', t => {
	t.is(lookupFunction('provider::aws::arn_parse'), undefined);
	t.is(lookupFunction('core::provider::x'), undefined);
	t.is(lookupFunction('nope'), undefined);
	t.is(lookupFunction('type'), undefined);
});

test('resolveFunction offers provider functions only for declared providers', t => {
	t.is(resolveFunction('upper'), lookupFunction('upper'));
	t.is(resolveFunction('provider::terraform::encode_expr', {declaredProviders: new Set(['terraform'])})?.name, 'provider::terraform::encode_expr');
	t.is(resolveFunction('provider::terraform::nope', {declaredProviders: new Set(['terraform'])}), undefined);
	t.is(resolveFunction('provider::terraform::encode_expr', {declaredProviders: new Set(['aws'])}), undefined);
	t.is(resolveFunction('provider::aws::arn_parse', {declaredProviders: new Set()}), undefined);
	const standIn = resolveFunction('provider::aws::arn_parse', {declaredProviders: new Set(['aws'])});
	t.is(standIn?.name, 'provider::aws::arn_parse');
	const result = callFunction(standIn!, [stringValue('arn:aws:s3:::bucket'), numberValue(1)], {baseDirectory: '.', impure: false});
	t.deepEqual(result, unknownValue(dynamicType));
});

test('the not-null exceptions are a field of each spec: conversions unrefined, these may be null, every other result is not null', t => {
	const byRefinement = (refinement: string | undefined) => [...builtinFunctions.values()].filter(spec => spec.resultRefinement === refinement).map(spec => spec.name).sort();
	t.deepEqual(byRefinement('unrefined'), ['tobool', 'tolist', 'tomap', 'tonumber', 'toset', 'tostring']);
	t.deepEqual(byRefinement('may-be-null'), ['can', 'element', 'ephemeralasnull', 'jsondecode', 'lookup', 'nonsensitive', 'one', 'sensitive', 'try', 'yamldecode']);
	const context = {baseDirectory: '.', impure: false};
	// The field decides: an unknown argument gives a not-null unknown for upper, a plain unknown for tostring and lookup.
	t.true(callFunction(lookupFunction('upper')!, [unknownValue(dynamicType)], context).kind === 'unknown');
	t.deepEqual((callFunction(lookupFunction('upper')!, [unknownValue(dynamicType)], context) as {refinement?: unknown}).refinement, {notNull: true});
	t.is((callFunction(lookupFunction('tostring')!, [unknownValue(dynamicType)], context) as {refinement?: unknown}).refinement, undefined);
	for (const name of ['encode_expr', 'decode_tfvars', 'encode_tfvars']) {
		t.is(resolveFunction(`provider::terraform::${name}`)?.resultRefinement, 'may-be-null');
	}

	t.is(resolveFunction('provider::aws::arn_parse')?.resultRefinement, 'may-be-null');
});
