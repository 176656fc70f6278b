import {
	type Block, type Body, blocksOf, findAttribute,
} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {LanguageRules} from '../language.js';
import {terraformRules} from '../language.js';
import {isVersionedConstruct, rejectedConstruct} from '../language-constructs.js';
import type {Lifecycle, ResourceBlock, ResourceMode} from '../module.js';
import {literalBool, traversalText, tupleItems} from '../static.js';
import {readActionTrigger} from './action.js';
import {checkLabels, checkName, checkRepetition, declared, readConditions, readDependsOn} from './common.js';
import {readProviderReference} from './provider.js';
import {replaceTriggeredByReferences} from './quoted-reference.js';

/**
Names in a resource body that are Terraform's, not the provider's.
*/
export const resourceMetaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'depends_on', 'lifecycle', 'provisioner', 'connection']);

function readLifecycle(body: Body, mode: ResourceMode, diagnostics: Diagnostic[], rules: LanguageRules): Lifecycle {
	const blocks = blocksOf(body, 'lifecycle');
	if (blocks.length > 1) {
		diagnostics.push(errorDiagnostic('Duplicate lifecycle block', 'Only one lifecycle block is allowed in a resource.', blocks[1]!.typeRange));
	}

	const block = blocks[0];
	if (!block) {
		return {replaceTriggeredBy: [], preconditions: [], postconditions: []};
	}

	const flag = (name: string): boolean | undefined => {
		const attribute = findAttribute(block.body, name);
		if (!attribute) {
			return undefined;
		}

		const value = literalBool(attribute.expression);
		if (value === undefined) {
			diagnostics.push(errorDiagnostic('Invalid lifecycle argument', `The "${name}" argument must be a literal true or false: lifecycle settings are read before any evaluation.`, attribute.expression.range, block.range));
		}

		return value;
	};

	let ignoreChanges: readonly string[] | 'all' | undefined;
	const ignore = findAttribute(block.body, 'ignore_changes');
	if (ignore) {
		const items = tupleItems(ignore.expression);
		if (traversalText(ignore.expression) === 'all') {
			ignoreChanges = 'all';
		} else if (items) {
			const paths: string[] = [];
			for (const item of items) {
				const text = traversalText(item);
				if (text === undefined) {
					diagnostics.push(errorDiagnostic('Invalid lifecycle argument', 'Each item of ignore_changes must be a static attribute path such as tags or tags["Name"].', item.range, block.range));
				} else {
					paths.push(text);
				}
			}

			ignoreChanges = paths;
		} else {
			diagnostics.push(errorDiagnostic('Invalid lifecycle argument', 'The ignore_changes argument must be a list of attribute paths, or the keyword all.', ignore.expression.range, block.range));
		}
	}

	const replace = findAttribute(block.body, 'replace_triggered_by');
	const replaceItems = replace ? tupleItems(replace.expression) : [];
	if (replace && !replaceItems) {
		diagnostics.push(errorDiagnostic('Invalid lifecycle argument', 'The replace_triggered_by argument must be a list of references.', replace.expression.range, block.range));
	}

	for (const item of block.body.items) {
		if (isVersionedConstruct('lifecycle', item)) {
			const rejected = rejectedConstruct(rules, 'lifecycle', item, block.range);
			if (rejected) {
				diagnostics.push(rejected);
			}

			continue;
		}

		const known = item.kind === 'Attribute'
			? ['create_before_destroy', 'prevent_destroy', 'ignore_changes', 'replace_triggered_by'].includes(item.name)
			: ['precondition', 'postcondition'].includes(item.type);
		if (!known) {
			diagnostics.push({
				severity: 'warning', summary: item.kind === 'Attribute' ? 'Unsupported argument' : 'Unsupported block type', detail: `"${item.kind === 'Attribute' ? item.name : item.type}" is not a lifecycle setting.`, subject: item.kind === 'Attribute' ? item.nameRange : item.typeRange, context: block.range,
			});
		}
	}

	// Only a managed resource's changes trigger actions (resource.go: data sources and ephemeral resources refuse the block).
	const actionTriggers = rules.actions ? blocksOf(block.body, 'action_trigger') : [];
	if (mode !== 'managed') {
		for (const trigger of actionTriggers) {
			const kind = mode === 'data' ? 'data resource' : 'ephemeral resource';
			diagnostics.push(errorDiagnostic(`Invalid ${mode === 'data' ? 'data resource' : 'ephemeral resource'} lifecycle nested block`, `The lifecycle nested block "action_trigger" is defined only for managed resources ("resource" blocks), and is not valid for ${kind}s.`, trigger.typeRange));
		}
	}

	const createBeforeDestroy = flag('create_before_destroy');
	// OpenTofu 1.12 evaluates prevent_destroy in its module's scope: an expression is not an error there, and only a literal is known here.
	const preventDestroyAttribute = findAttribute(block.body, 'prevent_destroy');
	const preventDestroy = rules.preventDestroyExpressions ? literalBool(preventDestroyAttribute?.expression) : flag('prevent_destroy');
	const destroy = rules.lifecycleDestroy ? flag('destroy') : undefined;
	return declared<Lifecycle>(block, {
		...(createBeforeDestroy !== undefined && {createBeforeDestroy}),
		...(preventDestroy !== undefined && {preventDestroy}),
		...(rules.preventDestroyExpressions && preventDestroyAttribute && preventDestroy === undefined && {preventDestroyExpression: preventDestroyAttribute.expression}),
		...(destroy !== undefined && {destroy}),
		...(ignoreChanges !== undefined && {ignoreChanges}),
		replaceTriggeredBy: replaceTriggeredByReferences(replaceItems ?? [], block.body.syntax, diagnostics),
		preconditions: readConditions(block.body, 'precondition', diagnostics),
		postconditions: readConditions(block.body, 'postcondition', diagnostics),
		...(mode === 'managed' && actionTriggers.length > 0 && {actionTriggers: actionTriggers.map(trigger => readActionTrigger(trigger, diagnostics, rules))}),
	});
}

