import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import type {Range} from '../hcl/position.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {createScope} from '../lang/eval/scope.js';
import {
	type Value, compareStrings, unmark, withMarks,
} from '../lang/values.js';
import type {FunctionSpec} from '../lang/function.js';
import {type InstanceKey, type ModuleInstanceAddress, keysEqual} from './addresses.js';
import {parseAddress} from './parse-address.js';

/*
What-if assumptions: `ADDRESS = EXPRESSION` pins a value that is otherwise unknown — a resource or data source attribute (`data.aws_availability_zones.available.names`), a whole resource object, an input variable (`var.region`, `module.vpc.var.azs`), inside module instances too. The expander consults them where it builds a resource instance's value and an input variable's value; nothing is written anywhere.

An address without an instance key applies to every instance (`module.vpc` is every instance of the call, `aws_subnet.this.id` every subnet).
*/

export type AssumptionTarget =
	| {readonly kind: 'resource'; readonly module: ModuleInstanceAddress; readonly resource: string; readonly key: InstanceKey; readonly path: readonly string[]}
	| {readonly kind: 'variable'; readonly module: ModuleInstanceAddress; readonly name: string};

export type Assumption = {
	/**
	The address as written (`data.aws_availability_zones.available.names`).
	*/
	readonly address: string;
	readonly target: AssumptionTarget;
	readonly value: Value;
	/**
	The expression's text, as `check` lists it.
	*/
	readonly expression: string;
	/**
	`--assume`, or the file it came from.
	*/
	readonly source: string;
	readonly range?: Range;
};

/**
Where an assumption comes from: one `--assume ADDRESS=EXPRESSION`, or the text of an `--assume-file`.
*/
export type AssumptionInput =
	| {readonly kind: 'text'; readonly text: string}
	| {readonly kind: 'file'; readonly name: string; readonly text: string};

/**
Splits `ADDRESS=EXPRESSION` at the first `=` outside the address's quoted keys.
*/
export function splitAssignment(text: string): [string, string] | undefined {
	let quoted = false;
	for (let index = 0; index < text.length; index++) {
		const character = text[index];
		if (character === '\\' && quoted) {
			index++;
		} else if (character === '"') {
			quoted = !quoted;
		} else if (character === '=' && !quoted) {
			return [text.slice(0, index).trim(), text.slice(index + 1).trim()];
		}
	}

	return undefined;
}

/**
The target of an address: the resource or variable it names, the attribute path after it.
*/
export function parseAssumptionAddress(address: string): {readonly target: AssumptionTarget} | {readonly message: string} {
	// The longest prefix that parses as a resource instance address; the rest is the attribute path.
	const parts = address.split('.');
	const moduleSteps: string[] = [];
	let index = 0;
	while (parts[index] === 'module' && index + 1 < parts.length) {
		moduleSteps.push(`module.${parts[index + 1]!}`);
		index += 2;
	}

	const modulePrefix = moduleSteps.join('.');
	const module = modulePrefix === '' ? {ok: true as const, address: {kind: 'module' as const, module: [] as ModuleInstanceAddress}} : parseAddress(modulePrefix);
	if (!module.ok || module.address.kind !== 'module') {
		return {message: `${address}: ${module.ok ? 'not a module path' : module.message}`};
	}

	const rest = parts.slice(index);
	if (rest[0] === 'var') {
		if (rest.length !== 2 || !/^[A-Za-z_][\w-]*$/.test(rest[1]!)) {
			return {message: `${address}: a variable is assumed whole (var.NAME)`};
		}

		return {target: {kind: 'variable', module: module.address.module, name: rest[1]!}};
	}

	const length = rest[0] === 'data' ? 3 : 2;
	if (rest.length < length) {
		return {message: `${address}: expected a resource, data source or variable address (aws_vpc.this.id, data.aws_region.current.name, var.region)`};
	}

	const resourceText = rest.slice(0, length).join('.');
	const parsed = parseAddress(modulePrefix === '' ? resourceText : `${modulePrefix}.${resourceText}`);
	if (!parsed.ok || parsed.address.kind !== 'resource') {
		return {message: `${address}: ${parsed.ok ? 'not a resource address' : parsed.message}`};
	}

	const {resource} = parsed.address;
	const path = rest.slice(length);
	if (path.some(step => !/^[A-Za-z_][\w-]*$/.test(step))) {
		return {message: `${address}: the attribute path after the resource is attribute names (a.b.c)`};
	}

	return {
		target: {
			kind: 'resource', module: resource.module, resource: `${resource.mode === 'data' ? 'data.' : ''}${resource.type}.${resource.name}`, key: resource.key, path,
		},
	};
}

const assumedMark: ReadonlySet<'assumed'> = new Set(['assumed']);

