import path from 'node:path';
import type {Diagnostic} from '../hcl/diagnostics.js';
import process from 'node:process';
import {directorySource} from '../config/source.js';
import {formatValue} from '../lang/format-value.js';
import type {WorkspaceOptions} from '../workspace.js';
import {type Estate, type OpenedUnit, type Unit, openEstate} from './estate.js';
import {isUnitDirectory} from './discover.js';
import {parseSourceMappings} from './module-source.js';

/*
What `tree`, `instances` and `check` print for a directory that holds Terragrunt units without being one: every unit, addressed by its path from the directory (`prod/eu-west-1/app`), a resource instance as `UNIT:ADDRESS`. A unit's own directory is not an estate: the commands read it as that unit's Workspace (workspace.ts).
*/

/**
The estate in the options' directory, when it is one: not a unit itself, no Terraform files of its own, and units below it. Every unit's Workspace is loaded with the rest of the options.
*/
export function estateOf(options: WorkspaceOptions): Estate | undefined {
	const cwd = options.cwd ?? process.cwd();
	const root = path.resolve(cwd, options.directory);
	const files = options.source ?? directorySource({cwd});
	if (options.terragrunt === false || isUnitDirectory(root, files)) {
		return undefined;
	}

	let names: string[] = [];
	try {
		names = files.readDirectory(root);
	} catch {
		return undefined;
	}

	if (names.some(name => /\.(tf|tofu)(\.json)?$/.test(name))) {
		return undefined;
	}

	const {directory: _directory, source: _source, sourceMappings, terragruntEnvironment, ...rest} = options;
	const estate = openEstate({
		root,
		source: files,
		...(options.environment && {environment: options.environment}),
		realEnvironment: terragruntEnvironment ?? false,
		sourceMappings: parseSourceMappings(sourceMappings ?? [], cwd),
		workspaceOptions: rest,
	});
	return estate.units.length > 0 ? estate : undefined;
}

async function openAll(estate: Estate, units: readonly Unit[] = estate.units): Promise<Array<{unit: Unit; opened: OpenedUnit}>> {
	const result: Array<{unit: Unit; opened: OpenedUnit}> = [];
	for (const unit of units) {
		// eslint-disable-next-line no-await-in-loop -- one unit after another (a dependency's Workspace is shared)
		result.push({unit, opened: await estate.open(unit)});
	}

	return result;
}

/**
A unit's one-line description: its module and what it reads.
*/
export function describeUnit(estate: Estate, unit: Unit): string {
	const evaluation = estate.shallow(unit);
	const parts: string[] = [];
	const {module} = evaluation;
	switch (module.kind) {
		case 'unit': {
			parts.push('its own .tf files');
			break;
		}

		case 'unavailable': {
			parts.push(`source not available: ${module.source}`);
			break;
		}

		default: {
			parts.push(`${module.kind === 'local' ? '' : `${module.kind === 'cache' ? 'from .terragrunt-cache' : 'mapped'}: `}${slash(path.relative(estate.root, estate.origin(module.directory))) || '.'}`);
		}
	}

	if (unit.generatedBy) {
		parts.unshift(`stack unit ${unit.generatedBy.address}`);
	}

	const reads = evaluation.dependencies.filter(dependency => dependency.kind === 'dependency').map(dependency => dependency.name);
	if (reads.length > 0) {
		parts.push(`reads ${reads.join(', ')}`);
	}

	const after = evaluation.dependencies.filter(dependency => dependency.kind === 'dependencies').map(dependency => dependency.name);
	if (after.length > 0) {
		parts.push(`after ${after.join(', ')}`);
	}

	const exclusion = estate.excluded(unit);
	if (exclusion) {
		parts.push(`excluded: ${exclusion.reason}`);
	}

	return parts.join('; ');
}

function slash(text: string): string {
	return text.split(path.sep).join('/');
}

type FolderNode = {readonly name: string; readonly directory: string; readonly folders: Map<string, FolderNode>; unit?: Unit};

function folderTree(root_: string, units: readonly Unit[]): FolderNode {
	const root: FolderNode = {name: '.', directory: root_, folders: new Map()};
	for (const unit of units) {
		if (unit.path === '.') {
			root.unit = unit;
			continue;
		}

		let node = root;
		for (const part of unit.path.split('/')) {
			let next = node.folders.get(part);
			if (!next) {
				next = {name: part, directory: path.join(node.directory, part), folders: new Map()};
				node.folders.set(part, next);
			}

			node = next;
		}

		node.unit = unit;
	}

	return root;
}

