import type {MovedBlock} from '../config/module.js';
import {type ModuleNode, findModuleNode, walkModuleTree} from '../config/module-tree.js';
import {traversalText} from '../config/static.js';
import type {Range} from '../hcl/position.js';
import {
	type InstanceKey, type ModuleInstanceAddress, type ModuleInstanceStep, type ResourceInstanceAddress,
	formatKey, formatModuleInstance, formatResourceInstance, intKey, keysEqual, noKey,
} from '../expand/addresses.js';
import {parseAddress} from '../expand/parse-address.js';

/*
Terraform's move rules (internal/refactoring and addrs/move_endpoint*.go), applied to a set of resource instances standing for the previous run's state: the `moved` statements of every module of the new configuration, unified into module-call, module-instance, resource or resource-instance moves; the implied moves of a resource that gained or lost `count`; chains and nesting ordered as Terraform orders them; a move onto an address that is already taken is blocked and the object stays where it was.
*/

type ResourceName = {readonly mode: ResourceInstanceAddress['mode']; readonly type: string; readonly name: string};

/**
What a statement's endpoint names, relative to the module that declares it.
*/
type Subject =
	| {readonly kind: 'module-call'; readonly module: ModuleInstanceAddress; readonly call: string}
	| {readonly kind: 'module-instance'; readonly steps: ModuleInstanceAddress}
	| {readonly kind: 'resource'; readonly module: ModuleInstanceAddress; readonly resource: ResourceName}
	| {readonly kind: 'resource-instance'; readonly module: ModuleInstanceAddress; readonly resource: ResourceName; readonly key: InstanceKey};

export type Endpoint = {
	/**
	The declaring module's path (call names): the statement applies in each of its instances.
	*/
	readonly module: readonly string[];
	readonly subject: Subject;
};

export type MoveStatement = {
	readonly from: Endpoint;
	readonly to: Endpoint;
	readonly implied: boolean;
	/**
	The `moved` block, or the `count` argument (or resource block) an implied move comes from.
	*/
	readonly range?: Range;
	readonly block?: MovedBlock;
};

/**
An object of the previous state: where it is now and where it was before any move.
*/
export type StateObject = {
	address: ResourceInstanceAddress;
	readonly origin: string;
};

const anyKey: InstanceKey = Object.freeze({kind: 'string', value: '\u0000*'});

function isAny(key: InstanceKey): boolean {
	return key === anyKey;
}

function sameResource(a: ResourceName, b: ResourceName): boolean {
	return a.mode === b.mode && a.type === b.type && a.name === b.name;
}

function stepsEqual(a: ModuleInstanceStep, b: ModuleInstanceStep): boolean {
	return a.name === b.name && keysEqual(a.key, b.key);
}

export function endpointText(endpoint: Endpoint): string {
	const prefix = endpoint.module.map(name => `module.${name}[*].`).join('');
	const {subject} = endpoint;
	switch (subject.kind) {
		case 'module-call': {
			return `${prefix}${[...subject.module.map(step => `module.${step.name}${formatKey(step.key)}`), `module.${subject.call}`].join('.')}`;
		}

		case 'module-instance': {
			return prefix + formatModuleInstance(subject.steps);
		}

		case 'resource': {
			return prefix + formatResourceInstance({...subject.resource, module: subject.module, key: noKey});
		}

		case 'resource-instance': {
			return prefix + formatResourceInstance({...subject.resource, module: subject.module, key: subject.key});
		}
	}
}

type Written = {readonly kind: 'module'; readonly steps: ModuleInstanceAddress} | {readonly kind: 'resource'; readonly address: ResourceInstanceAddress};

function readWritten(expression: MovedBlock['from']): Written | undefined {
	const text = traversalText(expression);
	if (text === undefined) {
		return undefined;
	}

	const parsed = parseAddress(text);
	if (!parsed.ok) {
		return undefined;
	}

	return parsed.address.kind === 'module' ? {kind: 'module', steps: parsed.address.module} : {kind: 'resource', address: parsed.address.resource};
}

