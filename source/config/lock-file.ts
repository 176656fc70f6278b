import path from 'node:path';
import {findAttribute} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import {readConfigFile} from './parse-file.js';
import type {ConfigSource} from './source.js';
import {literalString} from './static.js';

/*
The dependency lock file, `.terraform.lock.hcl` in the root module's directory: the provider versions `terraform init` (or `tofu init`) selected, which are the versions plan and apply then use, for every module of the configuration. Read with our own HCL parser, through the configuration's source (a git revision has its own lock file).
*/

export type LockedProvider = {
	/**
	The provider's source address as the lock file writes it: `registry.terraform.io/hashicorp/aws`.
	*/
	readonly address: string;
	/**
	The version selected: `6.25.0`; absent when the block has no literal one (a broken file).
	*/
	readonly version?: string;
	readonly range: Range;
};

export const lockFileName = '.terraform.lock.hcl';

/**
The providers of a root module's lock file, in file order: each `provider "ADDRESS"` block and its literal `version`. A lock file that is absent or cannot be read decides nothing (no entries); what a broken one still has is read (the parser recovers); a second block for the same address is left out.
*/
export function readLockFile(directory: string, source?: ConfigSource): readonly LockedProvider[] {
	let body;
	try {
		body = readConfigFile(path.join(directory, lockFileName), lockFileName, source).value;
	} catch {
		return [];
	}

	const providers: LockedProvider[] = [];
	for (const item of body.items) {
		if (item.kind !== 'Block' || item.type !== 'provider' || item.labels.length !== 1) {
			continue;
		}

		const address = item.labels[0]!;
		const version = findAttribute(item.body, 'version');
		const text = version ? literalString(version.expression) : undefined;
		if (!providers.some(provider => provider.address === address)) {
			providers.push({address, ...(text !== undefined && {version: text}), range: item.range});
		}
	}

	return providers;
}
