import path from 'node:path';
import {convert} from '../lang/convert.js';
import {
	type ObjectValue, type Value, isWhollyKnown, objectValue, unmark,
} from '../lang/values.js';
import {StateValueTooDeepError, jsonToValue} from '../config/state.js';
import {type StateMethod, decryptEnvelope, encryptedEnvelope, remoteStateKey} from '../config/state-encryption.js';
import {typeFromJson} from './digest.js';

/*
What the built-in provider's `terraform_remote_state` data source reads during plan (internal/builtin/providers/terraform/data_source_state.go), for the one backend that needs no network: `backend = "local"`. The state file is the local backend's (internal/backend/local/backend.go, StatePaths): `config.path` (default `terraform.tfstate`) for the default workspace, `WORKSPACE_DIR/NAME/terraform.tfstate` for the data source's `workspace` NAME otherwise (`config.workspace_dir`, default `terraform.tfstate.d`), relative to the directory Terraform runs in (the root module's). `outputs` is the object of the state's root outputs, each of the type the state records, over the `defaults` (an output the state has wins). As in Terraform, an output marked sensitive in that state is not sensitive here: the data source returns the bare values (checked with terraform console -plan).

An OpenTofu encrypted state file (config/state-encryption.ts) is decrypted as `--state` decrypts one, with the methods of the configuration's `remote_state_data_sources` target for this data source (OpenTofu's builtin provider.go ReadDataSourceEncrypted): its own `remote_state_data_source "KEY"`, else `default`; when that cannot be done, the result says why (`encrypted`), and the caller warns.

Anything else stays as the plan would have it without reading: unknown outputs. That is another backend, a configuration not wholly known, or a state file that is not there (Terraform's "Unable to find remote state": the state may live on the machine that plans) or cannot be read.
*/

export type RemoteStateText = {readonly ok: true; readonly text: string} | {readonly ok: false; readonly problem?: string};

/**
Reads a state file's text: `path` is absolute.
*/
export type RemoteStateReader = (file: string) => RemoteStateText;

export type RemoteStateResult =
	| {readonly kind: 'read'; readonly value: ObjectValue; readonly file: string}
	| {readonly kind: 'not-read'; readonly problem?: string; readonly file?: string; readonly encrypted?: boolean};

/**
The methods that decrypt the remote state of a data source, by its key (config/state-encryption.ts `stateMethods` with a `remote-state` target), or why there are none.
*/
export type RemoteStateDecryption = (key: string) => readonly StateMethod[] | string;

const defaultStateFile = 'terraform.tfstate';
const defaultWorkspaceDirectory = 'terraform.tfstate.d';

function knownString(value: Value | undefined): string | undefined | false {
	if (value === undefined) {
		return undefined;
	}

	const [bare] = unmark(value);
	if (bare.kind === 'null') {
		return undefined;
	}

	return bare.kind === 'string' ? bare.value : false;
}

function attributeOf(value: Value | undefined, name: string): Value | undefined {
	if (value === undefined) {
		return undefined;
	}

	const [bare] = unmark(value);
	return bare.kind === 'object' ? bare.attributes.get(name) : (bare.kind === 'map' ? bare.entries.get(name) : undefined);
}

/**
The local backend's state file for a `terraform_remote_state` value (`backend`, `config`, `workspace`), or undefined when it is not the local backend or not known.
*/
export function localStateFile(value: ObjectValue, rootDirectory: string): string | undefined {
	const backend = knownString(value.attributes.get('backend'));
	// `_local` is the old name Terraform still switches to `local`.
	if (backend !== 'local' && backend !== '_local') {
		return undefined;
	}

	const config = value.attributes.get('config');
	if (config !== undefined && !isWhollyKnown(config)) {
		return undefined;
	}

	const workspace = knownString(value.attributes.get('workspace'));
	const statePath = knownString(attributeOf(config, 'path'));
	const workspaceDirectory = knownString(attributeOf(config, 'workspace_dir'));
	if (workspace === false || statePath === false || workspaceDirectory === false || statePath === '' || workspaceDirectory === '') {
		return undefined;
	}

	const file = workspace === undefined || workspace === 'default' || workspace === ''
		? statePath ?? defaultStateFile
		: path.join(workspaceDirectory ?? defaultWorkspaceDirectory, workspace, defaultStateFile);
	return path.resolve(rootDirectory, file);
}

