import type {
	BinaryOp, Conditional, Expression, ForExpression, FunctionCall, ObjectConstructor, Splat, Template, TemplatePart, UnaryOp,
} from '../../hcl/ast.js';
import {type NumberBound, compareRanges, excludes, notNullUnknown, rangeOf, refinedUnknown, safeKnownPrefix, unknownBool} from '../refinements.js';
import {
	type Diagnostic, type Result, errorDiagnostic, hasErrors,
} from '../../hcl/diagnostics.js';
import {type Range, formatRangeShort, rangeBetween} from '../../hcl/position.js';
import {convert} from '../convert.js';
import {
	FunctionError, type FunctionSpec, type Parameter, callFunction,
} from '../function.js';
import {maximumCollectionElements, maximumStringLength} from '../functions/limits.js';
import {arithmetic, parseNumber} from '../numbers.js';
import {rawEquals} from '../operations.js';
import {
	type Traversal, type TraversalStep, parseReferenceReadOnly, traversalOf, traversalsOf,
} from '../references.js';
import {
	type Type, boolType, dynamicType, friendlyTypeName, hasDynamicType, isCollectionType, numberType, stringType, typeEquals,
} from '../types.js';
import {unify} from '../unify.js';
import {
	type Mark, type Value, boolValue, compareStrings, sortedEntriesOf, deepMarks, emptyTupleValue, hasDeepMarks, isWhollyKnown, listValue, nullValue, numberValue, objectValue, stringValue, tupleValue, typeOf, unknownValue, unmark, withMarks, withoutMarks,
} from '../values.js';
import {getAttribute, index} from './traverse.js';
import {keepOwnAnalysis, ownAnalysis} from '../node-analysis.js';
import type {Scope} from './scope.js';
import {type InvariantCache, type InvariantPoints, type Resolution, ReferenceProblem, cleanResolutions, invariantPoints, sameResolutions} from './invariant.js';

/*
Expression evaluation after hclsyntax's Value methods, with Terraform's semantics: each node kind has its rule, operators are cty functions (so operand errors read "Unsuitable value for left operand: ..."), unknowns propagate, marks travel with values. Never throws on bad input: problems become diagnostics and the value becomes unknown.
*/

type Context = {
	readonly scope: Scope;
	/**
	The element a splat's `each` expression is applied to.
	*/
	readonly item?: Value;
	/**
	References already resolved by `evaluate`'s check before evaluating, so each is resolved once (resolvers are deterministic): the expression's own (cached) traversals, and their resolutions beside them (undefined for names bound by the scope). An expression has a handful of references, for which a scan beats a Map; `byTraversal` is the Map after all for a big one (a generated local with hundreds of references). In the context itself, not a record of their own: one object less per evaluation.
	*/
	readonly traversals?: readonly Traversal[];
	readonly resolutions?: Array<Resolution | undefined>;
	readonly byTraversal?: ReadonlyMap<Traversal, Value>;
	/**
	Records each node's evaluation, only when a provenance trace is asked for (`tfscope why`): absent on the normal path, where it costs one property check per node.
	*/
	readonly tracer?: EvaluationTracer;
	/**
	Evaluations of the parts of the expression that are the same for every instance of a repeated block, kept and reused (invariant.ts), and the expression's points: only when the caller passes a cache, never with a tracer.
	*/
	readonly invariantCache?: InvariantCache;
	readonly invariantPoints?: InvariantPoints;
};

/**
Told of every node as it is evaluated, with the scope (its `for` variables) and the splat element, then of its result: calls nest as the evaluation does.
*/
export type EvaluationTracer = {
	enter(expression: Expression, scope: Scope, item: Value | undefined): void;
	leave(expression: Expression, value: Value, diagnostics: readonly Diagnostic[]): void;
};

/**
The value `evaluate` resolved a traversal's subject to before evaluating. `traversalsOf` gives the traversal objects of the expression's own nodes (the ones `traversalOf` gives the evaluator), so they are matched by identity. A resolution with diagnostics is not reused: it is resolved again where it is read, as evaluation reports it.
*/
function resolutionOf(context: Context, traversal: Traversal): Value | undefined {
	const {resolutions} = context;
	if (resolutions === undefined) {
		return undefined;
	}

	if (context.byTraversal !== undefined) {
		return context.byTraversal.get(traversal);
	}

	const position = context.traversals!.indexOf(traversal);
	const resolution = position === -1 ? undefined : resolutions[position];
	return resolution instanceof ReferenceProblem ? undefined : resolution;
}

/**
The clean resolutions of a big expression's traversals by traversal (see Context).
*/
function resolutionsByTraversal(traversals: readonly Traversal[], resolutions: ReadonlyArray<Resolution | undefined>): ReadonlyMap<Traversal, Value> | undefined {
	if (traversals.length <= 32) {
		return undefined;
	}

	const byTraversal = new Map<Traversal, Value>();
	for (let position = 0; position < traversals.length; position++) {
		const resolution = resolutions[position];
		if (resolution !== undefined && !(resolution instanceof ReferenceProblem)) {
			byTraversal.set(traversals[position]!, resolution);
		}
	}

	return byTraversal;
}

type Evaluation = {value: Value; diagnostics: Diagnostic[]};

/**
The diagnostics of the (many) results without any: one shared, frozen array, so a result costs one object. Results' diagnostics are only read and copied, never added to (freezing makes a mistake throw in tests).
*/
const none: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

/**
Diagnostics about references (undeclared names, invalid references). Terraform checks references before evaluating, so these survive where other diagnostics are dropped (the branch a conditional does not take, `try`, `can`).
*/
const referenceDiagnostics = new WeakSet<Diagnostic>();

export function isReferenceDiagnostic(diagnostic: Diagnostic): boolean {
	return referenceDiagnostics.has(diagnostic);
}

function keepReferenceDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return diagnostics.filter(diagnostic => referenceDiagnostics.has(diagnostic));
}

/**
`list` with `diagnostic` added: a new list when `list` is the shared empty one, else `list` itself, which must be the caller's own (made by `added` or `appended`).
*/
function added(list: Diagnostic[], diagnostic: Diagnostic): Diagnostic[] {
	if (list === none) {
		return [diagnostic];
	}

	list.push(diagnostic);
	return list;
}

/**
`list` with `more` added, as `added` does: `more` is copied, never kept.
*/
function appended(list: Diagnostic[], more: readonly Diagnostic[]): Diagnostic[] {
	if (list === none) {
		return [...more];
	}

	list.push(...more);
	return list;
}

/**
`list` followed by `more`: `list` itself when `more` is empty, a new array otherwise (results' arrays are never added to).
*/
function joined(list: Diagnostic[], more: readonly Diagnostic[]): Diagnostic[] {
	if (more.length === 0) {
		return list;
	}

	return list.length === 0 ? more as Diagnostic[] : [...list, ...more];
}

export function evaluate(expression: Expression, scope: Scope, tracer?: EvaluationTracer, invariant?: InvariantCache): Result<Value> {
	const result = evaluateChecked(expression, scope, tracer, invariant);
	return {value: result.value, diagnostics: distinct(result.diagnostics)};
}

/**
`evaluate` for a caller that only passes the diagnostics on (the evaluation of resource bodies, once per argument and instance): `report` is called only when there are diagnostics (the same as `evaluate` gives), and no result object is made.
*/
export function evaluateReporting(expression: Expression, scope: Scope, report: (diagnostics: readonly Diagnostic[]) => void, invariant?: InvariantCache): Value {
	const result = evaluateChecked(expression, scope, undefined, invariant);
	if (result.diagnostics.length > 0) {
		report(distinct(result.diagnostics));
	}

	return result.value;
}

/**
The evaluation, its diagnostics not yet made distinct (and possibly shared: read-only).
*/
function evaluateChecked(expression: Expression, scope: Scope, tracer: EvaluationTracer | undefined, invariant: InvariantCache | undefined): Evaluation {
	// Terraform resolves every reference before evaluating, so a bad one is reported even where evaluation would not reach it.
	let problems: Diagnostic[] | undefined;
	let resolutions: Array<Resolution | undefined> | undefined;
	const traversals = traversalsOf(expression);
	// Arrays of the right length at once: every evaluation of every instance comes here, and growing an empty array allocates for 17 elements.
	for (let position = 0; position < traversals.length; position++) {
		const traversal = traversals[position]!;
		if (scope.lookup(traversal.root) === undefined) {
			const resolution = resolveTraversal(traversal, scope);
			resolutions ??= new Array<Resolution | undefined>(traversals.length);
			resolutions[position] = resolution;
			if (resolution instanceof ReferenceProblem && resolution.diagnostics.length > 0) {
				problems ??= [];
				problems.push(...resolution.diagnostics);
			}
		}
	}

	if (problems && hasErrors(problems)) {
		return {value: unknown(), diagnostics: problems};
	}

	const points = invariant && !tracer ? invariantPoints(expression, invariant.instanceNames, traversals) : undefined;
	if (resolutions === undefined) {
		return evaluateIn(expression, tracer ? {scope, tracer} : (points ? {scope, invariantCache: invariant, invariantPoints: points} : {scope}));
	}

	const byTraversal = resolutionsByTraversal(traversals, resolutions);
	return evaluateIn(expression, tracer
		? {scope, traversals, resolutions, byTraversal, tracer}
		: (points ? {scope, traversals, resolutions, byTraversal, invariantCache: invariant, invariantPoints: points} : {scope, traversals, resolutions, byTraversal}));
}

/**
The value of a reference's subject (it consumed the reference's subject steps, see consumedBy); a ReferenceProblem with the diagnostics otherwise.
*/
function resolveTraversal(traversal: Traversal, scope: Scope): Resolution {
	const parsed = parseReferenceReadOnly(traversal);
	if (!parsed.value) {
		const found = [...parsed.diagnostics];
		const bareKind = Object.hasOwn(bareObjects, traversal.root) ? bareObjects[traversal.root] : undefined;
		if (bareKind && traversal.steps.length === 0 && scope.console) {
			// terraform console also looks the empty name up, and reports that first ("on  line 0"); in a configuration that report has no place to point at, and "Invalid reference" says it all.
			const empty = scope.resolveReference({
				subject: {kind: bareKind, name: ''}, range: nowhere, remaining: [], traversalRange: nowhere,
			});
			found.unshift(...empty.diagnostics);
		}

		for (const diagnostic of found) {
			referenceDiagnostics.add(diagnostic);
		}

		return new ReferenceProblem(undefined, 0, found);
	}

	// The resolver's quick answer first. A clean resolution is the value itself: no record per reference and evaluation.
	const quick = scope.resolveValue?.(parsed.value);
	if (quick !== undefined) {
		return quick;
	}

	const resolved = scope.resolveReference(parsed.value);
	if (resolved.diagnostics.length === 0) {
		return resolved.value;
	}

	for (const diagnostic of resolved.diagnostics) {
		referenceDiagnostics.add(diagnostic);
	}

	return new ReferenceProblem(hasErrors(resolved.diagnostics) ? undefined : resolved.value, consumedBy(traversal), resolved.diagnostics);
}

