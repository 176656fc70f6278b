import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {
	boolType, listType, numberType, stringType,
} from '../types.js';
import {
	boolValue, listValue, stringValue,
} from '../values.js';
import {integerOf, numberOf, stringOf} from './support.js';

/*
IP network functions with bigint address arithmetic, so IPv4 and IPv6 share one code path. Allocation in `cidrsubnets` follows Terraform's: each subnet starts at the first aligned block after the previous one.
*/

export type Network = {
	/** 32 or 128. */
	readonly bits: number;
	readonly address: bigint;
	readonly prefix: number;
};

function parseIpv4(text: string): bigint | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || parts.some(part => !/^\d{1,3}$/.test(part) || Number(part) > 255)) {
		return undefined;
	}

	return parts.reduce((total, part) => (total << 8n) | BigInt(Number(part)), 0n);
}

function parseIpv6(text: string): bigint | undefined {
	let body = text;
	const lastColon = body.lastIndexOf(':');
	if (body.slice(lastColon + 1).includes('.')) {
		// An embedded IPv4 address stands for the last two groups.
		const ipv4 = parseIpv4(body.slice(lastColon + 1));
		if (ipv4 === undefined) {
			return undefined;
		}

		body = `${body.slice(0, lastColon + 1)}${(ipv4 >> 16n).toString(16)}:${(ipv4 & 0xFF_FFn).toString(16)}`;
	}

	const halves = body.split('::');
	if (halves.length > 2) {
		return undefined;
	}

	const parseGroups = (part: string): bigint[] | undefined => {
		if (part === '') {
			return [];
		}

		const groups = part.split(':');
		if (groups.some(group => !/^[\da-fA-F]{1,4}$/.test(group))) {
			return undefined;
		}

		return groups.map(group => BigInt(`0x${group}`));
	};

	const head = parseGroups(halves[0]!);
	const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
	if (!head || !rest) {
		return undefined;
	}

	const known = head.length + rest.length;
	if (halves.length === 1 ? known !== 8 : known > 7) {
		return undefined;
	}

	const groups = [...head, ...Array.from({length: 8 - known}, () => 0n), ...rest];
	return groups.reduce((total, group) => (total << 16n) | group, 0n);
}

export function parseAddress(text: string): {bits: number; address: bigint} | undefined {
	if (text.includes(':')) {
		const address = parseIpv6(text);
		return address === undefined ? undefined : {bits: 128, address};
	}

	const address = parseIpv4(text);
	return address === undefined ? undefined : {bits: 32, address};
}

/**
Parses `address/prefix` (the address need not be the network's first).
*/
export function parseCidr(text: string): Network {
	const slash = text.indexOf('/');
	const parsed = slash === -1 ? undefined : parseAddress(text.slice(0, slash));
	const prefixText = slash === -1 ? '' : text.slice(slash + 1);
	if (!parsed || !/^\d{1,3}$/.test(prefixText) || Number(prefixText) > parsed.bits) {
		throw new FunctionError(`invalid CIDR expression: invalid CIDR address: ${text}`);
	}

	return {...parsed, prefix: Number(prefixText)};
}

function mask(bits: number, prefix: number): bigint {
	const all = (1n << BigInt(bits)) - 1n;
	return all ^ ((1n << BigInt(bits - prefix)) - 1n);
}

