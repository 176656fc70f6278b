import type {Expression, TemplatePart} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {type Range, rangeBetween} from '../hcl/position.js';

/*
References after Terraform's addrs.ParseRef: the static traversal at the root of an expression (`aws_instance.web[0].id`: root name, attribute names and literal keys) read as a subject (`resource managed aws_instance.web`) and the steps that remain. The evaluator resolves subjects through the scope; the graph reads them with `referencesOf`.
*/

export type TraversalStep =
	| {readonly kind: 'attribute'; readonly name: string; readonly range: Range}
	| {readonly kind: 'index'; readonly key: string | number; readonly range: Range};

/**
A root name and the static steps after it.
*/
export type Traversal = {
	readonly root: string;
	readonly rootRange: Range;
	readonly steps: readonly TraversalStep[];
	readonly range: Range;
};

export type ReferenceSubject =
	| {readonly kind: 'variable'; readonly name: string}
	| {readonly kind: 'local'; readonly name: string}
	| {readonly kind: 'resource'; readonly mode: 'managed' | 'data'; readonly type: string; readonly name: string}
	| {readonly kind: 'module'; readonly name: string}
	| {readonly kind: 'path'; readonly name: string}
	| {readonly kind: 'terraform'; readonly name: string}
	| {readonly kind: 'count'; readonly name: string}
	| {readonly kind: 'each'; readonly name: string}
	| {readonly kind: 'self'};

export type Reference = {
	readonly subject: ReferenceSubject;
	/**
	The source of the subject (`var.x`, `aws_instance.web`).
	*/
	readonly range: Range;
	/**
	Static steps after the subject: an instance key (`[0]`), an output or attribute name, ...
	*/
	readonly remaining: readonly TraversalStep[];
	/**
	The whole static traversal.
	*/
	readonly traversalRange: Range;
};

/**
The text of a subject as Terraform writes it: `var.x`, `data.aws_ami.ubuntu`, `module.net`, `count.index`.
*/
export function formatSubject(subject: ReferenceSubject): string {
	switch (subject.kind) {
		case 'variable': {
			return `var.${subject.name}`;
		}

		case 'resource': {
			return `${subject.mode === 'data' ? 'data.' : ''}${subject.type}.${subject.name}`;
		}

		case 'self': {
			return 'self';
		}

		default: {
			return `${subject.kind}.${subject.name}`;
		}
	}
}

function invalid(detail: string, subject: Range): {value: undefined; diagnostics: Diagnostic[]} {
	return {value: undefined, diagnostics: [errorDiagnostic('Invalid reference', detail, subject)]};
}

/**
Reads a static traversal as a reference, with Terraform's "Invalid reference" diagnostics.
*/
export function parseReference(traversal: Traversal): {value: Reference | undefined; diagnostics: Diagnostic[]} {
	// Traversals come from immutable AST nodes (cached by traversalOf), so a parse is kept per traversal; the diagnostics array is copied for the caller.
	let parsed = parsedReferences.get(traversal);
	if (!parsed) {
		parsed = parseReferenceUncached(traversal);
		parsedReferences.set(traversal, parsed);
	}

	return {value: parsed.value, diagnostics: parsed.diagnostics.length === 0 ? [] : [...parsed.diagnostics]};
}

const parsedReferences = new WeakMap<Traversal, {value: Reference | undefined; diagnostics: Diagnostic[]}>();

