import path from 'node:path';
import {plannedInvocations} from '../diff/actions.js';
import {diffWorkspaces, type WorkspaceDiff} from '../diff/compare.js';
import {diffJson, type Side} from '../diff/format-json.js';
import {formatDiffText} from '../diff/format-text.js';
import {hasChanges} from '../diff/summary.js';
import {formatModuleInstance} from '../expand/addresses.js';
import {printValue, tooLargeToShow} from '../lang/format-value.js';
import {rawEquals} from '../lang/operations.js';
import type {Value} from '../lang/values.js';
import type {Workspace} from '../workspace.js';
import type {Estate, OpenedUnit, Unit} from './estate.js';

/*
`diff` of an estate between two revisions (or directories): unit by unit, matched by path. For each unit: whether it is new, gone, excluded or changed; the Terraform inputs that change (old → new, with where the new value is set); the Terragrunt files it reads whose text changed (its own terragrunt.hcl, or a shared `root.hcl` / `_envcommon` file: the cause of a change the unit did not make itself); and what its module's resource instances do (the same comparison as `diff` of one configuration). A unit whose inputs, files and instances are all the same is counted only.
*/

export type InputChange = {
	readonly name: string;
	readonly from: string | undefined;
	readonly to: string | undefined;
	/**
	Where the new (or, when it is gone, the old) value is set: `live/_envcommon/app.hcl:12:3`.
	*/
	readonly at: string | undefined;
	/**
	The dependency outputs the new value reads (`dependency.vpc.outputs.cidr: static`): a change another unit made.
	*/
	readonly via: readonly string[];
};

export type UnitDiff = {
	readonly unit: string;
	readonly status: 'added' | 'removed' | 'changed';
	readonly inputs: readonly InputChange[];
	/**
	Terragrunt files the unit reads whose text differs, from the estate's root.
	*/
	readonly files: readonly string[];
	/**
	Resource instances: compared for a unit on both sides; all created or all destroyed for a new or gone one.
	*/
	readonly diff: WorkspaceDiff;
	readonly excluded?: {readonly from: string | undefined; readonly to: string | undefined};
};

export type EstateDiff = {
	readonly units: readonly UnitDiff[];
	readonly unchanged: number;
};

function slash(text: string): string {
	return text.split(path.sep).join('/');
}

type InputText = {text: string; complete: boolean; value: Value; at: string | undefined; via: string[]};

// An input is shown on one line: past this many printed characters, as a line saying what it is (a value of millions of nodes would print tens of MB, in seconds, for each side).
const shownInputCharacters = 1024 * 1024;

function inputTexts(opened: OpenedUnit): Map<string, InputText> {
	return new Map([...opened.evaluation.inputs].map(([name, input]) => {
		const printed = printValue(input.value, shownInputCharacters);
		return [name, {
			via: input.dependencyReads.map(read => `dependency.${read.dependency}.outputs.${read.output}: ${read.tier}`),
			text: (printed.complete ? printed.text : tooLargeToShow(input.value, shownInputCharacters)).replaceAll('\n', ' ').replaceAll(/ {2,}/g, ' '),
			complete: printed.complete,
			value: input.value,
			at: input.range ? `${input.range.filename}:${input.range.start.line}:${input.range.start.column}` : undefined,
		}] as const;
	}));
}

/**
Whether an input differs between two revisions: by its printed text, as shown; a value too large to print whole is compared as a value instead (cty's RawEquals: unknowns of one type are alike, as their printed texts are).
*/
function inputDiffers(before: InputText | undefined, after: InputText | undefined): boolean {
	if (before === undefined || after === undefined) {
		return before !== after;
	}

	if (before.complete && after.complete) {
		return before.text !== after.text;
	}

	return !rawEquals(before.value, after.value);
}

/**
A unit on one side only: every managed resource instance of its module is created (a new unit) or destroyed (a unit gone).
*/
function wholeUnitDiff(workspace: Workspace, action: 'create' | 'delete'): WorkspaceDiff {
	const changes = [...workspace.instances.resourceInstances.values()].filter(instance => instance.address.mode === 'managed').map(instance => ({
		address: instance.text, action, type: instance.address.type, moduleInstance: formatModuleInstance(instance.address.module), attributes: [], ...(action === 'delete' && {reason: 'no-configuration' as const}),
	}));
	return {
		changes, unchanged: [], moduleInstances: [], expansions: [], renames: [], undetermined: [], blockedMoves: [], cyclicMoves: false,
		// A gone unit's configuration is gone with it: its destroys trigger nothing.
		invocations: action === 'create' ? plannedInvocations(workspace, changes) : [],
		blockChanges: [],
	};
}

