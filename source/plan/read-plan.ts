import path from 'node:path';
import {describeReadFailure, readFileWithLimit} from '../files/read-file.js';
import {jsonSyntaxError, nestsDeeperThan} from '../files/json-text.js';
import {jsonToValue} from '../config/state.js';
import {
	type Value, compareStrings, markSensitive, objectValue, tupleValue, unknownValue,
} from '../lang/values.js';
import type {
	CheckStatus, PlanAction, PlanOverlay, PlannedChange, PlannedCheck, PlannedOutput, ValuePath,
} from './overlay.js';

/*
Reads the JSON of a saved plan (`terraform show -json PLANFILE`, `tofu show -json PLANFILE`; `format_version` 1.x) into a PlanOverlay. The format: Terraform's internal/command/jsonplan (plan.go, values.go), OpenTofu's internal/command/jsonplan (the same fields). Only JSON is read: a binary plan file is a zip archive whose format is Terraform's private business, so it gets a one-line error saying how to make the JSON. Nothing here runs terraform.
*/

export type PlanRead = {readonly ok: true; readonly overlay: PlanOverlay} | {readonly ok: false; readonly message: string};

/**
The largest plan JSON read: 512 MiB (a plan of tens of thousands of instances with their before and after values is hundreds of MB).
*/
export const maximumPlanFileBytes = 512 * 1024 * 1024;

/**
Reads and parses a plan JSON file (through the one file reader with limits); `file` is resolved against `cwd`.
*/
export function readPlanFile(file: string, cwd: string): PlanRead {
	const read = readFileWithLimit(path.resolve(cwd, file), maximumPlanFileBytes);
	if (!read.ok) {
		return {ok: false, message: `--plan ${describeReadFailure(read.failure, file)}`};
	}

	const {bytes} = read;
	// A saved plan file is a zip archive: "PK\x03\x04".
	if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4B && bytes[2] === 0x03 && bytes[3] === 0x04) {
		return {ok: false, message: `--plan ${file}: a binary plan file; tfscope reads its JSON: terraform show -json ${file} > plan.json (or tofu show -json), then --plan plan.json`};
	}

	// Buffer decoding (simdutf) takes about half the time of TextDecoder on a large plan.
	return parsePlan(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'), file);
}

type Json = Record<string, unknown>;

/**
How deep a plan's JSON may nest, its own structure included: 1,000 levels, as a state file's values (maximumStateValueDepth). Terraform writes a few dozen (a value inside resources inside modules); a hostile plan nested tens of thousands deep, which JSON.parse accepts, would overflow the stack in every reader after it (decoding values, walking modules, replace paths).
*/
export const maximumPlanDepth = 1000;

