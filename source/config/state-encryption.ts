import type {CipherGCMTypes} from 'node:crypto';
import {type Attribute, type Block, type Body, type Expression, blocksOf, findAttribute} from '../hcl/ast.js';
import {type Result} from '../hcl/diagnostics.js';
import {parseConfig} from '../hcl/index.js';
import {traversalsOf} from '../lang/references.js';
import {type Value, unmark} from '../lang/values.js';
import {nodeCrypto} from '../libraries.js';

/*
OpenTofu's encrypted state files (opentofu v1.12 internal/encryption): base.go writes `{"serial", "lineage", "meta": {KEY: base64(JSON)}, "encrypted_data": base64, "encryption_version": "v0"}` (state.go adds serial and lineage); the `pbkdf2` key provider (keyprovider/pbkdf2/provider.go, metadata.go) stores its salt, iterations, hash function and key length under `key_provider.pbkdf2.NAME` (or its `encrypted_metadata_alias`) and derives the key from the passphrase with them; the `aes_gcm` method (method/aesgcm/aesgcm.go) writes a 12-byte nonce, then the ciphertext and its 16-byte tag, with the method's `aad` as additional data. tfscope decrypts only what it can do offline and without running anything: pbkdf2 passphrases whose value is known statically. It never writes.
*/

export type EncryptedEnvelope = {
	readonly version: string;
	readonly meta: ReadonlyMap<string, string>;
	readonly data: string;
};

/**
The envelope of an encrypted state file (OpenTofu's `IsEncryptionPayload`: a JSON object with a non-empty `encryption_version`), or undefined for any other JSON.
*/
export function encryptedEnvelope(parsed: unknown): EncryptedEnvelope | undefined {
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		return undefined;
	}

	const {encryption_version: version, meta, encrypted_data: data} = parsed as Record<string, unknown>;
	if (typeof version !== 'string' || version === '') {
		return undefined;
	}

	const entries = typeof meta === 'object' && meta !== null ? Object.entries(meta as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string') : [];
	return {version, meta: new Map(entries), data: typeof data === 'string' ? data : ''};
}

/**
One way to decrypt the state, as the configuration's `state` target gives it: a method (the primary, then each fallback) with its key provider's passphrase; or why tfscope cannot use it.
*/
export type StateMethod =
	| {readonly kind: 'pbkdf2-aes-gcm'; readonly method: string; readonly metaKey: string; readonly passphrase: string; readonly aad: Uint8Array}
	| {readonly kind: 'unencrypted'; readonly method: string}
	| {readonly kind: 'unavailable'; readonly method: string; readonly reason: string};

/**
Evaluates an expression of the root module statically, as OpenTofu evaluates the encryption block (variables from tfvars, `-var`, `TF_VAR_*`, locals); undefined when the language has no static evaluation.
*/
export type StaticEvaluator = (expression: Expression, requiredBy: string) => Result<Value>;

/**
Which state a configuration's encryption decrypts: the configuration's own (`state` target), or a `terraform_remote_state` data source's, by its key (OpenTofu's provider.go ReadDataSourceEncrypted: the instance address without `data.terraform_remote_state.` and without a leading `module.`, so `foo`, `foo[4]`, `submod[1].bar`), read with the `remote_state_data_source "KEY"` target, else `remote_state_data_sources { default }`.
*/
export type EncryptionTarget = {readonly kind: 'state'} | {readonly kind: 'remote-state'; readonly key: string};

/**
The key OpenTofu looks a `terraform_remote_state` instance up by (see EncryptionTarget).
*/
export function remoteStateKey(instanceAddress: string): string {
	const key = instanceAddress.replace('data.terraform_remote_state.', '');
	return key.startsWith('module.') ? key.slice('module.'.length) : key;
}

