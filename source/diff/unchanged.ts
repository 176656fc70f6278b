import path from 'node:path';
import type {ModuleNode} from '../config/module-tree.js';
import type {ModuleInstance} from '../expand/instance-tree.js';
import {numbersEqual} from '../lang/numbers.js';
import {typeEquals} from '../lang/types.js';
import type {Value} from '../lang/values.js';
import type {Workspace} from '../workspace.js';

/*
Module instances a change leaves alone, so a diff need not evaluate their resources on either side: the same files (text for text) in the module and every module below it, and the same input variable values, exactly (marks and refinements included). Everything an instance's values depend on is then the same: a module reads only its variables, its own blocks and its child modules, whose inputs it computes. Two things could still tell the sides apart, and a module that uses either is never taken as unchanged: `path.*` (the sides may be two directories) and the file functions (a file the module reads may have changed).
*/

/**
Answers whether the module instance with this address text is the same on both sides.
*/
export function unchangedModuleInstances(from: Workspace, to: Workspace): (moduleInstance: string) => boolean {
	if (from.language.rules !== to.language.rules) {
		return () => false;
	}

	const sameSubtree = new Map<ModuleNode, boolean>();
	const subtreeIsSame = (before: ModuleNode, after: ModuleNode): boolean => {
		let same = sameSubtree.get(after);
		if (same === undefined) {
			same = sameFiles(from, before, to, after)
				&& before.children.size === after.children.size
				&& [...after.children].every(([name, child]) => {
					const old = before.children.get(name);
					return old !== undefined && subtreeIsSame(old, child);
				});
			sameSubtree.set(after, same);
		}

		return same;
	};

	const answers = new Map<string, boolean>();
	return moduleInstance => {
		let answer = answers.get(moduleInstance);
		if (answer === undefined) {
			const before = from.instances.moduleInstances.get(moduleInstance);
			const after = to.instances.moduleInstances.get(moduleInstance);
			answer = before !== undefined && after !== undefined && subtreeIsSame(before.node, after.node) && sameInputs(before, after);
			answers.set(moduleInstance, answer);
		}

		return answer;
	};
}

/**
A module's own files are the same text under the same names, and none reads a path or a file.
*/
function sameFiles(from: Workspace, before: ModuleNode, to: Workspace, after: ModuleNode): boolean {
	const oldFiles = before.module.files;
	const newFiles = after.module.files;
	if (oldFiles.length !== newFiles.length) {
		return false;
	}

	return newFiles.every((file, index) => {
		const old = oldFiles[index]!;
		const text = to.sources.get(file);
		return text !== undefined
			&& path.relative(after.module.directory, file) === path.relative(before.module.directory, old)
			&& from.sources.get(old) === text
			&& !/\bpath\.|\b(?:template)?file\w*\s*\(/.test(text);
	});
}

function sameInputs(before: ModuleInstance, after: ModuleInstance): boolean {
	for (const name of after.node.module.variables.keys()) {
		const old = before.variable(name);
		const current = after.variable(name);
		if (old === undefined || current === undefined || !identical(old, current)) {
			return false;
		}
	}

	return true;
}

/**
The same value in every respect a printed result could show: kind, type, marks at every level, refinements, number precision.
*/
function identical(a: Value, b: Value): boolean {
	if (a === b) {
		return true;
	}

	if (a.kind !== b.kind || !sameMarks(a, b)) {
		return false;
	}

	switch (a.kind) {
		case 'string':
		case 'bool': {
			return a.value === (b as typeof a).value;
		}

		case 'number': {
			const other = b as typeof a;
			return a.precision === other.precision && numbersEqual(a.value, other.value, a.precision, other.precision);
		}

		case 'null': {
			return typeEquals(a.type, (b as typeof a).type);
		}

		case 'unknown': {
			const other = b as typeof a;
			return typeEquals(a.type, other.type) && JSON.stringify(a.refinement) === JSON.stringify(other.refinement);
		}

		case 'list':
		case 'set': {
			const other = b as typeof a;
			return typeEquals(a.elementType, other.elementType) && sameElements(a.elements, other.elements);
		}

		case 'tuple': {
			return sameElements(a.elements, (b as typeof a).elements);
		}

		case 'map': {
			const other = b as typeof a;
			return typeEquals(a.elementType, other.elementType) && sameEntries(a.entries, other.entries);
		}

		case 'object': {
			const other = b as typeof a;
			return Boolean(a.open) === Boolean(other.open) && sameEntries(a.attributes, other.attributes);
		}
	}
}

function sameMarks(a: Value, b: Value): boolean {
	const aSize = a.marks?.size ?? 0;
	if (aSize !== (b.marks?.size ?? 0)) {
		return false;
	}

	return aSize === 0 || [...a.marks!].every(mark => b.marks!.has(mark));
}

function sameElements(a: readonly Value[], b: readonly Value[]): boolean {
	return a.length === b.length && a.every((element, index) => identical(element, b[index]!));
}

function sameEntries(a: ReadonlyMap<string, Value>, b: ReadonlyMap<string, Value>): boolean {
	if (a.size !== b.size) {
		return false;
	}

	const keys = [...b.keys()];
	let index = 0;
	for (const [key, value] of a) {
		// Same order too: iteration order is what printing follows.
		if (keys[index++] !== key || !identical(value, b.get(key)!)) {
			return false;
		}
	}

	return true;
}
