import {type Block, blocksOf, findAttribute} from '../hcl/ast.js';
import {jsonTopLevelItems} from './json-blocks.js';
import type {LanguageMode} from './language.js';
import {selectConfigurationFiles} from './load-directory.js';
import {maximumConfigFileBytes, parseConfigFile} from './parse-file.js';
import {literalString} from './static.js';
import {type ConfigSource, readTextFrom} from './source.js';
import {satisfiesConstraint} from './version-constraint.js';

/*
Which release's rules a configuration is read by: the newest known release its root module's version constraints allow. A configuration pinned to `~> 1.14.0` is planned by Terraform 1.14, so 1.14's rules say what is valid in it; one with no constraint is read by the newest release.

Only the root module's constraints count (each child module's constraints must also hold when Terraform runs, but the root's are the ones the user chose), and only files that mention a constraint are parsed here: the loader parses the whole directory again, with the rules this chooses.
*/

/**
One version constraint as written, with where it was written.
*/
export type VersionConstraintText = {
	readonly text: string;
	/**
	`required_version` or (OpenTofu 1.12) `compatible_with.opentofu`.
	*/
	readonly argument: 'required_version' | 'compatible_with.opentofu';
};

export type VersionChoice = {
	readonly version: string;
	/**
	Why this release, as `check` prints it after the language's reason.
	*/
	readonly reason: string;
};

// Patch releases are tried up to this: a minor release is allowed when one of its patches meets every constraint (`>= 1.14.3` allows 1.14).
const highestPatch = 99;

/**
The release among `known` (oldest first) whose rules apply under `constraints`: the newest that one of its patch releases satisfies all of; when none does, the newest (constraints that admit no known release say nothing tfscope can follow), or the oldest when they ask only for older releases.
*/
export function chooseVersion(known: readonly string[], constraints: readonly VersionConstraintText[]): VersionChoice {
	const newest = known.at(-1)!;
	if (constraints.length === 0) {
		return {version: newest, reason: `${newest} is the newest release`};
	}

	const quoted = constraints.map(constraint => `${constraint.argument} "${constraint.text}"`).join(' and ');
	const allows = (release: string): boolean => {
		for (let patch = 0; patch <= highestPatch; patch++) {
			const version = `${release}.${patch}`;
			if (constraints.every(constraint => satisfiesConstraint(version, constraint.text))) {
				return true;
			}
		}

		return false;
	};

	const allowed = known.filter(release => allows(release));
	const chosen = allowed.at(-1);
	if (chosen === newest) {
		return {version: newest, reason: `${newest}, the newest release, meets ${quoted}`};
	}

	if (chosen !== undefined) {
		return {version: chosen, reason: `${quoted} allows ${chosen} at most`};
	}

	const oldest = known[0]!;
	const [major, minor] = oldest.split('.').map(Number) as [number, number];
	const older = [...['0.12', '0.13', '0.14', '0.15'].filter(() => major === 1), ...Array.from({length: minor}, (_, index) => `${major}.${index}`)];
	if (older.some(release => allows(release))) {
		return {version: oldest, reason: `${quoted} asks for a release older than ${oldest}, the oldest whose rules tfscope follows`};
	}

	return {version: newest, reason: `no release meets ${quoted}, so ${newest}, the newest`};
}

/**
The version constraints of a root module directory as `mode` reads it: `required_version` of every `terraform` block, and for OpenTofu the `opentofu` argument of `language { compatible_with { ... } }`. Terraform does not read `.tofu` files. A file that cannot be read or parsed gives nothing here (the loader reports it).
*/
export function versionConstraintsOf(directory: string, names: readonly string[], mode: LanguageMode, source?: ConfigSource): VersionConstraintText[] {
	const constraints: VersionConstraintText[] = [];
	for (const file of selectConfigurationFiles(directory, names)) {
		if (mode === 'terraform' && (file.name.endsWith('.tofu') || file.name.endsWith('.tofu.json'))) {
			continue;
		}

		const read = readTextFrom(source, file.path, maximumConfigFileBytes);
		if (!read.ok || (!read.text.includes('required_version') && !read.text.includes('compatible_with'))) {
			continue;
		}

		const body = parseConfigFile(read.text, file.name).value;
		const blocks = (body.syntax === 'json' ? jsonTopLevelItems(body, []) : body.items).filter((item): item is Block => item.kind === 'Block');
		for (const block of blocks) {
			if (block.type === 'terraform') {
				const text = literalString(findAttribute(block.body, 'required_version')?.expression);
				if (text !== undefined) {
					constraints.push({text, argument: 'required_version'});
				}
			} else if (block.type === 'language' && mode === 'opentofu') {
				for (const compatible of blocksOf(block.body, 'compatible_with')) {
					const text = literalString(findAttribute(compatible.body, 'opentofu')?.expression);
					if (text !== undefined) {
						constraints.push({text, argument: 'compatible_with.opentofu'});
					}
				}
			}
		}
	}

	return constraints;
}