/**
The root outputs of a state file (format version 4), typed as recorded; a problem when it is not one.
*/
export function stateOutputs(text: string): {readonly ok: true; readonly outputs: ReadonlyMap<string, Value>} | {readonly ok: false; readonly problem: string} {
	let parsed: {version?: unknown; outputs?: unknown};
	try {
		parsed = JSON.parse(text) as typeof parsed;
	} catch (error) {
		return {ok: false, problem: `it is not valid JSON: ${(error as Error).message}`};
	}

	if (typeof parsed !== 'object' || parsed === null || parsed.version !== 4) {
		return {ok: false, problem: `it has state format version ${String((parsed as {version?: unknown} | null)?.version)}; only version 4 is read`};
	}

	const outputs = new Map<string, Value>();
	const recorded = typeof parsed.outputs === 'object' && parsed.outputs !== null ? parsed.outputs as Record<string, {value?: unknown; type?: unknown}> : {};
	for (const [name, output] of Object.entries(recorded)) {
		if (typeof output !== 'object' || output === null) {
			continue;
		}

		let value: Value;
		try {
			value = jsonToValue(output.value);
		} catch (error) {
			if (error instanceof StateValueTooDeepError) {
				return {ok: false, problem: `its output "${name}" is ${error.message}`};
			}

			throw error;
		}

		const type = typeFromJson(output.type);
		const converted = type === undefined ? undefined : convert(value, type);
		outputs.set(name, converted?.ok ? converted.value : value);
	}

	return {ok: true, outputs};
}

/**
The state's text, decrypted when it is an OpenTofu encrypted file (a text that is not JSON is left for stateOutputs to report).
*/
function decryptedText(text: string, encryption: {readonly address: string; readonly decryption: RemoteStateDecryption | undefined} | undefined): {readonly ok: true; readonly text: string} | {readonly ok: false; readonly problem: string} {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return {ok: true, text};
	}

	const envelope = encryptedEnvelope(parsed);
	if (!envelope) {
		return {ok: true, text};
	}

	const key = encryption ? remoteStateKey(encryption.address) : undefined;
	const methods = key === undefined || !encryption?.decryption ? 'tfscope reads one only in OpenTofu mode (--opentofu), with the configuration\'s encryption block' : encryption.decryption(key);
	const result = typeof methods === 'string' ? {ok: false as const, reason: methods} : decryptEnvelope(envelope, methods);
	return result.ok ? {ok: true, text: result.text} : {ok: false, problem: result.reason};
}

/**
The data source's value with `outputs` read from a local state file, when it can be.
*/
export function readRemoteState(value: ObjectValue, rootDirectory: string, read: RemoteStateReader, encryption?: {readonly address: string; readonly decryption: RemoteStateDecryption | undefined}): RemoteStateResult {
	const file = localStateFile(value, rootDirectory);
	if (file === undefined) {
		return {kind: 'not-read'};
	}

	const defaults = value.attributes.get('defaults');
	if (defaults !== undefined && !isWhollyKnown(defaults)) {
		return {kind: 'not-read'};
	}

	const text = read(file);
	if (!text.ok) {
		return {kind: 'not-read', file, ...(text.problem !== undefined && {problem: text.problem})};
	}

	const decrypted = decryptedText(text.text, encryption);
	if (!decrypted.ok) {
		return {kind: 'not-read', file, problem: decrypted.problem, encrypted: true};
	}

	const parsed = stateOutputs(decrypted.text);
	if (!parsed.ok) {
		return {kind: 'not-read', file, problem: parsed.problem};
	}

	const outputs = new Map<string, Value>();
	const [bareDefaults] = defaults === undefined ? [undefined] : unmark(defaults);
	if (bareDefaults?.kind === 'object') {
		for (const [name, item] of bareDefaults.attributes) {
			outputs.set(name, item);
		}
	} else if (bareDefaults?.kind === 'map') {
		for (const [name, item] of bareDefaults.entries) {
			outputs.set(name, item);
		}
	}

	for (const [name, item] of parsed.outputs) {
		outputs.set(name, item);
	}

	const attributes = new Map(value.attributes);
	attributes.set('outputs', objectValue([...outputs].sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0)))));
	return {kind: 'read', value: {...value, attributes}, file};
}