export function formatAddress(bits: number, address: bigint): string {
	if (bits === 32) {
		return [24n, 16n, 8n, 0n].map(shift => String((address >> shift) & 0xFFn)).join('.');
	}

	// Go prints IPv4-mapped addresses (::ffff:a.b.c.d) in dotted form.
	if (address >> 32n === 0xFF_FFn) {
		return formatAddress(32, address & 0xFF_FF_FF_FFn);
	}

	const groups = Array.from({length: 8}, (_, index) => (address >> BigInt(112 - (index * 16))) & 0xFF_FFn);
	// Go compresses the first longest run of two or more zero groups.
	let bestStart = -1;
	let bestLength = 0;
	for (let start = 0; start < 8;) {
		if (groups[start] !== 0n) {
			start++;
			continue;
		}

		let end = start;
		while (end < 8 && groups[end] === 0n) {
			end++;
		}

		if (end - start > bestLength && end - start >= 2) {
			bestStart = start;
			bestLength = end - start;
		}

		start = end;
	}

	const hex = groups.map(group => group.toString(16));
	if (bestStart === -1) {
		return hex.join(':');
	}

	return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
Go's IPNet.String: an IPv4-mapped IPv6 network prints as IPv4, its prefix counted within the last 32 bits.
*/
function formatNetwork(network: Network): string {
	if (isIpv4Mapped(network.bits, network.address)) {
		return `${formatAddress(32, network.address & 0xFF_FF_FF_FFn)}/${Math.max(network.prefix - 96, 0)}`;
	}

	return `${formatAddress(network.bits, network.address)}/${network.prefix}`;
}

/**
Go's `To4() != nil` for a 16-byte address: ::ffff:a.b.c.d.
*/
function isIpv4Mapped(bits: number, address: bigint): boolean {
	return bits === 128 && address >> 32n === 0xFF_FFn;
}

/**
go-cidr's insertNumIntoIP: the number ORed into the address as big integers in two's complement (so a negative number sets every bit above it), the magnitude taken as the address. A result wider than the address makes Go panic; here it is an error.
*/
function insertNumber(bits: number, base: bigint, shifted: bigint, message: string): bigint {
	let result = base | shifted;
	if (result < 0n) {
		result = -result;
	}

	if (result >> BigInt(bits) !== 0n) {
		throw new FunctionError(message);
	}

	return result;
}

export const cidrhost = defineFunction({
	name: 'cidrhost',
	description: 'Calculates a full host IP address for a given host number within a given IP network address prefix.',
	parameters: [{name: 'prefix', type: stringType}, {name: 'hostnum', type: numberType}],
	returnType: staticReturnType(stringType),
	impl([prefixValue, hostValue]) {
		const network = parseCidr(stringOf(prefixValue!));
		const hostNumber = numberOf(hostValue!);
		if (!hostNumber.isInteger()) {
			throw new FunctionError('value must be a whole number');
		}

		// go-cidr's HostBig: a negative number counts back from the last host; a positive one is checked by its low 64 bits only (as an int64), so an IPv6 host number past 2^64 spills into the prefix, as in Terraform.
		let host = BigInt(hostNumber.toFixed());
		const largest = (1n << BigInt(network.bits - network.prefix)) - 1n;
		let checked: bigint;
		if (host < 0n) {
			checked = -host - 1n;
			host = largest - checked;
		} else {
			checked = BigInt.asIntN(64, host);
		}

		const message = `prefix of ${network.prefix} does not accommodate a host numbered ${host}`;
		if (checked > largest) {
			throw new FunctionError(message);
		}

		// An IPv4-mapped network counts hosts as IPv4 does, from the address's 32nd bit up (go-cidr takes the IPv4 width for it), so host 1 lands in the upper groups.
		const base = network.address & mask(network.bits, network.prefix);
		const shift = isIpv4Mapped(network.bits, base) ? 96n : 0n;
		return stringValue(formatAddress(network.bits, insertNumber(network.bits, base, host << shift, message)));
	},
});

export const cidrnetmask = defineFunction({
	name: 'cidrnetmask',
	description: 'Converts an IPv4 address prefix given in CIDR notation into a subnet mask address.',
	parameters: [{name: 'prefix', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([prefixValue]) {
		const text = stringOf(prefixValue!);
		const network = parseCidr(text);
		// An IPv4-mapped IPv6 network has a netmask, printed as an IPv6 address (Go's To4 of the network address).
		if (network.bits !== 32 && !isIpv4Mapped(network.bits, network.address & mask(network.bits, network.prefix))) {
			throw new FunctionError(`IPv6 addresses cannot have a netmask: ${text}`);
		}

		return stringValue(formatAddress(network.bits, mask(network.bits, network.prefix)));
	},
});

export const cidrsubnet = defineFunction({
	name: 'cidrsubnet',
	description: 'Calculates a subnet address within a given IP network address prefix.',
	parameters: [{name: 'prefix', type: stringType}, {name: 'newbits', type: numberType}, {name: 'netnum', type: numberType}],
	returnType: staticReturnType(stringType),
	impl([prefixValue, newbitsValue, netnumValue]) {
		const network = parseCidr(stringOf(prefixValue!));
		const newbits = integerOf(newbitsValue!, undefined);
		const netnumber = numberOf(netnumValue!);
		if (!netnumber.isInteger()) {
			throw new FunctionError('value must be a whole number');
		}

		const netnum = BigInt(netnumber.toFixed());
		const length = network.prefix + newbits;
		if (length > network.bits) {
			throw new FunctionError(`insufficient address space to extend prefix of ${network.prefix} by ${newbits}`);
		}

		// go-cidr checks a negative number by the low 64 bits of its magnitude, then ORs it in two's complement: cidrsubnet("10.1.2.0/24", 4, -1) is 0.0.0.16/28, as Terraform gives.
		const message = `prefix extension of ${newbits} does not accommodate a subnet numbered ${netnum}`;
		const largest = (1n << BigInt(Math.max(newbits, 0))) - 1n;
		if (newbits >= 0 && (netnum < 0n ? BigInt.asUintN(64, -netnum) > largest : netnum > largest)) {
			throw new FunctionError(message);
		}

		const base = network.address & mask(network.bits, Math.max(Math.min(length, network.prefix), 0));
		const address = insertNumber(network.bits, base, netnum << BigInt(network.bits - length), message);
		return stringValue(formatNetwork({bits: network.bits, address, prefix: length}));
	},
});

export const cidrsubnets = defineFunction({
	name: 'cidrsubnets',
	description: 'Calculates a sequence of consecutive IP address ranges within a particular CIDR prefix.',
	parameters: [{name: 'prefix', type: stringType}],
	variadic: {name: 'newbits', type: numberType},
	returnType: staticReturnType(listType(stringType)),
	impl([prefixValue, ...newbitsValues]) {
		const network = parseCidr(stringOf(prefixValue!));
		if (newbitsValues.length === 0) {
			return listValue(stringType, []);
		}

		const {bits} = network;
		const universe = (1n << BigInt(bits)) - 1n;
		const networkStart = network.address & mask(bits, network.prefix);
		const networkEnd = networkStart | (universe ^ mask(bits, network.prefix));
		const first = network.prefix + integerOf(newbitsValues[0]!, 1);
		let currentLength = Math.min(Math.max(first, 0), bits);
		let current = ((networkStart - 1n) & universe) & mask(bits, currentLength);
		const results: string[] = [];
		for (const [index, value] of newbitsValues.entries()) {
			const newbits = integerOf(value, index + 1);
			if (newbits < 1) {
				throw new FunctionError('must extend prefix by at least one bit', index + 1);
			}

			if (newbits > 32) {
				throw new FunctionError('may not extend prefix by more than 32 bits', index + 1);
			}

			const length = network.prefix + newbits;
			if (length > bits) {
				throw new FunctionError(`would extend prefix to ${length} bits, which is too long for an ${bits === 32 ? 'IPv4' : 'IPv6'} address`, index + 1);
			}

			const currentLast = current | (universe ^ mask(bits, currentLength));
			const subnet = currentLast & mask(bits, length);
			const last = (subnet | (universe ^ mask(bits, length))) + 1n;
			const rollover = last > universe;
			const next = (last & universe) & mask(bits, length);
			if (rollover || next < networkStart || next > networkEnd) {
				throw new FunctionError(`not enough remaining address space for a subnet with a prefix of ${length} bits after ${formatNetwork({bits, address: current, prefix: currentLength})}`, index + 1);
			}

			current = next;
			currentLength = length;
			results.push(formatNetwork({bits, address: current, prefix: length}));
		}

		return listValue(stringType, results.map(result => stringValue(result)));
	},
});

export const cidrcontains = defineFunction({
	name: 'cidrcontains',
	openTofuOnly: true,
	description: 'Determines whether a given IP address or an address prefix given in CIDR notation is within a given IP network address prefix (OpenTofu).',
	parameters: [{name: 'containing_prefix', type: stringType}, {name: 'contained_ip_or_prefix', type: stringType}],
	returnType: staticReturnType(boolType),
	impl([containingValue, containedValue]) {
		const containing = parseCidr(stringOf(containingValue!));
		const containedText = stringOf(containedValue!);
		let contained: Network;
		if (containedText.includes('/')) {
			contained = parseCidr(containedText);
		} else {
			const address = parseAddress(containedText);
			if (!address) {
				throw new FunctionError(`invalid IP address to check for containment: ${containedText}`, 1);
			}

			contained = {...address, prefix: address.bits};
		}

		if (contained.bits !== containing.bits) {
			throw new FunctionError('address family mismatch: both arguments must be IPv4 or both IPv6');
		}

		const containingMask = mask(containing.bits, containing.prefix);
		return boolValue(contained.prefix >= containing.prefix && (contained.address & containingMask) === (containing.address & containingMask));
	},
});

export const ipNetworkFunctions: readonly FunctionSpec[] = [cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets];
