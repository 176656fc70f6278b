import {checkElementCount, maximumCollectionElements} from './limits.js';
import type {RE2JS} from 're2js';
import {re2js} from '../../libraries.js';
import {
	type FunctionSpec, FunctionError, defineFunction,
} from '../function.js';
import {
	type Type, dynamicType, listType, objectType, stringType, tupleType,
} from '../types.js';
import {
	type Value, listValue, nullValue, objectValue, stringValue, tupleValue,
} from '../values.js';
import {stringOf} from './support.js';
import {type UnicodeClassNames, renameUnicodeClasses} from './unicode-classes.js';

/*
`regex`, `regexall` and the regex form of `replace`, with RE2 semantics through re2js (JavaScript's RegExp differs: lookarounds, backreferences, `\pL` classes). Match iteration follows Go's regexp (an empty match right after a match is skipped), not Java's, which re2js's own iterator follows.
*/

export type CompiledPattern = {
	readonly pattern: RE2JS;
	readonly names: readonly string[];
	readonly groupCount: number;
};

/**
Compiles an RE2 pattern; errors are reported as Go's regexp/syntax error text (`error parsing regexp: CODE: \`EXPR\``) or, with `short`, as "CODE in EXPR" the way regex() words them.
*/
export function compilePattern(source: string, onError: (code: string, expression: string, full: string) => never, classNames: UnicodeClassNames = 'go1.23'): CompiledPattern {
	const {text, renamed} = renameDuplicateGroups(renameUnicodeClasses(source, classNames, escape => onError('invalid character class range', escape, `error parsing regexp: invalid character class range: \`${escape}\``)));
	let pattern: RE2JS;
	try {
		pattern = re2js().RE2JS.compile(text);
	} catch (error) {
		const {error: code, input} = error as {error?: string; input?: string};
		onError(code ?? String(error), input ?? '', (error as Error).message);
	}

	const namedGroups = pattern.namedGroups() as Record<string, number>;
	const names: string[] = [];
	for (const [name, groupIndex] of Object.entries(namedGroups)) {
		names[groupIndex] = renamed.get(name) ?? name;
	}

	return {pattern, names, groupCount: pattern.groupCount()};
}

