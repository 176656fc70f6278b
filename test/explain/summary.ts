import test from 'ava';
import {summarizeValue} from '../../source/explain/summary.js';
import {numberValue, objectValue, stringValue} from '../../source/lang/values.js';

/*
A trace step's value on one line: the console's text when it fits, else its shape.
*/

const long = (name: string): string => `/providers/Microsoft.Management/managementGroups/${name}`;

test('an object with short names lists the first ones and counts the rest', t => {
	const value = objectValue(Object.fromEntries(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'].map(name => [name, stringValue(`value of ${name} that is long enough`)])));
	t.is(summarizeValue(value), '{alpha, beta, delta, epsilon, eta, … 3 more}');
});

test('an object whose first name does not fit says only how many keys it has', t => {
	const value = objectValue(Object.fromEntries(['myorg-landing-zones-and-more', 'myorg-platform-and-the-rest-of-it'].map(name => [long(name), numberValue(1)])));
	t.is(summarizeValue(value), '{… 2 keys}');
});