/**
The methods that may decrypt the state, in OpenTofu's order (methodConfigsFromTarget: `method`, then each `fallback`), from the root module's `terraform { encryption { ... } }` blocks merged with `TF_ENCRYPTION` (command/meta_encryption.go; config_merge.go: a block of the same type and name from the environment overrides the configuration's arguments, a target's `method` and `fallback` override the configuration's). A string explains why there is nothing to try.
*/
export function stateMethods(encryptionBlocks: readonly Block[], environmentConfig: string | undefined, evaluate: StaticEvaluator | undefined, which: EncryptionTarget = {kind: 'state'}): readonly StateMethod[] | string {
	const bodies: Body[] = encryptionBlocks.map(block => block.body);
	if (environmentConfig !== undefined && environmentConfig.trim() !== '') {
		if (environmentConfig.trim().startsWith('{')) {
			return 'TF_ENCRYPTION is JSON, which tfscope does not read; write it in HCL syntax';
		}

		const parsed = parseConfig(environmentConfig, 'TF_ENCRYPTION');
		if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return 'TF_ENCRYPTION does not parse as HCL';
		}

		bodies.push(parsed.value);
	}

	if (bodies.length === 0) {
		return 'the configuration has no `terraform { encryption { ... } }` block, and TF_ENCRYPTION is not set';
	}

	if (!evaluate) {
		return 'its encryption block is read only in OpenTofu mode (--opentofu)';
	}

	// Later bodies override earlier ones, argument by argument.
	const argument = (type: string, labels: readonly string[], name: string): Attribute | undefined => {
		let found: Attribute | undefined;
		for (const body of bodies) {
			for (const block of blocksOf(body, type)) {
				if (block.labels.join('.') === labels.join('.')) {
					found = findAttribute(block.body, name) ?? found;
				}
			}
		}

		return found;
	};

	const declared = (type: string, labels: readonly string[]): boolean => bodies.some(body => blocksOf(body, type).some(block => block.labels.join('.') === labels.join('.')));
	const methodExpressions = which.kind === 'state' ? targetMethods(bodies.flatMap(body => blocksOf(body, 'state'))) : remoteTargetMethods(bodies, which.key);
	if (typeof methodExpressions === 'string') {
		return methodExpressions;
	}

	const methods: StateMethod[] = [];
	for (const expression of methodExpressions) {
		const labels = expression ? referenceLabels(expression, 'method') : undefined;
		if (!labels) {
			continue;
		}

		const name = `method.${labels.join('.')}`;
		if (!declared('method', labels)) {
			methods.push({kind: 'unavailable', method: name, reason: 'it is not declared'});
			continue;
		}

		const [type] = labels;
		if (type === 'unencrypted') {
			methods.push({kind: 'unencrypted', method: name});
			continue;
		}

		if (type !== 'aes_gcm') {
			methods.push({kind: 'unavailable', method: name, reason: 'tfscope reads only the aes_gcm method'});
			continue;
		}

		methods.push(aesGcmMethod(name, labels, argument, evaluate));
	}

	return methods.length === 0 ? `its \`${which.kind === 'state' ? 'state' : 'remote_state_data_sources'}\` target names no method` : methods;
}

/**
The `method` expressions of a target written in several bodies (the configuration's blocks, then TF_ENCRYPTION), merged as OpenTofu's mergeTargetConfigs merges them: a later `method` or `fallback` replaces an earlier one; then the primary's and each fallback's, the fallback's own fallback after it (methodConfigsFromTarget). A string when no body has the target.
*/
function targetMethods(targets: readonly Block[]): Array<Expression | undefined> | string {
	if (targets.length === 0) {
		return 'its encryption block has no `state` target';
	}

	const expressions: Array<Expression | undefined> = [];
	let current: readonly Block[] = targets;
	// Each level's fallback is a block of the level above: at most as many levels as the text nests.
	while (current.length > 0) {
		let method: Expression | undefined;
		let fallback: Block | undefined;
		for (const target of current) {
			method = findAttribute(target.body, 'method')?.expression ?? method;
			fallback = blocksOf(target.body, 'fallback').at(-1) ?? fallback;
		}

		expressions.push(method);
		current = fallback ? [fallback] : [];
	}

	return expressions;
}

