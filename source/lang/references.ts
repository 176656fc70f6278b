import type {
	Body, Expression, GetAttribute, Index, Splat, TemplatePart, Variable,
} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {type Range, rangeBetween} from '../hcl/position.js';
import {type Span, spanBetween, spanOf} from '../hcl/nodes.js';
import {
	analysisOf, keepOwnAnalysis, keepTraversalsAnalysis, ownAnalysis, traversalsAnalysis,
} from './node-analysis.js';

/*
References after Terraform's addrs.ParseRef: the static traversal at the root of an expression (`aws_instance.web[0].id`: root name, attribute names and literal keys) read as a subject (`resource managed aws_instance.web`) and the steps that remain. The evaluator resolves subjects through the scope.

Every reference an expression makes is found by one walker (`walkReferenceChains`), which gives each reference as a chain with every step kept (index keys as expressions, splats), as the graph needs them to resolve `[count.index]` per instance; `traversalsOf` and `referencesOf` keep the static part of each chain.
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
	| {
		readonly kind: 'resource'; readonly mode: 'managed' | 'data' | 'ephemeral'; readonly type: string; readonly name: string;
		/**
		Written with the `resource.` prefix (`resource.list.web`): always a managed resource, even where the type's name is a reserved root (`list`, Terraform 1.13+).
		*/
		readonly prefixed?: true;
	}
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

/*
Steps, traversals and references read their ranges from the syntax nodes when asked. Ranges are for diagnostics and the graph's origins; computing line and column of every step of every reference (three objects each) was most of the cost of finding an expression's references, which is done for every expression of every module.
*/

class AttributeStep {
	readonly kind = 'attribute' as const;
	readonly name: string;
	readonly #node: GetAttribute;

	constructor(node: GetAttribute) {
		this.name = node.name;
		this.#node = node;
	}

	get range(): Range {
		return this.#node.nameRange;
	}

	/**
	The chain node of the step (see ChainTraversal.nodeAt).
	*/
	get node(): GetAttribute {
		return this.#node;
	}
}

/**
The range of an index step: from its key to the closing bracket.
*/
function indexRange(node: Index): Range {
	const {range} = node;
	return {filename: range.filename, start: node.key.range.start, end: range.end};
}

class IndexChainStep {
	readonly kind = 'index' as const;
	readonly key: Expression;
	readonly #node: Index;

	constructor(node: Index) {
		this.key = node.key;
		this.#node = node;
	}

	get range(): Range {
		return indexRange(this.#node);
	}
}

class StaticIndexStep {
	readonly kind = 'index' as const;
	readonly key: string | number;
	readonly #place: {readonly range: Range};

	constructor(key: string | number, place: {readonly range: Range}) {
		this.key = key;
		this.#place = place;
	}

	get range(): Range {
		return this.#place.range;
	}
}

class IndexNodeStep {
	readonly kind = 'index' as const;
	readonly key: string | number;
	readonly #node: Index;

	constructor(key: string | number, node: Index) {
		this.key = key;
		this.#node = node;
	}

	get range(): Range {
		return indexRange(this.#node);
	}

	get node(): Index {
		return this.#node;
	}
}

class SplatStep {
	readonly kind = 'splat' as const;
	readonly #node: Splat;

	constructor(node: Splat) {
		this.#node = node;
	}

	get range(): Range {
		return this.#node.range;
	}
}

class Chain implements ReferenceChain {
	readonly root: string;
	readonly steps: readonly ChainStep[];
	/**
	The outermost node of the chain's static prefix: below the innermost splat, the node whose `traversalOf` is the chain's static part.
	*/
	readonly top: Expression;
	readonly #rootNode: Variable;
	readonly #outer: Expression;

	constructor(rootNode: Variable, steps: readonly ChainStep[], outer: Expression, top: Expression) {
		this.root = rootNode.name;
		this.steps = steps;
		this.top = top;
		this.#rootNode = rootNode;
		this.#outer = outer;
	}

	get rootRange(): Range {
		return this.#rootNode.range;
	}