/**
How many of a traversal's steps its reference's subject consumes (a clean resolution's value stands for the traversal's first that many steps). Only for a traversal that parses as a reference.
*/
function consumedBy(traversal: Traversal): number {
	return traversal.steps.length - parseReferenceReadOnly(traversal).value!.remaining.length;
}

/**
The same problem found on every iteration of a `for` is reported once, as Terraform reports reference problems once.
*/
function distinct(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	if (diagnostics.length < 2) {
		return diagnostics.length === 0 ? [] : [diagnostics[0]!];
	}

	const seen = new Set<string>();
	return diagnostics.filter(diagnostic => {
		const key = JSON.stringify([diagnostic.severity, diagnostic.summary, diagnostic.detail, diagnostic.subject?.start.offset, diagnostic.subject?.end.offset]);
		if (seen.has(key)) {
			return false;
		}

		seen.add(key);
		return true;
	});
}

/**
Where Terraform reports problems it found with an empty reference name ("on  line 0").
*/
const nowhere: Range = {filename: '', start: {line: 0, column: 0, offset: 0}, end: {line: 0, column: 0, offset: 0}};

const bareObjects: Readonly<Record<string, 'variable' | 'local' | 'count' | 'each' | 'path' | 'terraform'>> = {
	var: 'variable', local: 'local', count: 'count', each: 'each', path: 'path', terraform: 'terraform',
};

/**
The evaluation unless it spends the evaluation's budget (budget.ts): then an unknown value of its type, with the diagnostic the first time. The node's range (line and column, computed when read) only then.
*/
function charged(evaluation: Evaluation, node: {readonly range: Range}, context: Context): Evaluation {
	const {budget} = context.scope.functionContext;
	if (budget === undefined || budget.charge(evaluation.value)) {
		return evaluation;
	}

	return {value: unknown(typeOf(evaluation.value)), diagnostics: [...evaluation.diagnostics, ...budget.exhausted(node.range)]};
}

function unknown(type: Type = dynamicType): Value {
	return unknownValue(type);
}

function marksOf(...values: Value[]): Set<Mark> | undefined {
	// The Set only when a value is marked: every operator and conditional asks.
	let marks: Set<Mark> | undefined;
	for (const value of values) {
		if (value.marks && value.marks.size > 0) {
			marks ??= new Set();
			for (const mark of value.marks) {
				marks.add(mark);
			}
		}
	}

	return marks;
}

/*
Number literals are evaluated once per node (values are immutable), kept in the node's analysis (node-analysis.ts): a `for` body evaluates its literals once per element, a resource body once per instance.
*/
const trueEvaluation: Evaluation = {value: boolValue(true), diagnostics: none};
const falseEvaluation: Evaluation = {value: boolValue(false), diagnostics: none};

/**
The evaluation of a valid number literal, one per text (`0`, `2`, `300`) shared by every literal of that text, as the evaluation of a text (`constantText`): a number is made of three objects (its value, its Decimal and the Decimal's digits), and a configuration repeats few numbers many times. From a bounded table, emptied when full, as interned strings are (values.ts). Undefined for a text that is not a number (its diagnostic has the literal's range).
*/
function numberLiteralEvaluation(text: string): Evaluation | undefined {
	const known = constantEvaluations.numbers.get(text);
	if (known !== undefined) {
		return known;
	}

	const parsed = parseNumber(text);
	if (!parsed) {
		return undefined;
	}

	return keptConstant(constantEvaluations.numbers, text, {value: numberValue(parsed), diagnostics: none});
}

/**
A text template's evaluation when it has no diagnostics and its value is an unmarked string: one per text, shared by every template of that text (a resource body's `"gp3"` and `"Allow"` in every module instance); otherwise as it is.
*/
function constantText(evaluation: Evaluation): Evaluation {
	const {value} = evaluation;
	if (evaluation.diagnostics.length > 0 || value.kind !== 'string' || value.marks !== undefined) {
		return evaluation;
	}

	return constantEvaluations.texts.get(value.value) ?? keptConstant(constantEvaluations.texts, value.value, evaluation);
}

function keptConstant(table: Map<string, Evaluation>, text: string, evaluation: Evaluation): Evaluation {
	if (table.size >= constantLimit) {
		table.clear();
	}

	table.set(text, evaluation);
	return evaluation;
}

const constantEvaluations = {numbers: new Map<string, Evaluation>(), texts: new Map<string, Evaluation>()};
const constantLimit = 16_384;

function evaluateIn(expression: Expression, context: Context): Evaluation {
	if (context.invariantPoints !== undefined && context.invariantPoints.points.has(expression)) {
		return kept(expression, context, evaluateNode);
	}

	return context.tracer === undefined ? evaluateNode(expression, context) : evaluateTraced(expression, context, context.tracer);
}

/**
A point's evaluation (see invariant.ts): the one kept for the block when it is certainly the same, else evaluated (and kept when it may be reused). Only in the expression's own scope: inside a `for` or a splat's element the point's names may be bound to something else.
*/
function kept<N extends object>(node: N, context: Context, evaluateIt: (node: N, context: Context) => Evaluation): Evaluation {
	const cache = context.invariantCache!;
	const points = context.invariantPoints!;
	const {budget} = context.scope.functionContext;
	if (context.scope.parent !== undefined || context.item !== undefined || budget?.spent) {
		return evaluateIt(node, context);
	}

	const resolutions = context.resolutions ?? noResolutions;
	const entry = cache.entries.get(node);
	if (entry !== undefined && sameResolutions(entry.resolved, resolutions, points.instancePositions)) {
		return {value: entry.value, diagnostics: none};
	}

	const elements = budget?.elements;
	const characters = budget?.characters;
	const evaluation = evaluateIt(node, context);
	// Kept only when evaluating again would give the same: no diagnostics, nothing charged to the budget, every other reference resolved cleanly.
	if (evaluation.diagnostics.length === 0 && (budget === undefined || (!budget.spent && budget.elements === elements && budget.characters === characters)) && cleanResolutions(resolutions, points.instancePositions)) {
		cache.entries.set(node, {value: evaluation.value, resolved: resolutions});
	}

	return evaluation;
}

const noResolutions: ReadonlyArray<Resolution | undefined> = Object.freeze([]);

function evaluateTraced(expression: Expression, context: Context, tracer: EvaluationTracer): Evaluation {
	tracer.enter(expression, context.scope, context.item);
	const result = evaluateNode(expression, context);
	tracer.leave(expression, result.value, result.diagnostics);
	return result;
}

function evaluateNode(expression: Expression, context: Context): Evaluation {
	switch (expression.kind) {
		case 'Literal': {
			const literal = expression.value;
			if (literal.type === 'number') {
				let evaluation = ownAnalysis(expression) as Evaluation | undefined;
				if (!evaluation) {
					evaluation = numberLiteralEvaluation(literal.text) ?? {value: unknown(numberType), diagnostics: [errorDiagnostic('Invalid number literal', `Failed to recognize the value of this number literal.`, expression.range)]};
					keepOwnAnalysis(expression, evaluation);
				}

				return evaluation;
			}

			return literal.type === 'bool' ? (literal.value ? trueEvaluation : falseEvaluation) : {value: nullValue(), diagnostics: none};
		}

		case 'Template': {
			return charged(evaluateTemplate(expression, context), expression, context);
		}

		case 'Variable':
		case 'GetAttribute':
		case 'Index': {
			return evaluateTraversal(expression, context);
		}

		case 'Splat': {
			return charged(evaluateSplat(expression, context), expression, context);
		}

		case 'SplatItem': {
			return {value: context.item ?? unknown(), diagnostics: none};
		}

		case 'FunctionCall': {
			return evaluateCall(expression, context);
		}

		case 'Conditional': {
			return evaluateConditional(expression, context);
		}

		case 'BinaryOp': {
			return evaluateBinary(expression, context);
		}

		case 'UnaryOp': {
			return evaluateUnary(expression, context);
		}

		case 'Tuple': {
			let diagnostics = none;
			const elements: Value[] = [];
			for (const item of expression.items) {
				const result = evaluateIn(item, context);
				diagnostics = joined(diagnostics, result.diagnostics);
				elements.push(result.value);
			}

			return {value: tupleValue(elements), diagnostics};
		}

		case 'Object': {
			return evaluateObject(expression, context);
		}

		case 'Parenthesized': {
			return evaluateIn(expression.expression, context);
		}

		case 'For': {
			// Once the budget is spent, nothing more is built.
			return context.scope.functionContext.budget?.spent ? {value: unknown(), diagnostics: none} : charged(evaluateFor(expression, context), expression, context);
		}

		case 'Invalid': {
			return {value: unknown(), diagnostics: none};
		}
	}
}