/**
Go's regexp accepts a group name used twice (`(?P<a>x)(?P<a>y)`); re2js refuses it. Every use after the first gets a fresh internal name, mapped back in `names`, so callers see Go's SubexpNames. The scan skips escapes, `\Q...\E` and character classes, where `(?P<` is literal text.
*/
function renameDuplicateGroups(source: string): {text: string; renamed: ReadonlyMap<string, string>} {
	const renamed = new Map<string, string>();
	if (!source.includes('(?')) {
		return {text: source, renamed};
	}

	const groupName = /\(\?P?<(\w+)>/y;
	const seen = new Set<string>();
	const pieces: string[] = [];
	let copied = 0;
	let inClass = false;
	for (let index = 0; index < source.length; index++) {
		const character = source[index];
		if (character === '\\') {
			if (source[index + 1] === 'Q') {
				const end = source.indexOf('\\E', index + 2);
				index = end === -1 ? source.length : end + 1;
			} else {
				index++;
			}

			continue;
		}

		if (inClass) {
			inClass = character !== ']';
			continue;
		}

		if (character === '[') {
			inClass = true;
			// A `]` right after `[` or `[^` is a literal member.
			if (source[index + 1] === '^') {
				index++;
			}

			if (source[index + 1] === ']') {
				index++;
			}

			continue;
		}

		if (character !== '(') {
			continue;
		}

		groupName.lastIndex = index;
		const match = groupName.exec(source);
		if (!match) {
			continue;
		}

		const name = match[1]!;
		if (seen.has(name)) {
			let internal = '';
			for (let suffix = renamed.size; internal === '' || source.includes(internal); suffix++) {
				internal = `tfscope_duplicate_${suffix}`;
			}

			renamed.set(internal, name);
			const nameStart = index + match[0].length - name.length - 1;
			pieces.push(source.slice(copied, nameStart), internal);
			copied = nameStart + name.length;
		}

		seen.add(name);
	}

	pieces.push(source.slice(copied));
	return {text: pieces.join(''), renamed};
}

export type Match = {
	readonly start: number;
	readonly end: number;
	readonly groups: ReadonlyArray<string | undefined>;
	readonly groupStarts: readonly number[];
};

/**
Every match, as Go's FindAllStringSubmatchIndex finds them.
*/
export function findAll(compiled: CompiledPattern, text: string, limit = Number.POSITIVE_INFINITY): Match[] {
	const literal = literalOf(compiled);
	if (literal !== undefined) {
		return findLiteral(literal, text, limit);
	}

	const matches: Match[] = [];
	scanMatches(compiled, text, limit, (matcher, start, end) => {
		const groups: Array<string | undefined> = [];
		const groupStarts: number[] = [];
		for (let group = 0; group <= compiled.groupCount; group++) {
			const value = matcher.group(group) as string | null;
			groups.push(value ?? undefined);
			groupStarts.push(value === null ? -1 : matcher.start(group) as number);
		}

		matches.push({start, end, groups, groupStarts});
	});
	return matches;
}

/**
How many matches there are, counting no further than `limit`, without building any: the matcher alone costs a fraction of a second a million matches, building them seconds and hundreds of megabytes.
*/
export function countMatches(compiled: CompiledPattern, text: string, limit: number): number {
	const literal = literalOf(compiled);
	return literal === undefined ? scanMatches(compiled, text, limit, () => undefined) : countLiteral(literal, text, limit);
}

type Matcher = ReturnType<RE2JS['matcher']>;

/**
Calls `visit` with the matcher on each match, in Go's order (an empty match right after a match is skipped), at most `limit` times; returns how many.
*/
function scanMatches(compiled: CompiledPattern, text: string, limit: number, visit: (matcher: Matcher, start: number, end: number) => void): number {
	const matcher = compiled.pattern.matcher(text);
	let count = 0;
	let position = 0;
	let previousEnd = -1;
	while (position <= text.length && count < limit) {
		if (!matcher.find(position)) {
			break;
		}

		const start = matcher.start() as number;
		const end = matcher.end() as number;
		let accept = true;
		if (end === start) {
			if (start === previousEnd) {
				accept = false;
			}

			const code = text.codePointAt(start);
			position = start + (code === undefined ? 1 : (code > 0xFF_FF ? 2 : 1));
		} else {
			position = end;
		}

		previousEnd = end;
		if (accept) {
			visit(matcher, start, end);
			count++;
		}
	}

	return count;
}

/**
The text a pattern without any regular-expression syntax matches (`""`, `","`, `"ab"`), found with indexOf instead of re2js, which costs microseconds a match: `regexall("", s)` of a 10 MB string reaches the element limit at once instead of after seconds.
*/
function literalOf(compiled: CompiledPattern): string | undefined {
	const source = compiled.pattern.pattern() as string;
	return /[\\.+*?()|[\]{}^$]/.test(source) ? undefined : source;
}

/**
How many matches a literal pattern has, counting no further than `limit`, without building them.
*/
function countLiteral(literal: string, text: string, limit: number): number {
	let count = 0;
	if (literal === '') {
		for (let position = 0; position <= text.length && count < limit; count++) {
			const code = text.codePointAt(position);
			position += code === undefined ? 1 : (code > 0xFF_FF ? 2 : 1);
		}

		return count;
	}

	for (let start = text.indexOf(literal); start !== -1 && count < limit; start = text.indexOf(literal, start + literal.length)) {
		count++;
	}

	return count;
}

function findLiteral(literal: string, text: string, limit: number): Match[] {
	const matches: Match[] = [];
	if (literal === '') {
		// An empty match at every code point boundary, the end included (none is right after a previous match's end but the first).
		for (let position = 0; position <= text.length && matches.length < limit;) {
			matches.push({start: position, end: position, groups: [''], groupStarts: [position]});
			const code = text.codePointAt(position);
			position += code === undefined ? 1 : (code > 0xFF_FF ? 2 : 1);
		}

		return matches;
	}

	for (let start = text.indexOf(literal); start !== -1 && matches.length < limit; start = text.indexOf(literal, start + literal.length)) {
		matches.push({start, end: start + literal.length, groups: [literal], groupStarts: [start]});
	}

	return matches;
}

/**
Go's Regexp.Expand: `$1`, `${1}`, `$name`, `${name}`, `$$`.
*/
export function expandReplacement(template: string, compiled: CompiledPattern, match: Match): string {
	// Copies the runs between `$`s whole: building the text a character at a time made a long replacement (thousands of matches times thousands of characters) spend most of its time collecting garbage.
	const parts: string[] = [];
	let index = 0;
	while (index < template.length) {
		const dollar = template.indexOf('$', index);
		if (dollar === -1 || dollar + 1 >= template.length) {
			parts.push(template.slice(index));
			break;
		}

		parts.push(template.slice(index, dollar));
		const next = template[dollar + 1]!;
		if (next === '$') {
			parts.push('$');
			index = dollar + 2;
			continue;
		}

		let name: string | undefined;
		let after = dollar + 1;
		if (next === '{') {
			const close = template.indexOf('}', dollar + 2);
			const candidate = close === -1 ? '' : template.slice(dollar + 2, close);
			if (close !== -1 && /^\w+$/.test(candidate)) {
				name = candidate;
				after = close + 1;
			}
		} else {
			wordPattern.lastIndex = dollar + 1;
			const word = wordPattern.exec(template);
			if (word) {
				name = word[0];
				after = dollar + 1 + name.length;
			}
		}

		if (name === undefined) {
			parts.push('$');
			index = dollar + 1;
			continue;
		}

		index = after;
		if (/^\d+$/.test(name)) {
			const number = Number(name);
			parts.push(number <= compiled.groupCount ? (match.groups[number] ?? '') : '');
		} else {
			// Go's expand: the first group of that name that took part in the match.
			const groupIndex = compiled.names.findIndex((groupName, index) => groupName === name && match.groups[index] !== undefined);
			parts.push(groupIndex > 0 ? match.groups[groupIndex]! : '');
		}
	}

	return parts.join('');
}

const wordPattern = /\w+/y;

function compileForRegexFunction(source: string, classNames: UnicodeClassNames): CompiledPattern {
	const compiled = compilePattern(source, (code, expression) => {
		throw new FunctionError(`invalid regexp pattern: ${code} in ${expression}`, 0);
	}, classNames);
	const named = compiled.names.filter(Boolean).length;
	if (named > 0 && named < compiled.groupCount) {
		throw new FunctionError('invalid regexp pattern: cannot mix both named and unnamed capture groups', 0);
	}

	return compiled;
}

// The result type depends on the pattern: a string without groups, a tuple of strings for unnamed groups, an object for named ones.
function matchType(compiled: CompiledPattern): Type {
	if (compiled.groupCount === 0) {
		return stringType;
	}

	const named = compiled.names.filter(Boolean);
	if (named.length > 0) {
		return objectType(Object.fromEntries(named.map(name => [name, stringType])));
	}

	return tupleType(Array.from({length: compiled.groupCount}, () => stringType));
}

function matchValue(compiled: CompiledPattern, match: Match): Value {
	if (compiled.groupCount === 0) {
		return stringValue(match.groups[0]!);
	}

	const captures = match.groups.slice(1).map(group => group === undefined ? nullValue(stringType) : stringValue(group));
	const named = compiled.names.filter(Boolean);
	if (named.length > 0) {
		return objectValue(compiled.names.flatMap((name, index) => name ? [[name, captures[index - 1]!] as const] : []).sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0))));
	}

	return tupleValue(captures);
}