function parseReferenceUncached(traversal: Traversal): {value: Reference | undefined; diagnostics: Diagnostic[]} {
	const {root, rootRange, steps} = traversal;
	const make = (subject: ReferenceSubject, consumed: number): {value: Reference; diagnostics: Diagnostic[]} => ({
		value: {
			subject,
			range: consumed === 0 ? rootRange : rangeBetween(rootRange, steps[consumed - 1]!.range),
			remaining: steps.slice(consumed),
			traversalRange: traversal.range,
		},
		diagnostics: [],
	});

	const singleAttribute = (): {name: string} | {value: undefined; diagnostics: Diagnostic[]} => {
		const first = steps[0];
		if (!first) {
			return invalid(`The "${root}" object cannot be accessed directly. Instead, access one of its attributes.`, rootRange);
		}

		if (first.kind !== 'attribute') {
			return invalid(`The "${root}" object does not support this operation.`, first.range);
		}

		return {name: first.name};
	};

	switch (root) {
		case 'var':
		case 'local':
		case 'path':
		case 'terraform':
		case 'count':
		case 'each':
		case 'module': {
			const attribute = singleAttribute();
			if (!('name' in attribute)) {
				return attribute;
			}

			const kind = root === 'var' ? 'variable' : root;
			return make({kind, name: attribute.name}, 1);
		}

		case 'self': {
			return make({kind: 'self'}, 0);
		}

		case 'data': {
			if (steps.length < 2) {
				return invalid('The "data" object must be followed by two attribute names: the data source type and the resource name.', traversal.range);
			}

			const [type, name] = steps;
			if (type!.kind !== 'attribute') {
				return invalid('The "data" object does not support this operation.', type!.range);
			}

			if (name!.kind !== 'attribute') {
				return invalid('A reference to a data source must be followed by at least one attribute access, specifying the resource name.', name!.range);
			}

			return make({
				kind: 'resource', mode: 'data', type: type!.name, name: name!.name,
			}, 2);
		}

		default: {
			const name = steps[0];
			if (!name) {
				return invalid('A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', rootRange);
			}

			if (name.kind !== 'attribute') {
				return invalid('A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', name.range);
			}

			return make({
				kind: 'resource', mode: 'managed', type: root, name: name.name,
			}, 1);
		}
	}
}

/**
The static traversal an expression starts with, if it is a chain of attribute and literal-index steps on a root name; `dynamicTail` is true when the chain continues with steps that are not static.
*/
export function traversalOf(expression: Expression): {traversal: Traversal; staticDepth: number} | undefined {
	// AST nodes are never changed after parsing, so the traversal of a node is computed once (evaluation asks for it once per instance).
	if (expression.kind !== 'GetAttribute' && expression.kind !== 'Index' && expression.kind !== 'Variable') {
		return undefined;
	}

	let found = traversalsByNode.get(expression);
	if (found === undefined) {
		found = traversalOfUncached(expression) ?? null;
		traversalsByNode.set(expression, found);
	}

	return found ?? undefined;
}

const traversalsByNode = new WeakMap<Expression, {traversal: Traversal; staticDepth: number} | null>();

function traversalOfUncached(expression: Expression): {traversal: Traversal; staticDepth: number} | undefined {
	const chain: Expression[] = [];
	let current: Expression = expression;
	while (current.kind === 'GetAttribute' || current.kind === 'Index') {
		chain.push(current);
		current = current.kind === 'GetAttribute' ? current.object : current.collection;
	}

	if (current.kind !== 'Variable') {
		return undefined;
	}

	chain.reverse();
	const steps: TraversalStep[] = [];
	for (const node of chain) {
		if (node.kind === 'GetAttribute') {
			steps.push({kind: 'attribute', name: node.name, range: node.nameRange});
			continue;
		}

		if (node.kind !== 'Index') {
			break;
		}

		const key = literalKey(node.key);
		if (key === undefined) {
			break;
		}

		steps.push({kind: 'index', key, range: {filename: node.range.filename, start: node.key.range.start, end: node.range.end}});
	}

	const last = chain[steps.length - 1];
	return {
		traversal: {
			root: current.name,
			rootRange: current.range,
			steps,
			range: last ? rangeBetween(current.range, last.range) : current.range,
		},
		staticDepth: steps.length,
	};
}

function literalKey(expression: Expression): string | number | undefined {
	if (expression.kind === 'Literal' && expression.value.type === 'number') {
		const number = Number(expression.value.text);
		return Number.isSafeInteger(number) ? number : undefined;
	}

	if (expression.kind === 'Template' && expression.parts.every(part => part.kind === 'TemplateLiteral')) {
		return expression.parts.map(part => (part as {value: string}).value).join('');
	}

	return undefined;
}

