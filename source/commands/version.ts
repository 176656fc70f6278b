import process from 'node:process';
import packageJson from '../../package.json' with {type: 'json'};
import {jsonFormatVersion} from '../json-format.js';
import type {Command} from './command.js';

/*
`tfscope version [--json]` (and `tfscope --version [--json]`, which prints the same): the version from package.json; with --json also Node's version and the platform, named as `terraform version -json` names its fields.
*/

export const tfscopeVersion: string = packageJson.version;

export type VersionJson = {
	readonly format_version: typeof jsonFormatVersion;
	readonly tfscope_version: string;
	readonly node_version: string;
	readonly platform: string;
};

/**
What `version` and `--version` print.
*/
export function versionText(json: boolean): string {
	if (!json) {
		return `tfscope v${tfscopeVersion}\n`;
	}

	const platform = `${process.platform}_${process.arch === 'x64' ? 'amd64' : process.arch}`;
	const value: VersionJson = {format_version: jsonFormatVersion, tfscope_version: tfscopeVersion, node_version: process.version, platform};
	return `${JSON.stringify(value, undefined, 2)}\n`;
}

export const versionCommand: Command = async ({arguments: positional, flags, stdout, stderr}) => {
	if (positional.length > 0) {
		stderr.write(`tfscope: version takes no arguments, not: ${positional.join(' ')}\n`);
		return 2;
	}

	stdout.write(versionText(flags.json));
	return 0;
};
