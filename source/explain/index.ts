import {type Diagnostic, type Result, errorDiagnostic} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import {formatKey} from '../expand/addresses.js';
import type {Expansion} from '../expand/expansion.js';
import type {ModuleInstance, ResourceExpansion, ResourceInstance} from '../expand/instance-tree.js';
import {traversalOf} from '../lang/references.js';
import {type Value, isWhollyKnown, unknownValue, unmark} from '../lang/values.js';
import type {EvaluationTarget, Workspace} from '../workspace.js';
import {Explainer, type Where} from './explain.js';
import type {Trace, TraceStep} from './trace.js';

export type {Trace, TraceStep, WayOut, StepKind, UnknownRoot} from './trace.js';

/*
The explainer's entry points: `explainAddress` for `tfscope why ADDRESS[.ATTRIBUTE]` and the explorer's `w` on an argument, `explainExpression` for the console's `:why EXPRESSION`.
*/

/**
What an address names, as `why` takes it: a resource instance's attribute path (`aws_subnet.this["a"].cidr_block`, `aws_instance.web[0].tags["Name"]`), a resource instance (every argument), a resource or module call's `count`/`for_each` (`module.app["eu"].aws_instance.this.count`, or the block's address alone), a module instance's `var.NAME`, `local.NAME`, `output.NAME`, or an action (Terraform 1.14+): its instance's `config` and what triggers it, one argument, or its count/for_each.
*/
export function explainAddress(workspace: Workspace, text: string): Result<Trace | undefined> {
	const parts = addressParts(text);
	if (!parts) {
		return failure('Invalid address', `"${text}" is not an address: write ADDRESS[.ATTRIBUTE], as aws_instance.web[0].tags or module.net["eu"].var.cidr.`);
	}

	const explainer = new Explainer(workspace);
	let module = workspace.instances.root;
	let position = 0;
	const nameAt = (at: number): string | undefined => {
		const part = parts[at];
		return part?.kind === 'name' ? part.name : undefined;
	};

	while (nameAt(position) === 'module' && nameAt(position + 1) !== undefined) {
		const name = nameAt(position + 1)!;
		const call = module.calls.find(each => each.call.name === name);
		if (!call) {
			return failure('No such module call', `${prefix(module)}module.${name} is not a module call of this configuration.`);
		}

		position += 2;
		const key = parts[position]?.kind === 'key' ? (parts[position] as KeyPart).key : undefined;
		if (key === undefined) {
			const meta = call.call.count ?? call.call.forEach;
			const next = nameAt(position);
			if (meta && (next === 'count' || next === 'for_each' || position === parts.length)) {
				return done(text, expansionStep(explainer, `${prefix(module)}module.${name}`, call.call.count ? 'count' : 'for_each', meta, module, call.expansion));
			}
		} else {
			position++;
		}

		const wanted = key ?? '';
		const child = call.instances.find(instance => formatKey(instance.key) === wanted);
		if (!child) {
			return failure('No such module instance', `There is no module instance ${prefix(module)}module.${name}${wanted} in this configuration.`);
		}

		// The placeholder of a call whose count/for_each is not known (`module.net[*]`): why it is one.
		const callMeta = call.call.count ?? call.call.forEach;
		if (child.key.kind === 'unknown' && callMeta && position === parts.length) {
			return done(text, expansionStep(explainer, `${prefix(module)}module.${name}`, call.call.count ? 'count' : 'for_each', callMeta, module, call.expansion));
		}

		module = child;
	}

	const first = nameAt(position);
	if (first === undefined) {
		return failure('Nothing to explain', `${text} is a module instance: name one of its values (var.NAME, local.NAME, output.NAME), a resource attribute, or a count/for_each.`);
	}

	if (first === 'var' || first === 'local' || first === 'output') {
		const name = nameAt(position + 1);
		const step = name === undefined ? undefined : (first === 'var' ? explainer.variableStep(module, name) : (first === 'local' ? explainer.localStep(module, name) : explainer.outputStep(module, name)));
		if (!step) {
			return failure('No such value', `${prefix(module)}${first}.${name ?? ''} is not declared in this module.`);
		}

		return done(text, withPath(step, text, parts.slice(position + 2)));
	}

	if (first === 'action') {
		return explainAction(explainer, module, text, parts, position);
	}

	const resourceKey = first === 'data' || first === 'ephemeral' ? [first, nameAt(position + 1), nameAt(position + 2)] : [nameAt(position), nameAt(position + 1)];
	if (resourceKey.includes(undefined)) {
		return failure('Invalid address', `${text}: expected a resource (TYPE.NAME or data.TYPE.NAME) after the module path.`);
	}

	position += resourceKey.length;
	const resource = module.resources.find(each => each.block.key === resourceKey.join('.'));
	if (!resource) {
		return failure('No such resource', `${prefix(module)}${resourceKey.join('.')} is not a resource of this configuration.`);
	}

	const keyPart = parts[position]?.kind === 'key' ? (parts[position] as KeyPart).key : undefined;
	const meta = resource.block.count ?? resource.block.forEach;
	if (keyPart === undefined && meta) {
		const next = nameAt(position);
		if (next === 'count' || next === 'for_each' || position === parts.length) {
			return done(text, expansionStep(explainer, resource.text, resource.block.count ? 'count' : 'for_each', meta, module, resource.expansion));
		}
	}

	if (keyPart !== undefined) {
		position++;
	}

	const instance = resource.instances.find(each => formatKey(each.key) === (keyPart ?? ''));
	if (!instance) {
		return failure('No such resource instance', `There is no resource instance ${resource.text}${keyPart ?? ''} in this configuration.`);
	}

	const attribute = nameAt(position);
	// The placeholder of a block whose count/for_each is not known (`aws_subnet.this[*]`): why it is one (its arguments are traced one by one).
	if (attribute === undefined && instance.key.kind === 'unknown' && meta) {
		return done(text, expansionStep(explainer, resource.text, resource.block.count ? 'count' : 'for_each', meta, module, resource.expansion));
	}

	if (attribute === undefined) {
		// Every argument, whole: an instance's object is never wholly known (the provider computes attributes), which says nothing about its arguments.
		return {value: {subject: text, root: instanceStep(explainer, instance)}, diagnostics: []};
	}

	return done(text, withPath(explainer.attributeStep(instance, attribute), text, parts.slice(position + 1)));
}