	get range(): Range {
		const rootRange = this.#rootNode.range;
		return {filename: rootRange.filename, start: rootRange.start, end: this.#outer.range.end};
	}

	/**
	The file and offsets of `range`, without line and column (the range made when read).
	*/
	span(): Span {
		return spanBetween(spanOf(this.#rootNode), spanOf(this.#outer));
	}
}

/**
The file name and offsets of a chain's `range` (`range.filename`, `range.start.offset`, `range.end.offset`) without working out its lines and columns: what the graph reads to quote a reference's text.
*/
export function chainSpan(chain: ReferenceChain): Span {
	if (chain instanceof Chain) {
		return chain.span();
	}

	const {range} = chain;
	return {filename: range.filename, start: range.start.offset, end: range.end.offset, range};
}

/**
A traversal whose root and last step are read from elsewhere (a chain, syntax nodes) when its ranges are asked for.
*/
class LazyTraversal implements Traversal {
	readonly root: string;
	readonly steps: readonly TraversalStep[];
	/**
	The traversal read as a reference, kept here rather than in a WeakMap: the evaluator reads it at every evaluation of the expression.
	*/
	parsed: ParsedReference | undefined;
	readonly #root: {readonly range: Range} | {readonly rootRange: Range};

	constructor(root: string, rootPlace: {readonly range: Range} | {readonly rootRange: Range}, steps: readonly TraversalStep[]) {
		this.root = root;
		this.steps = steps;
		this.parsed = undefined;
		this.#root = rootPlace;
	}

	get rootRange(): Range {
		return 'rootRange' in this.#root ? this.#root.rootRange : this.#root.range;
	}

	get range(): Range {
		const last = this.steps.at(-1);
		return last ? rangeBetween(this.rootRange, last.range) : this.rootRange;
	}
}

/**
A reference read from a traversal, and the result of reading it (`value` is itself, `diagnostics` none): one object kept per reference of every expression, not a result record and an empty array beside it.
*/
class ParsedReferenceValue implements Reference, ParsedReference {
	readonly subject: ReferenceSubject;
	readonly remaining: readonly TraversalStep[];
	readonly #traversal: Traversal;
	readonly #consumed: number;
	#subjectText: string | undefined;

	constructor(traversal: Traversal, subject: ReferenceSubject, consumed: number) {
		this.subject = subject;
		const {steps} = traversal;
		this.remaining = consumed === 0 ? steps : (consumed === steps.length ? noSteps : steps.slice(consumed));
		this.#traversal = traversal;
		this.#consumed = consumed;
		this.#subjectText = undefined;
	}

	get value(): Reference {
		return this;
	}

	get diagnostics(): readonly Diagnostic[] {
		return noDiagnostics;
	}

	get subjectText(): string {
		this.#subjectText ??= formatSubject(this.subject);
		return this.#subjectText;
	}

	get range(): Range {
		const {rootRange, steps} = this.#traversal;
		return this.#consumed === 0 ? rootRange : rangeBetween(rootRange, steps[this.#consumed - 1]!.range);
	}

	get traversalRange(): Range {
		return this.#traversal.range;
	}
}

/**
The text of a subject as Terraform writes it: `var.x`, `data.aws_ami.ubuntu`, `module.net`, `count.index`.
*/
export function formatSubject(subject: ReferenceSubject): string {
	switch (subject.kind) {
		case 'variable': {
			return `var.${subject.name}`;
		}

		case 'resource': {
			return `${subject.mode === 'managed' ? '' : `${subject.mode}.`}${subject.type}.${subject.name}`;
		}

		case 'self': {
			return 'self';
		}

		default: {
			return `${subject.kind}.${subject.name}`;
		}
	}
}

/**
`formatSubject` of a reference's subject, kept with the reference when the reference came from `parseReference` (resolvers look resources up by it at every evaluation).
*/
export function subjectTextOf(reference: Reference): string {
	return reference instanceof ParsedReferenceValue ? reference.subjectText : formatSubject(reference.subject);
}

function invalid(detail: string, subject: Range): {value: undefined; diagnostics: Diagnostic[]} {
	return {value: undefined, diagnostics: [errorDiagnostic('Invalid reference', detail, subject)]};
}

/**
Reads a static traversal as a reference, with Terraform's "Invalid reference" diagnostics.
*/
export function parseReference(traversal: Traversal): {value: Reference | undefined; diagnostics: Diagnostic[]} {
	const parsed = sharedParse(traversal);
	// The diagnostics array is copied for the caller.
	return {value: parsed.value, diagnostics: parsed.diagnostics.length === 0 ? [] : [...parsed.diagnostics]};
}

/**
`parseReference` without the copy, for callers that only read the result (the evaluator reads a reference for every instance that evaluates it).
*/
export function parseReferenceReadOnly(traversal: Traversal): {readonly value: Reference | undefined; readonly diagnostics: readonly Diagnostic[]} {
	return sharedParse(traversal);
}

function sharedParse(traversal: Traversal): ParsedReference {
	if (traversal instanceof LazyTraversal) {
		traversal.parsed ??= parseReferenceUncached(traversal);
		return traversal.parsed;
	}

	// Traversals come from immutable AST nodes (cached by traversalOf), so a parse is kept per traversal.
	let parsed = parsedReferences.get(traversal);
	if (!parsed) {
		parsed = parseReferenceUncached(traversal);
		parsedReferences.set(traversal, parsed);
	}

	return parsed;
}

const parsedReferences = new WeakMap<Traversal, ParsedReference>();

/**
A traversal read as a reference: shared by every reader, so read-only.
*/
type ParsedReference = {readonly value: Reference | undefined; readonly diagnostics: readonly Diagnostic[]};

const noSteps: readonly TraversalStep[] = Object.freeze([]);
const noDiagnostics: readonly Diagnostic[] = Object.freeze([]);

// Plain functions rather than closures in parseReferenceUncached: tsx wraps each closure it creates in a naming helper, and every reference of a configuration is parsed.
function referenceTo(traversal: Traversal, subject: ReferenceSubject, consumed: number): ParsedReference {
	return new ParsedReferenceValue(traversal, subject, consumed);
}

function singleAttribute(traversal: Traversal): {name: string} | ParsedReference {
	const first = traversal.steps[0];
	if (!first) {
		return invalid(`The "${traversal.root}" object cannot be accessed directly. Instead, access one of its attributes.`, traversal.rootRange);
	}

	if (first.kind !== 'attribute') {
		return invalid(`The "${traversal.root}" object does not support this operation.`, first.range);
	}

	return {name: first.name};
}

type NamedSubject = Extract<ReferenceSubject, {readonly name: string; readonly kind: 'variable' | 'local' | 'path' | 'terraform' | 'count' | 'each' | 'module'}>;

/**
The subjects of `var.x`, `local.y`, `count.index`, ... one per kind and name, shared by every reference to it (subjects are read-only): one each per reference of every expression was 26,000 objects kept at 4x.
*/
const namedSubjects = new Map<NamedSubject['kind'], Map<string, NamedSubject>>();

function namedSubject(kind: NamedSubject['kind'], name: string): NamedSubject {
	let byName = namedSubjects.get(kind);
	if (byName === undefined) {
		byName = new Map();
		namedSubjects.set(kind, byName);
	}

	const found = byName.get(name);
	if (found !== undefined) {
		return found;
	}

	const subject = {kind, name} as NamedSubject;
	byName.set(name, subject);
	return subject;
}

const selfSubject: ReferenceSubject = {kind: 'self'};

function parseReferenceUncached(traversal: Traversal): ParsedReference {
	// The root's range is read only for an error: working out its line and column costs more than parsing the reference.
	const {root, steps} = traversal;
	switch (root) {
		case 'var':
		case 'local':
		case 'path':
		case 'terraform':
		case 'count':
		case 'each':
		case 'module': {
			const attribute = singleAttribute(traversal);
			if (!('name' in attribute)) {
				return attribute;
			}

			return referenceTo(traversal, namedSubject(root === 'var' ? 'variable' : root, attribute.name), 1);
		}

		case 'self': {
			return referenceTo(traversal, selfSubject, 0);
		}

		case 'data':
		case 'ephemeral': {
			// `data.TYPE.NAME`, and (Terraform 1.10+) `ephemeral.TYPE.NAME`.
			const what = root === 'data' ? 'data source' : 'ephemeral resource';
			if (steps.length < 2) {
				return invalid(`The "${root}" object must be followed by two attribute names: the ${what} type and the resource name.`, traversal.range);
			}

			const [type, name] = steps;
			if (type!.kind !== 'attribute') {
				return invalid(`The "${root}" object does not support this operation.`, type!.range);
			}

			if (name!.kind !== 'attribute') {
				return invalid(`A reference to ${root === 'data' ? 'a data source' : 'an ephemeral resource'} must be followed by at least one attribute access, specifying the resource name.`, name!.range);
			}

			return referenceTo(traversal, {
				kind: 'resource', mode: root === 'data' ? 'data' : 'ephemeral', type: type!.name, name: name!.name,
			}, 2);
		}

		case 'resource': {
			// `resource.TYPE.NAME`: a managed resource, the escape for a type whose name is (or becomes) a reserved root (hashicorp/terraform internal/addrs/parse_ref.go, v1.11 to v1.16; opentofu/opentofu the same file at v1.12).
			if (steps.length < 2) {
				return invalid('The "resource" object must be followed by two attribute names: the resource type and the resource name.', traversal.range);
			}

			const [type, name] = steps;
			if (type!.kind !== 'attribute') {
				return invalid('The "resource" object does not support this operation.', type!.range);
			}

			if (name!.kind !== 'attribute') {
				return invalid('A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', name!.range);
			}

			return referenceTo(traversal, {
				kind: 'resource', mode: 'managed', type: type!.name, name: name!.name, prefixed: true,
			}, 2);
		}

		default: {
			const name = steps[0];
			if (!name) {
				return invalid('A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', traversal.rootRange);
			}

			if (name.kind !== 'attribute') {
				return invalid('A reference to a resource type must be followed by at least one attribute access, specifying the resource name.', name.range);
			}

			return referenceTo(traversal, {
				kind: 'resource', mode: 'managed', type: root, name: name.name,
			}, 1);
		}
	}
}

/**
The static traversal of a chain node (a name followed by attribute and index steps), with the chain's nodes: `staticDepth` of its steps are static (attribute names and literal keys); the chain has `depth` attribute and index nodes, and `nodeAt(i)` is the node of step i, innermost first. One record per node, kept for the life of the syntax tree: the evaluator reads it at every evaluation of the node, and `traversalsOf` gives the same traversal objects, so a resolution found for an expression's reference is found again by identity.
*/
export type NodeTraversal = {
	readonly traversal: Traversal;
	readonly staticDepth: number;
	readonly depth: number;
	nodeAt(position: number): Expression;
};

/**
The static traversal an expression starts with, if it is a chain of attribute and literal-index steps on a root name (`staticDepth` of the chain's steps; the rest is not static).
*/
export function traversalOf(expression: Expression): NodeTraversal | undefined {
	// AST nodes are never changed after parsing, so the traversal of a node is computed once (evaluation asks for it once per instance).
	if (expression.kind !== 'GetAttribute' && expression.kind !== 'Index' && expression.kind !== 'Variable') {
		return undefined;
	}

	let found = ownAnalysis(expression) as NodeTraversal | null | undefined;
	if (found === undefined) {
		found = traversalOfUncached(expression) ?? null;
		keepOwnAnalysis(expression, found);
	}

	return found ?? undefined;
}

function traversalOfUncached(expression: Expression): NodeTraversal | undefined {
	// Arrays of their final length (a pushed-to array keeps room for 17 elements, and these live as long as the syntax tree).
	let depth = 0;
	let current: Expression = expression;
	while (current.kind === 'GetAttribute' || current.kind === 'Index') {
		depth++;
		current = current.kind === 'GetAttribute' ? current.object : current.collection;
	}

	if (current.kind !== 'Variable') {
		return undefined;
	}

	const root = current as Variable;
	// The static steps run from the innermost node out, up to the first index whose key is not a literal.
	let staticDepth = 0;
	while (staticDepth < depth) {
		const node = chainNodeAt(expression, depth, staticDepth);
		if (node.kind !== 'GetAttribute' && literalKey((node as Index).key) === undefined) {
			break;
		}

		staticDepth++;
	}

	const steps = new Array<TraversalStep>(staticDepth);
	current = chainNodeAt(expression, depth, staticDepth === 0 ? 0 : staticDepth - 1);
	for (let position = staticDepth - 1; position >= 0; position--) {
		steps[position] = current.kind === 'GetAttribute' ? new AttributeStep(current) : new IndexNodeStep(literalKey((current as Index).key)!, current as Index);
		current = current.kind === 'GetAttribute' ? current.object : (current as Index).collection;
	}

	return staticDepth === depth ? new ChainTraversal(root.name, root, steps) : new PartlyStaticChainTraversal(root.name, root, steps, expression, depth);
}

/**
The node of step `position` (0 the innermost) of a chain of `depth` attribute and index nodes whose outermost is `outer`.
*/
function chainNodeAt(outer: Expression, depth: number, position: number): Expression {
	let node = outer;
	for (let step = depth - 1; step > position; step--) {
		node = node.kind === 'GetAttribute' ? node.object : (node as Index).collection;
	}

	return node;
}

/**
A node's traversal and its NodeTraversal record in one object (its `traversal` is itself): one per reference of every expression, kept as long as the tree, so the chain's nodes are read from its steps when asked, not kept in an array of their own. This class is a chain whose steps are all static (most chains: `var.x`, `each.value.cidr`, `aws_vpc.r000.id`): its depth is its steps' number and each step has its node, so it keeps no depth or outer node (two fields fewer in each of the 51,000 chains of 4x); PartlyStaticChainTraversal is the rest.
*/
class ChainTraversal extends LazyTraversal implements NodeTraversal {
	get traversal(): Traversal {
		return this;
	}

	/**
	The steps are the static ones: a getter, not a field.
	*/
	get staticDepth(): number {
		return this.steps.length;
	}

	get depth(): number {
		return this.steps.length;
	}

	nodeAt(position: number): Expression {
		return (this.steps[position] as AttributeStep | IndexNodeStep).node;
	}
}

/**
The traversal of a chain with steps past its static ones (a key that is not a literal, `x[var.k].y`): the chain's depth and outermost node, for the nodes of those steps.
*/
class PartlyStaticChainTraversal extends ChainTraversal {
	readonly #depth: number;
	readonly #outer: Expression;

	constructor(root: string, rootPlace: {readonly range: Range}, steps: readonly TraversalStep[], outer: Expression, depth: number) {
		super(root, rootPlace, steps);
		this.#depth = depth;
		this.#outer = outer;
	}

	override get depth(): number {
		return this.#depth;
	}

	override nodeAt(position: number): Expression {
		return position < this.staticDepth ? (this.steps[position] as AttributeStep | IndexNodeStep).node : chainNodeAt(this.#outer, this.#depth, position);
	}
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
export function referencesOf(expression: Expression): readonly Reference[] {
	const analysis = analysisOf(expression);
	let found = analysis.references as Reference[] | undefined;
	if (!found) {
		found = [];
		for (const traversal of traversalsOf(expression)) {
			const reference = sharedParse(traversal).value;
			if (reference) {
				found.push(reference);
			}
		}

		analysis.references = found;
	}

	// Shared with every later caller: read-only.
	return found;
}

/**
The static traversals at the roots of an expression's references, in source order, valid or not; names bound by `for` are left out.
*/
export function traversalsOf(expression: Expression): readonly Traversal[] {
	let found = traversalsAnalysis(expression) as Traversal[] | undefined;
	if (!found) {
		if (readsNothing(expression)) {
			// Not kept: answered as fast as read, and these nodes keep their evaluation (a literal's, a text's), so keeping this too would make a record for each (15,000 at 4x).
			return noTraversals;
		}

		found = traversalsOfUncached(expression);
		keepTraversalsAnalysis(expression, found);
	}

	// Shared with every later caller: read-only.
	return found;
}

/**
Whether an expression is a literal or a template of text alone, which read nothing.
*/
function readsNothing(expression: Expression): boolean {
	if (expression.kind === 'Literal') {
		return true;
	}

	if (expression.kind !== 'Template') {
		return false;
	}

	for (const part of expression.parts) {
		if (part.kind !== 'TemplateLiteral') {
			return false;
		}
	}

	return true;
}

function traversalsOfUncached(expression: Expression): Traversal[] {
	const found: Traversal[] = [];
	descend(expression, noNames, collectChain, found);
	// Kept as long as the syntax tree: no spare room.
	return found.length === 0 ? noTraversals : found.slice();
}

/**
Whether an expression or a template directive reads one of `names` (where no `for` inside it binds the name): whether one of its references, as traversalsOf finds them, starts at one of them. Not kept: it is asked of parts of expressions, whose answers the caller keeps.
*/
export function readsAnyOf(node: Expression | TemplatePart, names: ReadonlySet<string>): boolean {
	const found: Traversal[] = [];
	if (node.kind === 'TemplateLiteral' || node.kind === 'TemplateInterpolation' || node.kind === 'TemplateIf' || node.kind === 'TemplateFor') {
		descendParts([node], noNames, collectChain, found);
	} else {
		descend(node, noNames, collectChain, found);
	}

	return found.some(traversal => names.has(traversal.root));
}

// What traversalsOf keeps of a chain: its static part only, without making the chain (its steps, the arrays walkChain gathers), which traversalsOf would drop at once. In walkChain's order: the chain itself (its static part: the traversal of the node below its innermost splat, see Chain.top), then its index keys from the outermost in, then the object of a chain that does not start at a name, then the bodies of its splats from the innermost out.
function collectChain(outer: Expression, names: ReadonlySet<string>, found: Traversal[]): void {
	let node = outer;
	let top = outer;
	let splats = 0;
	for (;;) {
		if (node.kind === 'GetAttribute') {
			node = node.object;
		} else if (node.kind === 'Index') {
			node = node.collection;
		} else if (node.kind === 'Splat') {
			splats++;
			node = node.source;
			top = node;
		} else {
			break;
		}
	}

	if (node.kind === 'Variable') {
		if (!names.has(node.name)) {
			found.push(traversalOf(top)!.traversal);
		}
	}

	// The index keys, outermost first.
	let step = outer;
	while (step !== node) {
		if (step.kind === 'GetAttribute') {
			step = step.object;
		} else if (step.kind === 'Index') {
			descend(step.key, names, collectChain, found);
			step = step.collection;
		} else {
			step = (step as Splat).source;
		}
	}

	if (node.kind !== 'Variable') {
		descend(node, names, collectChain, found);
	}

	if (splats === 0) {
		return;
	}

	// The splats' bodies, innermost first: the splats are met outermost first.
	const bodies = new Array<Expression>(splats);
	step = outer;
	let position = splats;
	while (step !== node) {
		if (step.kind === 'GetAttribute') {
			step = step.object;
		} else if (step.kind === 'Index') {
			step = step.collection;
		} else {
			position--;
			bodies[position] = (step as Splat).each;
			step = (step as Splat).source;
		}
	}

	for (const body of bodies) {
		descend(body, names, collectChain, found);
	}
}

const noTraversals: Traversal[] = Object.freeze([]) as unknown as Traversal[];

/**
The static traversal at the start of a chain: its attribute steps and literal index keys, up to the first step that is neither.
*/
export function staticPart(chain: ReferenceChain): Traversal {
	if (chain instanceof Chain) {
		// The node's own traversal (see NodeTraversal), not a copy.
		return traversalOf(chain.top)!.traversal;
	}

	const steps: TraversalStep[] = [];
	for (const step of chain.steps) {
		if (step.kind === 'attribute') {
			steps.push(step);
			continue;
		}

		const key = step.kind === 'index' ? literalKey(step.key) : undefined;
		if (key === undefined) {
			break;
		}

		steps.push(new StaticIndexStep(key, step));
	}

	return new LazyTraversal(chain.root, chain, steps);
}

/**
One step of a reference chain: an attribute, an index with its key expression (resolved per instance, as `[count.index]`), or a splat, whose later steps apply to every element.
*/
export type ChainStep =
	| {readonly kind: 'attribute'; readonly name: string; readonly range: Range}
	| {readonly kind: 'index'; readonly key: Expression; readonly range: Range}
	| {readonly kind: 'splat'; readonly range: Range};

/**
A reference as written, every step kept (`aws_eip.ip[count.index].public_ip`, `module.net[*].ids`); `range` covers the whole chain.
*/
export type ReferenceChain = {
	readonly root: string;
	readonly rootRange: Range;
	readonly steps: readonly ChainStep[];
	readonly range: Range;
};

/**
Where a call's argument is a type expression, read as a type and never evaluated, so the names in it (`string`, `list(number)`) are no references: `convert`'s second (Terraform 1.15; internal/addrs/parse_ref.go at v1.15 stops reading a lone `string`, `number`, `bool` or `any` as a resource for it). A function table without `convert` reports the call itself.
*/
export function typeArgumentPosition(call: Extract<Expression, {kind: 'FunctionCall'}>): number | undefined {
	return (call.name === 'convert' || call.name === 'core::convert') && !call.expandFinal ? 1 : undefined;
}

const noNames: ReadonlySet<string> = new Set();

type Visit = (chain: ReferenceChain) => void;

/**
Calls `visit` for each reference chain in an expression, in source order (a chain before the references in its index keys), leaving out roots that are names bound inside the expression (`for` variables) or in `bound` (`dynamic` iterators, ...).
*/
export function walkReferenceChains(expression: Expression, visit: Visit, bound: ReadonlySet<string> = noNames): void {
	descend(expression, bound, walkChain, visit);
}

/**
The first reference chain of an expression, such as the plain reference a `depends_on` or `replace_triggered_by` item must be.
*/
export function referenceChainOf(expression: Expression): ReferenceChain | undefined {
	let found: ReferenceChain | undefined;
	descend(expression, noNames, walkChain, (chain: ReferenceChain) => {
		found ??= chain;
	});
	return found;
}

/*
The one walk over an expression's syntax, for references: it hands each reference chain (a name, attribute, index or splat node) to `onChain` with the names bound where it stands (`for` variables), and goes into everything else. `walkChain` (the chains, for walkReferenceChains) and `collectChain` (only their static parts, for traversalsOf) go on into what a chain holds through it.
Plain functions rather than closures: this runs for every expression of large configurations, and tsx wraps each closure it creates in a naming helper.
*/
type OnChain<C> = (chain: Expression, names: ReadonlySet<string>, context: C) => void;

function descend<C>(node: Expression, names: ReadonlySet<string>, onChain: OnChain<C>, context: C): void {
	switch (node.kind) {
		case 'Variable':
		case 'GetAttribute':
		case 'Index':
		case 'Splat': {
			onChain(node, names, context);
			break;
		}

		case 'Template': {
			descendParts(node.parts, names, onChain, context);
			break;
		}

		case 'FunctionCall': {
			const typePosition = typeArgumentPosition(node);
			for (let position = 0; position < node.arguments.length; position++) {
				if (position !== typePosition) {
					descend(node.arguments[position]!, names, onChain, context);
				}
			}

			break;
		}

		case 'Conditional': {
			descend(node.condition, names, onChain, context);
			descend(node.trueResult, names, onChain, context);
			descend(node.falseResult, names, onChain, context);
			break;
		}

		case 'BinaryOp': {
			descend(node.left, names, onChain, context);
			descend(node.right, names, onChain, context);
			break;
		}

		case 'UnaryOp': {
			descend(node.operand, names, onChain, context);
			break;
		}

		case 'Tuple': {
			for (const item of node.items) {
				descend(item, names, onChain, context);
			}

			break;
		}

		case 'Object': {
			for (const item of node.items) {
				// A bare identifier key is a string, not a reference.
				if (item.key.kind !== 'Variable') {
					descend(item.key, names, onChain, context);
				}

				descend(item.value, names, onChain, context);
			}

			break;
		}

		case 'Parenthesized': {
			descend(node.expression, names, onChain, context);
			break;
		}

		case 'For': {
			descend(node.collection, names, onChain, context);
			const inner = bind(names, node.keyVariable, node.valueVariable);
			if (node.keyExpression) {
				descend(node.keyExpression, inner, onChain, context);
			}

			descend(node.valueExpression, inner, onChain, context);
			if (node.condition) {
				descend(node.condition, inner, onChain, context);
			}

			break;
		}

		case 'Literal':
		case 'SplatItem':
		case 'Invalid': {
			break;
		}
	}
}

function descendParts<C>(parts: readonly TemplatePart[], names: ReadonlySet<string>, onChain: OnChain<C>, context: C): void {
	for (const part of parts) {
		switch (part.kind) {
			case 'TemplateInterpolation': {
				descend(part.expression, names, onChain, context);
				break;
			}

			case 'TemplateIf': {
				descend(part.condition, names, onChain, context);
				descendParts(part.then, names, onChain, context);
				descendParts(part.else ?? [], names, onChain, context);
				break;
			}

			case 'TemplateFor': {
				descend(part.collection, names, onChain, context);
				descendParts(part.body, bind(names, part.keyVariable, part.valueVariable), onChain, context);
				break;
			}

			case 'TemplateLiteral': {
				break;
			}
		}
	}
}

// Follows attribute, index and splat steps down to the root, then walks what the chain holds: index keys (outermost first), the object of a chain that does not start at a name (`f(x).y`), the bodies of splats.
function walkChain(outer: Expression, names: ReadonlySet<string>, visit: Visit): void {
	let steps: ChainStep[] = [];
	const parts: Expression[] = [];
	const splatBodies: Expression[] = [];
	let node = outer;
	let top = outer;
	for (;;) {
		if (node.kind === 'GetAttribute') {
			steps.unshift(new AttributeStep(node));
			node = node.object;
		} else if (node.kind === 'Index') {
			parts.push(node.key);
			steps.unshift(new IndexChainStep(node));
			node = node.collection;
		} else if (node.kind === 'Splat') {
			splatBodies.unshift(node.each);
			steps = [new SplatStep(node), ...splatAttributes(node.each)];
			node = node.source;
			top = node;
		} else {
			break;
		}
	}

	if (node.kind === 'Variable') {
		if (!names.has(node.name)) {
			visit(new Chain(node, steps, outer, top));
		}
	} else {
		parts.push(node);
	}

	for (const part of parts) {
		descend(part, names, walkChain, visit);
	}

	for (const body of splatBodies) {
		descend(body, names, walkChain, visit);
	}
}

/**
The attribute names a splat applies to each element (`id` in `module.x[*].id`), up to the first step that is not an attribute.
*/
function splatAttributes(each: Expression): ChainStep[] {
	const steps: ChainStep[] = [];
	let node = each;
	while (node.kind === 'GetAttribute' || node.kind === 'Index') {
		if (node.kind === 'GetAttribute') {
			steps.unshift(new AttributeStep(node));
		} else {
			steps.length = 0;
		}

		node = node.kind === 'GetAttribute' ? node.object : node.collection;
	}

	return node.kind === 'SplatItem' ? steps : [];
}

/**
`names` with the names a `for` (or a `dynamic` iterator) binds added: the local names under which a root is not a reference.
*/
function bind(names: ReadonlySet<string>, ...added: Array<string | undefined>): ReadonlySet<string> {
	const result = new Set(names);
	for (const name of added) {
		if (name !== undefined) {
			result.add(name);
		}
	}

	return result;
}

const nothingSkipped: ReadonlySet<string> = new Set();
const dynamicSkip: ReadonlySet<string> = new Set(['iterator', 'content']);
// replace_triggered_by makes edges of its own kind; ignore_changes names attributes, not objects.
const lifecycleSkip: ReadonlySet<string> = new Set(['replace_triggered_by', 'ignore_changes']);

/**
Every reference chain in a block body, attributes and nested blocks alike, with the top-level attribute it is in. `skip` names top-level attributes and blocks to leave out (meta-arguments read on their own). A `dynamic` block binds its iterator name inside `content`.
*/
export function walkBodyReferenceChains(body: Body, visit: (chain: ReferenceChain, attribute: string) => void, skip: ReadonlySet<string> = nothingSkipped, bound: ReadonlySet<string> = noNames): void {
	for (const item of body.items) {
		if (skip.has(item.kind === 'Attribute' ? item.name : item.type)) {
			continue;
		}

		if (item.kind === 'Attribute') {
			descend(item.expression, bound, walkChain, (chain: ReferenceChain) => {
				visit(chain, item.name);
			});
			continue;
		}

		if (item.type === 'dynamic') {
			const iterator = item.body.items.find(inner => inner.kind === 'Attribute' && inner.name === 'iterator');
			const name = iterator?.kind === 'Attribute' && iterator.expression.kind === 'Variable' ? iterator.expression.name : item.labels[0];
			walkBodyReferenceChains(item.body, visit, dynamicSkip, bound);
			for (const content of item.body.items) {
				if (content.kind === 'Block' && content.type === 'content') {
					walkBodyReferenceChains(content.body, visit, nothingSkipped, bind(bound, name));
				}
			}

			continue;
		}

		if (item.type === 'lifecycle') {
			walkBodyReferenceChains(item.body, visit, lifecycleSkip, bound);
			continue;
		}

		walkBodyReferenceChains(item.body, visit, nothingSkipped, bound);
	}
}
