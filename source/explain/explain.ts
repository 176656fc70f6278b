import {
	type Expression, attributesOf, blocksOf, findAttribute,
} from '../hcl/ast.js';
import {parseExpression} from '../hcl/index.js';
import type {Range} from '../hcl/position.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import {formatKey} from '../expand/addresses.js';
import {variableAssumption} from '../expand/assumptions.js';
import type {RepetitionData} from '../expand/expansion.js';
import type {
	ActionInstance, ListInstance, ModuleInstance, ResourceInstance,
} from '../expand/instance-tree.js';
import {withTemplates} from '../expand/lang-adapter.js';
import {EvaluationBudget, traceBudgetSummary, traceLimits} from '../lang/budget.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {createScope, type Scope} from '../lang/eval/scope.js';
import {parseReferenceReadOnly, referenceChainOf, traversalOf, type Reference} from '../lang/references.js';
import {
	type Value, isWhollyKnown, numberValue, stringValue, trueValue, unknownValue, unmark,
} from '../lang/values.js';
import type {Workspace} from '../workspace.js';
import {type Evaluated, evaluateRecorded} from './record.js';
import {summarizeValue} from './summary.js';
// eslint-disable-next-line import/no-cycle -- a trace across Terragrunt units starts again in the other unit's Workspace
import {explainAddress} from './index.js';
import type {StepKind, TraceStep} from './trace.js';

/*
Builds a provenance trace from a Workspace: an expression is evaluated again with the evaluator's calls recorded (record.ts), each call becomes a step, and each reference is followed to what defines it in the instance it is read in (a variable to its tfvars line, TF_VAR_, --var, default or module argument; a local to its expression; a module output to its expression in the child instance; a resource attribute to its argument in that resource instance's scope, or to state, an assumption, or the provider), down to literals and unknown roots.
*/

/**
Where a step is evaluated: the module instance its references resolve in, the scope, how the explorer names it, and where `count`/`each` come from.
*/
export type Where = {
	readonly module: ModuleInstance;
	readonly scope: Scope;
	readonly label: string;
	/**
	The address `console --at` evaluates the same scope at, when there is one (a module call's arguments have none: they see the child's `count`/`each` in the parent).
	*/
	readonly at: string | undefined;
	readonly repetition?: RepetitionSource;
	/**
	The block whose expression is evaluated (`module.net["eu"].local.x`, the module call of an argument), where the explorer jumps; the scope when absent.
	*/
	readonly block?: string;
};

type RepetitionSource = {
	readonly expression: Expression;
	readonly module: ModuleInstance;
	/**
	The instance whose `count.index`/`each` they are.
	*/
	readonly owner: string;
	/**
	The block whose `count`/`for_each` it is.
	*/
	readonly block: string;
	readonly data: RepetitionData;
};

/**
One step after a reference's subject: an attribute, or an index with its key's value when known.
*/
type After = {readonly kind: 'attribute'; readonly name: string} | {readonly kind: 'index'; readonly key: Value | undefined} | {readonly kind: 'splat'};

export type ExplainLimits = {
	/**
	Elements of a `for`, a splat, or instances of a resource shown, before the rest is summarised.
	*/
	readonly elements: number;
	readonly depth: number;
};

const defaultLimits: ExplainLimits = {elements: 8, depth: 40};

export class Explainer {
	readonly #workspace: Workspace;
	readonly #limits: ExplainLimits;
	readonly #seen = new Map<string, string>();
	readonly #extraSources = new Map<string, string>();
	/**
	What the trace's evaluations may build, together (budget.ts, `traceLimits`): the configuration's own budget is the one its values spent, and evaluating them again against it failed as if they had failed.
	*/
	readonly #budget = new EvaluationBudget(traceLimits);
	readonly #tracedScopes = new WeakMap<Scope, Scope>();
	#depth = 0;
	/**
	While the `for_each` of one instance is traced: its `each.key` and address. A `for` that builds the collection then shows the element(s) that gave this instance first, and only them.
	*/
	#instanceKey: {readonly key: Value; readonly owner: string} | undefined;

	constructor(workspace: Workspace, limits: Partial<ExplainLimits> = {}) {
		this.#workspace = workspace;
		this.#limits = {...defaultLimits, ...limits};
	}

	/**
	Text an expression typed by the user (the console) is read from.
	*/
	addSource(filename: string, text: string): void {
		this.#extraSources.set(filename, text);
	}

	moduleWhere(instance: ModuleInstance): Where {
		return {
			module: instance, scope: this.#traced(this.#workspace.evaluationScope({kind: 'module', instance})), label: instance.text, at: instance.text,
		};
	}

	resourceWhere(instance: ResourceInstance): Where {
		return this.#instanceWhere(instance, instance.resource, this.#workspace.evaluationScope({kind: 'resource', instance}));
	}

