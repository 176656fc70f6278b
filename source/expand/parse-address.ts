import {
	type InstanceKey, type ModuleInstanceAddress, type ModuleInstanceStep, type ResourceInstanceAddress, intKey, noKey, stringKey, unknownKey,
} from './addresses.js';

/*
Parses Terraform resource addresses as the CLI takes them (`terraform state list ADDRESS`, `-target`): module steps, then optionally a resource with an optional key. A step written without a key has the `none` key; whether that means "the single instance" or "every instance" is for the caller (see `addressMatches` in select.ts).
*/

export type ParsedAddress =
	| {readonly kind: 'module'; readonly module: ModuleInstanceAddress}
	| {readonly kind: 'resource'; readonly resource: ResourceInstanceAddress};

export type ParseAddressResult = {readonly ok: true; readonly address: ParsedAddress} | {readonly ok: false; readonly message: string};

/**
An `action.TYPE.NAME[KEY]` (Terraform 1.14+, internal/addrs/action.go) or a query file's `list.TYPE.NAME[KEY]`, after the module path.
*/
export type BlockInstanceAddress = BlockAddressOf<'action'> | BlockAddressOf<'list'>;

type BlockAddressOf<Kind extends 'action' | 'list'> = {
	readonly kind: Kind;
	readonly module: ModuleInstanceAddress;
	readonly type: string;
	readonly name: string;
	readonly key: InstanceKey;
};

export type TargetAddress = ParsedAddress | BlockInstanceAddress;

export type ParseTargetAddressResult = {readonly ok: true; readonly address: TargetAddress} | {readonly ok: false; readonly message: string};

const identifierStart = /[A-Za-z_]/;
const identifierPart = /[\w-]/;

class AddressReader {
	position = 0;
	readonly text: string;

	constructor(text: string) {
		this.text = text;
	}

	get done(): boolean {
		return this.position >= this.text.length;
	}

	peek(): string | undefined {
		return this.text[this.position];
	}

	identifier(): string {
		const start = this.position;
		if (!identifierStart.test(this.text[this.position] ?? '')) {
			throw new AddressError(this.done ? 'Expected a name at the end of the address.' : `Expected a name at column ${this.position + 1}, found "${this.text[this.position]}".`);
		}

		this.position++;
		while (identifierPart.test(this.text[this.position] ?? '')) {
			this.position++;
		}

		return this.text.slice(start, this.position);
	}

	expect(character: string): void {
		if (this.text[this.position] !== character) {
			throw new AddressError(this.done ? `Expected "${character}" at the end of the address.` : `Expected "${character}" at column ${this.position + 1}, found "${this.text[this.position]}".`);
		}

		this.position++;
	}

	/**
	An optional `[key]`.
	*/
	key(): InstanceKey {
		if (this.peek() !== '[') {
			return noKey;
		}

		this.position++;
		let key: InstanceKey;
		if (this.peek() === '"') {
			key = stringKey(this.quoted());
		} else if (this.peek() === '*') {
			this.position++;
			key = unknownKey;
		} else {
			const match = /^\d+/.exec(this.text.slice(this.position));
			if (!match) {
				throw new AddressError('An instance key must be a whole number, a quoted string, or * (a placeholder).');
			}

			this.position += match[0].length;
			const value = Number(match[0]);
			if (!Number.isSafeInteger(value)) {
				throw new AddressError(`Instance index ${match[0]} is too large.`);
			}

			key = intKey(value);
		}

		this.expect(']');
		return key;
	}