/**
Every reference an expression makes, in source order, with its range. Names bound by `for` expressions and template `for` directives are not references; invalid references are left out (evaluation reports them).
*/
export function referencesOf(expression: Expression): Reference[] {
	let found = referencesByNode.get(expression);
	if (!found) {
		found = [];
		for (const traversal of traversalsOf(expression)) {
			const reference = parseReference(traversal).value;
			if (reference) {
				found.push(reference);
			}
		}

		referencesByNode.set(expression, found);
	}

	return [...found];
}

const referencesByNode = new WeakMap<Expression, Reference[]>();

/**
The static traversals at the roots of an expression's references, in source order, valid or not; names bound by `for` are left out.
*/
export function traversalsOf(expression: Expression): Traversal[] {
	let found = traversalListsByNode.get(expression);
	if (!found) {
		found = traversalsOfUncached(expression);
		traversalListsByNode.set(expression, found);
	}

	return [...found];
}

const traversalListsByNode = new WeakMap<Expression, Traversal[]>();

function traversalsOfUncached(expression: Expression): Traversal[] {
	const found: Traversal[] = [];
	const visit = (node: Expression, bound: ReadonlySet<string>): void => {
		switch (node.kind) {
			case 'Variable':
			case 'GetAttribute':
			case 'Index': {
				const chain = traversalOf(node);
				if (chain && !bound.has(chain.traversal.root)) {
					found.push(chain.traversal);
				}

				// Dynamic index keys and the objects of non-root chains hold references too.
				visitChainParts(node, bound);
				return;
			}

			case 'Literal':
			case 'SplatItem':
			case 'Invalid': {
				return;
			}

			case 'Template': {
				visitParts(node.parts, bound);
				return;
			}

			case 'Splat': {
				visit(node.source, bound);
				visit(node.each, bound);
				return;
			}

			case 'FunctionCall': {
				for (const argument of node.arguments) {
					visit(argument, bound);
				}

				return;
			}

			case 'Conditional': {
				visit(node.condition, bound);
				visit(node.trueResult, bound);
				visit(node.falseResult, bound);
				return;
			}

			case 'BinaryOp': {
				visit(node.left, bound);
				visit(node.right, bound);
				return;
			}

			case 'UnaryOp': {
				visit(node.operand, bound);
				return;
			}

			case 'Tuple': {
				for (const item of node.items) {
					visit(item, bound);
				}

				return;
			}

			case 'Object': {
				for (const item of node.items) {
					if (item.key.kind !== 'Variable') {
						visit(item.key, bound);
					}

					visit(item.value, bound);
				}

				return;
			}

			case 'Parenthesized': {
				visit(node.expression, bound);
				return;
			}

			case 'For': {
				visit(node.collection, bound);
				const inner = new Set(bound);
				inner.add(node.valueVariable);
				if (node.keyVariable) {
					inner.add(node.keyVariable);
				}

				if (node.keyExpression) {
					visit(node.keyExpression, inner);
				}

				visit(node.valueExpression, inner);
				if (node.condition) {
					visit(node.condition, inner);
				}
			}
		}
	};

	const visitChainParts = (node: Expression, bound: ReadonlySet<string>): void => {
		let current = node;
		while (current.kind === 'GetAttribute' || current.kind === 'Index') {
			if (current.kind === 'Index' && literalKey(current.key) === undefined) {
				visit(current.key, bound);
			}

			current = current.kind === 'GetAttribute' ? current.object : current.collection;
		}

		if (current.kind !== 'Variable') {
			visit(current, bound);
		}
	};

	const visitParts = (parts: readonly TemplatePart[], bound: ReadonlySet<string>): void => {
		for (const part of parts) {
			switch (part.kind) {
				case 'TemplateLiteral': {
					break;
				}

				case 'TemplateInterpolation': {
					visit(part.expression, bound);
					break;
				}

				case 'TemplateIf': {
					visit(part.condition, bound);
					visitParts(part.then, bound);
					visitParts(part.else ?? [], bound);
					break;
				}

				case 'TemplateFor': {
					visit(part.collection, bound);
					const inner = new Set(bound);
					inner.add(part.valueVariable);
					if (part.keyVariable) {
						inner.add(part.keyVariable);
					}

					visitParts(part.body, inner);
					break;
				}
			}
		}
	};

	visit(expression, new Set());
	return found;
}