	/**
	Where an action instance's `config` is evaluated (Terraform 1.14+): its module instance with its own `count.index`/`each`, `caller` unknown, as `console --at ACTION_INSTANCE` evaluates.
	*/
	actionWhere(instance: ActionInstance): Where {
		return {...this.#instanceWhere(instance, instance.action, instance.scope), block: instance.text};
	}

	/**
	Where a query list instance's `config` is evaluated (Terraform 1.14+): the root module instance with its own `count.index`/`each`.
	*/
	listWhere(instance: ListInstance): Where {
		return this.#instanceWhere(instance, instance.list, this.#workspace.evaluationScope({kind: 'list', instance}));
	}

	/**
	An expanded block instance's scope: its module instance, with the `count`/`for_each` that gave it its `count.index`/`each`.
	*/
	#instanceWhere(
		instance: {readonly text: string; readonly repetition: RepetitionData},
		owner: {readonly block: {readonly count?: Expression; readonly forEach?: Expression}; readonly moduleInstance: ModuleInstance; readonly text: string},
		scope: Scope,
	): Where {
		const meta = owner.block.count ?? owner.block.forEach;
		return {
			module: owner.moduleInstance,
			scope: this.#traced(scope),
			label: instance.text,
			at: instance.text,
			...(meta && {
				repetition: {
					expression: meta, module: owner.moduleInstance, owner: instance.text, block: owner.text, data: instance.repetition,
				},
			}),
		};
	}