/**
A chain of attribute and index steps on a root name: the static part is read as a reference and resolved through the scope; what remains is applied step by step.
*/
function evaluateTraversal(expression: Expression, context: Context): Evaluation {
	const chain = traversalOf(expression);
	if (!chain) {
		// A chain on something other than a name: `[1, 2][0]`, `f(x).a`.
		return applyStep(expression, context);
	}

	const {traversal, depth} = chain;
	const bound = context.scope.lookup(traversal.root);
	let value: Value;
	let consumed: number;
	let diagnostics = none;
	if (bound) {
		value = bound;
		consumed = 0;
	} else {
		const resolved = resolutionOf(context, traversal) ?? resolveTraversal(traversal, context.scope);
		if (resolved instanceof ReferenceProblem) {
			diagnostics = joined(diagnostics, resolved.diagnostics as Diagnostic[]);
			if (resolved.value === undefined) {
				return {value: unknown(), diagnostics};
			}

			value = resolved.value;
			consumed = resolved.consumed;
		} else {
			value = resolved;
			consumed = consumedBy(traversal);
		}
	}

	// Apply the static steps past the subject, then the rest of the chain (dynamic keys) as ordinary nodes.
	for (let position = consumed; position < depth; position++) {
		const step: TraversalStep | undefined = position < chain.staticDepth ? traversal.steps[position] : undefined;
		if (step) {
			// Most steps read an attribute or element that is there, of an unmarked value: no result object needed.
			const found = value.marks ? undefined : staticStep(value, step);
			if (found) {
				value = found;
				continue;
			}
		}

		const node = chain.nodeAt(position);

		let result: Evaluation;
		if (step) {
			result = step.kind === 'attribute' ? getAttribute(value, step.name, node) : index(value, typeof step.key === 'number' ? numberValue(step.key) : stringValue(step.key), node);
		} else if (node.kind === 'GetAttribute') {
			result = getAttribute(value, node.name, node);
		} else {
			const key = evaluateIn((node as Extract<Expression, {kind: 'Index'}>).key, context);
			diagnostics = joined(diagnostics, key.diagnostics);
			if (hasErrors(key.diagnostics)) {
				return {value: unknown(), diagnostics};
			}

			result = index(value, key.value, node);
		}

		diagnostics = joined(diagnostics, result.diagnostics);
		if (hasErrors(result.diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		value = result.value;
	}

	return {value, diagnostics};
}

/**
The attribute or element a static step reads from an unmarked value when it is simply there (what getAttribute and index would give without diagnostics); undefined for everything else, which they handle.
*/
function staticStep(value: Value, step: TraversalStep): Value | undefined {
	if (step.kind === 'attribute') {
		if (value.kind === 'object') {
			return value.attributes.get(step.name);
		}

		return value.kind === 'map' ? value.entries.get(step.name) : undefined;
	}

	const {key} = step;
	if (typeof key === 'number') {
		return (value.kind === 'tuple' || value.kind === 'list') && key >= 0 ? value.elements[key] : undefined;
	}

	if (value.kind === 'object') {
		return value.attributes.get(key);
	}

	return value.kind === 'map' ? value.entries.get(key) : undefined;
}

function applyStep(expression: Expression, context: Context): Evaluation {
	if (expression.kind === 'GetAttribute') {
		const object = evaluateIn(expression.object, context);
		if (hasErrors(object.diagnostics)) {
			return {value: unknown(), diagnostics: object.diagnostics};
		}

		const result = getAttribute(object.value, expression.name, expression);
		return {value: result.value, diagnostics: [...object.diagnostics, ...result.diagnostics]};
	}

	if (expression.kind === 'Index') {
		const collection = evaluateIn(expression.collection, context);
		const key = evaluateIn(expression.key, context);
		const diagnostics = [...collection.diagnostics, ...key.diagnostics];
		if (hasErrors(diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		const result = index(collection.value, key.value, expression);
		return {value: result.value, diagnostics: [...diagnostics, ...result.diagnostics]};
	}

	return evaluateIn(expression, context);
}

/**
The names of an object constructor whose keys are all bare names (or `null`/`true`/`false`), each once: in lexical order (`sorted`), and the place in that order of each item's name (`places`, by the item's position in the source). Undefined when a key is computed or repeated. Kept for the life of the syntax tree, so only what evaluateObject reads, and names already in order (most objects) are kept once with places shared by every such object (identityPlaces).
*/
type StaticKeys = {readonly sorted: readonly string[]; readonly places: readonly number[]};

function staticKeysOf(expression: ObjectConstructor): StaticKeys | undefined {
	// Kept in the node's analysis.
	let keys = ownAnalysis(expression) as StaticKeys | null | undefined;
	if (keys === undefined) {
		const names: string[] = [];
		for (const item of expression.items) {
			const name = item.key.kind === 'Variable'
				? item.key.name
				: (item.key.kind === 'Literal' && item.key.value.type !== 'number' ? (item.key.value.type === 'bool' ? String(item.key.value.value) : 'null') : undefined);
			if (name === undefined || names.includes(name)) {
				break;
			}

			names.push(name);
		}

		keys = names.length === expression.items.length ? sortedKeys(names) : null;
		keepOwnAnalysis(expression, keys);
	}

	return keys ?? undefined;
}

/**
The static keys of distinct names, sorted by insertion into arrays of their final length (sort() with a comparator allocates a work array, and every object constructor of a configuration is analysed).
*/
function sortedKeys(names: readonly string[]): StaticKeys {
	const count = names.length;
	const order = new Array<number>(count);
	if (count > 64) {
		// Insertion is quadratic: a big object (a generated local) is sorted.
		for (let position = 0; position < count; position++) {
			order[position] = position;
		}

		order.sort((a, b) => compareStrings(names[a]!, names[b]!));
	} else {
		for (let position = 0; position < count; position++) {
			const name = names[position]!;
			let at = position;
			while (at > 0 && compareStrings(names[order[at - 1]!]!, name) > 0) {
				order[at] = order[at - 1]!;
				at--;
			}

			order[at] = position;
		}
	}

	let inOrder = true;
	for (let place = 0; place < count && inOrder; place++) {
		inOrder = order[place] === place;
	}

	if (inOrder) {
		// A copy of its final length: `names` was grown by push.
		return {sorted: names.slice(), places: identityPlaces(count)};
	}

	const places = new Array<number>(count);
	const sorted = new Array<string>(count);
	for (let place = 0; place < count; place++) {
		places[order[place]!] = place;
		sorted[place] = names[order[place]!]!;
	}

	return {sorted, places};
}

/**
0, 1, 2, ... at least `count` of them: the places of names already in order, one array for every object constructor (only the first `count` are read).
*/
function identityPlaces(count: number): readonly number[] {
	while (sharedPlaces.length < count) {
		sharedPlaces.push(sharedPlaces.length);
	}

	return sharedPlaces;
}

const sharedPlaces: number[] = [];

/**
Objects of up to this many names keep them in arrays (as small maps do, see sortedEntries).
*/
const smallObjectNames = 32;

function evaluateObject(expression: ObjectConstructor, context: Context): Evaluation {
	const keys = staticKeysOf(expression);
	if (keys) {
		// The common object: every key a name, so the values go straight into an object in key order (no second map to sort them into).
		// Each value put straight at its name's place in key order (evaluated in source order).
		let diagnostics = none;
		const {items} = expression;
		const sortedValues = new Array<Value>(items.length);
		for (let position = 0; position < items.length; position++) {
			const value = evaluateIn(items[position]!.value, context);
			diagnostics = joined(diagnostics, value.diagnostics);
			sortedValues[keys.places[position]!] = value.value;
		}

		if (keys.sorted.length <= smallObjectNames) {
			// Names and values in two arrays (sortedEntriesOf), not a Map: `{Name = ..., Index = count.index}` is built for every instance, mostly to be merged into tags.
			return {value: {kind: 'object', attributes: sortedEntriesOf(keys.sorted, sortedValues)}, diagnostics};
		}

		const attributes = new Map<string, Value>();
		for (let place = 0; place < sortedValues.length; place++) {
			attributes.set(keys.sorted[place]!, sortedValues[place]!);
		}

		return {value: {kind: 'object', attributes}, diagnostics};
	}

	let diagnostics = none;
	const attributes = new Map<string, Value>();
	let marks: Set<Mark> | undefined;
	let known = true;
	for (const item of expression.items) {
		let name: string | undefined;
		let key: Evaluation | undefined;
		if (item.key.kind === 'Variable') {
			name = item.key.name;
		} else if (item.key.kind === 'Literal' && item.key.value.type !== 'number') {
			// `null`, `true` and `false` as bare keys are names, as in HCL.
			name = item.key.value.type === 'bool' ? String(item.key.value.value) : 'null';
		} else {
			key = evaluateIn(item.key, context);
		}

		const value = evaluateIn(item.value, context);
		if (name !== undefined) {
			// A bare name: a string key, no conversion.
			diagnostics = joined(diagnostics, value.diagnostics);
			attributes.set(name, value.value);
			continue;
		}

		diagnostics = joined(joined(diagnostics, key!.diagnostics), value.diagnostics);
		if (hasErrors(key!.diagnostics)) {
			known = false;
			continue;
		}

		if (key!.value.kind === 'null') {
			diagnostics = joined(diagnostics, [errorDiagnostic('Null value as key', 'Can\'t use a null value as a key.', item.value.range)]);
			known = false;
			continue;
		}

		const [bareKey, keyMarks] = unmark(key!.value);
		for (const mark of keyMarks ?? []) {
			marks ??= new Set();
			marks.add(mark);
		}

		const converted = convert(bareKey, stringType);
		if (!converted.ok) {
			diagnostics = joined(diagnostics, [errorDiagnostic('Incorrect key type', `Can't use this value as a key: ${converted.message}.`, item.key.range)]);
			known = false;
			continue;
		}

		if (converted.value.kind !== 'string') {
			known = false;
			continue;
		}

		attributes.set(converted.value.value, value.value);
	}

	if (!known) {
		return {value: unknown(), diagnostics};
	}

	return {value: withMarks({kind: 'object', attributes: inKeyOrder(expression, attributes)}, marks), diagnostics};
}

const keyOrders = new WeakMap<object, readonly string[]>();

/**
The attributes in lexical key order, as objects keep them. The order is sorted once per node (an object constructor's keys are nearly always the same names each time) and checked against the keys at hand.
*/
function inKeyOrder(node: object, attributes: ReadonlyMap<string, Value>): Map<string, Value> {
	let order = keyOrders.get(node);
	if (!order || order.length !== attributes.size || !order.every(name => attributes.has(name))) {
		order = [...attributes.keys()].sort(compareStrings);
		keyOrders.set(node, order);
	}

	const sorted = new Map<string, Value>();
	for (const name of order) {
		sorted.set(name, attributes.get(name)!);
	}

	return sorted;
}

/*
Operators.
*/

type OperatorSpec = {readonly parameter: Type; readonly result: Type};

function operatorSpec(operator: BinaryOp['operator']): OperatorSpec {
	switch (operator) {
		case '||':
		case '&&': {
			return {parameter: boolType, result: boolType};
		}

		case '==':
		case '!=': {
			return {parameter: dynamicType, result: boolType};
		}

		case '<':
		case '>':
		case '<=':
		case '>=': {
			return {parameter: numberType, result: boolType};
		}

		default: {
			return {parameter: numberType, result: numberType};
		}
	}
}

function evaluateBinary(expression: BinaryOp, context: Context): Evaluation {
	const spec = operatorSpec(expression.operator);
	const left = evaluateIn(expression.left, context);
	const right = evaluateIn(expression.right, context);
	let diagnostics = joined(left.diagnostics, right.diagnostics);
	const convertedLeft = convert(left.value, spec.parameter);
	const convertedRight = convert(right.value, spec.parameter);
	if (!convertedLeft.ok) {
		diagnostics = joined(diagnostics, [errorDiagnostic('Invalid operand', `Unsuitable value for left operand: ${convertedLeft.message}.`, expression.left.range, expression.range)]);
	}

	if (!convertedRight.ok) {
		diagnostics = joined(diagnostics, [errorDiagnostic('Invalid operand', `Unsuitable value for right operand: ${convertedRight.message}.`, expression.right.range, expression.range)]);
	}

	if (!convertedLeft.ok || !convertedRight.ok) {
		return {value: unknown(spec.result), diagnostics};
	}

	const a = convertedLeft.value;
	const b = convertedRight.value;
	if (expression.operator === '&&' || expression.operator === '||') {
		const decided = shortCircuit(expression.operator, a, b, left.diagnostics, right.diagnostics);
		if (decided) {
			return {value: withMarks(decided.value, marksOf(a, b)), diagnostics: decided.diagnostics};
		}
	}

	if (hasErrors(diagnostics)) {
		return {value: unknown(spec.result), diagnostics};
	}
	if (expression.operator === '==' || expression.operator === '!=') {
		const equal = equals(a, b);
		if (expression.operator === '!=' && equal.kind === 'bool') {
			return {value: withMarks(boolValue(!equal.value), equal.marks), diagnostics};
		}

		return {value: equal, diagnostics};
	}

	if (a.kind === 'null' || b.kind === 'null') {
		return {value: unknown(spec.result), diagnostics: [errorDiagnostic('Operation failed', 'Error during operation: argument must not be null.', expression.range)]};
	}

	const marks = marksOf(a, b);
	const [bareA] = unmark(a);
	const [bareB] = unmark(b);
	if (expression.operator === '&&' || expression.operator === '||') {
		// Reached only with both operands known and neither deciding (shortCircuit above): never unknown here.
		if (bareA.kind !== 'bool' || bareB.kind !== 'bool') {
			return {value: withMarks(unknownBool, marks), diagnostics};
		}

		const result = expression.operator === '||' ? bareA.value || bareB.value : bareA.value && bareB.value;
		return {value: withMarks(boolValue(result), marks), diagnostics};
	}

	if (bareA.kind !== 'number' || bareB.kind !== 'number') {
		return {value: withMarks(unknownOperation(expression.operator, bareA, bareB), marks), diagnostics};
	}

	let result: Value;
	switch (expression.operator) {
		case '<': {
			result = boolValue(bareA.value.lessThan(bareB.value));
			break;
		}

		case '>': {
			result = boolValue(bareA.value.greaterThan(bareB.value));
			break;
		}

		case '<=': {
			result = boolValue(bareA.value.lessThanOrEqualTo(bareB.value));
			break;
		}

		case '>=': {
			result = boolValue(bareA.value.greaterThanOrEqualTo(bareB.value));
			break;
		}

		case '%': {
			// cty gives the left operand back when dividing by zero.
			result = bareB.value.isZero() ? bareA : numberValue(arithmetic('%', bareA.value, bareB.value));
			break;
		}

		default: {
			const value = arithmetic(expression.operator, bareA.value, bareB.value);
			if (value.isNaN()) {
				const reasons: Readonly<Record<string, string>> = {
					'+': 'can\'t compute sum of opposing infinities',
					'-': 'can\'t subtract infinity from itself',
					'*': 'can\'t multiply zero by infinity',
					'/': 'can\'t divide zero by zero or infinity by infinity',
				};
				return {value: unknown(numberType), diagnostics: [errorDiagnostic('Operation failed', `Error during operation: ${reasons[expression.operator] ?? 'the result is not a number'}.`, expression.range)]};
			}

			result = numberValue(value);
		}
	}

	return {value: withMarks(result, marks), diagnostics};
}

/**
Terraform 1.12+ and OpenTofu 1.10+ short-circuit `||` and `&&` (hashicorp/hcl hclsyntax/expression_ops.go, OpLogicalOr/OpLogicalAnd's ShortCircuit and BinaryOpExpr.Value, hcl v2.24; OpenTofu's hcl fork since 1.10, website/docs/language/expressions/operators.mdx): both operands are still evaluated (and converted to bool: a conversion error always stands, as does a bad reference, resolved before evaluation), but a known operand that decides the result (`true` for `||`; `false` or null for `&&`) gives that result with only its own side's diagnostics, and an unknown operand beside one that cannot decide gives an unknown with the unknown side's diagnostics; two unknowns give an unknown with the left side's diagnostics unless those hold an error. Marks of both sides are kept. Undefined: evaluate the operation as usual. Terraform 1.11 evaluates both sides fully; tfscope follows current Terraform here (readme, Unknowns).
*/
function shortCircuit(operator: '&&' | '||', a: Value, b: Value, leftDiagnostics: Diagnostic[], rightDiagnostics: Diagnostic[]): {value: Value; diagnostics: Diagnostic[]} | undefined {
	const [left] = unmark(a);
	const [right] = unmark(b);
	const leftKnown = left.kind !== 'unknown';
	const rightKnown = right.kind !== 'unknown';
	if (!leftKnown && !rightKnown) {
		// Left to right: a good unknown decides; a failed left one lets both sides' diagnostics through.
		return hasErrors(leftDiagnostics) ? undefined : {value: unknownBool, diagnostics: leftDiagnostics};
	}

	// cty's Value.True is Equals(True): false for null, so False (its negation) is true for null.
	const isTrue = (value: Value): boolean => value.kind === 'bool' && value.value;
	const deciding = operator === '||' ? isTrue : (value: Value) => !isTrue(value);
	if (leftKnown && deciding(left)) {
		return {value: boolValue(operator === '||'), diagnostics: leftDiagnostics};
	}

	if (rightKnown && deciding(right)) {
		return {value: boolValue(operator === '||'), diagnostics: rightDiagnostics};
	}

	if (!leftKnown) {
		return {value: unknownBool, diagnostics: leftDiagnostics};
	}

	if (!rightKnown) {
		return {value: unknownBool, diagnostics: rightDiagnostics};
	}

	return undefined;
}

/**
An operation on numbers with an unknown operand, as cty decides it from their ranges (refinements.ts): comparisons may still be true or false (`length(x) > 0` when the length is at least 1); the result is never null.
*/
function unknownOperation(operator: string, a: Value, b: Value): Value {
	switch (operator) {
		case '<': {
			return compareRanges(a, b);
		}

		case '>': {
			return compareRanges(b, a);
		}

		case '<=': {
			return orBool(compareRanges(a, b), equalsUnmarked(a, b));
		}

		case '>=': {
			return orBool(compareRanges(b, a), equalsUnmarked(a, b));
		}

		default: {
			return notNullUnknown(numberType);
		}
	}
}

// cty's Or, with unknowns: true if either is true.
function orBool(a: Value, b: Value): Value {
	if ((a.kind === 'bool' && a.value) || (b.kind === 'bool' && b.value)) {
		return boolValue(true);
	}

	return a.kind === 'bool' && b.kind === 'bool' ? boolValue(false) : unknownBool;
}

/**
cty's Equals: unknown when either side is unknown (unless its refinement rules the other side out: `x != null` of a value known not to be null, a string outside its known prefix), nulls equal each other, otherwise same type and same value.
*/
export function equals(a: Value, b: Value): Value {
	if (!hasDeepMarks(a) && !hasDeepMarks(b)) {
		// Nearly every comparison: no marks to gather (three Sets each time).
		return equalsUnmarked(a, b);
	}

	const marks = new Set([...deepMarks(a), ...deepMarks(b)]);
	const result = equalsUnmarked(a, b);
	return withMarks(result, marks.size > 0 ? marks : undefined);
}

function equalsUnmarked(a: Value, b: Value): Value {
	if (a.kind === 'unknown' || b.kind === 'unknown') {
		const known = a.kind === 'unknown' ? b : a;
		const other = a.kind === 'unknown' ? a : b;
		if (known.kind === 'unknown') {
			return unknownBool;
		}

		if (excludes(other, unmark(known)[0])) {
			return boolValue(false);
		}

		if (known.kind !== 'null' && !hasDynamicType(typeOf(other)) && !typeEquals(typeOf(known), typeOf(other))) {
			return boolValue(false);
		}

		return unknownBool;
	}

	if (a.kind === 'null' || b.kind === 'null') {
		return boolValue(a.kind === 'null' && b.kind === 'null');
	}

	const typeA = typeOf(a);
	const typeB = typeOf(b);
	if (!typeEquals(typeA, typeB)) {
		return boolValue(false);
	}

	if (!isWhollyKnown(a) || !isWhollyKnown(b)) {
		return compareStructure(a, b);
	}

	return boolValue(rawEquals(stripMarks(a), stripMarks(b)));
}

function compareStructure(a: Value, b: Value): Value {
	const pairs: Array<[Value, Value]> = [];
	if ((a.kind === 'list' || a.kind === 'tuple' || a.kind === 'set') && (b.kind === a.kind)) {
		const other = b as typeof a;
		if (a.elements.length !== other.elements.length) {
			return boolValue(false);
		}

		for (const [position, element] of a.elements.entries()) {
			pairs.push([element, other.elements[position]!]);
		}
	} else if ((a.kind === 'map' && b.kind === 'map') || (a.kind === 'object' && b.kind === 'object')) {
		const left = a.kind === 'map' ? a.entries : (a as Extract<Value, {kind: 'object'}>).attributes;
		const right = b.kind === 'map' ? b.entries : (b as Extract<Value, {kind: 'object'}>).attributes;
		if (left.size !== right.size) {
			return boolValue(false);
		}

		for (const [key, element] of left) {
			const match = right.get(key);
			if (!match) {
				return boolValue(false);
			}

			pairs.push([element, match]);
		}
	} else {
		return unknownBool;
	}

	let anyUnknown = false;
	for (const [left, right] of pairs) {
		const result = equalsUnmarked(left, right);
		if (result.kind === 'bool' && !result.value) {
			return boolValue(false);
		}

		if (result.kind === 'unknown') {
			anyUnknown = true;
		}
	}

	return anyUnknown ? unknownBool : boolValue(true);
}

function stripMarks(value: Value): Value {
	return hasDeepMarks(value) ? unmarkAll(value) : value;
}

function unmarkAll(value: Value): Value {
	const [bare] = unmark(value);
	switch (bare.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return {...bare, elements: bare.elements.map(element => unmarkAll(element))};
		}

		case 'map': {
			return {...bare, entries: new Map([...bare.entries].map(([key, element]) => [key, unmarkAll(element)]))};
		}

		case 'object': {
			return {...bare, attributes: new Map([...bare.attributes].map(([key, element]) => [key, unmarkAll(element)]))};
		}

		default: {
			return bare;
		}
	}
}

function evaluateUnary(expression: UnaryOp, context: Context): Evaluation {
	const type = expression.operator === '!' ? boolType : numberType;
	const operand = evaluateIn(expression.operand, context);
	const diagnostics = [...operand.diagnostics];
	const converted = convert(operand.value, type);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Invalid operand', `Unsuitable value for unary operand: ${converted.message}.`, expression.operand.range, expression.range));
	}

	if (hasErrors(diagnostics) || !converted.ok) {
		return {value: unknown(type), diagnostics};
	}

	const [bare, marks] = unmark(converted.value);
	if (bare.kind === 'null') {
		return {value: unknown(type), diagnostics: [errorDiagnostic('Operation failed', 'Error during operation: argument must not be null.', expression.range)]};
	}

	if (bare.kind === 'bool') {
		return {value: withMarks(boolValue(!bare.value), marks), diagnostics};
	}

	if (bare.kind === 'number') {
		const negated: Value = bare.precision === undefined ? numberValue(bare.value.negated()) : {kind: 'number', value: bare.value.negated(), precision: bare.precision};
		return {value: withMarks(negated, marks), diagnostics};
	}

	// cty's Not and Negate: an unknown operand gives an unknown never null.
	return {value: withMarks(notNullUnknown(type), marks), diagnostics};
}

/*
Conditionals.
*/

export function describeConditionalTypeMismatch(trueType: Type, falseType: Type): string {
	if (trueType.kind === 'object' && falseType.kind === 'object') {
		const trueNames = Object.keys(trueType.attributes).sort();
		const falseNames = Object.keys(falseType.attributes).sort();
		for (const name of trueNames) {
			const falseAttribute = falseType.attributes[name];
			if (!falseAttribute) {
				return `The 'true' value includes object attribute "${name}", which is absent in the 'false' value`;
			}

			if (!typeEquals(trueType.attributes[name]!, falseAttribute)) {
				return `Type mismatch for object attribute "${name}": ${describeConditionalTypeMismatch(trueType.attributes[name]!, falseAttribute)}`;
			}
		}

		for (const name of falseNames) {
			if (!(name in trueType.attributes)) {
				return `The 'false' value includes object attribute "${name}", which is absent in the 'true' value`;
			}
		}
	} else if (trueType.kind === 'tuple' && falseType.kind === 'tuple') {
		if (trueType.elements.length !== falseType.elements.length) {
			return `The 'true' tuple has length ${trueType.elements.length}, but the 'false' tuple has length ${falseType.elements.length}`;
		}

		for (const [position, element] of trueType.elements.entries()) {
			if (!typeEquals(element, falseType.elements[position]!)) {
				return `Type mismatch for tuple element ${position}: ${describeConditionalTypeMismatch(element, falseType.elements[position]!)}`;
			}
		}
	}

	return `The 'true' value is ${friendlyTypeName(trueType)}, but the 'false' value is ${friendlyTypeName(falseType)}`;
}

function isDynamicNull(value: Value): boolean {
	return value.kind === 'null' && value.type.kind === 'dynamic' && !value.marks;
}

/**
`list` with the reference diagnostics of the branches not already in it.
*/
function withBranchReferences(list: Diagnostic[], branchReferences: readonly Diagnostic[]): Diagnostic[] {
	return branchReferences.length === 0 ? list : [...list, ...branchReferences.filter(diagnostic => !list.includes(diagnostic))];
}

function evaluateConditional(expression: Conditional, context: Context): Evaluation {
	const trueResult = evaluateIn(expression.trueResult, context);
	const falseResult = evaluateIn(expression.falseResult, context);
	const trueType = typeOf(trueResult.value);
	const falseType = typeOf(falseResult.value);
	let resultType: Type | undefined;
	if (isDynamicNull(trueResult.value)) {
		resultType = falseType;
	} else if (isDynamicNull(falseResult.value)) {
		resultType = trueType;
	} else if (trueType.kind === 'dynamic' || falseType.kind === 'dynamic') {
		resultType = dynamicType;
	} else if (typeEquals(trueType, falseType) && !(trueType.kind === 'object' && trueType.optional)) {
		// Unifying a type with itself gives it back (the common `c ? "a" : "b"`).
		resultType = trueType;
	} else {
		resultType = unify([trueType, falseType]);
	}

	const branchReferences = trueResult.diagnostics.length === 0 && falseResult.diagnostics.length === 0 ? none : keepReferenceDiagnostics([...trueResult.diagnostics, ...falseResult.diagnostics]);
	if (!resultType) {
		return {
			value: unknown(),
			diagnostics: [...branchReferences, errorDiagnostic('Inconsistent conditional result types', `The true and false result expressions must have consistent types. ${describeConditionalTypeMismatch(trueType, falseType)}.`, rangeBetween(expression.trueResult.range, expression.falseResult.range), expression.range)],
		};
	}

	const condition = evaluateIn(expression.condition, context);
	const diagnostics = [...condition.diagnostics];

	if (condition.value.kind === 'null') {
		diagnostics.push(errorDiagnostic('Null condition', 'The condition value is null. Conditions must either be true or false.', expression.condition.range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	if (condition.value.kind === 'unknown') {
		if (trueResult.value.kind === 'null' && falseResult.value.kind === 'null') {
			return {value: nullValue(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
		}

		return {value: withMarks(unknownConditional(resultType, unmark(trueResult.value)[0], unmark(falseResult.value)[0]), marksOf(condition.value, trueResult.value, falseResult.value)), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	const converted = convert(condition.value, boolType);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Incorrect condition type', 'The condition expression must be of type bool.', expression.condition.range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	const [bareCondition] = unmark(converted.value);
	const marks = marksOf(condition.value, trueResult.value, falseResult.value);
	const chosen = bareCondition.kind === 'bool' && bareCondition.value ? trueResult : falseResult;
	const label = chosen === trueResult ? 'true' : 'false';
	diagnostics.push(...chosen.diagnostics);
	const [bareChosen] = unmark(chosen.value);
	const result = convert(bareChosen, resultType);
	if (!result.ok) {
		diagnostics.push(errorDiagnostic('Inconsistent conditional result types', `The ${label} result value has the wrong type: ${result.message}.`, (label === 'true' ? expression.trueResult : expression.falseResult).range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	return {value: withMarks(result.value, marks), diagnostics: withBranchReferences(diagnostics, branchReferences)};
}

/**
The result of a conditional whose condition is unknown, refined as HCL does from what both results allow: not null when neither can be null, a number between the lower and higher bounds of both, a collection (both of the same type) between their length bounds.
*/
function unknownConditional(resultType: Type, whenTrue: Value, whenFalse: Value): Value {
	const trueRange = rangeOf(whenTrue);
	const falseRange = rangeOf(whenFalse);
	const notNull = trueRange.notNull && falseRange.notNull;
	const trueType = typeOf(whenTrue);
	const falseType = typeOf(whenFalse);
	if (trueType.kind === 'number' && falseType.kind === 'number') {
		const lower = (first: NumberBound | undefined, second: NumberBound | undefined): NumberBound | undefined => {
			if (!first || !second) {
				return undefined;
			}

			return first.value.equals(second.value) ? {value: first.value, inclusive: first.inclusive || second.inclusive} : (first.value.lessThan(second.value) ? first : second);
		};

		const upper = (first: NumberBound | undefined, second: NumberBound | undefined): NumberBound | undefined => {
			if (!first || !second) {
				return undefined;
			}

			return first.value.equals(second.value) ? {value: first.value, inclusive: first.inclusive || second.inclusive} : (first.value.greaterThan(second.value) ? first : second);
		};

		const min = lower(trueRange.min, falseRange.min);
		const max = upper(trueRange.max, falseRange.max);
		return refinedUnknown(numberType, {notNull, ...(min && {min}), ...(max && {max})});
	}

	if (isCollectionType(trueType) && isCollectionType(falseType) && typeEquals(trueType, falseType)) {
		return refinedUnknown(resultType, {notNull, lengthMin: Math.min(trueRange.lengthMin, falseRange.lengthMin), lengthMax: Math.max(trueRange.lengthMax, falseRange.lengthMax)});
	}

	return notNull ? notNullUnknown(resultType) : unknown(resultType);
}

/*
Templates.
*/

function evaluateTemplate(expression: Template, context: Context): Evaluation {
	const [only] = expression.parts;
	if (expression.parts.length === 1 && only?.kind === 'TemplateInterpolation' && !expression.heredoc) {
		// `"${x}"` is x itself, unconverted.
		return evaluateIn(only.expression, context);
	}

	if (expression.parts.every(part => part.kind === 'TemplateLiteral')) {
		// Text alone (`"gp3"`, a heredoc without interpolations): the same string every time, so one value per node rather than one per instance and `for` element.
		let evaluation = ownAnalysis(expression) as Evaluation | undefined;
		if (!evaluation) {
			evaluation = constantText(renderParts(expression.parts, context, expression));
			keepOwnAnalysis(expression, evaluation);
		}

		return evaluation;
	}

	return renderParts(expression.parts, context, expression);
}

/*
The evaluations of templates made of text alone are kept in the node's analysis (values are immutable), as number literals are.
*/

/**
The error for a template whose text would pass `maximumStringLength` (the same cap as strings functions build): doubling a string through a few dozen locals reaches V8's own limit, which would end evaluation with a RangeError.
*/
function tooLong(length: number, range: Range): Evaluation {
	return {value: unknown(stringType), diagnostics: [errorDiagnostic('String too long', `This template would build a string of ${length} characters, more than tfscope's limit of ${maximumStringLength} (maximumStringLength); its value is unknown.`, range)]};
}

// As in HCL, an interpolation's errors point at the expression inside `${…}`, not at the braces.
function partSubject(part: TemplatePart): Range {
	return part.kind === 'TemplateInterpolation' ? part.expression.range : part.range;
}

/**
`place` is the template or directive node: its range is computed only for an error. `asValue`: whether the text is a template's value, kept as one (from the table of strings, see stringValue); a directive's body (`%{for}`, `%{if}`) is text for the template around it, which keeps the whole, so it is not looked up in the table (at 4x, 16,000 bodies of a `%{for}` in `user_data`).
*/
function renderParts(parts: readonly TemplatePart[], context: Context, place: {readonly range: Range}, asValue = true): Evaluation {
	let diagnostics = none;
	let marks: Set<Mark> | undefined;
	let text = '';
	let prefix = '';
	let known = true;
	for (const part of parts) {
		if (part.kind === 'TemplateLiteral') {
			text += part.value;
			continue;
		}

		let result: Evaluation;
		let nullMessage = 'The expression result is null. Cannot include a null value in a string template.';
		let convertMessage = 'Cannot include the given value in a string template';
		switch (part.kind) {
			case 'TemplateInterpolation': {
				result = evaluateIn(part.expression, context);
				break;
			}

			case 'TemplateIf': {
				result = context.invariantPoints?.points.has(part) ? kept(part, context, renderIf) : renderIf(part, context);
				break;
			}

			case 'TemplateFor': {
				result = context.invariantPoints?.points.has(part) ? kept(part, context, renderFor) : renderFor(part, context);
				nullMessage = 'An iteration result is null. Cannot include a null value in a string template.';
				convertMessage = 'Cannot include one of the interpolation results into the string template';
				break;
			}
		}

		diagnostics = joined(diagnostics, result.diagnostics);
		const value = result.value;
		if (value.kind === 'string' && !value.marks) {
			// Nearly every part: an unmarked string needs no conversion.
			if (text.length + value.value.length > maximumStringLength) {
				return tooLong(text.length + value.value.length, place.range);
			}

			text += value.value;
			continue;
		}

		if (value.kind === 'null') {
			diagnostics = joined(diagnostics, [errorDiagnostic('Invalid template interpolation value', nullMessage, partSubject(part))]);
			continue;
		}

		if (value.kind === 'unknown') {
			if (known) {
				// HCL keeps the text before the first unknown part as the result's known prefix.
				prefix = text;
			}

			known = false;
			for (const mark of value.marks ?? []) {
				marks ??= new Set();
				marks.add(mark);
			}

			continue;
		}

		const converted = convert(value, stringType);
		if (!converted.ok) {
			diagnostics = joined(diagnostics, [errorDiagnostic('Invalid template interpolation value', `${convertMessage}: ${converted.message}.`, partSubject(part))]);
			continue;
		}

		const bare = withoutMarks(converted.value);
		if (converted.value.marks) {
			for (const mark of converted.value.marks) {
				marks ??= new Set();
				marks.add(mark);
			}
		}

		if (bare.kind === 'string') {
			if (text.length + bare.value.length > maximumStringLength) {
				return tooLong(text.length + bare.value.length, place.range);
			}

			text += bare.value;
		}
	}

	const value = known ? (asValue ? stringValue(text) : directiveText(text)) : unknownTemplate(prefix, hasErrors(diagnostics));
	return {value: withMarks(value, marks), diagnostics};
}

/**
A directive's text, read only by the template around it (renderParts), which keeps the whole as a value of its own.
*/
function directiveText(text: string): Value {
	return {kind: 'string', value: text};
}

const templatePrefixBytes = 128;

/**
A template with an unknown part, as HCL makes it: never null, and, without errors, known to start with the text before the first unknown part (at most 128 bytes of it, cut to whole characters: see `safeKnownPrefix`).
*/
function unknownTemplate(text: string, failed: boolean): Value {
	if (failed || text === '') {
		return notNullUnknown(stringType);
	}

	let prefix = text;
	if (prefix.length > templatePrefixBytes / 4) {
		const bytes = Buffer.from(prefix, 'utf8');
		if (bytes.length > templatePrefixBytes) {
			// A character cut in two is dropped: `fatal: false` turns it into U+FFFD, removed here.
			prefix = new TextDecoder().decode(bytes.subarray(0, templatePrefixBytes)).replace(/\uFFFD$/, '');
		}
	}

	return refinedUnknown(stringType, {notNull: true, prefix: safeKnownPrefix(prefix)});
}

function renderIf(part: Extract<TemplatePart, {kind: 'TemplateIf'}>, context: Context): Evaluation {
	const condition = evaluateIn(part.condition, context);
	const diagnostics = [...condition.diagnostics];
	const thenResult = renderParts(part.then, context, part, false);
	const elseResult = renderParts(part.else ?? [], context, part, false);
	const branchReferences = keepReferenceDiagnostics([...thenResult.diagnostics, ...elseResult.diagnostics]);
	if (condition.value.kind === 'null') {
		diagnostics.push(errorDiagnostic('Null condition', 'The condition value is null. Conditions must either be true or false.', part.condition.range, part.range));
		return {value: unknown(stringType), diagnostics: [...diagnostics, ...branchReferences]};
	}

	if (condition.value.kind === 'unknown') {
		return {value: withMarks(unknown(stringType), condition.value.marks), diagnostics: [...diagnostics, ...branchReferences]};
	}

	const converted = convert(condition.value, boolType);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Incorrect condition type', 'The condition expression must be of type bool.', part.condition.range, part.range));
		return {value: unknown(stringType), diagnostics: [...diagnostics, ...branchReferences]};
	}

	const [bare, conditionMarks] = unmark(converted.value);
	const chosen = bare.kind === 'bool' && bare.value ? thenResult : elseResult;
	const other = chosen === thenResult ? elseResult : thenResult;
	diagnostics.push(...chosen.diagnostics, ...keepReferenceDiagnostics(other.diagnostics));
	return {value: withMarks(chosen.value, marksOf(converted.value, thenResult.value, elseResult.value) ?? conditionMarks), diagnostics};
}

function renderFor(part: Extract<TemplatePart, {kind: 'TemplateFor'}>, context: Context): Evaluation {
	const collection = evaluateIn(part.collection, context);
	const diagnostics = [...collection.diagnostics];
	if (hasErrors(diagnostics)) {
		return {value: unknown(stringType), diagnostics};
	}

	const iteration = iterate(collection.value, part.collection, part, part.keyVariable !== undefined);
	diagnostics.push(...iteration.diagnostics);
	if (!iteration.items) {
		return {value: withMarks(unknown(stringType), iteration.marks), diagnostics};
	}

	let text = '';
	let known = true;
	const marks = new Set<Mark>(iteration.marks ?? []);
	// One scope for every iteration, its names rebound each time: evaluation is synchronous and no value keeps a scope.
	const variables = new Map<string, Value>();
	const inner: Context = {...context, scope: context.scope.child(variables)};
	const {elements} = iteration.items;
	for (let position = 0; position < elements.length; position++) {
		bindItem(variables, iteration.items, position, part.valueVariable, part.keyVariable);

		const body = renderParts(part.body, inner, part, false);
		if (body.diagnostics.length > 0) {
			diagnostics.push(...body.diagnostics);
		}

		// Nearly every iteration's text is unmarked: no pair from unmark, no empty array to loop over.
		const bare = withoutMarks(body.value);
		if (body.value.marks) {
			for (const mark of body.value.marks) {
				marks.add(mark);
			}
		}

		if (bare.kind === 'string') {
			if (text.length + bare.value.length > maximumStringLength) {
				return tooLong(text.length + bare.value.length, part.range);
			}

			text += bare.value;
		} else {
			known = false;
		}
	}

	return {value: withMarks(known ? directiveText(text) : unknown(stringType), marks.size > 0 ? marks : undefined), diagnostics};
}

/*
`for` expressions.
*/

/**
What a `for` iterates over: its elements, and their keys (undefined for a list or tuple, whose keys are the positions). Two arrays rather than a pair per element; a list's or tuple's own elements are used as they are.
*/
type Items = {readonly keys: readonly Value[] | undefined; readonly elements: readonly Value[]};

/**
Binds a `for`'s names (expression or template directive) to the item at `position`: its element, and its key (the position itself for a list or tuple).
*/
function bindItem(variables: Map<string, Value>, items: Items, position: number, valueVariable: string, keyVariable: string | undefined): void {
	variables.set(valueVariable, items.elements[position]!);
	if (keyVariable) {
		variables.set(keyVariable, items.keys === undefined ? numberValue(position) : items.keys[position]!);
	}
}

type Iteration = {
	items: Items | undefined;
	marks: Set<Mark> | undefined;
	diagnostics: Diagnostic[];
	/**
	Set when the collection is unknown: the result is unknown.
	*/
	unknown?: boolean;
};

/**
`keyed`: whether the `for` names a key variable; without one a map's or object's keys are not made (only bindItem reads them, for that variable).
*/
function iterate(collection: Value, collectionNode: {readonly range: Range}, contextNode: {readonly range: Range}, keyed: boolean): Iteration {
	const [bare, marks] = unmark(collection);
	const ownMarks = marks ? new Set(marks) : undefined;
	if (bare.kind === 'null') {
		return {items: undefined, marks: ownMarks, diagnostics: [errorDiagnostic('Iteration over null value', 'A null value cannot be used as the collection in a \'for\' expression.', collectionNode.range, contextNode.range)]};
	}

	if (bare.kind === 'unknown') {
		const type = bare.type;
		if (type.kind === 'dynamic' || type.kind === 'list' || type.kind === 'set' || type.kind === 'map' || type.kind === 'tuple' || type.kind === 'object') {
			return {
				items: undefined, marks: ownMarks, diagnostics: [], unknown: true,
			};
		}
	}

	switch (bare.kind) {
		case 'list':
		case 'tuple': {
			return {items: {keys: undefined, elements: bare.elements}, marks: ownMarks, diagnostics: []};
		}

		case 'set': {
			return {items: {keys: bare.elements, elements: bare.elements}, marks: ownMarks, diagnostics: []};
		}

		case 'map': {
			const keys = keyed ? new Array<Value>(bare.entries.size) : undefined;
			const elements = new Array<Value>(bare.entries.size);
			let position = 0;
			for (const [key, element] of bare.entries) {
				if (keys) {
					keys[position] = stringValue(key);
				}

				elements[position] = element;
				position++;
			}

			return {items: {keys, elements}, marks: ownMarks, diagnostics: []};
		}

		case 'object': {
			const names = [...bare.attributes.keys()].sort();
			const keys = keyed ? new Array<Value>(names.length) : undefined;
			const elements = new Array<Value>(names.length);
			for (let position = 0; position < names.length; position++) {
				if (keys) {
					keys[position] = stringValue(names[position]!);
				}

				elements[position] = bare.attributes.get(names[position]!)!;
			}

			return {items: {keys, elements}, marks: ownMarks, diagnostics: []};
		}

		default: {
			return {items: undefined, marks: ownMarks, diagnostics: [errorDiagnostic('Iteration over non-iterable value', `A value of type ${friendlyTypeName(typeOf(bare))} cannot be used as the collection in a 'for' expression.`, collectionNode.range, contextNode.range)]};
		}
	}
}

const leafCounts = new WeakMap<Value, number>();

/**
How many primitive values (an empty collection counting as one) a value holds, at any depth; remembered per collection, since nested `for` results are counted again at each level.
*/
function leafCount(value: Value): number {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple':
		case 'map':
		case 'object': {
			const cached = leafCounts.get(value);
			if (cached !== undefined) {
				return cached;
			}

			const children = value.kind === 'map' ? value.entries.values() : (value.kind === 'object' ? value.attributes.values() : value.elements);
			let count = 0;
			for (const child of children) {
				count += leafCount(child);
			}

			const total = Math.max(1, count);
			// Small values are cheaper to count again than to remember (every `for` element is counted).
			if (total > 64) {
				leafCounts.set(value, total);
			}

			return total;
		}

		default: {
			return 1;
		}
	}
}

function tooManyElements(expression: ForExpression): Evaluation {
	return {value: unknown(), diagnostics: [errorDiagnostic('Too many elements', `This 'for' expression would build more than ${maximumCollectionElements} values (maximumCollectionElements), tfscope's limit on what one expression builds; its value is unknown.`, expression.range)]};
}

function evaluateFor(expression: ForExpression, context: Context): Evaluation {
	const collection = evaluateIn(expression.collection, context);
	const diagnostics = [...collection.diagnostics];
	if (hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	const [bareCollection, collectionMarks] = unmark(collection.value);
	if (bareCollection.kind === 'object' && bareCollection.open) {
		// A resource without its schema: the provider may add attributes, so what iterating it gives is not known.
		return {value: withMarks(unknown(), collectionMarks), diagnostics};
	}

	const iteration = iterate(collection.value, expression.collection, expression, expression.keyVariable !== undefined);
	diagnostics.push(...iteration.diagnostics);
	if (!iteration.items) {
		return {value: withMarks(unknown(), iteration.marks), diagnostics};
	}

	const marks = new Set<Mark>(iteration.marks ?? []);
	const elements: Value[] = [];
	const keys: string[] = [];
	const groups = new Map<string, Value[]>();
	const objectValues = new Map<string, Value>();
	let known = true;
	// One scope for every iteration, its names rebound each time: evaluation is synchronous and no value keeps a scope.
	const variables = new Map<string, Value>();
	const inner: Context = {...context, scope: context.scope.child(variables)};
	// Leaf values built so far: nested `for` expressions over `range(1024)` multiply, and three levels would build 10^9.
	let built = 0;
	const {elements: items} = iteration.items;
	for (let position = 0; position < items.length; position++) {
		bindItem(variables, iteration.items, position, expression.valueVariable, expression.keyVariable);

		if (expression.condition) {
			const condition = evaluateIn(expression.condition, inner);
			diagnostics.push(...condition.diagnostics);
			if (hasErrors(condition.diagnostics)) {
				known = false;
				continue;
			}

			if (condition.value.kind === 'null') {
				// Terraform words a literal `null` and a null of type bool differently.
				const summary = condition.value.type.kind === 'dynamic' ? 'Condition is null' : 'Invalid \'for\' condition';
				diagnostics.push(errorDiagnostic(summary, 'The value of the \'if\' clause must not be null.', expression.condition.range, expression.range));
				known = false;
				continue;
			}

			const converted = convert(condition.value, boolType);
			if (!converted.ok) {
				diagnostics.push(errorDiagnostic('Invalid \'for\' condition', `The 'if' clause value is invalid: ${converted.message}.`, expression.condition.range, expression.range));
				known = false;
				continue;
			}

			const [bare, conditionMarks] = unmark(converted.value);
			for (const mark of conditionMarks ?? []) {
				marks.add(mark);
			}

			if (bare.kind === 'unknown') {
				known = false;
				continue;
			}

			if (bare.kind === 'bool' && !bare.value) {
				continue;
			}
		}

		if (expression.keyExpression) {
			const keyResult = evaluateIn(expression.keyExpression, inner);
			diagnostics.push(...keyResult.diagnostics);
			if (hasErrors(keyResult.diagnostics)) {
				known = false;
				continue;
			}

			if (keyResult.value.kind === 'null') {
				diagnostics.push(errorDiagnostic('Invalid object key', 'Key expression in \'for\' expression must not produce a null value.', expression.keyExpression.range, expression.range));
				known = false;
				continue;
			}

			const converted = convert(keyResult.value, stringType);
			if (!converted.ok) {
				diagnostics.push(errorDiagnostic('Invalid object key', `The key expression produced an invalid result: ${converted.message}.`, expression.keyExpression.range, expression.range));
				known = false;
				continue;
			}

			const [bareKey, keyMarks] = unmark(converted.value);
			for (const mark of keyMarks ?? []) {
				marks.add(mark);
			}

			const valueResult = evaluateIn(expression.valueExpression, inner);
			diagnostics.push(...valueResult.diagnostics);
			built += leafCount(valueResult.value);
			if (built > maximumCollectionElements) {
				return tooManyElements(expression);
			}

			if (bareKey.kind !== 'string') {
				known = false;
				continue;
			}

			if (expression.grouping) {
				const group = groups.get(bareKey.value);
				if (group) {
					group.push(valueResult.value);
				} else {
					keys.push(bareKey.value);
					groups.set(bareKey.value, [valueResult.value]);
				}
			} else {
				if (objectValues.has(bareKey.value)) {
					diagnostics.push(errorDiagnostic('Duplicate object key', `Two different items produced the key ${JSON.stringify(bareKey.value)} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`, expression.keyExpression.range, expression.range));
					known = false;
					continue;
				}

				objectValues.set(bareKey.value, valueResult.value);
			}

			continue;
		}

		const valueResult = evaluateIn(expression.valueExpression, inner);
		diagnostics.push(...valueResult.diagnostics);
		elements.push(valueResult.value);
		built += leafCount(valueResult.value);
		if (built > maximumCollectionElements) {
			return tooManyElements(expression);
		}
	}

	const resultMarks = marks.size > 0 ? marks : undefined;
	if (!known || hasErrors(diagnostics)) {
		return {value: withMarks(unknown(), resultMarks), diagnostics};
	}

	if (expression.keyExpression) {
		const entries: Array<[string, Value]> = expression.grouping
			? [...groups].map(([key, group]) => [key, tupleValue(group)])
			: [...objectValues];
		entries.sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0)));
		return {value: withMarks(objectValue(entries), resultMarks), diagnostics};
	}

	return {value: withMarks(tupleValue(elements), resultMarks), diagnostics};
}

/*
Splat.
*/

function evaluateSplat(expression: Splat, context: Context): Evaluation {
	const source = evaluateIn(expression.source, context);
	if (hasErrors(source.diagnostics)) {
		return {value: unknown(), diagnostics: source.diagnostics};
	}

	const [bare, marks] = unmark(source.value);
	if (bare.kind === 'null') {
		return {value: withMarks(emptyTupleValue, marks), diagnostics: source.diagnostics};
	}

	if (bare.kind === 'unknown') {
		if (bare.type.kind === 'list' || bare.type.kind === 'set') {
			const each = evaluateIn(expression.each, {...context, item: unknown(bare.type.element)});
			return {value: withMarks(unknown({kind: 'list', element: typeOf(each.value)}), marks), diagnostics: source.diagnostics};
		}

		return {value: withMarks(unknown(), marks), diagnostics: source.diagnostics};
	}

	const isSequence = bare.kind === 'list' || bare.kind === 'set' || bare.kind === 'tuple';
	const elements = isSequence ? bare.elements : [bare];
	const diagnostics = [...source.diagnostics];
	const results: Value[] = [];
	for (const element of elements) {
		const result = evaluateIn(expression.each, {...context, item: element});
		diagnostics.push(...result.diagnostics);
		results.push(result.value);
	}

	if (hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	if (bare.kind === 'list' || bare.kind === 'set') {
		if (results.length === 0) {
			const each = evaluateIn(expression.each, {...context, item: unknown(bare.elementType)});
			return {value: withMarks(listValue(typeOf(each.value), []), marks), diagnostics};
		}

		const elementType = unify(results.map(result => typeOf(result))) ?? dynamicType;
		const converted = results.map(result => {
			const conversion = convert(result, elementType);
			return conversion.ok ? conversion.value : result;
		});
		return {value: withMarks(listValue(elementType, converted), marks), diagnostics};
	}

	return {value: withMarks(tupleValue(results), marks), diagnostics};
}

/*
Function calls.
*/

/*
Terraform suggests any name within distance 2 (HCL walks a Go map, so which one changes from run to run: `nope` gets "one" or "type"); tfscope picks the nearest, the first in the list on a tie, so the suggestion is stable.
*/
function suggestFunction(name: string, names: readonly string[]): string {
	let best: string | undefined;
	let bestDistance = 3;
	for (const candidate of names) {
		const distance = levenshtein(name, candidate);
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}

	return best === undefined ? '' : ` Did you mean "${best}"?`;
}

/**
The error for a call to a function the scope does not have, worded as Terraform words it for each kind of name.
*/
function unknownFunction(expression: FunctionCall, scope: Scope): Diagnostic {
	const {name} = expression;
	const segments = name.split('::');
	let summary = 'Unknown provider function';
	let detail: string;
	if (segments.length === 1) {
		summary = 'Call to unknown function';
		detail = `There is no function named "${name}".${suggestFunction(name, scope.functionNames())}`;
	} else if (segments[0] !== 'provider') {
		// `core::` names only built-in functions; any other namespace is not one.
		detail = `The function namespace "${segments[0]}" is not valid. Provider function calls must use the "provider::" namespace prefix.`;
	} else if (segments.length < 3) {
		detail = 'The function call must include the provider name after the "provider::" prefix.';
	} else {
		const provider = segments[1]!;
		const functionName = segments.slice(2).join('::');
		detail = providerDeclared(provider, scope)
			? `The function "${functionName}" is not available from the provider "${provider}".`
			: `There is no function named "${name}". Ensure that provider name "${provider}" is declared in this module's required_providers block, and that this provider offers a function named "${functionName}".`;
	}

	return errorDiagnostic(summary, detail, expression.nameRange, expression.range);
}

/*
The scope offers a declared provider's functions only: the terraform provider's own, or for another provider a stand-in under any name. So a provider is declared when its `encode_expr` (one of the terraform provider's functions, and a name any stand-in answers to) resolves.
*/
function providerDeclared(provider: string, scope: Scope): boolean {
	return scope.functions(`provider::${provider}::encode_expr`) !== undefined;
}

/**
Where HCL points an error about an expression as a whole argument (its "start range"): a call's name and opening parenthesis, a quoted string's first part, otherwise the whole expression.
*/
function startRange(expression: Expression): Range {
	switch (expression.kind) {
		case 'FunctionCall': {
			return rangeBetween(expression.nameRange, expression.openParenRange);
		}

		case 'Template': {
			const [first] = expression.parts;
			if (!first || (expression.parts.length === 1 && first.kind === 'TemplateInterpolation' && !expression.heredoc)) {
				return expression.range;
			}

			return first.kind === 'TemplateInterpolation' ? startRange(first.expression) : first.range;
		}

		default: {
			return expression.range;
		}
	}
}

/**
Terraform's templatestring renders only a template fetched from elsewhere: its first argument must be a reference (`local.tpl`, `data.x.y.rendered`, an index or splat of one), not a literal template nor a computed one. Returns the refusal, or undefined for an accepted argument.
*/
function templateStringRefusal(argument: Expression): string | undefined {
	const prefix = 'invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere';
	if (argument.kind === 'Template') {
		const [only] = argument.parts;
		if (argument.parts.length === 1 && only!.kind === 'TemplateInterpolation' && !argument.heredoc) {
			return `${prefix}; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax`;
		}

		return argument.parts.every(part => part.kind === 'TemplateLiteral')
			? `${prefix}, and so does not support providing a literal template; consider using a template string expression instead`
			: `${prefix}; to render an inline template, consider using a plain template string expression`;
	}

	return isDirectReference(argument) ? undefined : 'invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax';
}

function isDirectReference(expression: Expression): boolean {
	switch (expression.kind) {
		case 'Variable': {
			return true;
		}

		case 'GetAttribute': {
			return isDirectReference(expression.object);
		}

		case 'Index': {
			return isDirectReference(expression.collection);
		}

		case 'Splat': {
			return isDirectReference(expression.source);
		}

		default: {
			return false;
		}
	}
}

function levenshtein(a: string, b: string): number {
	const row = Array.from({length: b.length + 1}, (_, position) => position);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = row[0]!;
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = row[j]!;
			row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
			diagonal = above;
		}
	}

	return row[b.length]!;
}

function evaluateCall(expression: FunctionCall, context: Context): Evaluation {
	const {scope} = context;
	if (expression.name === 'try' || expression.name === 'can') {
		return expression.name === 'try' ? evaluateTry(expression, context) : evaluateCan(expression, context);
	}

	const spec = scope.functions(expression.name);
	if (!spec) {
		return {value: unknown(), diagnostics: [unknownFunction(expression, scope)]};
	}

	// The shared empty list until there is something to add (see `added`): most calls have no diagnostics.
	let diagnostics = none;
	const argumentValues: Value[] = [];
	const {arguments: callArguments} = expression;
	// Values from position expandStart on are the elements of the final `...` argument.
	let expandStart: number | undefined;

	// templatestring's template is checked, not evaluated, before the call (Terraform passes it as an expression); inside a template the call is refused as recursive instead.
	const checksTemplate = spec.name === 'templatestring' && callArguments.length > 0 && !(expression.expandFinal && callArguments.length === 1) && !context.scope.functionContext.templateDepth;
	const templateRefusal = checksTemplate ? templateStringRefusal(callArguments[0]!) : undefined;
	for (let position = 0; position < callArguments.length; position++) {
		const argument = callArguments[position]!;
		if (position === 0 && templateRefusal !== undefined) {
			argumentValues.push(unknown());
			continue;
		}

		const result = evaluateIn(argument, context);
		if (result.diagnostics.length > 0) {
			diagnostics = appended(diagnostics, result.diagnostics);
		}

		const isExpanding = expression.expandFinal && position === callArguments.length - 1;
		if (!isExpanding) {
			argumentValues.push(result.value);
			continue;
		}

		if (hasErrors(result.diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		const [bare, marks] = unmark(result.value);
		if (bare.kind === 'null') {
			diagnostics = added(diagnostics, errorDiagnostic('Invalid expanding argument value', 'The expanding argument (indicated by ...) must not be null.', argument.range, expression.range));
			return {value: unknown(), diagnostics};
		}

		if (bare.kind === 'unknown') {
			return {value: withMarks(unknown(), marks), diagnostics};
		}

		if (bare.kind !== 'list' && bare.kind !== 'set' && bare.kind !== 'tuple') {
			diagnostics = added(diagnostics, errorDiagnostic('Invalid expanding argument value', 'The expanding argument (indicated by ...) must be of a tuple, list, or set type.', argument.range, expression.range));
			return {value: unknown(), diagnostics};
		}

		expandStart = argumentValues.length;
		for (const element of bare.elements) {
			argumentValues.push(withMarks(element, marks));
		}
	}

	if (diagnostics.length > 0 && hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	const parameters = spec.parameters;
	if (argumentValues.length < parameters.length) {
		const missing = parameters[argumentValues.length]!;
		diagnostics = added(diagnostics, errorDiagnostic('Not enough function arguments', `Function "${expression.name}" expects${spec.variadic ? ' at least' : ''} ${parameters.length} argument(s). Missing value for "${missing.name}".`, expression.closeParenRange, expression.range));
		return {value: unknown(), diagnostics};
	}

	if (!spec.variadic && argumentValues.length > parameters.length) {
		diagnostics = added(diagnostics, errorDiagnostic('Too many function arguments', `Function "${expression.name}" expects only ${parameters.length} argument(s).`, argumentRange(expression, argumentValues.length, expandStart, parameters.length), expression.range));
		return {value: unknown(), diagnostics};
	}

	let converts = false;
	for (let position = 0; position < argumentValues.length; position++) {
		const parameter: Parameter = (parameters[position] ?? spec.variadic)!;
		// Anything converts to the dynamic type: only typed parameters can fail here.
		if (parameter.type.kind === 'dynamic') {
			continue;
		}

		const converted = convert(argumentValues[position]!, parameter.type);
		if (!converted.ok) {
			converts = true;
			diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameter.name}" parameter: ${converted.message}.`, argumentRange(expression, argumentValues.length, expandStart, position), expression.range));
		}
	}

	if (converts && hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	if (templateRefusal !== undefined) {
		diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameters[0]!.name}" parameter: ${templateRefusal}.`, argumentRange(expression, argumentValues.length, expandStart, 0), expression.range));
		return {value: unknown(), diagnostics};
	}

	return callSpec(spec, expression, argumentValues, expandStart, context, diagnostics);
}

/**
Where an error about the argument at `position` points (the source of the final `...` argument for its elements); undefined past the last value. A plain function, not a closure per call: ranges are computed only for an error (syntax nodes build them on demand), and tsx wraps every closure it creates in a naming helper.
*/
function argumentRange(expression: FunctionCall, valueCount: number, expandStart: number | undefined, position: number): Range | undefined {
	if (position >= valueCount) {
		return undefined;
	}

	return expandStart !== undefined && position >= expandStart ? expression.arguments.at(-1)!.range : startRange(expression.arguments[position]!);
}

/**
An open object (a resource's value without its provider's schema: attributes the provider computes are missing from it) read as a whole by a function: `lookup` of a name it has is that attribute; anything else (`keys`, `values`, `merge`, `length`, `lookup` of a missing name, encoding it) is unknown, as the provider may add attributes (`lookup(res, "id")` is known after apply). Undefined when no argument is an open object.
*/
function openObjectCall(name: string, argumentValues: readonly Value[]): Value | undefined {
	const open = argumentValues.some(argument => {
		const [bare] = unmark(argument);
		return bare.kind === 'object' && bare.open === true;
	}) || ((name === 'jsonencode' || name === 'yamlencode') && argumentValues.some(argument => containsOpenObject(argument, 0)));
	if (!open) {
		return undefined;
	}

	if (name === 'lookup') {
		const [object, key] = argumentValues.map(argument => unmark(argument)[0]);
		if (object?.kind === 'object' && key?.kind === 'string' && object.attributes.has(key.value)) {
			return withMarks(object.attributes.get(key.value)!, unmark(argumentValues[0]!)[1]);
		}
	}

	return unknown();
}

function containsOpenObject(value: Value, depth: number): boolean {
	const [bare] = unmark(value);
	if (depth > 32) {
		return false;
	}

	switch (bare.kind) {
		case 'object': {
			return bare.open === true || [...bare.attributes.values()].some(element => containsOpenObject(element, depth + 1));
		}

		case 'map': {
			return [...bare.entries.values()].some(element => containsOpenObject(element, depth + 1));
		}

		case 'list':
		case 'set':
		case 'tuple': {
			return bare.elements.some(element => containsOpenObject(element, depth + 1));
		}

		default: {
			return false;
		}
	}
}

function callSpec(spec: FunctionSpec, expression: FunctionCall, argumentValues: Value[], expandStart: number | undefined, context: Context, given: Diagnostic[]): Evaluation {
	let diagnostics = given;
	const openResult = openObjectCall(expression.name, argumentValues);
	if (openResult !== undefined) {
		return {value: openResult, diagnostics};
	}

	if (context.scope.functionContext.budget?.spent) {
		return {value: unknown(), diagnostics};
	}

	try {
		const value = callFunction(spec, argumentValues, context.scope.functionContext);
		return charged({value, diagnostics}, expression, context);
	} catch (error: unknown) {
		if (error instanceof FunctionError) {
			const position = error.argumentIndex;
			const parameter = position === undefined ? undefined : (spec.parameters[position] ?? spec.variadic);
			if (parameter && position !== undefined) {
				const subject = argumentRange(expression, argumentValues.length, expandStart, position) ?? expression.range;
				diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameter.name}" parameter: ${error.message}.`, subject, expression.range));
			} else {
				diagnostics = added(diagnostics, errorDiagnostic('Error in function call', `Call to function "${expression.name}" failed: ${error.message}.`, rangeBetween(expression.nameRange, expression.openParenRange), expression.range));
			}

			return {value: unknown(), diagnostics};
		}

		throw error;
	}
}

function evaluateTry(expression: FunctionCall, context: Context): Evaluation {
	if (expression.arguments.length === 0) {
		return {value: unknown(), diagnostics: [errorDiagnostic('Error in function call', 'Call to function "try" failed: at least one argument is required.', rangeBetween(expression.nameRange, expression.openParenRange), expression.range)]};
	}

	const failures: string[] = [];
	for (const argument of expression.arguments) {
		const result = evaluateIn(argument, context);
		const references = keepReferenceDiagnostics(result.diagnostics);
		if (references.length > 0) {
			return {value: unknown(), diagnostics: references};
		}

		if (!hasErrors(result.diagnostics)) {
			if (!isWhollyKnown(result.value)) {
				return {value: unknown(), diagnostics: []};
			}

			return {value: result.value, diagnostics: result.diagnostics};
		}

		for (const diagnostic of result.diagnostics) {
			if (diagnostic.severity !== 'error') {
				continue;
			}

			const at = diagnostic.subject ? ` (at ${formatRangeShort(diagnostic.subject)})` : '';
			failures.push(`- ${diagnostic.summary}${at}${diagnostic.detail ? `\n  ${diagnostic.detail}` : ''}`);
		}
	}

	return {value: unknown(), diagnostics: [errorDiagnostic('Error in function call', `Call to function "try" failed: no expression succeeded:\n${failures.join('\n')}\n\nAt least one expression must produce a successful result.`, rangeBetween(expression.nameRange, expression.openParenRange), expression.range)]};
}

function evaluateCan(expression: FunctionCall, context: Context): Evaluation {
	if (expression.arguments.length !== 1) {
		const summary = expression.arguments.length === 0 ? 'Not enough function arguments' : 'Too many function arguments';
		const detail = expression.arguments.length === 0 ? 'Function "can" expects 1 argument(s). Missing value for "expression".' : 'Function "can" expects only 1 argument(s).';
		const subject = expression.arguments.length === 0 ? expression.closeParenRange : startRange(expression.arguments[1]!);
		return {value: unknown(boolType), diagnostics: [errorDiagnostic(summary, detail, subject, expression.range)]};
	}

	const result = evaluateIn(expression.arguments[0]!, context);
	const references = keepReferenceDiagnostics(result.diagnostics);
	if (references.length > 0) {
		return {value: unknown(boolType), diagnostics: references};
	}

	if (hasErrors(result.diagnostics)) {
		return {value: boolValue(false), diagnostics: []};
	}

	if (!isWhollyKnown(result.value)) {
		return {value: unknown(boolType), diagnostics: []};
	}

	return {value: boolValue(true), diagnostics: []};
}

/**
Evaluates `type(x)`'s argument for the console, which prints the type rather than a value.
*/
export function typeOfArgument(expression: FunctionCall, scope: Scope): Result<Type | undefined> {
	if (expression.arguments.length !== 1) {
		const summary = expression.arguments.length === 0 ? 'Not enough function arguments' : 'Too many function arguments';
		const detail = expression.arguments.length === 0 ? 'Function "type" expects 1 argument(s). Missing value for "value".' : 'Function "type" expects only 1 argument(s).';
		return {value: undefined, diagnostics: [errorDiagnostic(summary, detail, expression.range)]};
	}

	const result = evaluate(expression.arguments[0]!, scope);
	if (hasErrors(result.diagnostics)) {
		return {value: undefined, diagnostics: result.diagnostics};
	}

	return {value: typeOf(unmark(result.value)[0]), diagnostics: result.diagnostics};
}
