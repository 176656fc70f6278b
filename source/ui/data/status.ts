import {languageName} from '../../config/language.js';
import {countInstances, type InstanceCounts} from '../../expand/counts.js';
import type {DataContext} from './context.js';
import type {CheckProgress} from './diagnostics.js';
import {plural} from './shared.js';

/*
The status bar's line: the language, the counts, what changes what they mean (placeholders, assumptions), and how far the background check has got.
*/

export function createStatus({workspace, sources, tree}: DataContext, progress: () => CheckProgress): () => string {
	let counted: InstanceCounts | undefined;
	return () => {
		// The language first (Terraform or OpenTofu): it decides what the rest means.
		if (sources.size === 0) {
			return 'no configuration files here';
		}

		// The counts `check` prints (expand/counts.ts): resource instances whose address is known; placeholders apart, as they stand for a number not known, and assumptions beside them, as they change what the counts mean.
		counted ??= countInstances(tree());
		const {known, openEnded, withinPlaceholders} = counted;
		const unknowns = `${openEnded === 0 ? '' : ` · ${openEnded} open-ended [*]`}${withinPlaceholders === 0 ? '' : ` · ${withinPlaceholders} in [*] modules`}${workspace.assumptions.length === 0 ? '' : ` · ${workspace.assumptions.length} assumed`}`;
		const counts = `${languageName(workspace.language.rules)} · ${plural(tree().moduleInstances.size, 'module instance')} · ${plural(known, 'resource instance')}${unknowns}`;
		const check = progress();
		switch (check.state) {
			case 'idle': {
				return `${counts} · d: diagnostics`;
			}

			case 'checking': {
				return `${counts} · checking ${check.percent}%`;
			}

			case 'done': {
				return `${counts} · ${plural(check.errors, 'error')}, ${plural(check.warnings, 'warning')}`;
			}
		}
	};
}