	/**
	One argument (or nested block) of an action instance's `config`, traced.
	*/
	actionArgumentStep(instance: ActionInstance, name: string): TraceStep {
		const label = `${instance.text}.${name}`;
		const [object] = unmark(instance.value);
		const value = (object.kind === 'object' ? object.attributes.get(name) : undefined) ?? unknownValue();
		const where = this.actionWhere(instance);
		return this.#once(`action|${instance.text}|${name}`, label, where, value, () => {
			const {config} = instance.action.block;
			const argument = config && findAttribute(config, name);
			if (argument) {
				return this.#step('argument', label, where, value, {range: argument.range, children: this.#deeper(() => [this.traceExpression(argument.expression, where)])});
			}

			const nested = config ? blocksOf(config, name) : [];
			if (nested.length > 0) {
				const children = this.#deeper(() => nested.slice(0, this.#limits.elements).flatMap(each => attributesOf(each.body).map(argument => {
					const step = this.traceExpression(argument.expression, where);
					return {...step, label: `${argument.name}: ${step.label}`};
				})));
				return this.#step('argument', label, where, value, {range: nested[0]!.range, note: 'nested block', children});
			}

			return this.#step('argument', label, where, value, {range: instance.action.block.range, note: 'not set in config'});
		});
	}

	/**
	What runs an action instance: each resource instance of its module whose `lifecycle { action_trigger }` names it (the item's index evaluated in that resource instance's scope, as Terraform's evaluate_action_expression.go does; an index not known names it too), with the events, and the trigger's `condition` traced in the resource instance's scope.
	*/
	triggerSteps(instance: ActionInstance): TraceStep[] {
		const {action} = instance;
		const steps: TraceStep[] = [];
		for (const resource of action.moduleInstance.resources) {
			for (const trigger of resource.block.lifecycle.actionTriggers ?? []) {
				const items = trigger.actions.filter(item => item.key === action.block.key);
				for (const resourceInstance of items.length === 0 ? [] : resource.instances) {
					const where = this.resourceWhere(resourceInstance);
					const named = items.find(item => {
						const index = referenceChainOf(item.expression)?.steps[2];
						if (index?.kind !== 'index') {
							return instance.key.kind === 'none';
						}

						const [key] = unmark(evaluate(index.key, where.scope).value);
						const printed = key.kind === 'number' ? `[${key.value.toString()}]` : (key.kind === 'string' ? formatKey({kind: 'string', value: key.value}) : undefined);
						return printed === undefined || printed === formatKey(instance.key);
					});
					if (!named) {
						continue;
					}

					const condition = trigger.condition && this.traceExpression(trigger.condition, where, 'expression', 'condition');
					const events = `on ${trigger.events.join(', ')}${trigger.onFailure ? `, on_failure = ${trigger.onFailure}` : ''}`;
					steps.push(this.#step('trigger', resourceInstance.text, where, condition ? condition.value : trueValue, {
						range: named.expression.range,
						block: resourceInstance.text,
						note: condition ? `triggers it ${events}, when its condition is true${isFalse(condition.value) ? ' (false here: it does not)' : ''}` : `triggers it ${events}`,
						children: condition ? [condition] : [],
					}));
				}
			}
		}

		return steps;
	}

	/**
	Where a module instance's arguments are evaluated: its parent, with its own `count.index`/`each`.
	*/
	inputsWhere(instance: ModuleInstance): Where {
		const parent = instance.parent ?? instance;
		const call = instance.node.call;
		const meta = call?.count ?? call?.forEach;
		const block = `${prefix(parent)}module.${call?.name ?? ''}`;
		return {
			module: parent,
			scope: this.#traced(this.#workspace.evaluationScope({kind: 'inputs', instance})),
			label: parent.text,
			at: meta ? undefined : parent.text,
			block,
			...(meta && {
				repetition: {
					expression: meta, module: parent, owner: instance.text, block, data: instance.repetition,
				},
			}),
		};
	}

	/**
	The engine's scope with the trace's budget in place of the configuration's: the same references, functions and marks.
	*/
	#traced(scope: Scope): Scope {
		let traced = this.#tracedScopes.get(scope);
		if (!traced) {
			const {renderTemplate: _render, templateDepth: _depth, ...context} = scope.functionContext;
			traced = createScope({
				resolveReference: scope.resolveReference,
				functions: scope.functions,
				functionNames: scope.functionNames,
				functionContext: withTemplates({...context, budget: this.#budget}),
				console: scope.console,
			});
			this.#tracedScopes.set(scope, traced);
		}

		return traced;
	}

	/**
	The trace of an expression evaluated in `where`.
	*/
	traceExpression(expression: Expression, where: Where, kind: StepKind = 'expression', note?: string): TraceStep {
		if (this.#budget.spent) {
			// Nothing more is evaluated again once the trace's budget is spent: the step says so rather than showing a value it did not compute.
			return this.#step('limit', `${this.textOf(expression.range)}: not traced, the trace's budget is spent`, where, unknownValue(), {range: expression.range});
		}

		const {value, diagnostics, root} = evaluateRecorded(expression, where.scope);
		if (!root) {
			// References failed before evaluation: the value is unknown, and the diagnostics say why.
			return this.#step(kind, this.textOf(expression.range), where, value, {range: expression.range, console: this.#console(where.at, expression.range), note: joinNotes(note, problemNote(diagnostics))});
		}

		const step = this.#stepOf(root, where, true);
		if (kind === 'expression' && note === undefined) {
			return step;
		}

		return {...step, kind: step.kind === 'literal' && kind === 'expression' ? 'literal' : kind, ...(note !== undefined && {note: joinNotes(note, step.note)})};
	}

	#step(kind: StepKind, label: string, where: Where | {readonly label: string; readonly block?: string}, value: Value, extra: {range?: Range; block?: string; console?: TraceStep['console']; note?: string | undefined; children?: readonly TraceStep[]; unknown?: TraceStep['unknown']} = {}): TraceStep {
		const block = extra.block ?? where.block;
		return {
			kind,
			label,
			scope: where.label,
			value,
			...(extra.range && {range: extra.range}),
			...(extra.console && {console: extra.console}),
			...(block !== undefined && {block}),
			...(extra.note !== undefined && {note: extra.note}),
			...(extra.unknown && {unknown: extra.unknown}),
			children: extra.children ?? [],
		};
	}

	/**
	The expression at `range` evaluated in `at` (when it can be) as `console --at` does.
	*/
	#console(at: string | undefined, range: Range): TraceStep['console'] {
		const text = this.#workspace.sources.get(range.filename) ?? this.#extraSources.get(range.filename);
		return at === undefined || text === undefined ? undefined : {at, expression: text.slice(range.start.offset, range.end.offset)};
	}

	/**
	Expression text as written, on one line, cut when long.
	*/
	textOf(range: Range): string {
		const text = this.#workspace.sources.get(range.filename) ?? this.#extraSources.get(range.filename);
		if (text === undefined) {
			return `${range.filename}:${range.start.line}`;
		}

		const written = text.slice(range.start.offset, range.end.offset).replaceAll(/\s*\n\s*/g, ' ');
		return written.length > maximumLabel ? `${written.slice(0, maximumLabel - 1)}…` : written;
	}

	#stepOf(node: Evaluated, where: Where, topLevel: boolean): TraceStep {
		const {expression} = node;
		if (expression.kind === 'Parenthesized' && node.children[0]) {
			return this.#stepOf(node.children[0], where, topLevel);
		}

		const label = this.textOf(expression.range);
		const at = topLevel ? where.at : undefined;
		const base = {range: expression.range, console: this.#console(at, expression.range)};
		if (isLiteral(expression)) {
			return this.#step('literal', label, where, node.value, base);
		}

		const childTopLevel = (child: Evaluated): boolean => topLevel && child.scope === node.scope && child.item === undefined;
		const children = (list: readonly Evaluated[]): TraceStep[] => this.#deeper(() => list.map(child => this.#stepOf(child, where, childTopLevel(child))).filter(step => !isBareBoundName(step)));
		switch (expression.kind) {
			case 'Variable':
			case 'GetAttribute':
			case 'Index': {
				const reference = this.#referenceStep(node, where, at);
				if (reference) {
					return reference;
				}

				break;
			}

			case 'Conditional': {
				// HCL evaluates both results (to unify their types), then the condition: the trace shows the condition and the result taken.
				const condition = node.children.find(child => child.expression === expression.condition);
				const known = condition?.value.kind === 'bool';
				const takenExpression = known ? (formatBool(condition.value) === 'true' ? expression.trueResult : expression.falseResult) : undefined;
				const shown = node.children.filter(child => child === condition || takenExpression === undefined || child.expression === takenExpression);
				const note = condition === undefined ? undefined : (known ? `${formatBool(condition.value)}: ${takenExpression === expression.trueResult ? 'the first result' : 'the second result'}` : 'condition not known: both results');
				const ordered = [...(condition ? [condition] : []), ...shown.filter(child => child !== condition)];
				return this.#step('expression', label, where, node.value, {...base, note, children: children(ordered)});
			}

			case 'For': {
				return this.#step('expression', label, where, node.value, {...base, children: this.#forChildren(node, where, topLevel)});
			}

			case 'Splat': {
				return this.#step('expression', label, where, node.value, {...base, children: this.#splatChildren(node, where, topLevel)});
			}

			case 'FunctionCall': {
				if (expression.name === 'try' || expression.name === 'can') {
					let used = false;
					const steps = node.children.map(child => {
						const step = this.#deeperStep(() => this.#stepOf(child, where, childTopLevel(child)), where);
						const failure = child.diagnostics.find(diagnostic => diagnostic.severity === 'error');
						if (failure) {
							return {...step, note: joinNotes(`failed: ${failure.summary}`, step.note?.startsWith('error:') ? undefined : step.note)};
						}

						if (!used && expression.name === 'try') {
							used = true;
							// An alternative not wholly known may still fail: try's result is not known either (HCL's rule), so it is not "used".
							return {...step, note: joinNotes(isWhollyKnown(child.value) ? 'used' : 'not known, so neither is the try', step.note)};
						}

						return step;
					});
					return this.#step('expression', label, where, node.value, {...base, children: steps});
				}

				break;
			}

			case 'Object': {
				const steps = node.children.map(child => {
					const step = this.#deeperStep(() => this.#stepOf(child, where, childTopLevel(child)), where);
					const item = expression.items.find(each => each.value === child.expression);
					return item?.key.kind === 'Variable' ? {...step, label: `${item.key.name}: ${step.label}`} : step;
				});
				return this.#step('expression', label, where, node.value, {...base, children: steps});
			}

			default: {
				break;
			}
		}

		return this.#step('expression', label, where, node.value, {...base, ...problemExtra(node.diagnostics), children: children(node.children)});
	}

	#deeperStep(make: () => TraceStep, where: Where): TraceStep {
		return this.#deeper(() => [make()])[0] ?? this.#step('limit', 'the trace is too deep here', where, unknownValue());
	}

	#deeper<T>(make: () => T[]): T[] {
		if (this.#depth >= this.#limits.depth) {
			return [];
		}

		this.#depth++;
		try {
			return make();
		} finally {
			this.#depth--;
		}
	}

	/**
	A `for` expression: its collection, then one step per element (the names it binds, the value it gave).
	*/
	#forChildren(node: Evaluated, where: Where, topLevel: boolean): TraceStep[] {
		const expression = node.expression as Extract<Expression, {kind: 'For'}>;
		const [collection, ...rest] = node.children;
		const steps: TraceStep[] = [];
		if (collection) {
			steps.push(...this.#deeper(() => [this.#stepOf(collection, where, topLevel && collection.scope === node.scope)]));
		}

		// Each element starts with the same expression: the condition, else the key, else the value.
		const first = expression.condition ?? expression.keyExpression ?? expression.valueExpression;
		const groups: Evaluated[][] = [];
		for (const child of rest) {
			const last = groups.at(-1);
			if (last && child.expression !== first) {
				last.push(child);
			} else {
				groups.push([child]);
			}
		}

		// In one instance's for_each: the element(s) that gave this instance, and a count of the rest.
		const own = this.#instanceKey === undefined ? [] : groups.filter(group => {
			const key = group.find(child => child.expression === (expression.keyExpression ?? expression.valueExpression))?.value;
			return key !== undefined && sameKey(key, this.#instanceKey!.key);
		});
		const focused = own.length > 0 && own.length < groups.length;
		const shown = focused ? own : groups;
		for (const group of shown.slice(0, this.#limits.elements)) {
			const bound = group[0]!.bound;
			const names = [expression.keyVariable, expression.valueVariable].filter((name): name is string => name !== undefined);
			const label = names.map(name => `${name} = ${summarizeValue(bound?.get(name) ?? unknownValue(), 40)}`).join(', ');
			const result = group.find(child => child.expression === expression.valueExpression);
			const filtered = group.find(child => child.expression === expression.condition);
			const note = filtered?.value.kind === 'bool' && !filtered.value.value ? 'left out by the condition' : (focused ? `gives ${this.#instanceKey!.owner}` : undefined);
			const inner = this.#deeper(() => group.map(child => this.#stepOf(child, where, false)).filter(step => !isBareBoundName(step)));
			steps.push(this.#step('element', label, where, result?.value ?? unknownValue(), {note, children: inner}));
		}

		if (focused) {
			const others = groups.length - Math.min(own.length, this.#limits.elements);
			steps.push(this.#step('limit', `${others} other element${others === 1 ? '' : 's'} (other instances)`, where, unknownValue()));
		} else if (groups.length > this.#limits.elements) {
			steps.push(this.#step('limit', `${groups.length - this.#limits.elements} more elements`, where, unknownValue()));
		}

		return steps;
	}

	/**
	A splat: its source (with the attribute it reads followed into each instance), then one step per element.
	*/
	#splatChildren(node: Evaluated, where: Where, topLevel: boolean): TraceStep[] {
		const expression = node.expression as Extract<Expression, {kind: 'Splat'}>;
		const [source, ...elements] = node.children;
		const steps: TraceStep[] = [];
		if (source) {
			const attribute = firstAttributeOnItem(expression.each);
			steps.push(...this.#deeper(() => [this.#referenceStep(source, where, topLevel ? where.at : undefined, attribute === undefined ? [] : [{kind: 'splat'}, {kind: 'attribute', name: attribute}]) ?? this.#stepOf(source, where, topLevel)]));
		}

		for (const [position, element] of elements.slice(0, this.#limits.elements).entries()) {
			const inner = this.#deeper(() => element.children.filter(child => child.expression.kind !== 'SplatItem').map(child => this.#stepOf(child, where, false)));
			steps.push(this.#step('element', `[${position}]`, where, element.value, {range: element.expression.range, children: inner}));
		}

		if (elements.length > this.#limits.elements) {
			steps.push(this.#step('limit', `${elements.length - this.#limits.elements} more elements`, where, unknownValue()));
		}

		return steps;
	}

	/**
	A reference, with what defines its subject as child (`var.x` to its tfvars line, `local.y` to its expression...); undefined when the node is not a reference.
	*/
	#referenceStep(node: Evaluated, where: Where, at: string | undefined, extraAfter: readonly After[] = []): TraceStep | undefined {
		const {expression} = node;
		const found = traversalOf(expression);
		if (!found) {
			return undefined;
		}

		const label = this.textOf(expression.range);
		const chain = chainNodes(expression);
		// Keys computed in the chain (`[each.key]`) were evaluated as the chain was: their steps are children too.
		const keySteps = this.#deeper(() => node.children.map(child => this.#stepOf(child, where, at !== undefined && child.scope === node.scope)));
		if (node.scope.lookup(found.traversal.root) !== undefined) {
			return this.#step('expression', label, where, node.value, {range: expression.range, note: boundNote, children: keySteps});
		}

		const reference = parseReferenceReadOnly(found.traversal).value;
		if (!reference) {
			return this.#step('expression', label, where, node.value, {range: expression.range, console: this.#console(at, expression.range), ...problemExtra(node.diagnostics), children: keySteps});
		}

		const consumed = found.traversal.steps.length - reference.remaining.length;
		const after: After[] = chain.slice(consumed).map(step => {
			if (step.kind === 'GetAttribute') {
				return {kind: 'attribute', name: step.name};
			}

			const index = step as Extract<Expression, {kind: 'Index'}>;
			const key = node.children.find(child => child.expression === index.key);
			return {kind: 'index', key: key?.value ?? literalKeyValue(index.key)};
		});
		const sources = this.#deeper(() => this.#sourcesOf(reference, [...after, ...extraAfter], where, node.value));
		const [only] = sources;
		if (sources.length === 1 && keySteps.length === 0 && only && (only.label === label || only.label.endsWith(`.${label}`)) && only.kind !== 'expression' && only.kind !== 'limit') {
			// `var.x` read where it is declared: one step, the declaration, rather than the reference and then the declaration.
			return only;
		}

		return this.#step('expression', label, where, node.value, {range: expression.range, console: this.#console(at, expression.range), ...problemExtra(node.diagnostics), children: [...sources, ...keySteps]});
	}

	#sourcesOf(reference: Reference, after: readonly After[], where: Where, value: Value): TraceStep[] {
		const {subject} = reference;
		switch (subject.kind) {
			case 'variable': {
				return optional(this.variableStep(where.module, subject.name));
			}

			case 'local': {
				return optional(this.localStep(where.module, subject.name));
			}

			case 'module': {
				return this.#moduleSteps(where, subject.name, after);
			}

			case 'resource': {
				const key = `${subject.mode === 'managed' ? '' : `${subject.mode}.`}${subject.type}.${subject.name}`;
				return this.#resourceSteps(where, key, after);
			}

			case 'count':
			case 'each': {
				return optional(this.#repetitionStep(where, subject.kind === 'count' ? `count.${subject.name}` : `each.${subject.name}`, value));
			}

			case 'path':
			case 'terraform': {
				return [this.#step('builtin', `${subject.kind}.${subject.name}`, where, value, {note: subject.kind === 'path' ? 'a path of the configuration' : 'the selected workspace'})];
			}

			case 'self': {
				return [];
			}
		}
	}

	/**
	Shown once per trace: a second reference to the same thing is a `seen` step.
	*/
	#once(key: string, label: string, where: {readonly label: string}, value: Value, make: () => TraceStep): TraceStep {
		const first = this.#seen.get(key);
		if (first !== undefined) {
			return this.#step('seen', label, where, value, {note: 'shown above'});
		}

		this.#seen.set(key, label);
		return make();
	}

	variableStep(instance: ModuleInstance, name: string): TraceStep | undefined {
		const declaration = instance.node.module.variables.get(name);
		if (!declaration) {
			return undefined;
		}

		const label = `${prefix(instance)}var.${name}`;
		const value = instance.variable(name) ?? unknownValue();
		const where = {...this.moduleWhere(instance), block: label};
		return this.#once(`var|${instance.text}|${name}`, label, where, value, () => {
			const source = this.#variableSource(instance, name, value);
			return this.#step('variable', label, where, value, {range: declaration.range, block: label, console: {at: instance.text, expression: `var.${name}`}, children: source ? [source] : []});
		});
	}

	#variableSource(instance: ModuleInstance, name: string, value: Value): TraceStep | undefined {
		const workspace = this.#workspace;
		const declaration = instance.node.module.variables.get(name)!;
		const where = {...this.moduleWhere(instance), block: `${prefix(instance)}var.${name}`};
		const assumed = variableAssumption(workspace.assumptions, instance.address, name);
		if (assumed) {
			return this.#step('assumption', `${assumed.address} = ${assumed.expression}`, where, value, {range: assumed.range, note: `assumed by ${assumed.source}`});
		}

		if (instance.parent) {
			const input = instance.node.call?.inputs.find(attribute => attribute.name === name);
			if (input) {
				return this.traceExpression(input.expression, this.inputsWhere(instance), 'input', `argument "${name}" of ${instance.text}`);
			}
		} else {
			const raw = workspace.rootVariables.get(name);
			if (raw?.kind === 'expression') {
				return this.#step('tfvars', name, where, value, {range: raw.expression.range, note: `set in ${raw.source}`});
			}

			if (raw?.kind === 'value') {
				// Across a Terragrunt dependency: the output's own trace in the other unit.
				const children = (raw.origins ?? []).flatMap(origin => {
					const traced = explainAddress(origin.workspace as Workspace, origin.address).value;
					return traced ? [{...traced.root, label: `${origin.label}: ${traced.root.label}`}] : [];
				});
				return this.#step('tfvars', `inputs.${name}`, where, value, {...(raw.range && {range: raw.range}), note: `set in ${raw.source}`, children});
			}

			if (raw?.kind === 'text') {
				const environment = raw.source.startsWith('environment variable ');
				const label = environment ? `${raw.source.slice('environment variable '.length)}=${raw.text}` : `--var ${name}=${raw.text}`;
				return this.#step(environment ? 'environment' : 'command-line', label, where, value, {note: environment ? 'set in the environment' : 'set on the command line'});
			}
		}

		if (declaration.default) {
			return this.traceExpression(declaration.default, where, 'default');
		}

		return this.#step('unknown', `var.${name}`, where, value, {range: declaration.range, note: 'no value given', unknown: {when: 'variable', address: `${prefix(instance)}var.${name}`}});
	}

	localStep(instance: ModuleInstance, name: string): TraceStep | undefined {
		const declaration = instance.node.module.locals.get(name);
		if (!declaration) {
			return undefined;
		}

		const label = `${prefix(instance)}local.${name}`;
		const value = instance.local(name) ?? unknownValue();
		const where = {...this.moduleWhere(instance), block: label};
		return this.#once(`local|${instance.text}|${name}`, label, where, value, () => this.#step('local', label, where, value, {
			range: declaration.range, block: label, console: {at: instance.text, expression: `local.${name}`}, children: this.#deeper(() => [this.traceExpression(declaration.expression, where)]),
		}));
	}

	outputStep(instance: ModuleInstance, name: string): TraceStep | undefined {
		const declaration = instance.node.module.outputs.get(name);
		if (!declaration) {
			return undefined;
		}

		const label = `${instance.text === '' ? '' : `${instance.text}.`}${instance.text === '' ? 'output.' : ''}${name}`;
		const value = instance.output(name) ?? unknownValue();
		const where = {...this.moduleWhere(instance), block: `${prefix(instance)}output.${name}`};
		return this.#once(`output|${instance.text}|${name}`, label, where, value, () => this.#step('output', label, where, value, {
			range: declaration.range, block: `${prefix(instance)}output.${name}`, children: declaration.value ? this.#deeper(() => [this.traceExpression(declaration.value!, where)]) : [],
		}));
	}

	#moduleSteps(where: Where, name: string, after: readonly After[]): TraceStep[] {
		const call = where.module.calls.find(each => each.call.name === name);
		if (!call) {
			return [];
		}

		const owner = `${prefix(where.module)}module.${name}`;
		if (call.expansion.mode === 'unknown') {
			return [this.#openEnded(owner, (call.call.count ?? call.call.forEach)!, where.module, call.expansion.meta)];
		}

		const {selected, rest} = selectInstances(call.instances, call.expansion.mode === 'single' || call.expansion.mode === 'enabled', after);
		const output = rest[0]?.kind === 'attribute' ? rest[0].name : undefined;
		if (output === undefined) {
			// The whole object (`values(module.net)`, `module.net["a"]`): each instance's outputs, as the object is made of them.
			const names = [...call.node.module.outputs.keys()];
			return this.#limited(selected.flatMap(child => names.map(name => ({child, name}))), where, ({child, name}) => this.outputStep(child, name));
		}

		return this.#limited(selected, where, child => this.outputStep(child, output));
	}

	#resourceSteps(where: Where, key: string, after: readonly After[]): TraceStep[] {
		const resource = where.module.resources.find(each => each.block.key === key);
		if (!resource) {
			return [];
		}

		if (resource.expansion.mode === 'unknown') {
			return [this.#openEnded(resource.text, (resource.block.count ?? resource.block.forEach)!, where.module, resource.expansion.meta)];
		}

		const {selected, rest} = selectInstances(resource.instances, resource.expansion.mode === 'single' || resource.expansion.mode === 'enabled', after);
		const attribute = rest[0]?.kind === 'attribute' ? rest[0].name : undefined;
		if (attribute === undefined) {
			return [];
		}

		return this.#limited(selected, where, instance => this.attributeStep(instance, attribute));
	}

	#limited<T>(items: readonly T[], where: Where, make: (item: T) => TraceStep | undefined): TraceStep[] {
		const steps = items.slice(0, this.#limits.elements).map(item => make(item)).filter((step): step is TraceStep => step !== undefined);
		if (items.length > this.#limits.elements) {
			steps.push(this.#step('limit', `${items.length - this.#limits.elements} more instances`, where, unknownValue()));
		}

		return steps;
	}

	/**
	A block whose number of instances is not known: a root of unknown values, with its `count`/`for_each` traced.
	*/
	#openEnded(owner: string, meta: Expression, module: ModuleInstance, kind: 'count' | 'for_each'): TraceStep {
		const where = {...this.moduleWhere(module), block: owner};
		return this.#once(`open|${owner}`, owner, where, unknownValue(), () => this.#step('unknown', owner, where, unknownValue(), {
			block: owner,
			note: `its ${kind} is not known, so neither are its instances`,
			unknown: {when: 'count', address: owner},
			children: this.#deeper(() => [this.traceExpression(meta, where, 'expression', kind)]),
		}));
	}

	/**
	A resource instance's attribute: its argument in configuration (traced in the instance's scope), an assumption, state, the provider, or an unknown root.
	*/
	attributeStep(instance: ResourceInstance, name: string): TraceStep {
		const label = `${instance.text}.${name}`;
		const [object] = unmark(instance.value);
		const value = (object.kind === 'object' ? object.attributes.get(name) : undefined) ?? unknownValue();
		const where = this.resourceWhere(instance);
		return this.#once(`attribute|${instance.text}|${name}`, label, where, value, () => {
			const assumed = instance.assumed.findLast(assumption => assumption.target.kind === 'resource' && (assumption.target.path.length === 0 || assumption.target.path[0] === name));
			if (assumed) {
				return this.#step('assumption', label, where, value, {range: assumed.range, note: `assumed by ${assumed.source}: ${assumed.address} = ${assumed.expression}`});
			}

			const {block} = instance.resource;
			const argument = metaArguments.has(name) ? undefined : findAttribute(block.body, name);
			if (argument) {
				return this.#step('argument', label, where, value, {range: argument.range, console: {at: instance.resource.moduleInstance.text, expression: `${block.key}${formatKey(instance.key)}.${name}`}, children: this.#deeper(() => [this.traceExpression(argument.expression, where)])});
			}

			// A nested block (`versioning_configuration { ... }`) or a `dynamic` one: its arguments, each traced in the instance's scope.
			const nested = blocksOf(block.body, name);
			const dynamic = blocksOf(block.body, 'dynamic').filter(each => each.labels[0] === name);
			if (nested.length > 0 || dynamic.length > 0) {
				const children = this.#deeper(() => [
					...nested.slice(0, this.#limits.elements).flatMap(each => attributesOf(each.body).map(argument => {
						const step = this.traceExpression(argument.expression, where);
						return {...step, label: `${argument.name}: ${step.label}`};
					})),
					...dynamic.flatMap(each => {
						const forEach = findAttribute(each.body, 'for_each');
						return forEach ? [this.traceExpression(forEach.expression, where, 'expression', `dynamic "${name}" for_each`)] : [];
					}),
				]);
				return this.#step('argument', label, where, value, {range: (nested[0] ?? dynamic[0])!.range, note: dynamic.length > 0 ? 'dynamic blocks' : 'nested block', children});
			}

			if (instance.fromState && isWhollyKnown(value)) {
				return this.#step('state', label, where, value, {range: block.range, note: 'from the state file'});
			}

			if (!isWhollyKnown(value)) {
				const data = block.mode === 'data';
				return this.#step('unknown', label, where, value, {
					range: block.range,
					note: data ? 'read from the provider during plan' : 'known only after apply (computed by the provider)',
					unknown: {when: data ? 'plan' : 'apply', address: label, block: instance.resource.text},
				});
			}

			return this.#step('provider', label, where, value, {range: block.range, note: 'set by the provider (not in the configuration)'});
		});
	}

	#repetitionStep(where: Where, label: string, value: Value): TraceStep | undefined {
		const source = where.repetition;
		if (!source) {
			return undefined;
		}

		const kind = label === 'count.index' ? 'count' : 'for_each';
		const moduleWhere = {...this.moduleWhere(source.module), block: source.block};
		const own = label === 'count.index' ? source.data.countIndex : (label === 'each.key' ? source.data.eachKey : source.data.eachValue);
		return this.#step('repetition', label, where, own ?? value, {
			note: `of ${source.owner}`,
			children: [this.#once(`repetition|${source.module.text}|${source.expression.range.filename}:${source.expression.range.start.offset}`, kind, moduleWhere, evaluate(source.expression, moduleWhere.scope).value, () => this.#forInstance(source.data.eachKey, source.owner, () => this.traceExpression(source.expression, moduleWhere, 'expression', kind)))],
		});
	}

	/**
	Traces with the `for` expressions focused on one instance's element (see `#instanceKey`).
	*/
	#forInstance<T>(key: Value | undefined, owner: string, make: () => T): T {
		const outer = this.#instanceKey;
		this.#instanceKey = key === undefined || key.kind !== 'string' ? undefined : {key, owner};
		try {
			return make();
		} finally {
			this.#instanceKey = outer;
		}
	}

	openEnded(owner: string, meta: Expression, module: ModuleInstance, kind: 'count' | 'for_each'): TraceStep {
		return this.#openEnded(owner, meta, module, kind);
	}

	/**
	An expression typed by the user, evaluated in `where` (the console's `:why`).
	*/
	traceText(text: string, where: Where, filename: string): {readonly step?: TraceStep; readonly diagnostics: readonly Diagnostic[]} {
		const parsed = parseExpression(text, filename);
		if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return {diagnostics: parsed.diagnostics};
		}

		this.addSource(filename, text);
		return {step: this.traceExpression(parsed.value, where), diagnostics: []};
	}
}

