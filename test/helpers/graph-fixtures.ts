import path from 'node:path';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import type {GraphInput} from '../../source/graph/build.js';
import {golden as goldenFile} from './golden.js';

export const graphFixtures = path.join('test', 'fixtures', 'graph');

/**
The module tree of a fixture under test/fixtures/graph, loaded with a relative path so file names in goldens are stable.
*/
export function loadGraphFixture(name: string): GraphInput {
	const {root, sources} = loadModuleTree(path.join(graphFixtures, name));
	return {moduleTree: root, sources};
}

/**
Compares with a golden file under test/fixtures/graph (see `golden` in golden.ts).
*/
export function golden(name: string, actual: string): string {
	return goldenFile(path.join(graphFixtures, name), actual);
}

/**
A fixture loaded as a full Workspace (module tree, instance tree, sources), for the instance graph.
*/
export async function loadGraphWorkspace(name: string): Promise<GraphInput> {
	const {loadWorkspace} = await import('../../source/workspace.js');
	return loadWorkspace({directory: path.join(graphFixtures, name)});
}
