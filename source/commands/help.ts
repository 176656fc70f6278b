import type {CommandSpec} from './command-table.js';
import {commandTable, explorerSpec} from './command-table.js';
import {type FlagName, type FlagSpec, flagTable, optionName, takesFlag} from './flags.js';

/*
`tfscope --help` and `tfscope COMMAND --help`, written from the command and option tables.
*/

function optionLabel(name: FlagName): string {
	const spec: FlagSpec = flagTable[name];
	const short = 'short' in spec && spec.short ? `-${spec.short}, ` : '';
	if (spec.type === 'boolean') {
		return `${short}--${spec.default && 'negatable' in spec && spec.negatable ? 'no-' : ''}${optionName(name)}`;
	}

	return `${short}--${optionName(name)} ${spec.value}`;
}

function optionLines(names: readonly FlagName[], prefix: (name: FlagName) => string = () => ''): string[] {
	const labels = names.map(name => optionLabel(name));
	const width = Math.max(...labels.map(label => label.length)) + 2;
	return names.map((name, index) => `  ${labels[index]!.padEnd(width)}${prefix(name)}${flagTable[name].description}`);
}

function visibleFlags(): FlagName[] {
	return (Object.keys(flagTable) as FlagName[]).filter(name => !('hidden' in flagTable[name] && (flagTable[name] as {hidden?: boolean}).hidden));
}

const terraformNote = 'Terraform\'s single-dash spellings (-var, -var-file=FILE, -json, -no-color) are accepted too.';

export function mainHelp(version: string): string {
	const usages = [
		{usage: 'tfscope [dir]', summary: explorerSpec.summary},
		...commandTable.map(command => ({usage: `tfscope ${command.name}${command.arguments ? ` ${command.arguments}` : ''}`, summary: command.summary})),
	];
	const width = Math.max(...usages.map(entry => entry.usage.length)) + 2;
	const flags = visibleFlags();
	const global = flags.filter(name => flagTable[name].for === 'all' || flagTable[name].for === 'workspace');
	const specific = flags.filter(name => !global.includes(name));
	const forWhom = (name: FlagName) => {
		const scope = flagTable[name].for;
		return typeof scope === 'string' ? '' : `${scope.join(', ')}: `;
	};

	return [
		`tfscope ${version}: explore Terraform and OpenTofu configurations offline`,
		'',
		'Usage',
		...usages.map(entry => `  ${entry.usage.padEnd(width)}${entry.summary}`),
		'',
		'Options',
		...optionLines(global),
		'  -v, --version'.padEnd(Math.max(...global.map(name => optionLabel(name).length)) + 4) + 'Print the version',
		'',
		'Command options',
		...optionLines(specific, forWhom),
		'',
		terraformNote,
		'Run tfscope COMMAND --help for a command\'s options and examples.',
		'',
		'Examples',
		'  tfscope examples/multi-region',
		'  echo \'cidrsubnets("10.0.0.0/16", 4, 4)\' | tfscope console',
		'  tfscope instances examples/multi-region \'module.network["eu"]\'',
		'',
	].join('\n');
}

export function commandHelp(command: CommandSpec | undefined): string {
	const name = command?.name ?? explorerSpec.name;
	const loadsWorkspace = command?.loadsWorkspace ?? explorerSpec.loadsWorkspace;
	const usage = command ? `tfscope ${command.name}${command.arguments ? ` ${command.arguments}` : ''} [options]` : 'tfscope [dir] [options]';
	const description = command?.description ?? 'Opens the interactive explorer on [dir] (default: the current directory): the module tree, expanded instances, dependency edges and a console pane. Press ? inside for every key.';
	const flags = visibleFlags().filter(flag => takesFlag(flag, name, loadsWorkspace));
	return [
		`Usage: ${usage}`,
		'',
		description,
		'',
		'Options',
		...optionLines(flags),
		'',
		...(command && command.examples.length > 0 ? ['Examples', ...command.examples.map(example => `  ${example}`), ''] : []),
	].join('\n');
}
