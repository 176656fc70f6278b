import {Buffer} from 'node:buffer';
import {bcryptjs, nodeCrypto} from '../../libraries.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {numberType, stringType} from '../types.js';
import {stringValue} from '../values.js';
import {decodeBase64} from './encoding.js';
import {numberOf, stringOf} from './support.js';

/*
Hash and crypto functions through node:crypto and bcryptjs. `uuid` is random hex as hashicorp/go-uuid formats it (not an RFC 4122 v4), and `bcrypt` writes the `$2a$` prefix Go's bcrypt writes.
*/

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha512';

export function digest(algorithm: HashAlgorithm, data: Uint8Array | string): Buffer {
	return nodeCrypto().createHash(algorithm).update(data).digest();
}

function hashFunction(name: string, algorithm: HashAlgorithm, encoding: 'hex' | 'base64', description: string): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [{name: 'str', type: stringType}],
		returnType: staticReturnType(stringType),
		impl: ([text]) => stringValue(digest(algorithm, Buffer.from(stringOf(text!), 'utf8')).toString(encoding)),
	});
}

export const md5 = hashFunction('md5', 'md5', 'hex', 'Computes the MD5 hash of a given string and encodes it with hexadecimal digits.');
export const sha1 = hashFunction('sha1', 'sha1', 'hex', 'Computes the SHA1 hash of a given string and encodes it with hexadecimal digits.');
export const sha256 = hashFunction('sha256', 'sha256', 'hex', 'Computes the SHA256 hash of a given string and encodes it with hexadecimal digits.');
export const sha512 = hashFunction('sha512', 'sha512', 'hex', 'Computes the SHA512 hash of a given string and encodes it with hexadecimal digits.');
export const base64sha256 = hashFunction('base64sha256', 'sha256', 'base64', 'Computes the SHA256 hash of a given string and encodes it with Base64.');
export const base64sha512 = hashFunction('base64sha512', 'sha512', 'base64', 'Computes the SHA512 hash of a given string and encodes it with Base64.');

export const bcrypt = defineFunction({
	name: 'bcrypt',
	description: 'Computes a hash of the given string using the Blowfish cipher, returning a string in the Modular Crypt Format.',
	parameters: [{name: 'str', type: stringType}],
	variadic: {name: 'cost', type: numberType},
	returnType(types) {
		if (types.length > 2) {
			throw new FunctionError('bcrypt() takes no more than two arguments');
		}

		return stringType;
	},
	impl([text, costValue]) {
		let cost = costValue ? Math.trunc(numberOf(costValue).toNumber()) : 10;
		if (cost > 31) {
			throw new FunctionError(`error occured generating password crypto/bcrypt: cost ${cost} is outside allowed range (4,31)`);
		}

		if (cost < 4) {
			cost = 10;
		}

		return stringValue(bcryptjs().hashSync(stringOf(text!), cost).replace(/^\$2b\$/, '$2a$'));
	},
	impure: true,
});

