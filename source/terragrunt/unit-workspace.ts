import process from 'node:process';
import path from 'node:path';
import {directorySource} from '../config/source.js';
import type {Workspace, WorkspaceOptions} from '../workspace.js';
import {openEstate} from './estate.js';
import {parseSourceMappings} from './module-source.js';

/**
The Workspace of the Terragrunt unit in `options.directory`, as `terragrunt plan` run there would give Terraform: its module, its inputs, its generated files, its dependencies' outputs (their units loaded as needed).
*/
export async function loadUnitWorkspace(options: WorkspaceOptions): Promise<Workspace> {
	const {directory, source, sourceMappings, terragruntEnvironment, ...rest} = options;
	const cwd = options.cwd ?? process.cwd();
	// The directory is taken from the process's working directory, as every loader takes it; option paths from `cwd`.
	const unitDirectory = path.resolve(directory);
	// Units are named from the working directory when the unit is under it (`live/prod/app`), else from the unit.
	const fromCwd = path.relative(cwd, unitDirectory);
	const root = fromCwd.startsWith('..') || path.isAbsolute(fromCwd) ? unitDirectory : cwd;
	const estate = openEstate({
		root,
		discover: false,
		source: source ?? directorySource(options.cwd === undefined ? {} : {cwd: options.cwd}),
		...(options.environment && {environment: options.environment}),
		realEnvironment: terragruntEnvironment ?? false,
		sourceMappings: parseSourceMappings(sourceMappings ?? [], cwd),
		workspaceOptions: rest,
	});
	const unit = estate.unitAt(unitDirectory)!;
	const opened = await estate.open(unit);
	return opened.workspace;
}