/**
An action (Terraform 1.14+): `action.TYPE.NAME` with count/for_each is its expansion; an instance is its `config` arguments and the resource instances that trigger it (with their conditions); `.ARGUMENT` one argument of its `config`.
*/
function explainAction(explainer: Explainer, module: ModuleInstance, text: string, parts: readonly AddressPart[], start: number): Result<Trace | undefined> {
	const nameAt = (at: number): string | undefined => {
		const part = parts[at];
		return part?.kind === 'name' ? part.name : undefined;
	};

	const type = nameAt(start + 1);
	const name = nameAt(start + 2);
	if (type === undefined || name === undefined) {
		return failure('Invalid address', `${text}: expected an action (action.TYPE.NAME) after the module path.`);
	}

	const action = module.actions.find(each => each.block.key === `action.${type}.${name}`);
	if (!action) {
		return failure('No such action', `${prefix(module)}action.${type}.${name} is not an action of this configuration.`);
	}

	let position = start + 3;
	const keyPart = parts[position]?.kind === 'key' ? (parts[position] as KeyPart).key : undefined;
	const meta = action.block.count ?? action.block.forEach;
	if (keyPart === undefined && meta) {
		const next = nameAt(position);
		if (next === 'count' || next === 'for_each' || position === parts.length) {
			return done(text, expansionStep(explainer, action.text, action.block.count ? 'count' : 'for_each', meta, module, action.expansion));
		}
	}

	if (keyPart !== undefined) {
		position++;
	}

	const instance = action.instances.find(each => formatKey(each.key) === (keyPart ?? ''));
	if (!instance) {
		return failure('No such action instance', `There is no action instance ${action.text}${keyPart ?? ''} in this configuration.`);
	}

	const argument = nameAt(position);
	if (argument !== undefined) {
		return done(text, withPath(explainer.actionArgumentStep(instance, argument), text, parts.slice(position + 1)));
	}

	const config = action.block.config;
	const names = config ? [...new Set(config.items.map(item => (item.kind === 'Attribute' ? item.name : item.type)))] : [];
	return {
		value: {
			subject: text,
			root: {
				kind: 'expression', label: instance.text, range: action.block.range, scope: module.text, block: instance.text, value: instance.value, children: [...names.map(each => explainer.actionArgumentStep(instance, each)), ...explainer.triggerSteps(instance)],
			},
		},
		diagnostics: [],
	};
}

