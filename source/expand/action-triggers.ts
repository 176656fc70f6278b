import type {ActionTrigger} from '../config/module.js';
import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {nameSuggestion} from '../hcl/did-you-mean.js';
import {convert, conversionFailureText} from '../lang/convert.js';
import {mismatchWordingOf} from '../lang/function.js';
import {evaluate} from '../lang/eval/evaluate.js';
import type {Scope} from '../lang/eval/scope.js';
import {referenceChainOf, walkReferenceChains} from '../lang/references.js';
import {boolType} from '../lang/types.js';
import {unknownValue, unmark, type Value} from '../lang/values.js';
import {formatKey, type InstanceKey} from './addresses.js';
import {noRepetition, type RepetitionData} from './expansion.js';
import type {ActionExpansion, ResourceExpansion} from './instance-tree.js';

/*
What Terraform checks when a resource instance's change triggers its `lifecycle { action_trigger }` blocks (Terraform 1.14+), checked here for every resource instance since tfscope does not know which change a plan makes:
- each `actions` item names an action of this module (internal/terraform/transform_config.go buildActionTriggers at v1.14 aa3ef8c and v1.16 fcd4f21: "action_trigger actions references non-existent action");
- the instance it names, its index evaluated with the resource instance's count.index/each (evaluate_action_expression.go): at 1.16 the key suits the action's count/for_each ("Missing index", "Invalid index": node_action.go validateInstanceKey) and names an instance ("Reference to non-existent action instance": EvalInstance); at 1.14 and 1.15 only that it names one, with that release's detail (node_action_trigger_instance_plan.go Execute). An index not known statically is Terraform's wildcard key: not checked;
- `condition`, evaluated as a bool in the resource instance's scope. 1.14 and 1.15 refuse `self` in it, and `count`/`each` when an event runs before the change (evaluateActionCondition); 1.16 evaluates it with `self` (node_resource_abstract_instance.go planActionTriggers). Unknown is allowed: 1.14's "Condition must be known" is a plan-time fact, and tfscope's unknowns (values of resources not in a state it was given) would make it a false error.
*/

/**
What the checks need of the module instance: its actions, a scope for a resource instance, and where diagnostics go.
*/
export type TriggerHost = {
	readonly text: string;
	/** The module's static path, `module.a.module.b` (`''` for the root), as Terraform's ConfigAction prints it. */
	readonly configPath: string;
	readonly actions: readonly ActionExpansion[];
	scope(repetition: RepetitionData, self?: Value): Scope;
	report(diagnostics: readonly Diagnostic[]): void;
};