/**
UnifyMoveEndpoints: both endpoints take the most specific kind either has (an instance key on one side makes both instances).
*/
export function unifyEndpoints(module: readonly string[], from: Written, to: Written): [Endpoint, Endpoint] | undefined {
	if (from.kind !== to.kind) {
		return undefined;
	}

	if (from.kind === 'resource' && to.kind === 'resource') {
		const instance = from.address.key.kind !== 'none' || to.address.key.kind !== 'none';
		const make = (written: ResourceInstanceAddress): Endpoint => ({
			module,
			subject: instance
				? {kind: 'resource-instance', module: written.module, resource: written, key: written.key}
				: {kind: 'resource', module: written.module, resource: written},
		});
		return [make(from.address), make(to.address)];
	}

	if (from.kind === 'module' && to.kind === 'module') {
		if (from.steps.length === 0 || to.steps.length === 0) {
			return undefined;
		}

		const instance = from.steps.at(-1)!.key.kind !== 'none' || to.steps.at(-1)!.key.kind !== 'none';
		const make = (steps: ModuleInstanceAddress): Endpoint => ({
			module,
			subject: instance ? {kind: 'module-instance', steps} : {kind: 'module-call', module: steps.slice(0, -1), call: steps.at(-1)!.name},
		});
		return [make(from.steps), make(to.steps)];
	}

	return undefined;
}

/**
The `moved` statements of every module of a configuration, parents first; blocks whose endpoints are invalid are left out (their diagnostics come from the refactoring checks).
*/
export function findMoveStatements(root: ModuleNode): MoveStatement[] {
	const statements: MoveStatement[] = [];
	for (const node of walkModuleTree(root)) {
		for (const block of node.module.moved) {
			const from = readWritten(block.from);
			const to = readWritten(block.to);
			const unified = from && to ? unifyEndpoints(node.path, from, to) : undefined;
			if (unified && endpointText(unified[0]) !== endpointText(unified[1])) {
				statements.push({from: unified[0], to: unified[1], implied: false, range: block.range, block});
			}
		}
	}

	return statements;
}

function synthModuleInstance(endpoint: Endpoint): ModuleInstanceStep[] {
	const steps: ModuleInstanceStep[] = endpoint.module.map(name => ({name, key: anyKey}));
	const {subject} = endpoint;
	switch (subject.kind) {
		case 'module-instance': {
			return [...steps, ...subject.steps];
		}

		case 'module-call': {
			return [...steps, ...subject.module, {name: subject.call, key: anyKey}];
		}

		default: {
			return [...steps, ...subject.module];
		}
	}
}

function selectsModule(endpoint: Endpoint, address: ModuleInstanceAddress): boolean {
	const synth = synthModuleInstance(endpoint);
	return synth.length === address.length && synth.every((step, index) => isAny(step.key) ? step.name === address[index]!.name : stepsEqual(step, address[index]!));
}

function selectsResource(endpoint: Endpoint, module: ModuleInstanceAddress, resource: ResourceName): boolean {
	const {subject} = endpoint;
	return (subject.kind === 'resource' || subject.kind === 'resource-instance') && selectsModule(endpoint, module) && sameResource(subject.resource, resource);
}

function canMatch(a: readonly ModuleInstanceStep[], b: readonly ModuleInstanceStep[]): boolean {
	return a.every((step, index) => (isAny(step.key) || isAny(b[index]!.key)) ? step.name === b[index]!.name : stepsEqual(step, b[index]!));
}

function canChainFrom(endpoint: Endpoint, other: Endpoint): boolean {
	const mine = synthModuleInstance(endpoint);
	const theirs = synthModuleInstance(other);
	if (mine.length !== theirs.length || !canMatch(theirs, mine)) {
		return false;
	}

	const a = endpoint.subject;
	const b = other.subject;
	if (b.kind === 'module-call' || b.kind === 'module-instance') {
		return a.kind === 'module-call' || a.kind === 'module-instance';
	}

	if (b.kind === 'resource' && a.kind === 'resource') {
		return sameResource(a.resource, b.resource);
	}

	if (b.kind === 'resource-instance' && a.kind === 'resource-instance') {
		return sameResource(a.resource, b.resource) && keysEqual(a.key, b.key);
	}

	return false;
}