export const uuid = defineFunction({
	name: 'uuid',
	description: 'Generates a unique identifier string.',
	parameters: [],
	returnType: staticReturnType(stringType),
	impl() {
		const hex = nodeCrypto().randomBytes(16).toString('hex');
		return stringValue(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
	},
	impure: true,
});

const namespaces: Record<string, string> = {
	dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
	url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
	oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
	x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
};

// google/uuid's Parse: the 36-character form, optionally braced or `urn:uuid:` prefixed, or 32 hex digits.
function parseUuid(text: string): Buffer | string {
	let body = text;
	if (body.length === 45 && body.toLowerCase().startsWith('urn:uuid:')) {
		body = body.slice(9);
	} else if (body.length === 38 && body.startsWith('{') && body.endsWith('}')) {
		body = body.slice(1, -1);
	}

	if (body.length === 36) {
		if (body[8] !== '-' || body[13] !== '-' || body[18] !== '-' || body[23] !== '-') {
			return 'invalid UUID format';
		}

		body = body.replaceAll('-', '');
	} else if (body.length !== 32) {
		return `invalid UUID length: ${text.length}`;
	}

	if (!/^[\da-fA-F]{32}$/.test(body)) {
		return 'invalid UUID format';
	}

	return Buffer.from(body, 'hex');
}

export const uuidv5 = defineFunction({
	name: 'uuidv5',
	description: 'Generates a name-based UUID, as described in RFC 4122 section 4.3.',
	parameters: [{name: 'namespace', type: stringType}, {name: 'name', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([namespaceValue, nameValue]) {
		const namespace = stringOf(namespaceValue!);
		const parsed = parseUuid(namespaces[namespace] ?? namespace);
		if (typeof parsed === 'string') {
			throw new FunctionError(`uuidv5() doesn't support namespace ${namespace} (${parsed})`);
		}

		const hash = digest('sha1', Buffer.concat([parsed, Buffer.from(stringOf(nameValue!), 'utf8')])).subarray(0, 16);
		hash[6] = (hash[6]! & 0x0F) | 0x50;
		hash[8] = (hash[8]! & 0x3F) | 0x80;
		const hex = hash.toString('hex');
		return stringValue(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
	},
});

function fromBase64Url(text: string): bigint {
	return BigInt(`0x${Buffer.from(text, 'base64url').toString('hex') || '0'}`);
}

function modularPower(base: bigint, exponent: bigint, modulus: bigint): bigint {
	let result = 1n;
	let factor = base % modulus;
	let remaining = exponent;
	while (remaining > 0n) {
		if (remaining & 1n) {
			result = (result * factor) % modulus;
		}

		factor = (factor * factor) % modulus;
		remaining >>= 1n;
	}

	return result;
}

// RSA PKCS #1 v1.5 decryption by hand: Node 20 refuses RSA_PKCS1_PADDING in privateDecrypt, and Terraform's rsadecrypt uses exactly that scheme.
export const rsadecrypt = defineFunction({
	name: 'rsadecrypt',
	description: 'Decrypts an RSA-encrypted ciphertext, returning the corresponding cleartext.',
	parameters: [{name: 'ciphertext', type: stringType}, {name: 'privatekey', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([ciphertextValue, keyValue]) {
		const ciphertext = stringOf(ciphertextValue!);
		const bytes = decodeBase64(ciphertext);
		if (!bytes) {
			throw new FunctionError(`failed to decode input ${JSON.stringify(ciphertext)}: cipher text must be base64-encoded`, 0);
		}

		let jwk: {n?: string; d?: string};
		try {
			jwk = nodeCrypto().createPrivateKey({key: stringOf(keyValue!), format: 'pem'}).export({format: 'jwk'}) as {n?: string; d?: string};
		} catch {
			throw new FunctionError('invalid private key: ssh: no key found', 1);
		}

		if (!jwk.n || !jwk.d) {
			throw new FunctionError('invalid private key: not an RSA private key', 1);
		}

		const modulus = fromBase64Url(jwk.n);
		const size = Buffer.from(jwk.n, 'base64url').length;
		const cipher = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
		if (bytes.length !== size || cipher >= modulus) {
			throw new FunctionError('failed to decrypt: crypto/rsa: decryption error');
		}

		const message = Buffer.from(modularPower(cipher, fromBase64Url(jwk.d), modulus).toString(16).padStart(size * 2, '0'), 'hex');
		const separator = message.indexOf(0, 2);
		if (message[0] !== 0 || message[1] !== 2 || separator < 10) {
			throw new FunctionError('failed to decrypt: crypto/rsa: decryption error');
		}

		return stringValue(message.subarray(separator + 1).toString('utf8'));
	},
});

export const cryptoFunctions: readonly FunctionSpec[] = [base64sha256, base64sha512, bcrypt, md5, rsadecrypt, sha1, sha256, sha512, uuid, uuidv5];
