import {readAssumptions, type Assumption} from '../../expand/assumptions.js';
import {causeAddress, type UnknownCause} from '../../expand/unknown-causes.js';
import {parseAddress} from '../../expand/parse-address.js';
import {excludedInstances} from '../../graph/exclude.js';
import {graphOf} from '../../graph/index.js';
import {functionTable} from '../../lang/functions/index.js';
import {unusedAssumptions, type Workspace} from '../../workspace.js';
import type {AssumptionRow, ExplorerData, Reassumed, UnknownCauseRow} from '../explorer-data.js';
import type {DataContext} from './context.js';

/*
The assumptions view's data (the assumptions in force, the unknowns one could pin), `:assume` (the Workspace again with other assumptions) and what `tofu plan -exclude` would skip.
*/

export type AssumptionData = {
	readonly assumptionRow: (assumption: Assumption) => AssumptionRow;
	readonly causeRow: (cause: UnknownCause, blocks: number) => UnknownCauseRow;
	readonly assumptions: () => readonly AssumptionRow[];
	readonly unknownCauses: () => readonly UnknownCauseRow[];
	readonly skipped: (excluded: readonly string[]) => ReadonlyMap<string, string>;
};

/**
`assumptionSources`: where each assumption in force came from, in order, when the explorer rebuilt the Workspace (`:assume`): the Workspace itself only knows them as `--assume` texts.
*/
export function createAssumptionData({workspace, tree, relativeFilename}: DataContext, assumptionSources: readonly string[] | undefined): AssumptionData {
	const sources = assumptionSources?.length === workspace.assumptions.length ? assumptionSources : undefined;
	const assumptionRow = (assumption: Assumption): AssumptionRow => ({
		address: assumption.address,
		expression: assumption.expression,
		source: sources?.[workspace.assumptions.indexOf(assumption)] ?? assumption.source,
	});

	const causeRow = (cause: UnknownCause, blocks: number): UnknownCauseRow => ({
		address: causeAddress(cause),
		when: cause.when,
		where: cause.range ? `${relativeFilename(cause.range.filename)}:${cause.range.start.line}` : '',
		blocks,
	});

	return {
		assumptionRow,
		causeRow,
		assumptions: () => workspace.assumptions.map(assumption => assumptionRow(assumption)),
		unknownCauses: () => tree().unknownCauses.map(report => causeRow(report.cause, report.blocks.length)),
		skipped(excluded) {
			const exclusions = excluded.flatMap(text => {
				const parsed = parseAddress(text);
				return parsed.ok ? [{text, address: parsed.address}] : [];
			});
			const entries = exclusions.length === 0 ? [] : excludedInstances(tree(), graphOf(workspace, {instances: true}), exclusions);
			return new Map(entries.map(entry => [entry.address, entry.because.kind === 'excluded' ? 'excluded' : `depends on ${entry.because.on}`]));
		},
	};
}

/**
The Workspace again with other assumptions, for `:assume` and dropping one: each is checked first (a typo is said at once, not found in the diagnostics later), and one that names nothing in the configuration is refused. `dataOf` wraps the new Workspace for the explorer.
*/
/** An assumption as `--assume` takes it. */
export function assumptionText(assumption: AssumptionRow): string {
	return `${assumption.address}=${assumption.expression}`;
}

export async function reassume(workspace: Workspace, assumptions: readonly AssumptionRow[], dataOf: (next: Workspace) => ExplorerData): Promise<Reassumed> {
	const texts = assumptions.map(assumption => assumptionText(assumption));
	const {lookup} = functionTable(workspace.language.rules.functions);
	for (const text of texts) {
		const read = readAssumptions([{kind: 'text', text}], lookup);
		const problem = read.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		if (problem) {
			return {ok: false, message: `${problem.summary}: ${(problem.detail ?? '').replace(/^--assume: /, '')}`};
		}
	}

	const next = await workspace.withAssumptions(texts.map(text => ({kind: 'text' as const, text})));
	// In slices, as loading makes them, so keys are read meanwhile.
	await next.finishExpansion();
	const [unused] = unusedAssumptions(next.assumptions, next.instances);
	if (unused) {
		return {ok: false, message: `${unused.summary}: ${unused.detail ?? ''}`};
	}

	const data = dataOf(next);
	return {ok: true, data, summary: data.status()};
}