function remoteTargetMethods(bodies: readonly Body[], key: string): Array<Expression | undefined> | string {
	const remotes = bodies.flatMap(body => blocksOf(body, 'remote_state_data_sources'));
	if (remotes.length === 0) {
		return 'its encryption block has no `remote_state_data_sources` target, so OpenTofu reads the remote state as unencrypted and fails ("This state file is encrypted and can not be read without an encryption configuration")';
	}

	const named = remotes.flatMap(remote => blocksOf(remote.body, 'remote_state_data_source')).filter(block => block.labels[0] === key);
	if (named.length > 0) {
		return targetMethods(named);
	}

	const defaults = remotes.flatMap(remote => blocksOf(remote.body, 'default'));
	if (defaults.length === 0) {
		return `its \`remote_state_data_sources\` target has neither \`default\` nor \`remote_state_data_source "${key}"\`, so OpenTofu reads this remote state as unencrypted and fails`;
	}

	return targetMethods(defaults);
}

type ArgumentLookup = (type: string, labels: readonly string[], name: string) => Attribute | undefined;

function aesGcmMethod(name: string, labels: readonly string[], argument: ArgumentLookup, evaluate: StaticEvaluator): StateMethod {
	const keys = argument('method', labels, 'keys');
	const provider = keys ? referenceLabels(keys.expression, 'key_provider') : undefined;
	if (!provider) {
		return {kind: 'unavailable', method: name, reason: 'it has no `keys = key_provider.TYPE.NAME`'};
	}

	const providerName = `key_provider.${provider.join('.')}`;
	if (provider[0] !== 'pbkdf2') {
		return {kind: 'unavailable', method: name, reason: `its key comes from ${providerName}, which tfscope never calls (it connects nowhere and runs nothing); only a pbkdf2 passphrase known statically is read`};
	}

	if (argument('key_provider', provider, 'chain')) {
		return {kind: 'unavailable', method: name, reason: `${providerName} is chained to another key provider, which tfscope never calls`};
	}

	const passphraseAttribute = argument('key_provider', provider, 'passphrase');
	if (!passphraseAttribute) {
		return {kind: 'unavailable', method: name, reason: `${providerName} has no passphrase`};
	}

	const passphrase = knownString(evaluate(passphraseAttribute.expression, `encryption.${providerName}`));
	if (passphrase === undefined) {
		return {kind: 'unavailable', method: name, reason: `the passphrase of ${providerName} is not known statically: give the variable it reads a value (a tfvars file, -var, TF_VAR_...)`};
	}

	const aliasAttribute = argument('key_provider', provider, 'encrypted_metadata_alias');
	const alias = aliasAttribute ? knownString(evaluate(aliasAttribute.expression, `encryption.${providerName}`)) : undefined;
	const aadAttribute = argument('method', labels, 'aad');
	const aad = aadAttribute ? knownBytes(evaluate(aadAttribute.expression, `encryption.${name}`)) : new Uint8Array();
	if (aad === undefined) {
		return {kind: 'unavailable', method: name, reason: 'its aad is not a list of bytes known statically'};
	}

	return {kind: 'pbkdf2-aes-gcm', method: name, metaKey: alias ?? providerName, passphrase, aad};
}

// `method.TYPE.NAME` / `key_provider.TYPE.NAME` as a reference, or (JSON syntax) as a string.
function referenceLabels(expression: Expression, root: string): readonly [string, string] | undefined {
	const [traversal] = traversalsOf(expression);
	const [type, name] = traversal?.root === root && traversal.steps.length === 2 ? traversal.steps : [];
	if (type?.kind === 'attribute' && name?.kind === 'attribute') {
		return [type.name, name.name];
	}

	if (expression.kind === 'Template' && expression.parts.length === 1 && expression.parts[0]!.kind === 'TemplateLiteral') {
		const parts = expression.parts[0]!.value.split('.');
		if (parts.length === 3 && parts[0] === root) {
			return [parts[1]!, parts[2]!];
		}
	}

	return undefined;
}

function knownString(result: Result<Value>): string | undefined {
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return undefined;
	}

	const [bare] = unmark(result.value);
	return bare.kind === 'string' ? bare.value : undefined;
}

function knownBytes(result: Result<Value>): Uint8Array | undefined {
	const [bare] = unmark(result.value);
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error') || (bare.kind !== 'tuple' && bare.kind !== 'list')) {
		return undefined;
	}

	const bytes: number[] = [];
	for (const element of bare.elements) {
		const [number] = unmark(element);
		const byte = number.kind === 'number' ? Number(number.value.toString()) : Number.NaN;
		if (!Number.isInteger(byte) || byte < 0 || byte > 255) {
			return undefined;
		}

		bytes.push(byte);
	}

	return Uint8Array.from(bytes);
}

