import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Diagnostic} from '../source/hcl/diagnostics.js';
import {loadWorkspace} from '../source/workspace.js';

/*
One example of the real-world sweeps (bench/sweep.ts, bench/public-sweep/run.ts): loaded as `check` and `instances` load it, without state, and summed up.
*/

export type SweepRow = {
	readonly example: string;
	readonly errors: number;
	readonly warnings: number;
	readonly instances: number;
	readonly placeholders: number;
	readonly empty: number;
	readonly milliseconds: number;
	readonly diagnostics: readonly Diagnostic[];
};

function hasTerraformFiles(directory: string): boolean {
	return readdirSync(directory).some(name => name.endsWith('.tf') || name.endsWith('.tf.json'));
}

/**
Every directory under ROOT/examples with configuration files (one level, and the next where an example is a folder of examples), or ROOT itself when it has no examples/.
*/
export function examplesOf(root: string): string[] {
	const examples = path.join(root, 'examples');
	if (!existsSync(examples)) {
		return hasTerraformFiles(root) ? [root] : [];
	}

	const found: string[] = [];
	for (const name of readdirSync(examples).sort()) {
		const directory = path.join(examples, name);
		if (!statSync(directory).isDirectory()) {
			continue;
		}

		if (hasTerraformFiles(directory)) {
			found.push(directory);
			continue;
		}

		for (const inner of readdirSync(directory).sort()) {
			const nested = path.join(directory, inner);
			if (statSync(nested).isDirectory() && hasTerraformFiles(nested)) {
				found.push(nested);
			}
		}
	}

	return found;
}

export async function sweepExample(example: string, assumptions: readonly string[] = []): Promise<SweepRow> {
	const started = performance.now();
	const workspace = await loadWorkspace({
		// As `tfscope check EXAMPLE` loads it from another directory: relative paths (path.module of installed modules) are from the process's directory.
		directory: example, ...(assumptions.length > 0 && {assumptions: assumptions.map(text => ({kind: 'text' as const, text}))}),
	});
	const {diagnostics} = workspace;
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	const resources = [...workspace.instances.resources.values()].filter(resource => resource.block.mode !== 'ephemeral');
	const placeholders = resources.filter(resource => resource.expansion.mode === 'unknown').length;
	const empty = resources.filter(resource => resource.instances.length === 0).length;
	const instances = resources.reduce((total, resource) => total + resource.instances.filter(instance => instance.key.kind !== 'unknown').length, 0);
	return {
		example,
		errors,
		warnings: diagnostics.length - errors,
		instances,
		placeholders,
		empty,
		milliseconds: performance.now() - started,
		diagnostics,
	};
}

/**
One diagnostic on one line: severity, summary, file:line relative to the example, the detail's first line.
*/
export function describeDiagnostic(example: string, diagnostic: Diagnostic): string {
	return `${diagnostic.severity}: ${diagnostic.summary}${diagnostic.subject ? ` (${path.relative(example, diagnostic.subject.filename)}:${diagnostic.subject.start.line})` : ''}: ${(diagnostic.detail ?? '').split('\n')[0]!.slice(0, 160)}`;
}