const maximumLabel = 100;

function isFalse(value: Value): boolean {
	const [bare] = unmark(value);
	return bare.kind === 'bool' && !bare.value;
}

const boundNote = 'bound by a for expression';

/**
A bare `for` name (`zone`): its element step already shows it.
*/
function isBareBoundName(step: TraceStep): boolean {
	return step.note === boundNote && step.children.length === 0 && /^[\w-]+$/.test(step.label);
}

const metaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'depends_on', 'lifecycle', 'provisioner', 'connection']);

function optional(step: TraceStep | undefined): TraceStep[] {
	return step ? [step] : [];
}

function prefix(instance: ModuleInstance): string {
	return instance.text === '' ? '' : `${instance.text}.`;
}

function formatBool(value: Value): string {
	return value.kind === 'bool' && value.value ? 'true' : 'false';
}

function joinNotes(first: string | undefined, second: string | undefined): string | undefined {
	if (first === undefined) {
		return second;
	}

	return second === undefined ? first : `${first}; ${second}`;
}

function problemNote(diagnostics: readonly Diagnostic[]): string | undefined {
	const error = diagnostics.find(diagnostic => diagnostic.severity === 'error');
	if (error?.summary === traceBudgetSummary) {
		// Not a problem of the configuration: the trace did not evaluate it again (its limit is in the detail, `why --json`).
		return `not evaluated again: past the trace's budget of ${/past (.*?), the trace's own budget/.exec(error.detail ?? '')?.[1] ?? 'maximumTraceElements'}`;
	}

	return error ? `error: ${error.summary}` : undefined;
}

