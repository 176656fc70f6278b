import type {ResourceMode} from '../config/module.js';

/*
Typed addresses after Terraform's addrs package: instance keys, module instance paths and resource (instance) addresses, with formatting. Parsing is in parse-address.ts; `parseAddress(formatX(a))` gives `a` back.
*/

export type InstanceKey =
	| {readonly kind: 'none'}
	| {readonly kind: 'int'; readonly value: number}
	| {readonly kind: 'string'; readonly value: string}
	/**
	The placeholder of a block whose `count`/`for_each` is not known yet: it stands for every instance it will have, printed `[*]` as Terraform prints partially expanded addresses (`aws_subnet.public[*]`, `module.net[*].aws_subnet.this`).
	*/
	| {readonly kind: 'unknown'};

export const noKey: InstanceKey = Object.freeze({kind: 'none'});

export const unknownKey: InstanceKey = Object.freeze({kind: 'unknown'});

export function intKey(value: number): InstanceKey {
	return {kind: 'int', value};
}

export function stringKey(value: string): InstanceKey {
	return {kind: 'string', value};
}

export type ModuleInstanceStep = {
	readonly name: string;
	readonly key: InstanceKey;
};

/**
Steps from the root; `[]` is the root module instance.
*/
export type ModuleInstanceAddress = readonly ModuleInstanceStep[];

export type ResourceAddress = {
	readonly module: ModuleInstanceAddress;
	readonly mode: ResourceMode;
	readonly type: string;
	readonly name: string;
};

export type ResourceInstanceAddress = ResourceAddress & {
	readonly key: InstanceKey;
};

const plainKey = /^(?:[\x20-\x21\x23\x26-\x5B\x5D-\x7E]|\$(?!\{)|%(?!\{))*$/;

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
A string key quoted as Terraform prints it (addrs/instance_key.go): `\n`, `\r`, `\t`, `\"` and `\\`; `${` and `%{` doubled so the key cannot read as a template; every other code point Go does not call printable (controls, format characters such as U+202E, separators but the space, private use, unassigned) as `\u202e`, or `\U000e0001` past U+FFFF. The one quoting function for addresses: every command, the graph and the explorer print keys through it.
*/
export function quoteKey(value: string): string {
	// Most keys need no escaping at all.
	if (plainKey.test(value)) {
		return `"${value}"`;
	}

	let text = '"';
	for (const character of value) {
		switch (character) {
			case '"': {
				text += String.raw`\"`;
				break;
			}

			case '\\': {
				text += '\\\\';
				break;
			}

			case '\n': {
				text += String.raw`\n`;
				break;
			}

			case '\r': {
				text += String.raw`\r`;
				break;
			}

			case '\t': {
				text += String.raw`\t`;
				break;
			}

			default: {
				if (printable.test(character)) {
					text += character;
				} else {
					const code = character.codePointAt(0)!;
					text += code < 0x1_00_00 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
				}
			}
		}
	}

	// Function replacements: in a replacement string `$$` would mean one `$`.
	return text.replaceAll('${', () => '$${').replaceAll('%{', () => '%%{') + '"';
}

export function formatKey(key: InstanceKey): string {
	switch (key.kind) {
		case 'none': {
			return '';
		}

		case 'int': {
			return `[${key.value}]`;
		}

		case 'string': {
			return `[${quoteKey(key.value)}]`;
		}

		case 'unknown': {
			return '[*]';
		}
	}
}

export function keysEqual(a: InstanceKey, b: InstanceKey): boolean {
	return a.kind === b.kind && (a.kind === 'none' || a.kind === 'unknown' || a.value === (b as typeof a).value);
}

/**
The key's value as JSON and key maps give it: null for no key, `'*'` for a placeholder.
*/
export function keyValue(key: InstanceKey): string | number | null {
	return key.kind === 'none' ? null : (key.kind === 'unknown' ? '*' : key.value);
}

/**
Whether an address passes through a placeholder: an instance of a block, or inside a module instance, whose expansion is not known yet.
*/
export function isPlaceholderAddress(address: {readonly module: ModuleInstanceAddress; readonly key?: InstanceKey}): boolean {
	return address.key?.kind === 'unknown' || address.module.some(step => step.key.kind === 'unknown');
}

/**
Terraform's instance key order: no key, then integers ascending, then strings lexically; a placeholder last.
*/
export function compareKeys(a: InstanceKey, b: InstanceKey): number {
	const rank = {
		none: 0, int: 1, string: 2, unknown: 3,
	} as const;
	if (a.kind !== b.kind) {
		return rank[a.kind] - rank[b.kind];
	}

	if (a.kind === 'int' && b.kind === 'int') {
		return a.value - b.value;
	}

	if (a.kind === 'string' && b.kind === 'string') {
		return a.value < b.value ? -1 : (a.value > b.value ? 1 : 0);
	}

	return 0;
}

export function formatModuleInstance(address: ModuleInstanceAddress): string {
	return address.map(step => `module.${step.name}${formatKey(step.key)}`).join('.');
}

export function formatResource(address: ResourceAddress): string {
	const module = formatModuleInstance(address.module);
	const local = `${address.mode === 'managed' ? '' : `${address.mode}.`}${address.type}.${address.name}`;
	return module === '' ? local : `${module}.${local}`;
}

export function formatResourceInstance(address: ResourceInstanceAddress): string {
	return formatResource(address) + formatKey(address.key);
}

export function moduleInstanceChild(parent: ModuleInstanceAddress, name: string, key: InstanceKey): ModuleInstanceAddress {
	return [...parent, {name, key}];
}

export function moduleInstancesEqual(a: ModuleInstanceAddress, b: ModuleInstanceAddress): boolean {
	return a.length === b.length && a.every((step, index) => step.name === b[index]!.name && keysEqual(step.key, b[index]!.key));
}