function nestedWithin(endpoint: Endpoint, other: Endpoint): boolean {
	const mine = synthModuleInstance(endpoint);
	const theirs = synthModuleInstance(other);
	if (theirs.length > mine.length || !canMatch(theirs, mine)) {
		return false;
	}

	const a = endpoint.subject;
	const b = other.subject;
	switch (b.kind) {
		case 'module-call': {
			return a.kind === 'module-call' ? mine.length > theirs.length : true;
		}

		case 'module-instance': {
			return a.kind === 'module-instance' || a.kind === 'module-call' ? mine.length > theirs.length : true;
		}

		case 'resource': {
			return mine.length === theirs.length && a.kind === 'resource-instance' && sameResource(a.resource, b.resource);
		}

		default: {
			return false;
		}
	}
}

function callOf(steps: ModuleInstanceAddress): string {
	return steps.map(step => step.name).join('.');
}

function isModuleReIndex(from: Endpoint, to: Endpoint): boolean {
	const a = from.subject;
	const b = to.subject;
	if (a.kind === 'module-call' && b.kind === 'module-instance') {
		return callOf([...a.module, {name: a.call, key: noKey}]) === callOf(b.steps);
	}

	if (a.kind === 'module-instance' && b.kind === 'module-call') {
		return callOf([...b.module, {name: b.call, key: noKey}]) === callOf(a.steps);
	}

	if (a.kind === 'module-instance' && b.kind === 'module-instance') {
		return callOf(a.steps) === callOf(b.steps);
	}

	return false;
}

function moduleLength(endpoint: Endpoint): number {
	return endpoint.module.length;
}

/**
statementDependsOn: whether `a` must run after `b` (b's destination is a's source, or one is nested in the other's effect).
*/
function dependsOn(a: MoveStatement, b: MoveStatement): boolean {
	if (canChainFrom(a.from, b.to)) {
		return true;
	}

	if (!(nestedWithin(a.from, b.to) || nestedWithin(a.to, b.to) || nestedWithin(b.from, a.from) || nestedWithin(b.to, a.from))) {
		return false;
	}

	if (moduleLength(a.to) >= moduleLength(b.to)) {
		return true;
	}

	return !isModuleReIndex(a.from, a.to);
}

/**
The statements in the order they run: every statement after those it depends on, declaration order otherwise; statements in a cycle are not run (Terraform's validation reports the cycle and moves nothing).
*/
export function orderStatements(statements: readonly MoveStatement[]): {ordered: MoveStatement[]; cyclic: boolean} {
	const dependencies = statements.map(a => statements.filter(b => a !== b && dependsOn(a, b)));
	const done = new Set<MoveStatement>();
	const ordered: MoveStatement[] = [];
	while (ordered.length < statements.length) {
		const next = statements.find((statement, index) => !done.has(statement) && dependencies[index]!.every(dependency => done.has(dependency)));
		if (next === undefined) {
			return {ordered: [], cyclic: true};
		}

		done.add(next);
		ordered.push(next);
	}

	return {ordered, cyclic: false};
}

function matchPrefix(endpoint: Endpoint, address: ModuleInstanceAddress): {prefix: ModuleInstanceAddress; rest: ModuleInstanceAddress} | undefined {
	if (endpoint.module.length > address.length || endpoint.module.some((name, index) => address[index]!.name !== name)) {
		return undefined;
	}

	return {prefix: address.slice(0, endpoint.module.length), rest: address.slice(endpoint.module.length)};
}

/**
ModuleInstance.MoveDestination.
*/
export function moduleDestination(address: ModuleInstanceAddress, from: Endpoint, to: Endpoint): ModuleInstanceAddress | undefined {
	if (address.length === 0) {
		return undefined;
	}

	const match = matchPrefix(from, address);
	if (!match) {
		return undefined;
	}

	const {prefix, rest} = match;
	const source = from.subject;
	const target = to.subject;
	if (source.kind === 'module-instance' && target.kind === 'module-instance') {
		if (source.steps.length > rest.length || !source.steps.every((step, index) => stepsEqual(step, rest[index]!))) {
			return undefined;
		}

		return [...prefix, ...target.steps, ...rest.slice(source.steps.length)];
	}

	if (source.kind === 'module-call' && target.kind === 'module-call') {
		if (source.module.length > rest.length - 1 || !source.module.every((step, index) => stepsEqual(step, rest[index]!))) {
			return undefined;
		}

		const call = rest[source.module.length]!;
		if (call.name !== source.call) {
			return undefined;
		}

		return [...prefix, ...target.module, {name: target.call, key: call.key}, ...rest.slice(source.module.length + 1)];
	}

	return undefined;
}