export function checkActionTriggers(host: TriggerHost, resource: ResourceExpansion, release: 'events' | 'destroy-events'): void {
	const triggers = resource.block.lifecycle.actionTriggers;
	if (!triggers) {
		return;
	}

	const actions = new Map(host.actions.map(action => [action.block.key, action]));
	const configName = (key: string): string => (host.configPath === '' ? key : `${host.configPath}.${key}`);
	const diagnostics: Diagnostic[] = [];
	// Conditions whose references 1.14 refuses are not evaluated (evaluateActionCondition returns first).
	const refused = new Set<ActionTrigger>();
	for (const trigger of triggers) {
		for (const item of trigger.actions) {
			if (item.key !== undefined && !actions.has(item.key)) {
				const suggestion = nameSuggestion(configName(item.key), [...actions.keys()].map(key => configName(key)));
				diagnostics.push(errorDiagnostic('action_trigger actions references non-existent action', `The lifecycle action_trigger actions list contains a reference to the action "${configName(item.key)}" that does not exist in the configuration of this module.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, item.expression.range, resource.block.range));
			}
		}

		const problems = trigger.condition ? conditionReferences(trigger, trigger.condition, release) : [];
		if (problems.length > 0) {
			refused.add(trigger);
			diagnostics.push(...problems);
		}
	}

	for (const instance of resource.instances) {
		for (const trigger of triggers) {
			if (trigger.condition && !refused.has(trigger)) {
				const scope = host.scope(release === 'events' && hasBeforeEvent(trigger) ? noRepetition : instance.repetition, release === 'destroy-events' ? unknownValue() : undefined);
				diagnostics.push(...conditionValue(trigger.condition, scope));
			}

			for (const item of trigger.actions) {
				const action = item.key === undefined ? undefined : actions.get(item.key);
				if (action) {
					diagnostics.push(...instanceProblems(host, action, item.expression, instance.repetition, release));
				}
			}
		}
	}

	host.report(diagnostics);
}

function hasBeforeEvent(trigger: ActionTrigger): boolean {
	return trigger.events.includes('before_create') || trigger.events.includes('before_update');
}

/**
Terraform 1.14 and 1.15's reference checks of `condition` (evaluateActionCondition).
*/
function conditionReferences(trigger: ActionTrigger, condition: Expression, release: 'events' | 'destroy-events'): Diagnostic[] {
	if (release !== 'events') {
		return [];
	}

	const roots = new Set<string>();
	walkReferenceChains(condition, chain => {
		roots.add(chain.root);
	});
	if (roots.has('self')) {
		return [errorDiagnostic('Self reference not allowed', 'The condition expression cannot reference "self".', condition.range)];
	}

	const found: Diagnostic[] = [];
	if (hasBeforeEvent(trigger)) {
		if (roots.has('count')) {
			found.push(errorDiagnostic('Count reference not allowed', 'The condition expression cannot reference "count" if the action is run before the resource is applied.', condition.range));
		} else if (roots.has('each')) {
			found.push(errorDiagnostic('Each reference not allowed', 'The condition expression cannot reference "each" if the action is run before the resource is applied.', condition.range));
		}
	}

	return found;
}

/**
The errors of evaluating `condition` as a bool (Scope.EvalExpr with cty.Bool).
*/
function conditionValue(condition: Expression, scope: Scope): Diagnostic[] {
	const {value, diagnostics} = evaluate(condition, scope);
	if (diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return [...diagnostics];
	}

	const [bare] = unmark(value);
	const converted = convert(bare, boolType);
	if (!converted.ok) {
		return [...diagnostics, errorDiagnostic('Incorrect value type', `Invalid expression value: ${conversionFailureText(converted, mismatchWordingOf(scope.functionContext))}.`, condition.range)];
	}

	return [...diagnostics];
}

/**
The key an `actions` item gives its action in a resource instance's scope: none, a known int or string key, or undefined for an index not known statically (Terraform's wildcard) or an item that is no plain reference.
*/
function itemKey(expression: Expression, scope: Scope): InstanceKey | undefined {
	const chain = referenceChainOf(expression);
	const index = chain?.steps[2];
	if (!chain || chain.steps.length < 2) {
		return undefined;
	}

	if (!index) {
		return {kind: 'none'};
	}

	if (index.kind !== 'index') {
		return undefined;
	}

	const [key] = unmark(evaluate(index.key, scope).value);
	if (key.kind === 'number' && key.value.isInteger()) {
		return {kind: 'int', value: key.value.toNumber()};
	}

	return key.kind === 'string' ? {kind: 'string', value: key.value} : undefined;
}

function instanceProblems(host: TriggerHost, action: ActionExpansion, expression: Expression, repetition: RepetitionData, release: 'events' | 'destroy-events'): Diagnostic[] {
	const key = itemKey(expression, host.scope(repetition));
	if (!key) {
		return [];
	}

	const {block} = action;
	if (release === 'destroy-events') {
		const problem = keyProblem(key, block.count !== undefined ? 'count' : (block.forEach === undefined ? 'none' : 'for_each'));
		if (problem) {
			return [errorDiagnostic(problem.summary, problem.detail, expression.range)];
		}
	}

	// An action whose count/for_each is not known has no instances yet: nothing to look for.
	if (action.expansion.mode === 'unknown') {
		return [];
	}

	const wanted = `${action.text}${formatKey(key)}`;
	if (action.instances.some(instance => instance.text === wanted)) {
		return [];
	}

	const configAction = host.configPath === '' ? block.key : `${host.configPath}.${block.key}`;
	return [errorDiagnostic('Reference to non-existent action instance', release === 'destroy-events' ? `The address ${wanted} does not identify an instance of ${configAction}` : 'Action instance was not found in the current context.', expression.range)];
}

/**
Terraform 1.16's validateInstanceKey (node_action.go), with its words. Go's `%d` of a string key prints `%!d(addrs.StringKey=…)`, as Terraform's message does.
*/
function keyProblem(key: InstanceKey, meta: 'count' | 'for_each' | 'none'): {summary: string; detail: string} | undefined {
	switch (meta) {
		case 'count': {
			if (key.kind === 'string') {
				return {summary: 'Invalid index', detail: `Invalid string key ${formatKey(key)} for action with count`};
			}

			return key.kind === 'none' ? {summary: 'Missing index', detail: 'An action with count must be referenced via an integer key'} : undefined;
		}

		case 'for_each': {
			if (key.kind === 'int') {
				return {summary: 'Invalid index', detail: `Invalid key ${key.value} for action with for_each`};
			}

			return key.kind === 'none' ? {summary: 'Missing index', detail: 'An action with for_each must be referenced via a string key'} : undefined;
		}

		case 'none': {
			if (key.kind === 'none') {
				return undefined;
			}

			return {summary: 'Invalid index', detail: `Unexpanded action referenced with instance key ${key.kind === 'int' ? String(key.value) : `%!d(addrs.StringKey=${key.kind === 'string' ? key.value : '?'})`}`};
		}
	}
}