/**
The part of a plan that nests past maximumPlanDepth, named for the message (`resource_changes[3] (terraform_data.a)`, `variables`), or undefined. The whole plan is walked once, without recursion; a part is looked for only when it is too deep.
*/
function tooDeepPart(plan: Json): string | undefined {
	if (!nestsDeeperThan(plan, maximumPlanDepth)) {
		return undefined;
	}

	for (const [key, part] of Object.entries(plan)) {
		if (!nestsDeeperThan(part, maximumPlanDepth - 1)) {
			continue;
		}

		if (Array.isArray(part)) {
			const index = part.findIndex(item => nestsDeeperThan(item, maximumPlanDepth - 2));
			const item: unknown = part[index];
			const address = isObject(item) ? stringOf(item['address']) ?? (isObject(item['resource_change']) ? stringOf(item['resource_change']['address']) : undefined) : undefined;
			return `${key}[${index}]${address === undefined ? '' : ` (${address})`}`;
		}

		if (isObject(part) && (key === 'variables' || key === 'output_changes')) {
			const name = Object.keys(part).find(each => nestsDeeperThan(part[each], maximumPlanDepth - 2));
			return name === undefined ? key : `${key}.${name}`;
		}

		return key;
	}

	return 'the plan';
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/**
Parses plan JSON text; `file` names it in messages.
*/
export function parsePlan(text: string, file: string): PlanRead {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		const {message, place} = jsonSyntaxError(text, error);
		return {ok: false, message: `--plan ${file}${place ? `:${place.line}:${place.column}` : ''}: not JSON (${message}); give the output of terraform show -json PLANFILE`};
	}

	if (!isObject(parsed)) {
		return {ok: false, message: `--plan ${file}: not a plan (a JSON object with format_version was expected)`};
	}

	const formatVersion = stringOf(parsed['format_version']);
	if (formatVersion === undefined) {
		return {ok: false, message: `--plan ${file}: no format_version; give the output of terraform show -json PLANFILE`};
	}

	if (!/^1\.\d+$/.test(formatVersion)) {
		return {ok: false, message: `--plan ${file}: format_version ${formatVersion} is not supported (tfscope reads 1.x)`};
	}

	if (!('resource_changes' in parsed) && !('planned_values' in parsed) && 'values' in parsed) {
		return {ok: false, message: `--plan ${file}: this is the JSON of a state, not of a plan (give it with --state, or the output of terraform show -json PLANFILE here)`};
	}

	const tooDeep = tooDeepPart(parsed);
	if (tooDeep !== undefined) {
		return {ok: false, message: `--plan ${file}: ${tooDeep} nests deeper than ${maximumPlanDepth.toLocaleString('en-US')} levels, tfscope's limit (maximumPlanDepth); terraform show -json writes nothing near that deep`};
	}

	const changes = new Map<string, PlannedChange>();
	for (const item of Array.isArray(parsed['resource_changes']) ? parsed['resource_changes'] as unknown[] : []) {
		const change = readChange(item);
		if (change) {
			changes.set(change.address, change);
		}
	}

	for (const item of Array.isArray(parsed['deferred_changes']) ? parsed['deferred_changes'] as unknown[] : []) {
		if (isObject(item)) {
			const change = readChange(item['resource_change'], stringOf(item['reason']) ?? 'deferred');
			if (change) {
				changes.set(change.address, change);
			}
		}
	}

	const drift: PlannedChange[] = [];
	const relevantAttributes = new Map<string, ValuePath[]>();
	for (const item of Array.isArray(parsed['relevant_attributes']) ? parsed['relevant_attributes'] as unknown[] : []) {
		if (isObject(item) && typeof item['resource'] === 'string' && Array.isArray(item['attribute'])) {
			const list = relevantAttributes.get(item['resource']) ?? [];
			list.push(item['attribute'] as ValuePath);
			relevantAttributes.set(item['resource'], list);
		}
	}

	for (const item of Array.isArray(parsed['resource_drift']) ? parsed['resource_drift'] as unknown[] : []) {
		const change = readChange(item);
		if (change) {
			drift.push(change);
		}
	}

	const variables = new Map<string, unknown>();
	if (isObject(parsed['variables'])) {
		for (const [name, entry] of Object.entries(parsed['variables'])) {
			if (isObject(entry)) {
				variables.set(name, entry['value'] ?? null);
			}
		}
	}

	const outputs = new Map<string, PlannedOutput>();
	if (isObject(parsed['output_changes'])) {
		for (const [name, entry] of Object.entries(parsed['output_changes'])) {
			if (isObject(entry)) {
				const actions = Array.isArray(entry['actions']) ? (entry['actions'] as unknown[]).filter((action): action is string => typeof action === 'string') : [];
				const action = actionOf(actions);
				outputs.set(name, {name, action, after: action === 'delete' ? undefined : decodeValue(entry['after'], entry['after_unknown'], entry['after_sensitive'])});
			}
		}
	}

	const read = new Map<string, Value>();
	const prior = isObject(parsed['prior_state']) && isObject(parsed['prior_state']['values']) ? parsed['prior_state']['values']['root_module'] : undefined;
	for (const resource of resourcesOf(prior)) {
		if (resource['mode'] === 'data' && typeof resource['address'] === 'string' && !changes.has(resource['address'])) {
			read.set(resource['address'], decodeValue(resource['values'], false, resource['sensitive_values']));
		}
	}

	const checks: PlannedCheck[] = [];
	for (const item of Array.isArray(parsed['checks']) ? parsed['checks'] as unknown[] : []) {
		const check = readCheck(item);
		if (check) {
			checks.push(check);
		}
	}

	return {
		ok: true,
		overlay: {
			file,
			formatVersion,
			...(typeof parsed['terraform_version'] === 'string' && {terraformVersion: parsed['terraform_version']}),
			...(typeof parsed['timestamp'] === 'string' && {timestamp: parsed['timestamp']}),
			errored: parsed['errored'] === true,
			...(typeof parsed['applyable'] === 'boolean' && {applyable: parsed['applyable']}),
			variables,
			changes,
			read,
			drift: drift.filter(change => relevant(change, relevantAttributes)),
			relevantAttributes,
			outputs,
			checks,
			configuration: readConfiguration(parsed['configuration']),
		},
	};
}