/**
AbsResource.MoveDestination for a resource-kind statement.
*/
function resourceDestination(module: ModuleInstanceAddress, resource: ResourceName, from: Endpoint, to: Endpoint): {module: ModuleInstanceAddress; resource: ResourceName} | undefined {
	const source = from.subject;
	const target = to.subject;
	if (source.kind !== 'resource' || target.kind !== 'resource' || !sameResource(source.resource, resource)) {
		return undefined;
	}

	const match = matchPrefix(from, module);
	if (!match || match.rest.length !== source.module.length || !source.module.every((step, index) => stepsEqual(step, match.rest[index]!))) {
		return undefined;
	}

	return {module: [...match.prefix, ...target.module], resource: target.resource};
}

function instanceDestination(address: ResourceInstanceAddress, from: Endpoint, to: Endpoint): ResourceInstanceAddress | undefined {
	const source = from.subject;
	const target = to.subject;
	if (source.kind !== 'resource-instance' || target.kind !== 'resource-instance' || !sameResource(source.resource, address) || !keysEqual(source.key, address.key)) {
		return undefined;
	}

	const match = matchPrefix(from, address.module);
	if (!match || match.rest.length !== source.module.length || !source.module.every((step, index) => stepsEqual(step, match.rest[index]!))) {
		return undefined;
	}

	return {...target.resource, module: [...match.prefix, ...target.module], key: target.key};
}

function resourceKey(module: ModuleInstanceAddress, resource: ResourceName): string {
	return formatResourceInstance({...resource, module, key: noKey});
}

export type MoveResult = {
	/**
	New address text to the address before any move, for every object a statement moved (chains summarised).
	*/
	readonly moved: ReadonlyMap<string, {readonly from: string; readonly statement: MoveStatement}>;
	/**
	Moves that did not happen because something was already at the destination.
	*/
	readonly blocked: ReadonlyArray<{readonly from: string; readonly wanted: string}>;
	readonly cyclic: boolean;
};

/**
ApplyMoves: moves the objects in place (their `address` changes) and reports what moved.
*/
export function applyMoves(objects: StateObject[], statements: readonly MoveStatement[]): MoveResult {
	const moved = new Map<string, {from: string; statement: MoveStatement}>();
	const blocked: Array<{from: string; wanted: string}> = [];
	const {ordered, cyclic} = orderStatements(statements);
	const record = (object: StateObject, before: string, statement: MoveStatement): void => {
		const after = formatResourceInstance(object.address);
		const previous = moved.get(before);
		moved.delete(before);
		moved.set(after, {from: previous?.from ?? before, statement});
	};

	for (const statement of ordered) {
		const modules = new Map<string, ModuleInstanceAddress>();
		for (const object of objects) {
			modules.set(formatModuleInstance(object.address.module), object.address.module);
		}

		const kind = statement.from.subject.kind;
		if (kind === 'module-call' || kind === 'module-instance') {
			for (const module of modules.values()) {
				const destination = moduleDestination(module, statement.from, statement.to);
				if (!destination) {
					continue;
				}

				const destinationText = formatModuleInstance(destination);
				const moduleText = formatModuleInstance(module);
				if (objects.some(object => formatModuleInstance(object.address.module) === destinationText)) {
					blocked.push({from: moduleText, wanted: destinationText});
					continue;
				}

				for (const object of objects) {
					if (formatModuleInstance(object.address.module) === moduleText) {
						const before = formatResourceInstance(object.address);
						object.address = {...object.address, module: destination};
						record(object, before, statement);
					}
				}
			}

			continue;
		}

		const resources = new Map<string, {module: ModuleInstanceAddress; resource: ResourceName; objects: StateObject[]}>();
		for (const object of objects) {
			if (!selectsModule(statement.from, object.address.module)) {
				continue;
			}

			const key = resourceKey(object.address.module, object.address);
			const entry = resources.get(key) ?? {module: object.address.module, resource: {mode: object.address.mode, type: object.address.type, name: object.address.name}, objects: []};
			entry.objects.push(object);
			resources.set(key, entry);
		}

		for (const [key, entry] of resources) {
			const destination = resourceDestination(entry.module, entry.resource, statement.from, statement.to);
			if (destination) {
				const destinationKey = resourceKey(destination.module, destination.resource);
				if (objects.some(object => resourceKey(object.address.module, object.address) === destinationKey)) {
					blocked.push({from: key, wanted: destinationKey});
					continue;
				}

				for (const object of entry.objects) {
					const before = formatResourceInstance(object.address);
					object.address = {...destination.resource, module: destination.module, key: object.address.key};
					record(object, before, statement);
				}

				continue;
			}

			for (const object of entry.objects) {
				const target = instanceDestination(object.address, statement.from, statement.to);
				if (!target) {
					continue;
				}

				const targetText = formatResourceInstance(target);
				if (objects.some(other => formatResourceInstance(other.address) === targetText)) {
					blocked.push({from: formatResourceInstance(object.address), wanted: targetText});
					continue;
				}

				const before = formatResourceInstance(object.address);
				object.address = target;
				record(object, before, statement);
			}
		}
	}

	return {moved, blocked, cyclic};
}

