import {type Block, type Body, type Expression, blocksOf, findAttribute} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import {definitionRange} from '../../hcl/ast.js';
import {traversalsOf} from '../../lang/references.js';
import type {LanguageRules} from '../language.js';
import type {ActionBlock, ActionTrigger} from '../module.js';
import {traversalText, tupleItems} from '../static.js';
import {checkLabels, declared} from './common.js';
import {readProviderReference} from './provider.js';
import {jsonReference} from './quoted-reference.js';

/*
`action "TYPE" "NAME"` blocks and the `action_trigger` blocks of a managed resource's `lifecycle` (Terraform 1.14; `before_destroy`/`after_destroy` events and `on_failure` from 1.16), read and checked as hashicorp/terraform's internal/configs/action.go decodes them (decodeActionBlock, decodeActionTriggerBlock, decodeActionTriggerRef), with its words. An action is run by its provider when a triggering change is applied: tfscope only reads it, evaluates its arguments and shows what triggers it.
*/

const identifierPattern = /^[A-Za-z_][\w-]*$/;
const badIdentifierDetail = 'A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.';

/**
Arguments and blocks not in a schema, as HCL's Body.Content reports them.
*/
function checkContent(body: Body, attributes: readonly string[], blocks: readonly string[], context: Block, diagnostics: Diagnostic[]): void {
	for (const item of body.items) {
		if (item.kind === 'Attribute' && !attributes.includes(item.name)) {
			diagnostics.push(errorDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected here.`, item.nameRange, context.range));
		} else if (item.kind === 'Block' && !blocks.includes(item.type)) {
			diagnostics.push(errorDiagnostic('Unsupported block type', `Blocks of type "${item.type}" are not expected here.`, item.typeRange, context.range));
		}
	}
}

export function readAction(block: Block, diagnostics: Diagnostic[], rules: LanguageRules): ActionBlock | undefined {
	if (!checkLabels(block, ['type', 'name'], diagnostics)) {
		return undefined;
	}

	const [type, name] = block.labels as [string, string];
	if (!identifierPattern.test(type)) {
		diagnostics.push(errorDiagnostic('Invalid action type name', badIdentifierDetail, block.labelRanges[0], block.range));
	}

	if (!identifierPattern.test(name)) {
		diagnostics.push(errorDiagnostic('Invalid action name', badIdentifierDetail, block.labelRanges[1], block.range));
	}

	checkContent(block.body, ['count', 'for_each', 'provider'], ['config'], block, diagnostics);
	const count = findAttribute(block.body, 'count');
	const forEach = findAttribute(block.body, 'for_each');
	if (count && forEach) {
		diagnostics.push(errorDiagnostic('Invalid combination of "count" and "for_each"', 'The "count" and "for_each" meta-arguments are mutually-exclusive, only one should be used.', forEach.nameRange, block.range));
	}

	const configs = blocksOf(block.body, 'config');
	if (configs.length > 1) {
		diagnostics.push(errorDiagnostic('Duplicate config block', 'An action must contain only one nested "config" block.', definitionRange(configs[1]!), block.range));
		return undefined;
	}

	const providerAttribute = findAttribute(block.body, 'provider');
	const provider = providerAttribute ? readProviderReference(providerAttribute.expression, diagnostics, rules) : undefined;
	return declared<ActionBlock>(block, {
		kind: 'action',
		type,
		name,
		key: `action.${type}.${name}`,
		...(count && !forEach && {count: count.expression}),
		...(forEach && {forEach: forEach.expression}),
		...(provider && {provider}),
		...(configs[0] && {config: configs[0].body}),
		...(rules.actions === 'destroy-events' && {caller: true as const}),
		block,
	});
}

const createUpdateEvents = ['before_create', 'after_create', 'before_update', 'after_update'];
const allEvents = [...createUpdateEvents, 'before_destroy', 'after_destroy'];

/**
A bare keyword (`after_create`; a string in JSON syntax), as hcl.ExprAsKeyword reads one; '' for anything else, a quoted string in native syntax included (hclsyntax's template expressions have no AsTraversal: `"after_create"` is Terraform's `Invalid "event" value `).
*/
function keyword(expression: Expression, syntax: 'native' | 'json'): string {
	if (syntax === 'native' && expression.kind !== 'Variable') {
		return '';
	}

	const text = traversalText(expression);
	return text !== undefined && identifierPattern.test(text) ? text : '';
}

/**
A static list, as hcl.ExprList requires one.
*/
function staticList(expression: Expression, diagnostics: Diagnostic[]): readonly Expression[] | undefined {
	const items = tupleItems(expression);
	if (!items) {
		diagnostics.push(errorDiagnostic('Invalid expression', 'A static list expression is required.', expression.range));
	}

	return items;
}

/**
One `action_trigger` block of a managed resource's lifecycle.
*/
export function readActionTrigger(block: Block, diagnostics: Diagnostic[], rules: LanguageRules): ActionTrigger {
	const destroyEvents = rules.actions === 'destroy-events';
	const attributes = ['events', 'condition', 'actions', ...(destroyEvents ? ['on_failure'] : [])];
	checkContent(block.body, attributes, [], block, diagnostics);
	for (const required of ['events', 'actions']) {
		if (!findAttribute(block.body, required)) {
			diagnostics.push(errorDiagnostic('Missing required argument', `The argument "${required}" is required, but no definition was found.`, block.body.range, block.range));
		}
	}

	const events: string[] = [];
	const eventsAttribute = findAttribute(block.body, 'events');
	const known = destroyEvents ? allEvents : createUpdateEvents;
	for (const item of (eventsAttribute && staticList(eventsAttribute.expression, diagnostics)) ?? []) {
		const event = keyword(item, block.body.syntax);
		if (!known.includes(event)) {
			diagnostics.push(errorDiagnostic(`Invalid "event" value ${event}`, `The "event" argument supports the following values: ${known.join(', ')}.`, item.range));
		} else if (events.includes(event)) {
			diagnostics.push(errorDiagnostic(`Duplicate "${event}" event`, 'The event is already defined in this action_trigger block.', item.range));
		} else {
			events.push(event);
		}
	}

	const onFailureAttribute = destroyEvents ? findAttribute(block.body, 'on_failure') : undefined;
	let onFailure: ActionTrigger['onFailure'];
	if (onFailureAttribute) {
		const word = keyword(onFailureAttribute.expression, block.body.syntax);
		if (word === 'halt' || word === 'taint' || word === 'continue') {
			onFailure = word;
		} else {
			diagnostics.push(errorDiagnostic('Invalid "on_failure" keyword', 'The "on_failure" argument requires one of the following keywords: halt, taint or continue.', onFailureAttribute.expression.range));
		}
	}

	const actions: Array<ActionTrigger['actions'][number]> = [];
	const actionsAttribute = findAttribute(block.body, 'actions');
	const items = actionsAttribute ? staticList(actionsAttribute.expression, diagnostics) : undefined;
	for (const written of items ?? []) {
		const expression = jsonReference(written, block.body.syntax);
		actions.push({expression, ...actionKeyOf(expression, diagnostics)});
	}

	const definition = definitionRange(block);
	if (actions.length === 0) {
		diagnostics.push(errorDiagnostic('No actions specified', 'At least one action must be specified for an action_trigger.', definition));
	}

	if (events.length === 0) {
		diagnostics.push(errorDiagnostic('No events specified', 'At least one event must be specified for an action_trigger.', definition));
	}

	const condition = findAttribute(block.body, 'condition');
	return declared<ActionTrigger>(block, {
		events,
		...(condition && {condition: condition.expression}),
		actions,
		...(onFailure && {onFailure}),
		block,
	});
}

/**
The action an `actions` item names (`action.TYPE.NAME`, maybe indexed by `count.index` or `each.key`): exactly one action reference, and besides it only `count` and `each` (decodeActionTriggerRef).
*/
function actionKeyOf(expression: Expression, diagnostics: Diagnostic[]): {readonly key?: string} {
	const keys: string[] = [];
	for (const traversal of traversalsOf(expression)) {
		const [type, name] = traversal.steps;
		if (traversal.root === 'action' && type?.kind === 'attribute' && name?.kind === 'attribute') {
			keys.push(`action.${type.name}.${name.name}`);
		} else if (traversal.root === 'action') {
			diagnostics.push(errorDiagnostic('Invalid reference', 'An action reference must have the form action.TYPE.NAME.', expression.range));
			return {};
		} else if (traversal.root === 'module') {
			diagnostics.push(errorDiagnostic('Invalid reference to action outside this module', 'Actions can only be referenced in the module they are declared in.', expression.range));
			return {};
		} else if (traversal.root !== 'count' && traversal.root !== 'each') {
			diagnostics.push(errorDiagnostic('Invalid action argument inside action_triggers', 'action_triggers.actions must only refer to actions in the current module, count.index, or each.key.', expression.range));
			return {};
		}
	}

	if (keys.length === 0) {
		diagnostics.push(errorDiagnostic('No actions specified', 'At least one action must be specified for an action_trigger.', expression.range));
		return {};
	}

	if (keys.length > 1) {
		diagnostics.push(errorDiagnostic('Invalid action expression', 'Multiple action references in actions expression.', expression.range));
		return {};
	}

	return {key: keys[0]!};
}