export function readResource(block: Block, mode: ResourceMode, diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): ResourceBlock | undefined {
	if (!checkLabels(block, ['type', 'name'], diagnostics)) {
		return undefined;
	}

	const [type, name] = block.labels as [string, string];
	const kind = mode === 'data' ? 'data source' : (mode === 'ephemeral' ? 'ephemeral resource' : 'resource');
	const validType = checkName(block, `Invalid ${kind} type`, diagnostics, 0);
	if (!checkName(block, `Invalid ${kind} name`, diagnostics, 1) || !validType) {
		return undefined;
	}

	const count = findAttribute(block.body, 'count');
	const forEach = findAttribute(block.body, 'for_each');
	const lifecycleBlock = blocksOf(block.body, 'lifecycle')[0];
	const enabled = rules.lifecycleEnabled && lifecycleBlock ? findAttribute(lifecycleBlock.body, 'enabled') : undefined;
	checkRepetition({count, forEach, enabled}, {managed: 'resources', data: 'data sources', ephemeral: 'ephemeral resources'}[mode], block, diagnostics, rules);

	const providerAttribute = findAttribute(block.body, 'provider');
	const provider = providerAttribute ? readProviderReference(providerAttribute.expression, diagnostics, rules) : undefined;
	const connections = blocksOf(block.body, 'connection');
	return declared<ResourceBlock>(block, {
		kind: 'resource',
		mode,
		type,
		name,
		key: `${mode === 'managed' ? '' : `${mode}.`}${type}.${name}`,
		...(count && {count: count.expression}),
		...(forEach && {forEach: forEach.expression}),
		...(enabled && {enabled: enabled.expression}),
		dependsOn: readDependsOn(block.body, diagnostics),
		...(provider && {provider}),
		lifecycle: readLifecycle(block.body, mode, diagnostics, rules),
		provisioners: blocksOf(block.body, 'provisioner'),
		...(connections[0] && {connection: connections[0]}),
		body: block.body,
		block,
	});
}
