import {describeReadFailure} from '../files/read-file.js';
import {jsonSyntaxError} from '../files/json-text.js';
import {type ConfigSource, readTextFrom} from './source.js';
import {type StateMethod, decryptEnvelope, encryptedEnvelope} from './state-encryption.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {
	type Value, boolValue, markSensitive, nullValue, numberValue, objectValue, stringValue, tupleValue,
} from '../lang/values.js';

/*
Reads a Terraform state file (format version 4) into resource instance attributes, with sensitive attributes marked. Read-only; a missing file is simply no state. Entries are keyed by `stateKey` of the module instance text as Terraform writes it (`module.a["x"]`, the same text expand/addresses.ts formats), the mode, type, name and instance key.
*/

export function stateKey(moduleText: string, mode: 'managed' | 'data' | 'ephemeral', type: string, name: string, key: number | string | undefined): string {
	return `${moduleText}\u0000${mode}\u0000${type}\u0000${name}\u0000${key === undefined ? '' : JSON.stringify(key)}`;
}

export type StateInstance = {
	readonly attributes: Value;
};

export type State = ReadonlyMap<string, StateInstance>;

type StateFile = {
	version?: unknown;
	resources?: unknown;
};

type StateResource = {
	module?: unknown;
	mode?: unknown;
	type: string;
	name: string;
	instances?: unknown;
};

type StateResourceInstance = {index_key?: unknown; attributes?: Record<string, unknown>; sensitive_attributes?: unknown};

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, for messages: `null`, `a number`, `a list`... */
function jsonKind(value: unknown): string {
	return value === null ? 'null' : (Array.isArray(value) ? 'a list' : (typeof value === 'object' ? 'an object' : `a ${typeof value}`));
}

/**
The resources of a state file that have the shape Terraform writes, and what is wrong with the others (`resources[2] is null, not a resource object`), in order.
*/
function* wellFormedInstances(resources: unknown, problems: string[]): Generator<{resource: StateResource; instance: StateResourceInstance}> {
	if (resources === undefined || resources === null) {
		return;
	}

	if (!Array.isArray(resources)) {
		problems.push(`"resources" is ${jsonKind(resources)}, not a list`);
		return;
	}

	for (const [index, resource] of resources.entries()) {
		if (!isRecord(resource) || typeof resource['type'] !== 'string' || typeof resource['name'] !== 'string') {
			problems.push(`resources[${index}] is ${isRecord(resource) ? 'an object without a type and name' : jsonKind(resource)}, not a resource`);
			continue;
		}

		const instances = resource['instances'] ?? [];
		if (!Array.isArray(instances)) {
			problems.push(`resources[${index}].instances is ${jsonKind(instances)}, not a list`);
			continue;
		}

		for (const [position, instance] of instances.entries()) {
			if (!isRecord(instance) || (instance['attributes'] !== undefined && !isRecord(instance['attributes']))) {
				problems.push(`resources[${index}].instances[${position}] ${isRecord(instance) ? `has attributes that are ${jsonKind(instance['attributes'])}, not an object` : `is ${jsonKind(instance)}, not an instance`}`);
				continue;
			}

			yield {resource: resource as StateResource, instance: instance as StateResourceInstance};
		}
	}
}

type PathStep = {type?: unknown; value?: unknown};

/**
How deep a value in a state file may nest: 1,000 levels, as `yamldecode` allows. Terraform writes what its providers return, never near this; a state file nested thousands deep (a hostile one in a repository under review) would otherwise overflow the stack here and in every walker of values after it.
*/
export const maximumStateValueDepth = 1000;

/**
Thrown by `jsonToValue` for JSON nested deeper than `maximumStateValueDepth`.
*/
export class StateValueTooDeepError extends Error {
	constructor() {
		super(`nested deeper than ${maximumStateValueDepth} levels, tfscope's limit (maximumStateValueDepth)`);
		this.name = 'StateValueTooDeepError';
	}
}

/**
A value from its JSON in a state file; throws `StateValueTooDeepError` when it nests too deeply.
*/
export function jsonToValue(json: unknown, depth = 0): Value {
	if (depth > maximumStateValueDepth) {
		throw new StateValueTooDeepError();
	}

	if (json === null || json === undefined) {
		return nullValue();
	}

	switch (typeof json) {
		case 'string': {
			return stringValue(json);
		}

		case 'number': {
			return numberValue(json);
		}

		case 'boolean': {
			return boolValue(json);
		}

		default: {
			break;
		}
	}

	if (Array.isArray(json)) {
		return tupleValue(json.map(item => jsonToValue(item, depth + 1)));
	}

	return objectValue(Object.entries(json as Record<string, unknown>).map(([key, item]) => [key, jsonToValue(item, depth + 1)] as const));
}