/**
The most PBKDF2 iterations tfscope runs for a state file: 10 million, about 17 times OpenTofu's default of 600,000 (some seconds of CPU). The count comes from the file, so a hostile one could ask for billions.
*/
export const maximumPbkdf2Iterations = 10_000_000;

const hashes = new Map([['sha256', 'sha256'], ['sha512', 'sha512']]);

/**
Decrypts the envelope with the first method that succeeds, as OpenTofu's decrypt does (base.go): the state's JSON text, or why not.
*/
export function decryptEnvelope(envelope: EncryptedEnvelope, methods: readonly StateMethod[]): {readonly ok: true; readonly text: string; readonly method: string} | {readonly ok: false; readonly reason: string} {
	if (envelope.version !== 'v0') {
		return {ok: false, reason: `its encryption_version is ${JSON.stringify(envelope.version)}; OpenTofu 1.12 writes "v0"`};
	}

	const failures: string[] = [];
	for (const method of methods) {
		if (method.kind === 'unencrypted') {
			continue;
		}

		if (method.kind === 'unavailable') {
			failures.push(`${method.method}: ${method.reason}`);
			continue;
		}

		const result = decryptWith(envelope, method);
		if (result.ok) {
			return {ok: true, text: result.text, method: method.method};
		}

		failures.push(`${method.method}: ${result.reason}`);
	}

	return {ok: false, reason: failures.length === 0 ? 'its `state` target names only the unencrypted method' : failures.join('; ')};
}

function decryptWith(envelope: EncryptedEnvelope, method: Extract<StateMethod, {kind: 'pbkdf2-aes-gcm'}>): {ok: true; text: string} | {ok: false; reason: string} {
	const rawMeta = envelope.meta.get(method.metaKey);
	if (rawMeta === undefined) {
		return {ok: false, reason: `the file has no metadata for ${method.metaKey}`};
	}

	let meta: {salt?: unknown; iterations?: unknown; hash_function?: unknown; key_length?: unknown};
	try {
		meta = JSON.parse(Buffer.from(rawMeta, 'base64').toString('utf8')) as typeof meta;
	} catch {
		return {ok: false, reason: `the metadata for ${method.metaKey} is not valid`};
	}

	const {salt, iterations, hash_function: hashName, key_length: keyLength} = meta;
	const hash = typeof hashName === 'string' ? hashes.get(hashName) : undefined;
	if (typeof salt !== 'string' || typeof iterations !== 'number' || !Number.isInteger(iterations) || iterations <= 0 || hash === undefined || (keyLength !== 16 && keyLength !== 24 && keyLength !== 32)) {
		return {ok: false, reason: `the metadata for ${method.metaKey} is not valid (salt, iterations, hash_function sha256 or sha512, key_length 16, 24 or 32)`};
	}

	if (iterations > maximumPbkdf2Iterations) {
		return {ok: false, reason: `its key derivation asks for ${iterations} PBKDF2 iterations, more than tfscope runs (${maximumPbkdf2Iterations}, maximumPbkdf2Iterations)`};
	}

	const data = Buffer.from(envelope.data, 'base64');
	const nonceLength = 12;
	const tagLength = 16;
	if (data.length < nonceLength + tagLength) {
		return {ok: false, reason: 'its encrypted data is too short (likely data corruption)'};
	}

	const {createDecipheriv, pbkdf2Sync} = nodeCrypto();
	const key = pbkdf2Sync(method.passphrase, Buffer.from(salt, 'base64'), iterations, keyLength, hash);
	try {
		const decipher = createDecipheriv(`aes-${keyLength * 8}-gcm` as CipherGCMTypes, key, data.subarray(0, nonceLength));
		decipher.setAAD(method.aad);
		decipher.setAuthTag(data.subarray(data.length - tagLength));
		const plain = Buffer.concat([decipher.update(data.subarray(nonceLength, data.length - tagLength)), decipher.final()]);
		return {ok: true, text: plain.toString('utf8')};
	} catch {
		return {ok: false, reason: 'decryption failed (a wrong passphrase, or another key)'};
	}
}
