import process from 'node:process';
import fs from 'node:fs';
import path from 'node:path';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import type {GraphInput} from '../../source/graph/build.js';

export const graphFixtures = path.join('test', 'fixtures', 'graph');

/**
The module tree of a fixture under test/fixtures/graph, loaded with a relative path so file names in goldens are stable.
*/
export function loadGraphFixture(name: string): GraphInput {
	const {root, sources} = loadModuleTree(path.join(graphFixtures, name));
	return {moduleTree: root, sources};
}

/**
Compares with a golden file; with UPDATE_GOLDENS=1, writes it instead (review the diff before committing).
*/
export function golden(name: string, actual: string): string {
	const file = path.join(graphFixtures, name);
	if (process.env['UPDATE_GOLDENS'] === '1') {
		fs.writeFileSync(file, actual);
	}

	return fs.readFileSync(file, 'utf8');
}

/**
A fixture loaded as a full Workspace (module tree, instance tree, sources), for the instance graph.
*/
export async function loadGraphWorkspace(name: string): Promise<GraphInput> {
	const {loadWorkspace} = await import('../../source/workspace.js');
	return loadWorkspace({directory: path.join(graphFixtures, name)});
}