/**
What the implied moves need to know of the new configuration: a resource's module path and whether it uses `count` or `for_each`.
*/
export type ResourceConfiguration = {readonly count: boolean; readonly forEach: boolean; readonly range: Range};

/**
ImpliedMoveStatements: a resource of the previous state whose configuration now has `count` moves from no key to `[0]`; one whose configuration has neither `count` nor `for_each` moves from `[0]` to no key; unless a `moved` statement names that resource.
*/
/**
How each resource block of a module tree repeats, for impliedMoveStatements: whether it has `count` or `for_each`, and where.
*/
export function resourceConfigurations(root: ModuleNode): (modulePath: readonly string[], resource: ResourceName) => ResourceConfiguration | undefined {
	return (modulePath, resource) => {
		const node = findModuleNode(root, modulePath);
		const block = node?.module.resources.get(`${resource.mode === 'managed' ? '' : `${resource.mode}.`}${resource.type}.${resource.name}`);
		return block ? {count: block.count !== undefined, forEach: block.forEach !== undefined, range: (block.count ?? block.block).range} : undefined;
	};
}

export function impliedMoveStatements(objects: readonly StateObject[], configurationOf: (modulePath: readonly string[], resource: ResourceName) => ResourceConfiguration | undefined, explicit: readonly MoveStatement[]): MoveStatement[] {
	const statements: MoveStatement[] = [];
	const byResource = new Map<string, StateObject[]>();
	for (const object of objects) {
		const key = resourceKey(object.address.module, object.address);
		const list = byResource.get(key);
		if (list) {
			list.push(object);
		} else {
			byResource.set(key, [object]);
		}
	}

	for (const instances of byResource.values()) {
		const {address} = instances[0]!;
		const configuration = configurationOf(address.module.map(step => step.name), address);
		if (!configuration) {
			continue;
		}

		let fromKey: InstanceKey | undefined;
		let toKey: InstanceKey | undefined;
		if (configuration.count && instances.some(other => other.address.key.kind === 'none')) {
			fromKey = noKey;
			toKey = intKey(0);
		} else if (!configuration.count && !configuration.forEach && instances.some(other => keysEqual(other.address.key, intKey(0)))) {
			fromKey = intKey(0);
			toKey = noKey;
		}

		if (fromKey === undefined || toKey === undefined) {
			continue;
		}

		if (explicit.some(statement => selectsResource(statement.from, address.module, address) || selectsResource(statement.to, address.module, address))) {
			continue;
		}

		const endpoint = (instanceKey: InstanceKey): Endpoint => ({module: [], subject: {kind: 'resource-instance', module: address.module, resource: address, key: instanceKey}});
		statements.push({from: endpoint(fromKey), to: endpoint(toKey), implied: true, range: configuration.range});
	}

	return statements;
}
