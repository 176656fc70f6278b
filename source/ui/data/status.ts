import {languageName} from '../../config/language.js';
import {countOpenEnded} from '../../expand/counts.js';
import type {DataContext} from './context.js';
import type {CheckProgress} from './diagnostics.js';
import {plural} from './shared.js';

/*
The status bar's line: the language, the counts, what changes what they mean (placeholders, assumptions), and how far the background check has got.
*/

export function createStatus({workspace, sources, tree}: DataContext, progress: () => CheckProgress): () => string {
	let openEnded: number | undefined;
	return () => {
		// The language first (Terraform or OpenTofu): it decides what the rest means.
		if (sources.size === 0) {
			return 'no configuration files here';
		}

		// Placeholders and assumptions change what the counts mean: they are said beside them.
		openEnded ??= countOpenEnded(tree());
		const unknowns = `${openEnded === 0 ? '' : ` · ${openEnded} open-ended [*]`}${workspace.assumptions.length === 0 ? '' : ` · ${workspace.assumptions.length} assumed`}`;
		const counts = `${languageName(workspace.language.rules)} · ${plural(tree().moduleInstances.size, 'module instance')} · ${plural(tree().resourceInstances.size, 'resource instance')}${unknowns}`;
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
