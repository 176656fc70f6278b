import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import {walkModuleTree} from '../../source/config/module-tree.js';
import {extractCommit, gitDirectory, resolveCommit, tagsOf} from './git.js';

/*
What `terraform init` does for modules, offline and for the sweep only: each registry source (`NAMESPACE/NAME/PROVIDER//SUBDIR`, the registry's convention is the GitHub repository NAMESPACE/terraform-PROVIDER-NAME) and each GitHub git source (`git::https://github.com/O/R.git//SUBDIR?ref=REF`, `github.com/O/R`) is taken from a tag of that repository, the highest that meets the call's version constraint, extracted into the cache, and written into the example's `.terraform/modules/modules.json` under the call's key. Calls inside installed modules are found by loading again until nothing new resolves.
*/

export type Installed = {readonly key: string; readonly source: string; readonly repository: string; readonly tag: string; readonly commit: string};

type Version = {readonly parts: readonly [number, number, number]; readonly prerelease: boolean};

function parseVersion(text: string): Version | undefined {
	const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[\w.]+)?$/.exec(text.trim());
	return match ? {parts: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)], prerelease: match[4] !== undefined} : undefined;
}

function compare(a: Version, b: Version): number {
	for (let index = 0; index < 3; index++) {
		const difference = a.parts[index]! - b.parts[index]!;
		if (difference !== 0) {
			return difference;
		}
	}

	return 0;
}

/**
Terraform's version constraints (`>= 1.2, < 2.0`, `~> 5.1`, `= 3.0.0`, `3.0.0`), enough for module calls.
*/
export function meetsConstraint(version: Version, constraint: string): boolean {
	return constraint.split(',').map(part => part.trim()).filter(Boolean).every(part => {
		const match = /^(=|!=|>=|<=|>|<|~>)?\s*(.+)$/.exec(part);
		const wanted = match ? parseVersion(match[2]!) : undefined;
		if (!match || !wanted) {
			return false;
		}

		const order = compare(version, wanted);
		switch (match[1]) {
			case '>=': { return order >= 0; }
			case '<=': { return order <= 0; }
			case '>': { return order > 0; }
			case '<': { return order < 0; }
			case '!=': { return order !== 0; }
			case '~>': {
				// ~> 5.1 allows 5.x from 5.1; ~> 5.1.2 allows 5.1.x from 5.1.2.
				const written = match[2]!.replace(/^v/, '').split('.').length;
				const upper = written <= 1 ? [wanted.parts[0] + 1, 0, 0] : (written === 2 ? [wanted.parts[0] + 1, 0, 0] : [wanted.parts[0], wanted.parts[1] + 1, 0]);
				return order >= 0 && compare(version, {parts: upper as [number, number, number], prerelease: false}) < 0;
			}

			default: { return order === 0; }
		}
	});
}

/**
The repository, subdirectory and (for git sources) ref a remote module source names; undefined for what the sweep cannot install (other hosts, archives, buckets).
*/
export function remoteSource(source: string): {repository: string; subdirectory: string; ref?: string} | undefined {
	const [address, ...query] = source.split('?');
	const ref = new URLSearchParams(query.join('?')).get('ref') ?? undefined;
	const git = /^(?:git::)?(?:https:\/\/|ssh:\/\/git@|git@)?github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:\/\/(.*))?$/.exec(address!);
	if (git) {
		return {repository: `${git[1]}/${git[2]}`, subdirectory: git[3] ?? '', ...(ref !== undefined && {ref})};
	}

	const registry = /^(?:registry\.terraform\.io\/)?([\w-]+)\/([\w-]+)\/([\w-]+)(?:\/\/(.*))?$/.exec(address!);
	if (registry) {
		return {repository: `${registry[1]}/terraform-${registry[3]}-${registry[2]}`, subdirectory: registry[4] ?? ''};
	}

	return undefined;
}

function chooseTag(tags: readonly string[], constraint: string | undefined): string | undefined {
	let best: {tag: string; version: Version} | undefined;
	for (const tag of tags) {
		const version = parseVersion(tag);
		if (!version || version.prerelease || (constraint !== undefined && !meetsConstraint(version, constraint))) {
			continue;
		}

		if (!best || compare(version, best.version) > 0) {
			best = {tag, version};
		}
	}

	return best?.tag;
}

/**
Installs the remote modules of one example (its copy in the cache) and returns what it installed; calls it could not install stay "Module not installed".
*/
export function installModules(example: string, cache: string, mirrors: string | undefined, renamed: Readonly<Record<string, string>> = {}): Installed[] {
	const entries: Array<{Key: string; Source: string; Version?: string; Dir: string}> = [{Key: '', Source: '', Dir: '.'}];
	const installed: Installed[] = [];
	const tried = new Set<string>();
	const manifest = path.join(example, '.terraform', 'modules', 'modules.json');
	for (let round = 0; round < 12; round++) {
		mkdirSync(path.dirname(manifest), {recursive: true});
		writeFileSync(manifest, JSON.stringify({Modules: entries}));
		const {root} = loadModuleTree(example);
		let progress = false;
		for (const node of walkModuleTree(root)) {
			const key = node.path.join('.');
			if (node.source.kind !== 'unresolved' || !node.call?.source || tried.has(key)) {
				continue;
			}

			tried.add(key);
			const named = remoteSource(node.call.source);
			// A registry module whose repository moved (the registry follows it; the name convention does not).
			const remote = named && {...named, repository: renamed[named.repository] ?? named.repository};
			const directory = remote && gitDirectory(remote.repository, cache, mirrors);
			if (!remote || !directory) {
				continue;
			}

			const tag = remote.ref ?? chooseTag(tagsOf(directory), node.call.version);
			// No release meets the constraint: terraform init would fail; the call stays not installed.
			if (tag === undefined && node.call.version !== undefined) {
				continue;
			}

			const commit = tag === undefined ? resolveCommit(directory, 'HEAD') : resolveCommit(directory, tag);
			if (!commit) {
				continue;
			}

			const checkout = path.join(cache, 'modules', `${remote.repository.replace('/', '+')}@${commit.slice(0, 12)}`);
			extractCommit(directory, commit, checkout);
			entries.push({
				Key: key, Source: node.call.source, ...(tag !== undefined && {Version: tag.replace(/^v/, '')}), Dir: path.relative(example, path.join(checkout, remote.subdirectory)),
			});
			installed.push({
				key, source: node.call.source, repository: remote.repository, tag: tag ?? 'HEAD', commit,
			});
			progress = true;
		}

		if (!progress) {
			break;
		}
	}

	return installed;
}