function patternTypeOf(values: readonly Value[], classNames: UnicodeClassNames): Type {
	const pattern = values[0];
	if (pattern?.kind !== 'string') {
		return dynamicType;
	}

	return matchType(compileForRegexFunction(pattern.value, classNames));
}

/**
`regex` and `regexall` with the `\p{...}` names of a Go release (see unicode-classes.ts): Terraform's (Go 1.23) or OpenTofu's (Go 1.25).
*/
function regexFunctionsFor(classNames: UnicodeClassNames): readonly FunctionSpec[] {
	const regex = defineFunction({
		name: 'regex',
		description: 'Applies a regular expression to a string and returns the matching substrings.',
		parameters: [{name: 'pattern', type: stringType}, {name: 'string', type: stringType}],
		returnType: (_, values) => patternTypeOf(values, classNames),
		impl([pattern, text]) {
			const compiled = compileForRegexFunction(stringOf(pattern!), classNames);
			const [match] = findAll(compiled, stringOf(text!), 1);
			if (!match) {
				throw new FunctionError('pattern did not match any part of the given string');
			}

			return matchValue(compiled, match);
		},
	});

	const regexall = defineFunction({
		name: 'regexall',
		description: 'Applies a regular expression to a string and returns a list of all matches.',
		parameters: [{name: 'pattern', type: stringType}, {name: 'string', type: stringType}],
		returnType: (_, values) => listType(patternTypeOf(values, classNames)),
		impl([pattern, text], returnType) {
			const compiled = compileForRegexFunction(stringOf(pattern!), classNames);
			// The matches are counted before any is built (an empty pattern matches at every character of a 10 MB string, `.` too): past the limit, nothing is built.
			const count = countMatches(compiled, stringOf(text!), maximumCollectionElements + 1);
			checkElementCount(count);
			const element = (returnType as {element: Type}).element;
			if (compiled.groupCount === 0) {
				// Without groups, each match is its text, made straight from the matcher (a literal pattern's matches are one value).
				const literal = literalOf(compiled);
				const values: Value[] = [];
				if (literal === undefined) {
					scanMatches(compiled, stringOf(text!), count, matcher => values.push(stringValue(matcher.group(0) as string)));
				} else {
					values.length = count;
					values.fill(stringValue(literal));
				}

				return listValue(element, values);
			}

			const matches = findAll(compiled, stringOf(text!), count);
			return listValue((returnType as {element: Type}).element, matches.map(match => matchValue(compiled, match)));
		},
	});

	return [regex, regexall];
}

export const regexFunctions = regexFunctionsFor('go1.23');

/**
OpenTofu's `regex` and `regexall`, which take Go 1.25's class names.
*/
export const openTofuRegexFunctions = regexFunctionsFor('go1.25');