function problemExtra(diagnostics: readonly Diagnostic[]): {note?: string} {
	const note = problemNote(diagnostics);
	return note === undefined ? {} : {note};
}

/**
An expression with no reference and no function call: a literal value written in place.
*/
function isLiteral(expression: Expression): boolean {
	switch (expression.kind) {
		case 'Literal': {
			return true;
		}

		case 'Template': {
			return expression.parts.every(part => part.kind === 'TemplateLiteral');
		}

		case 'Tuple': {
			return expression.items.every(item => isLiteral(item));
		}

		case 'Object': {
			return expression.items.every(item => (item.key.kind === 'Variable' || isLiteral(item.key)) && isLiteral(item.value));
		}

		case 'Parenthesized': {
			return isLiteral(expression.expression);
		}

		case 'UnaryOp': {
			return isLiteral(expression.operand);
		}

		default: {
			return false;
		}
	}
}

/**
The attribute and index nodes of a chain on a root name, root-most first.
*/
function chainNodes(expression: Expression): Expression[] {
	const chain: Expression[] = [];
	let current = expression;
	while (current.kind === 'GetAttribute' || current.kind === 'Index') {
		chain.push(current);
		current = current.kind === 'GetAttribute' ? current.object : current.collection;
	}

	return chain.reverse();
}