/**
A drift entry matters when the plan read one of its attributes (`relevant_attributes`), as `terraform plan` shows only those ("Objects have changed outside of Terraform").
*/
function relevant(change: PlannedChange, attributes: ReadonlyMap<string, readonly ValuePath[]>): boolean {
	return attributes.has(change.address) || attributes.has(change.address.replace(/\[[^\]]*\]$/, ''));
}

/**
The resources of a module in `planned_values` or `prior_state` and of its child modules, depth first.
*/
function * resourcesOf(module: unknown): Generator<Json, void, void> {
	if (!isObject(module)) {
		return;
	}

	for (const resource of Array.isArray(module['resources']) ? module['resources'] as unknown[] : []) {
		if (isObject(resource)) {
			yield resource;
		}
	}

	for (const child of Array.isArray(module['child_modules']) ? module['child_modules'] as unknown[] : []) {
		yield * resourcesOf(child);
	}
}

/**
The plan's `actions` as one action: `["delete","create"]` and `["create","delete"]` are a replacement; `["create","forget"]`? (OpenTofu) counts as a create.
*/
function actionOf(actions: readonly string[]): PlanAction {
	if (actions.includes('delete') && actions.includes('create')) {
		return 'replace';
	}

	for (const action of ['create', 'read', 'update', 'delete', 'forget'] as const) {
		if (actions.includes(action)) {
			return action;
		}
	}

	return 'no-op';
}

const notDecoded: unique symbol = Symbol('not decoded');

function readChange(item: unknown, deferred?: string): PlannedChange | undefined {
	if (!isObject(item) || typeof item['address'] !== 'string' || !isObject(item['change'])) {
		return undefined;
	}

	const change = item['change'];
	const actions = Array.isArray(change['actions']) ? (change['actions'] as unknown[]).filter((action): action is string => typeof action === 'string') : [];
	const action = actionOf(actions);
	const index = item['index'];
	const importing = isObject(change['importing']) ? change['importing'] : undefined;
	// Decoded when first read: `after` when the instance's value is, `before` only by a review (plan-summary, Details), so a large plan costs what is looked at.
	let before: Value | undefined | typeof notDecoded = notDecoded;
	let after: Value | undefined | typeof notDecoded = notDecoded;
	return {
		address: item['address'],
		...(typeof item['previous_address'] === 'string' && {previousAddress: item['previous_address']}),
		module: stringOf(item['module_address']) ?? '',
		mode: item['mode'] === 'data' ? 'data' : 'managed',
		type: stringOf(item['type']) ?? '',
		name: stringOf(item['name']) ?? '',
		...((typeof index === 'number' || typeof index === 'string') && {index}),
		action,
		actions,
		createBeforeDestroy: action === 'replace' && actions.indexOf('create') < actions.indexOf('delete'),
		...(typeof item['action_reason'] === 'string' && {reason: item['action_reason']}),
		replacePaths: Array.isArray(change['replace_paths']) ? (change['replace_paths'] as unknown[]).filter((path): path is ValuePath => Array.isArray(path)) : [],
		...(importing && {importing: typeof importing['id'] === 'string' ? {id: importing['id']} : {}}),
		...(deferred !== undefined && {deferred}),
		get before() {
			if (before === notDecoded) {
				before = change['before'] === null || change['before'] === undefined ? undefined : decodeValue(change['before'], false, change['before_sensitive']);
			}

			return before;
		},
		get after() {
			if (after === notDecoded) {
				after = action === 'delete' || action === 'forget' ? undefined : decodeValue(change['after'], change['after_unknown'], change['after_sensitive']);
			}

			return after;
		},
		...(action !== 'delete' && action !== 'forget' && {afterJson: {value: change['after'], unknown: change['after_unknown'], sensitive: change['after_sensitive']}}),
	};
}