/**
An expression evaluated in a module or resource instance (`''`: the root module), as the console's `:why` asks.
*/
export function explainExpression(workspace: Workspace, text: string, address = ''): Result<Trace | undefined> {
	const target = workspace.resolveTarget(address);
	if (!target.value) {
		return {value: undefined, diagnostics: target.diagnostics};
	}

	const explainer = new Explainer(workspace);
	const where = whereOf(explainer, target.value);
	const traced = explainer.traceText(text, where, '<console-input>');
	if (!traced.step) {
		return {value: undefined, diagnostics: [...traced.diagnostics]};
	}

	return done(text, traced.step);
}

function whereOf(explainer: Explainer, target: EvaluationTarget): Where {
	switch (target.kind) {
		case 'module': {
			return explainer.moduleWhere(target.instance);
		}

		case 'resource': {
			return explainer.resourceWhere(target.instance);
		}

		case 'action': {
			return explainer.actionWhere(target.instance);
		}

		case 'list': {
			return explainer.listWhere(target.instance);
		}
	}
}

type KeyPart = {readonly kind: 'key'; readonly key: string};
type AddressPart = {readonly kind: 'name'; readonly name: string} | KeyPart;

/**
An address read as an HCL traversal: names and keys (`[0]`, `["a"]`, `[*]`), keys as Terraform prints them.
*/
function addressParts(text: string): AddressPart[] | undefined {
	// `[*]` (a placeholder instance) is a splat to HCL: read it as a key no address can otherwise have.
	const placeholder = '\u0000*';
	const parsed = parseExpression(text.replaceAll('[*]', `["${placeholder}"]`), '<address>');
	if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return undefined;
	}

	const found = traversalOf(parsed.value);
	if (!found || found.staticDepth !== found.traversal.steps.length || chainLength(parsed.value) !== found.staticDepth) {
		return undefined;
	}

	const parts: AddressPart[] = [{kind: 'name', name: found.traversal.root}];
	for (const step of found.traversal.steps) {
		if (step.kind === 'attribute') {
			parts.push({kind: 'name', name: step.name});
		} else if (step.key === placeholder) {
			parts.push({kind: 'key', key: '[*]'});
		} else {
			parts.push({kind: 'key', key: formatKey(typeof step.key === 'number' ? {kind: 'int', value: step.key} : {kind: 'string', value: step.key})});
		}
	}

	return parts;
}

function chainLength(expression: ReturnType<typeof parseExpression>['value']): number {
	let length = 0;
	let current = expression;
	while (current.kind === 'GetAttribute' || current.kind === 'Index') {
		length++;
		current = current.kind === 'GetAttribute' ? current.object : current.collection;
	}

	return length;
}

function prefix(module: ModuleInstance): string {
	return module.text === '' ? '' : `${module.text}.`;
}

function failure(summary: string, detail: string): Result<Trace | undefined> {
	return {value: undefined, diagnostics: [errorDiagnostic(summary, detail)]};
}

function done(subject: string, root: TraceStep): Result<Trace | undefined> {
	return {value: withWayOut(subject, root), diagnostics: [] as Diagnostic[]};
}

/**
The `count`/`for_each` of a block: its value and trace; when it is not known, the open-ended block as an unknown root with that trace.
*/
function expansionStep(explainer: Explainer, owner: string, kind: 'count' | 'for_each', meta: Parameters<Explainer['traceExpression']>[0], module: ModuleInstance, expansion: Expansion): TraceStep {
	if (expansion.mode === 'unknown') {
		return explainer.openEnded(owner, meta, module, kind);
	}

	const where = {...explainer.moduleWhere(module), block: owner};
	const traced = explainer.traceExpression(meta, where);
	// An expansion that failed says why (an error upstream, an unsuitable value), not how many.
	const note = expansion.mode === 'invalid' ? `no instances: ${expansion.summary ?? expansion.reason}` : instancesNote(traced.value, kind);
	return {
		kind: 'argument', label: `${owner}.${kind}`, range: meta.range, scope: module.text, block: owner, value: traced.value, ...(note !== undefined && {note}), children: [traced],
	};
}