/**
Reads assumptions: each `ADDRESS = EXPRESSION`, the expression a constant (functions, no references). A file holds one a line; an expression may go on over the following lines (a list, an object) until the next line that starts with an address and `=`.
*/
export function readAssumptions(inputs: readonly AssumptionInput[], functions: (name: string) => FunctionSpec | undefined): {readonly assumptions: Assumption[]; readonly diagnostics: Diagnostic[]} {
	const assumptions: Assumption[] = [];
	const diagnostics: Diagnostic[] = [];
	const scope = createScope({functions, functionContext: {baseDirectory: '.', impure: false}});
	// `offset`: where the assumption starts in its file, for the range diagnostics about it point at.
	const add = (text: string, source: string, line: number, offset = 0): void => {
		const split = splitAssignment(text);
		if (!split || split[0] === '' || split[1] === '') {
			diagnostics.push(errorDiagnostic('Invalid assumption', `${source}${line > 0 ? `:${line}` : ''}: expected ADDRESS = EXPRESSION, not "${text.trim().slice(0, 80)}".`));
			return;
		}

		const [address, expressionText] = split;
		const target = parseAssumptionAddress(address);
		if ('message' in target) {
			diagnostics.push(errorDiagnostic('Invalid assumption', `${source}${line > 0 ? `:${line}` : ''}: ${target.message}.`));
			return;
		}

		const parsed = parseExpression(expressionText, source === '--assume' ? `<--assume ${address}>` : source);
		if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			diagnostics.push(...parsed.diagnostics);
			return;
		}

		const result = evaluate(parsed.value, scope);
		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			diagnostics.push(...result.diagnostics);
			return;
		}

		const firstLine = text.split('\n', 1)[0]!;
		assumptions.push({
			address, target: target.target, value: withMarks(result.value, assumedMark), expression: expressionText, source,
			...(line > 0 && {range: {filename: source, start: {line, column: 1, offset}, end: {line, column: [...firstLine].length + 1, offset: offset + firstLine.length}}}),
		});
	};

	for (const input of inputs) {
		if (input.kind === 'text') {
			add(input.text, '--assume', 0);
			continue;
		}

		let current: {text: string; line: number; offset: number} | undefined;
		let offset = 0;
		for (const [index, line] of input.text.split('\n').entries()) {
			const lineOffset = offset;
			offset += line.length + 1;
			const trimmed = line.trim();
			if (trimmed.startsWith('#') || trimmed.startsWith('//')) {
				continue;
			}

			if (/^\s*(?:module\.|data\.|var\.|[A-Za-z_][\w-]*\.)[^=\s]*\s*=/.test(line) && !/^\s*[A-Za-z_][\w-]*\s*=/.test(line)) {
				if (current) {
					add(current.text, input.name, current.line, current.offset);
				}

				current = {text: line, line: index + 1, offset: lineOffset};
			} else if (current) {
				current.text += `\n${line}`;
			} else if (trimmed !== '') {
				add(line, input.name, index + 1, lineOffset);
			}
		}

		if (current) {
			add(current.text, input.name, current.line, current.offset);
		}
	}

	return {assumptions, diagnostics};
}

function keyMatches(target: InstanceKey, actual: InstanceKey): boolean {
	return target.kind === 'none' || keysEqual(target, actual);
}

export function moduleMatches(target: ModuleInstanceAddress, actual: ModuleInstanceAddress): boolean {
	return target.length === actual.length && target.every((step, index) => step.name === actual[index]!.name && keyMatches(step.key, actual[index]!.key));
}

/**
The assumptions for one resource instance, in the order given (a later one wins where two set the same path).
*/
export function assumptionsFor(assumptions: readonly Assumption[], module: ModuleInstanceAddress, resource: string, key: InstanceKey): Assumption[] {
	return assumptions.filter(assumption => assumption.target.kind === 'resource' && assumption.target.resource === resource && keyMatches(assumption.target.key, key) && moduleMatches(assumption.target.module, module));
}

export function variableAssumption(assumptions: readonly Assumption[], module: ModuleInstanceAddress, name: string): Assumption | undefined {
	return assumptions.findLast(assumption => assumption.target.kind === 'variable' && assumption.target.name === name && moduleMatches(assumption.target.module, module));
}

/**
A resource instance's value with the assumptions applied: a whole object replaced, or an attribute path set (objects along the path made or kept open, so what stays unset is still unknown).
*/
export function applyAssumptions(value: Value, assumptions: readonly Assumption[]): Value {
	let result = value;
	for (const assumption of assumptions) {
		if (assumption.target.kind === 'resource') {
			result = setPath(result, assumption.target.path, assumption.value);
		}
	}

	return result;
}

function setPath(value: Value, path: readonly string[], assumed: Value): Value {
	if (path.length === 0) {
		const [bare, marks] = unmark(assumed);
		// A whole object assumed: still open, as the provider may have more attributes than the assumption names.
		return bare.kind === 'object' ? withMarks({...bare, open: true}, marks) : assumed;
	}

	const [bare, marks] = unmark(value);
	const attributes = new Map(bare.kind === 'object' ? bare.attributes : []);
	const [name, ...rest] = path;
	attributes.set(name!, setPath(attributes.get(name!) ?? {kind: 'object', attributes: new Map(), open: true}, rest, assumed));
	const sorted = new Map([...attributes].sort(([a], [b]) => compareStrings(a, b)));
	return withMarks({kind: 'object', attributes: sorted, open: true}, marks);
}
