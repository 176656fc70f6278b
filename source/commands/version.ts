import process from 'node:process';
import packageJson from '../../package.json' with {type: 'json'};
import type {Command} from './command.js';

/*
`tfscope version [--json]` (and `tfscope --version`): the version from package.json; with --json also Node's version and the platform, named as `terraform version -json` names its fields.
*/

export const tfscopeVersion: string = packageJson.version;

export const versionCommand: Command = async ({arguments: positional, flags, stdout, stderr}) => {
	if (positional.length > 0) {
		stderr.write(`tfscope: version takes no arguments, not: ${positional.join(' ')}\n`);
		return 2;
	}

	if (flags.json) {
		const platform = `${process.platform}_${process.arch === 'x64' ? 'amd64' : process.arch}`;
		stdout.write(`${JSON.stringify({tfscope_version: tfscopeVersion, node_version: process.version, platform}, undefined, 2)}\n`);
	} else {
		stdout.write(`tfscope v${tfscopeVersion}\n`);
	}

	return 0;
};