function instancesNote(value: Value, kind: 'count' | 'for_each'): string | undefined {
	const [bare] = unmark(value);
	if (kind === 'count') {
		return bare.kind === 'number' ? `${String(bare.value)} instance${String(bare.value) === '1' ? '' : 's'}` : undefined;
	}

	const size = bare.kind === 'object' ? bare.attributes.size : (bare.kind === 'map' ? bare.entries.size : (bare.kind === 'set' || bare.kind === 'tuple' || bare.kind === 'list' ? bare.elements.length : undefined));
	return size === undefined ? undefined : `${size} instance${size === 1 ? '' : 's'}`;
}

/**
A resource instance: every argument its configuration sets.
*/
function instanceStep(explainer: Explainer, instance: ResourceInstance): TraceStep {
	const resource: ResourceExpansion = instance.resource;
	const names = resource.block.body.items.filter(item => item.kind === 'Attribute' && !metaArguments.has(item.name)).map(item => (item as {readonly name: string}).name);
	return {
		kind: 'expression', label: instance.text, range: resource.block.range, scope: instance.text, value: instance.value, children: names.map(name => explainer.attributeStep(instance, name)),
	};
}

const metaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'depends_on']);

/**
A step for a path inside a value (`tags["Name"]`): the value at the path, with the whole value's trace as child.
*/
function withPath(step: TraceStep, text: string, path: readonly AddressPart[]): TraceStep {
	if (path.length === 0) {
		return step;
	}

	let value: Value | undefined = step.value;
	for (const part of path) {
		const bare: Value = unmark(value ?? unknownValue())[0];
		const key = part.kind === 'name' ? part.name : keyOf(part.key);
		if (bare.kind === 'object') {
			value = bare.attributes.get(key);
		} else if (bare.kind === 'map') {
			value = bare.entries.get(key);
		} else if (bare.kind === 'tuple' || bare.kind === 'list') {
			value = bare.elements[Number(key)];
		} else {
			value = bare.kind === 'unknown' ? bare : undefined;
		}
	}

	return {
		kind: 'expression', label: text, scope: step.scope, value: value ?? unknownValue(), children: [step], ...(value === undefined && {note: 'no such attribute or element'}),
	};
}

function keyOf(printed: string): string {
	// `["a"]` or `[0]` as Terraform prints keys.
	const inner = printed.slice(1, -1);
	return inner.startsWith('"') ? JSON.parse(inner) as string : inner;
}

/**
The trace with, when its value is not known, the ways out: what an assumption would pin, what `-target` applies first, what `-exclude` leaves out.
*/
function withWayOut(subject: string, root: TraceStep): Trace {
	if (isWhollyKnown(root.value) && root.unknown === undefined) {
		return {subject, root};
	}

	const assume = new Set<string>();
	const target = new Set<string>();
	const exclude = new Set<string>();
	if (root.unknown?.when === 'count') {
		exclude.add(root.unknown.address);
	}

	// Terraform needs `-target` only where it cannot plan at all: an unknown `count` or `for_each` (the traced value is an expansion). A plain unknown argument plans as "(known after apply)"; no targeting is needed (#38).
	const expansion = root.unknown?.when === 'count';
	const visit = (step: TraceStep): void => {
		const {unknown} = step;
		if (unknown && unknown.when !== 'count') {
			assume.add(`--assume '${unknown.address}=VALUE'`);
			if (expansion && unknown.when === 'apply' && unknown.block) {
				target.add(`-target='${unknown.block}'`);
			}
		}

		for (const child of step.children) {
			visit(child);
		}
	};

	const pruned = pruneToUnknown(root);
	visit(pruned);
	if (assume.size === 0 && exclude.size === 0) {
		// No root found among the steps (what the provider computes inside a nested block, an error upstream): the whole trace says more.
		return {subject, root};
	}

	return {
		subject, root: pruned, wayOut: {assume: [...assume], target: [...target], exclude: [...exclude].map(address => `-exclude='${address}'`)},
	};
}

/**
A trace of a value not wholly known, cut to the steps that carry the unknown: down to the unknown roots.
*/
export function pruneToUnknown(step: TraceStep): TraceStep {
	const carries = (child: TraceStep): boolean => child.kind !== 'limit' && child.kind !== 'literal' && (child.unknown !== undefined || !isWhollyKnown(child.value));
	return {...step, children: step.children.filter(child => carries(child)).map(child => pruneToUnknown(child))};
}

export {summarizeValue} from './summary.js';
export {Explainer} from './explain.js';