function checkStatus(value: unknown): CheckStatus {
	return value === 'pass' || value === 'fail' || value === 'error' ? value : 'unknown';
}

function readCheck(item: unknown): PlannedCheck | undefined {
	if (!isObject(item) || !isObject(item['address'])) {
		return undefined;
	}

	const address = item['address'];
	const instances = (Array.isArray(item['instances']) ? item['instances'] as unknown[] : []).filter(isObject).map(instance => ({
		address: isObject(instance['address']) ? stringOf(instance['address']['to_display']) ?? '' : '',
		status: checkStatus(instance['status']),
		problems: (Array.isArray(instance['problems']) ? instance['problems'] as unknown[] : []).filter(isObject).map(problem => stringOf(problem['message']) ?? ''),
	}));
	return {
		kind: stringOf(address['kind']) ?? '',
		address: stringOf(address['to_display']) ?? '',
		module: stringOf(address['module']) ?? '',
		status: checkStatus(item['status']),
		instances,
	};
}

/**
The module call paths of `configuration.root_module` and the resource blocks of each.
*/
function readConfiguration(configuration: unknown): Map<string, Set<string>> | undefined {
	if (!isObject(configuration) || !isObject(configuration['root_module'])) {
		return undefined;
	}

	const modules = new Map<string, Set<string>>();
	const visit = (module: Json, prefix: string, depth: number): void => {
		const resources = new Set<string>();
		for (const resource of Array.isArray(module['resources']) ? module['resources'] as unknown[] : []) {
			if (isObject(resource) && typeof resource['address'] === 'string') {
				resources.add(resource['address']);
			}
		}

		modules.set(prefix, resources);
		if (depth > 100 || !isObject(module['module_calls'])) {
			return;
		}

		for (const [name, call] of Object.entries(module['module_calls'])) {
			if (isObject(call) && isObject(call['module'])) {
				visit(call['module'], prefix === '' ? `module.${name}` : `${prefix}.module.${name}`, depth + 1);
			}
		}
	};

	visit(configuration['root_module'], '', 0);
	return modules;
}

/**
A planned value from the plan's JSON: `unknown` (`after_unknown`) is `true` where the value is known only after apply (an attribute may be absent from `value` then), or an object/array of the same shape; `sensitive` (`after_sensitive`, `sensitive_values`) likewise marks sensitive parts.
*/
export function decodeValue(value: unknown, unknown: unknown, sensitive: unknown): Value {
	const decoded = decodeKnown(value, unknown, sensitive);
	return sensitive === true ? markSensitive(decoded) : decoded;
}

function decodeKnown(value: unknown, unknown: unknown, sensitive: unknown): Value {
	if (unknown === true) {
		return unknownValue();
	}

	if (Array.isArray(value)) {
		const unknowns = Array.isArray(unknown) ? unknown as unknown[] : [];
		const sensitives = Array.isArray(sensitive) ? sensitive as unknown[] : [];
		return tupleValue(value.map((item, index) => decodeValue(item, unknowns[index], sensitives[index])));
	}

	if (isObject(value) || (isObject(unknown) && (value === undefined || value === null) && Object.values(unknown).includes(true))) {
		const known = isObject(value) ? value : {};
		const unknowns = isObject(unknown) ? unknown : {};
		const sensitives = isObject(sensitive) ? sensitive : {};
		const names = new Set(Object.keys(known));
		for (const [name, flag] of Object.entries(unknowns)) {
			if (flag === true) {
				names.add(name);
			}
		}

		return objectValue([...names].sort(compareStrings).map(name => [name, decodeValue(known[name], unknowns[name], sensitives[name])] as const));
	}

	return jsonToValue(value);
}
