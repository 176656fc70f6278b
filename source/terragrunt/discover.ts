import path from 'node:path';
import type {ConfigSource} from '../config/source.js';

/*
Discovery of a Terragrunt estate: every directory holding a `terragrunt.hcl` is a unit (Terragrunt's `find`), and every `terragrunt.stack.hcl` a stack. A stack is expanded (`onStack`) before its directory is listed, so the `.terragrunt-stack` it generates (in memory) is walked like any directory and the units in it are found where Terragrunt finds them after `terragrunt stack generate`. Other hidden directories (`.terragrunt-cache`, `.git`) and `node_modules` are skipped; the walk is bounded so a hostile tree cannot make it run away.
*/

export const unitFileName = 'terragrunt.hcl';
export const stackFileName = 'terragrunt.stack.hcl';
export const stackDirectoryName = '.terragrunt-stack';

export type Discovered = {
	/**
	Unit directories, absolute, sorted by their path from the root.
	*/
	readonly units: readonly string[];
	readonly stacks: readonly string[];
	/**
	Set when the walk stopped at its bounds.
	*/
	readonly truncated: boolean;
};

const maximumDirectories = 100_000;
const maximumDepth = 64;

export function discoverUnits(root: string, files: ConfigSource, onStack?: (directory: string) => void): Discovered {
	const units: string[] = [];
	const stacks: string[] = [];
	let visited = 0;
	let truncated = false;
	const seen = new Set<string>();
	const list = (directory: string): string[] | undefined => {
		try {
			return files.readDirectory(directory).sort();
		} catch {
			return undefined;
		}
	};

	const walk = (directory: string, depth: number): void => {
		if (visited >= maximumDirectories || depth > maximumDepth) {
			truncated = true;
			return;
		}

		visited++;
		// A symbolic link loop is visited once.
		const real = files.realPath(directory) ?? directory;
		if (seen.has(real)) {
			return;
		}

		seen.add(real);
		let names = list(directory);
		if (!names) {
			return;
		}

		// The listing says whether there is a stack file: a stat of a missing file for every directory was 2,194 thrown errors in a 2,000-unit estate, most of the unit tree's 15% slow-down in 5c18629.
		const stack = names.includes(stackFileName) && files.stat(path.join(directory, stackFileName))?.kind === 'file';
		if (stack) {
			stacks.push(directory);
			onStack?.(directory);
			// Listed again: the stack's `.terragrunt-stack` (in memory) is there now.
			names = list(directory) ?? names;
		}

		if (names.includes(unitFileName) && files.stat(path.join(directory, unitFileName))?.kind === 'file') {
			units.push(directory);
		}

		for (const name of names) {
			if ((name.startsWith('.') && !(stack && name === stackDirectoryName)) || name === 'node_modules') {
				continue;
			}

			const child = path.join(directory, name);
			if (files.stat(child)?.kind === 'directory') {
				walk(child, depth + 1);
			}
		}
	};

	walk(path.resolve(root), 0);
	return {units, stacks, truncated};
}

/**
Whether `directory` is a unit (holds a terragrunt.hcl file).
*/
export function isUnitDirectory(directory: string, files: ConfigSource): boolean {
	return files.stat(path.join(directory, unitFileName))?.kind === 'file';
}

/**
Whether some directory under `directory` (not itself) is a unit, looking no further than the first one found.
*/
export function holdsUnits(directory: string, files: ConfigSource): boolean {
	const found = discoverUnits(directory, files);
	return found.units.length > 0;
}