/**
Marks the value at `path` sensitive.
*/
function markPath(value: Value, path: readonly PathStep[]): Value {
	const [step, ...rest] = path;
	if (!step) {
		return markSensitive(value);
	}

	if (value.kind === 'object' && typeof step.value === 'string' && value.attributes.has(step.value)) {
		const attributes = new Map(value.attributes);
		attributes.set(step.value, markPath(value.attributes.get(step.value)!, rest));
		return {...value, attributes};
	}

	if (value.kind === 'tuple' && typeof step.value === 'number' && step.value < value.elements.length) {
		const elements = [...value.elements];
		elements[step.value] = markPath(elements[step.value]!, rest);
		return {...value, elements};
	}

	return value;
}

/**
How an encrypted state file (OpenTofu) may be decrypted: the methods its configuration names, or why there are none (see state-encryption.ts).
*/
export type StateDecryption = () => readonly StateMethod[] | string;

export function parseState(text: string, filename: string, decryption?: StateDecryption): {state: State; diagnostics: Diagnostic[]} {
	const diagnostics: Diagnostic[] = [];
	const state = new Map<string, StateInstance>();
	let parsed: StateFile;
	try {
		parsed = JSON.parse(text) as StateFile;
	} catch (error) {
		const {message, place} = jsonSyntaxError(text, error);
		const at = place && {line: place.line, column: place.column, offset: place.offset};
		diagnostics.push(errorDiagnostic('Invalid state file', `${filename} is not valid JSON: ${message}.`, at && {filename, start: at, end: {...at, column: at.column + 1, offset: at.offset + 1}}));
		return {state, diagnostics};
	}

	if (!isRecord(parsed)) {
		diagnostics.push(errorDiagnostic('Invalid state file', `${filename} holds ${jsonKind(parsed)}, not a state (a JSON object with "version" and "resources"). Its values are ignored.`));
		return {state, diagnostics};
	}

	const envelope = encryptedEnvelope(parsed);
	if (envelope) {
		const methods = decryption?.() ?? 'tfscope reads one only in OpenTofu mode (--opentofu), with the configuration\'s encryption block';
		const decrypted = typeof methods === 'string' ? {ok: false as const, reason: methods} : decryptEnvelope(envelope, methods);
		if (!decrypted.ok) {
			diagnostics.push(warningDiagnostic('Encrypted state file', `${filename} is an OpenTofu encrypted state file, and tfscope cannot decrypt it: ${decrypted.reason}. Its values are ignored.`));
			return {state, diagnostics};
		}

		return parseState(decrypted.text, filename);
	}

	if (parsed.version !== 4) {
		diagnostics.push(warningDiagnostic('Unsupported state version', `${filename} has state format version ${String(parsed.version)}; only version 4 is read. Its values are ignored.`));
		return {state, diagnostics};
	}

	const problems: string[] = [];
	for (const {resource, instance} of wellFormedInstances(parsed.resources, problems)) {
		const moduleText = typeof resource.module === 'string' ? resource.module : '';
		let attributes: Value;
		try {
			attributes = jsonToValue(instance.attributes ?? {});
		} catch (error) {
			if (!(error instanceof StateValueTooDeepError)) {
				throw error;
			}

			diagnostics.push(warningDiagnostic('State value nested too deeply', `${filename}: the attributes of ${resource.type}.${resource.name}${typeof instance.index_key === 'number' || typeof instance.index_key === 'string' ? `[${JSON.stringify(instance.index_key)}]` : ''} are ${error.message}; this instance's state is ignored.`));
			continue;
		}

		if (Array.isArray(instance.sensitive_attributes)) {
			for (const path of instance.sensitive_attributes) {
				if (Array.isArray(path)) {
					attributes = markPath(attributes, path as PathStep[]);
				}
			}
		}

		const indexKey = typeof instance.index_key === 'number' || typeof instance.index_key === 'string' ? instance.index_key : undefined;
		state.set(stateKey(moduleText, resource.mode === 'data' ? 'data' : 'managed', resource.type, resource.name, indexKey), {attributes});
	}

	if (problems.length > 0) {
		// Terraform refuses such a file; its well-formed entries are still read here, as a state is only a source of values.
		const shown = problems.slice(0, 3).join('; ');
		diagnostics.push(warningDiagnostic('Malformed state entries', `${filename}: ${shown}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}. ${problems.length === 1 ? 'It is' : 'They are'} ignored; the other entries are read.`));
	}

	return {state, diagnostics};
}

/**
The largest state file tfscope reads: 256 MiB. States of thousands of resources are tens of MB; parsing one costs a few times its size in memory, so this keeps a hostile one under the memory target.
*/
export const maximumStateFileBytes = 256 * 1024 * 1024;

/**
Reads a state file (through the one reader with limits); undefined (no diagnostics) when `optional` and it does not exist.
*/
export function readState(file: string, optional: boolean, source?: ConfigSource, decryption?: StateDecryption): {state: State; diagnostics: Diagnostic[]} {
	const read = readTextFrom(source, file, maximumStateFileBytes);
	if (!read.ok) {
		if (optional && read.failure.kind === 'missing') {
			return {state: new Map(), diagnostics: []};
		}

		return {state: new Map(), diagnostics: [errorDiagnostic('Failed to read state file', `${file} could not be read: ${describeReadFailure(read.failure)}.`)]};
	}

	return parseState(read.text, file, decryption);
}