/**
The attribute a splat's `each` reads first from the element: `id` in `aws_subnet.this[*].id`.
*/
function firstAttributeOnItem(each: Expression): string | undefined {
	const chain = [];
	let current = each;
	while (current.kind === 'GetAttribute' || current.kind === 'Index') {
		chain.push(current);
		current = current.kind === 'GetAttribute' ? current.object : current.collection;
	}

	const first = chain.at(-1);
	return current.kind === 'SplatItem' && first?.kind === 'GetAttribute' ? first.name : undefined;
}

function literalKeyValue(expression: Expression): Value | undefined {
	if (expression.kind === 'Literal' && expression.value.type === 'number') {
		return numberValue(expression.value.text);
	}

	if (expression.kind === 'Template' && expression.parts.every(part => part.kind === 'TemplateLiteral')) {
		return stringValue(expression.parts.map(part => (part as {readonly value: string}).value).join(''));
	}

	return undefined;
}

/**
The instances an index step picks (`[0]`, `["a"]`, `[each.key]`), and the steps after it; every instance for a splat or an unindexed reference to a repeated block.
*/
function selectInstances<T extends {readonly key: ModuleInstance['key']}>(instances: readonly T[], single: boolean, after: readonly After[]): {selected: readonly T[]; rest: readonly After[]} {
	if (single) {
		return {selected: instances, rest: after};
	}

	const [first, ...rest] = after;
	if (first?.kind === 'index') {
		const key = first.key;
		const wanted = key === undefined ? undefined : keyText(key);
		return {selected: wanted === undefined ? instances : instances.filter(instance => formatKey(instance.key) === wanted), rest};
	}

	if (first?.kind === 'splat') {
		return {selected: instances, rest};
	}

	return {selected: instances, rest: after};
}

function keyText(value: Value): string | undefined {
	const [bare] = unmark(value);
	if (bare.kind === 'string') {
		return formatKey({kind: 'string', value: bare.value});
	}

	if (bare.kind === 'number') {
		const number = Number(String(bare.value));
		return Number.isSafeInteger(number) ? formatKey({kind: 'int', value: number}) : undefined;
	}

	return undefined;
}

/**
Whether a `for` element's key (or, building a set, its value) is an instance's `each.key`.
*/
function sameKey(value: Value, key: Value): boolean {
	const [plain] = unmark(value);
	const [wanted] = unmark(key);
	return plain.kind === 'string' && wanted.kind === 'string' && plain.value === wanted.value;
}