export async function diffEstates(from: Estate, to: Estate): Promise<EstateDiff> {
	const fromUnits = new Map(from.units.map(unit => [unit.path, unit] as const));
	const toUnits = new Map(to.units.map(unit => [unit.path, unit] as const));
	const paths = [...new Set([...fromUnits.keys(), ...toUnits.keys()])].sort();
	const fromTexts = (): ReadonlyMap<string, string> => from.sources();
	const toTexts = (): ReadonlyMap<string, string> => to.sources();
	const units: UnitDiff[] = [];
	let unchanged = 0;
	for (const unitPath of paths) {
		const old = fromUnits.get(unitPath);
		const current = toUnits.get(unitPath);
		// eslint-disable-next-line no-await-in-loop -- one unit after another (a dependency's Workspace is shared)
		const oldOpened = old ? await from.open(old) : undefined;
		// eslint-disable-next-line no-await-in-loop -- as above
		const newOpened = current ? await to.open(current) : undefined;
		const excluded = {from: old ? from.excluded(old)?.reason : undefined, to: current ? to.excluded(current)?.reason : undefined};
		const excludedNote = excluded.from === excluded.to ? undefined : excluded;
		if (!oldOpened || !newOpened) {
			const opened = (oldOpened ?? newOpened)!;
			const diff = wholeUnitDiff(opened.workspace, oldOpened ? 'delete' : 'create');
			units.push({
				unit: unitPath,
				status: oldOpened ? 'removed' : 'added',
				inputs: [...inputTexts(opened)].map(([name, input]) => ({
					name, from: oldOpened ? input.text : undefined, to: newOpened ? input.text : undefined, at: input.at, via: input.via,
				})),
				files: [],
				diff,
				...(excludedNote && {excluded: excludedNote}),
			});
			continue;
		}

		const oldInputs = inputTexts(oldOpened);
		const newInputs = inputTexts(newOpened);
		const inputs: InputChange[] = [];
		for (const name of [...new Set([...oldInputs.keys(), ...newInputs.keys()])].sort()) {
			const before = oldInputs.get(name);
			const after = newInputs.get(name);
			if (inputDiffers(before, after)) {
				inputs.push({
					name, from: before?.text, to: after?.text, at: (after ?? before)?.at, via: (after ?? before)?.via ?? [],
				});
			}
		}

		const read = new Set([...oldOpened.evaluation.evaluated.filesRead, ...newOpened.evaluation.evaluated.filesRead]);
		const oldSources = fromTexts();
		const newSources = toTexts();
		const files = [...read].filter(file => oldSources.get(file) !== newSources.get(file)).map(file => slash(path.relative(to.root, file))).sort();
		const diff = diffWorkspaces(oldOpened.workspace, newOpened.workspace);
		if (inputs.length === 0 && files.length === 0 && !hasChanges(diff) && diff.moduleInstances.length === 0 && excludedNote === undefined) {
			unchanged++;
			continue;
		}

		units.push({
			unit: unitPath, status: 'changed', inputs, files, diff, ...(excludedNote && {excluded: excludedNote}),
		});
	}

	return {units, unchanged};
}

export function estateDiffHasChanges(diff: EstateDiff): boolean {
	return diff.units.some(unit => unit.status !== 'changed' || unit.inputs.length > 0 || hasChanges(unit.diff));
}

/**
The text of an estate diff: a summary, then each unit that changes with its causes and its module's diff.
*/
export function formatEstateDiffText(diff: EstateDiff, options: {readonly from: string; readonly to: string; readonly colour: boolean}): string {
	const paint = (code: string, text: string): string => options.colour ? `\u001B[${code}m${text}\u001B[0m` : text;
	const count = (status: UnitDiff['status']): number => diff.units.filter(unit => unit.status === status).length;
	const lines = [
		paint('1', `${options.from} → ${options.to}`),
		`Terragrunt estate: ${count('added')} unit${count('added') === 1 ? '' : 's'} added, ${count('removed')} removed, ${count('changed')} changed, ${diff.unchanged} unchanged.`,
	];
	for (const unit of diff.units) {
		const mark = {added: paint('32', '+'), removed: paint('31', '-'), changed: paint('33', '~')}[unit.status];
		lines.push('', `${mark} ${paint('1', unit.unit)}${unit.status === 'added' ? '  (new unit)' : (unit.status === 'removed' ? '  (unit gone)' : '')}`);
		if (unit.excluded) {
			lines.push(`    ${unit.excluded.to ? `now excluded: ${unit.excluded.to}` : `no longer excluded (was: ${unit.excluded.from ?? ''})`}`);
		}

		for (const file of unit.files) {
			lines.push(`    because ${file} changed`);
		}

		if (unit.status === 'changed') {
			for (const input of unit.inputs) {
				lines.push(`    input ${input.name}: ${input.from ?? '(not set)'} → ${input.to ?? '(not set)'}${input.at ? `  (${input.at}${input.via.length > 0 ? `; ${input.via.join(', ')}` : ''})` : ''}`);
			}
		}

		const body = formatDiffText(unit.diff, {colour: options.colour, from: '', to: ''}).trimEnd().split('\n').slice(1);
		lines.push(...body.map(line => (line === '' ? '' : `    ${line}`)));
	}

	return `${lines.join('\n')}\n`;
}

export function estateDiffJson(diff: EstateDiff, sides: {readonly from: Side; readonly to: Side}): Record<string, unknown> {
	return {
		format_version: '1.0',
		from: sides.from,
		to: sides.to,
		unchanged_units: diff.unchanged,
		units: diff.units.map(unit => {
			const {format_version: _, from: _from, to: _to, ...rest} = diffJson(unit.diff, sides);
			return {
				unit: unit.unit,
				status: unit.status,
				...(unit.excluded && {excluded: unit.excluded}),
				files_changed: unit.files,
				input_changes: unit.inputs.map(input => ({
					name: input.name, from: input.from ?? null, to: input.to ?? null, at: input.at ?? null, dependency_outputs: input.via,
				})),
				...rest,
			};
		}),
	};
}

export type {Unit};