	quoted(): string {
		this.expect('"');
		let value = '';
		for (;;) {
			const character = this.text[this.position];
			if (character === undefined) {
				throw new AddressError('Unterminated string in instance key.');
			}

			this.position++;
			if (character === '"') {
				return value;
			}

			if (character === '$' || character === '%') {
				// `$${` and `%%{` stand for a literal `${` / `%{`.
				if (this.text[this.position] === character && this.text[this.position + 1] === '{') {
					this.position++;
				} else if (this.text[this.position] === '{') {
					throw new AddressError('Template sequences are not allowed in an instance key.');
				}

				value += character;
				continue;
			}

			if (character !== '\\') {
				value += character;
				continue;
			}

			const escape = this.text[this.position++];
			switch (escape) {
				case 'n': {
					value += '\n';
					break;
				}

				case 'r': {
					value += '\r';
					break;
				}

				case 't': {
					value += '\t';
					break;
				}

				case '"':
				case '\\': {
					value += escape;
					break;
				}

				case 'u':
				case 'U': {
					const length = escape === 'u' ? 4 : 8;
					const hex = this.text.slice(this.position, this.position + length);
					if (!new RegExp(`^[\\da-fA-F]{${length}}$`).test(hex)) {
						throw new AddressError(`Invalid \\${escape} escape in instance key.`);
					}

					const code = Number.parseInt(hex, 16);
					if (code > 0x10_FF_FF) {
						throw new AddressError('Invalid Unicode escape in instance key.');
					}

					value += String.fromCodePoint(code);
					this.position += length;
					break;
				}

				default: {
					throw new AddressError(`Invalid escape sequence "\\${escape ?? ''}" in instance key.`);
				}
			}
		}
	}
}

class AddressError extends Error {}

function parse(text: string, blocks: false): ParsedAddress;
function parse(text: string, blocks: boolean): TargetAddress;
function parse(text: string, blocks: boolean): TargetAddress {
	const reader = new AddressReader(text.trim());
	if (reader.done) {
		return {kind: 'module', module: []};
	}

	const steps: ModuleInstanceStep[] = [];
	for (;;) {
		const first = reader.identifier();
		if (first === 'module') {
			reader.expect('.');
			const name = reader.identifier();
			const key = reader.key();
			steps.push({name, key});
			if (reader.done) {
				return {kind: 'module', module: steps};
			}

			reader.expect('.');
			continue;
		}

		if (blocks && (first === 'action' || first === 'list')) {
			reader.expect('.');
			const type = reader.identifier();
			reader.expect('.');
			const name = reader.identifier();
			const key = reader.key();
			if (!reader.done) {
				throw new AddressError(`Unexpected "${reader.text.slice(reader.position)}" after the ${first} address.`);
			}

			return first === 'action' ? {
				kind: 'action', module: steps, type, name, key,
			} : {
				kind: 'list', module: steps, type, name, key,
			};
		}

		let mode: 'managed' | 'data' | 'ephemeral' = 'managed';
		let type = first;
		if (first === 'data' || first === 'ephemeral') {
			mode = first;
			reader.expect('.');
			type = reader.identifier();
		}

		reader.expect('.');
		const name = reader.identifier();
		const key = reader.key();
		if (!reader.done) {
			throw new AddressError(`Unexpected "${reader.text.slice(reader.position)}" after the resource address.`);
		}

		return {
			kind: 'resource',
			resource: {
				module: steps, mode, type, name, key,
			},
		};
	}
}

/**
Parses an address; an empty string is the root module.
*/
export function parseAddress(text: string): ParseAddressResult {
	try {
		return {ok: true, address: parse(text, false)};
	} catch (error) {
		if (error instanceof AddressError) {
			return {ok: false, message: error.message};
		}

		throw error;
	}
}

/**
Parses an address as `parseAddress` does, also taking an action instance or a query list instance (`action.TYPE.NAME[KEY]`, `list.TYPE.NAME[KEY]`), for the console's `--at` and the instances selector.
*/
export function parseTargetAddress(text: string): ParseTargetAddressResult {
	try {
		return {ok: true, address: parse(text, true)};
	} catch (error) {
		if (error instanceof AddressError) {
			return {ok: false, message: error.message};
		}

		throw error;
	}
}