/**
`tree` of an estate: folders, units (with their module and dependencies), and each unit's module instance tree.
*/
export async function renderEstateTree(estate: Estate, renderModuleTree: (opened: OpenedUnit) => string, unitsOnly = false): Promise<string> {
	const excluded = estate.units.filter(unit => estate.excluded(unit)).length;
	const lines = [`. (Terragrunt estate: ${estate.units.length} unit${estate.units.length === 1 ? '' : 's'}${excluded > 0 ? `, ${excluded} excluded` : ''})`];
	// A folder a stack's `stack` block generates is named with it.
	const stackComponents = new Map(estate.stacks.flatMap(stack => stack.evaluation.components.filter(component => component.kind === 'stack').map(component => [component.directory, component] as const)));
	const visit = async (node: FolderNode, prefix: string): Promise<void> => {
		const children = [...node.folders.values()].sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)));
		for (const [index, child] of children.entries()) {
			const last = index === children.length - 1;
			const inner = `${prefix}${last ? '    ' : '│   '}`;
			if (child.unit) {
				lines.push(`${prefix}${last ? '└── ' : '├── '}${child.name} [unit: ${describeUnit(estate, child.unit)}]`);
				if (!unitsOnly && !estate.excluded(child.unit)) {
					// eslint-disable-next-line no-await-in-loop -- in order
					const opened = await estate.open(child.unit);
					for (const line of renderModuleTree(opened).trimEnd().split('\n')) {
						lines.push(`${inner}${child.folders.size > 0 ? '│ ' : '  '}${line}`);
					}
				}
			} else {
				const stack = stackComponents.get(child.directory);
				lines.push(`${prefix}${last ? '└── ' : '├── '}${child.name}/${stack ? ` [stack ${stack.address}: ${slash(path.relative(estate.root, estate.origin(child.directory))) || '.'}]` : ''}`);
			}

			// eslint-disable-next-line no-await-in-loop -- in order
			await visit(child, inner);
		}
	};

	await visit(folderTree(estate.root, estate.units), '');
	return lines.join('\n') + '\n';
}

/**
Every diagnostic of every unit (a shared file's problem once), with the estate's own (cycles, dependencies on missing units).
*/
export async function estateDiagnostics(estate: Estate): Promise<{diagnostics: Diagnostic[]; sources: Map<string, string>; units: number; excluded: Unit[]}> {
	const seen = new Set<string>();
	const diagnostics: Diagnostic[] = [];
	const sources = new Map<string, string>();
	const add = (diagnostic: Diagnostic): void => {
		const key = `${diagnostic.severity}|${diagnostic.summary}|${diagnostic.detail ?? ''}|${diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.offset}` : ''}`;
		if (!seen.has(key)) {
			seen.add(key);
			diagnostics.push(diagnostic);
		}
	};

	for (const diagnostic of estate.graph().diagnostics) {
		add(diagnostic);
	}

	const excluded = estate.units.filter(unit => estate.excluded(unit));
	for (const {opened} of await openAll(estate, estate.units.filter(unit => !estate.excluded(unit)))) {
		for (const diagnostic of opened.workspace.diagnostics) {
			add(diagnostic);
		}

		for (const [file, text] of opened.workspace.sources) {
			sources.set(file, text);
		}
	}

	return {
		diagnostics, sources, units: estate.units.length - excluded.length, excluded,
	};
}

/**
`instances` of an estate: each unit's module and resource instance lines with their unit, or those of one unit (`selector` a unit's path, optionally `:ADDRESS`).
*/
export async function estateInstanceLines<Line>(estate: Estate, lines: (opened: OpenedUnit) => readonly Line[], addressOf: (line: Line) => string, selector?: string): Promise<{lines: Array<{unit: Unit; opened: OpenedUnit; line: Line}>; found: boolean; excluded: Unit[]}> {
	const [unitPath, address] = selector === undefined ? [undefined, undefined] : splitSelector(selector);
	const units = unitPath === undefined ? estate.units : estate.units.filter(unit => unit.path === unitPath || unit.path.startsWith(`${unitPath}/`));
	const result: Array<{unit: Unit; opened: OpenedUnit; line: Line}> = [];
	const excluded = units.filter(unit => estate.excluded(unit));
	for (const {unit, opened} of await openAll(estate, units.filter(unit => !estate.excluded(unit)))) {
		for (const line of lines(opened)) {
			const text = addressOf(line);
			if (address === undefined || text === address || text.startsWith(`${address}.`) || text.startsWith(`${address}[`)) {
				result.push({unit, opened, line});
			}
		}
	}

	return {lines: result, found: units.length > 0, excluded};
}

function splitSelector(selector: string): [string, string | undefined] {
	const colon = selector.indexOf(':');
	const unit = (colon === -1 ? selector : selector.slice(0, colon)).replace(/\/+$/, '');
	return [unit === '' ? '.' : unit, colon === -1 ? undefined : selector.slice(colon + 1)];
}

/**
The note a listing prints (on stderr) for the units it leaves out.
*/
export function excludedNote(estate: Estate, units: readonly Unit[]): string {
	return units.map(unit => `Excluded: ${unit.path}: ${estate.excluded(unit)!.reason}\n`).join('');
}

/**
A unit's inputs as Terraform receives them, each with where it came from (for `console` and the explorer's details).
*/
export function describeInputs(opened: OpenedUnit): string[] {
	return [...opened.evaluation.inputs].map(([name, input]) => {
		const reads = input.dependencyReads.map(read => ` [dependency.${read.dependency}.outputs.${read.output}: ${read.tier}]`).join('');
		return `${name} = ${formatValue(input.value).replaceAll('\n', '\n  ')}${reads}`;
	});
}
