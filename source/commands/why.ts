import {explainAddress} from '../explain/index.js';
import {formatTraceText} from '../explain/format-text.js';
import {traceJson} from '../explain/format-json.js';
import type {Command} from './command.js';
import {workspaceFor} from './instances.js';
import {escapeUnsafe} from '../text/escape.js';
import {terminalSafeWriter} from './terminal-text.js';

/*
`tfscope why ADDRESS[.ATTRIBUTE] [dir]`: where a value comes from, as an indented tree of the steps that produced it down to its sources (or, with --json, as data); for a value not known, the steps that make it unknown and the ways out.
*/

export const whyCommand: Command = async input => {
	const {arguments: positional, flags} = input;
	// Labels and values are configuration text.
	const stdout = terminalSafeWriter(input.stdout, input.isTerminal, false);
	const stderr = terminalSafeWriter(input.stderr, input.isTerminal, false);
	if (positional.length === 0) {
		stderr.write('Error: Missing address\n\ntfscope why takes the address of a value: ADDRESS[.ATTRIBUTE] [dir], as aws_instance.web[0].tags or module.net["eu"].var.cidr.\n');
		return 2;
	}

	if (positional.length > 2) {
		stderr.write(`Error: Too many arguments\n\ntfscope why takes an address and a directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	const [address, directory] = positional;
	const workspace = await workspaceFor(input, directory);
	const explained = explainAddress(workspace, address!);
	if (!explained.value) {
		for (const diagnostic of explained.diagnostics) {
			stderr.write(`Error: ${diagnostic.summary}\n\n${diagnostic.detail ?? ''}\n`);
		}

		// An address that is not one is a usage error; one that names nothing in the configuration is 1.
		return explained.diagnostics.some(diagnostic => diagnostic.summary === 'Invalid address') ? 2 : 1;
	}

	if (flags.json) {
		// JSON.stringify escapes C0 controls; the rest that could drive a terminal is written as JSON's own escapes (the same JSON), on a pipe too.
		const json = escapeUnsafe(JSON.stringify(traceJson(explained.value), undefined, 2));
		input.stdout.write(`${json}\n`);
		return 0;
	}

	stdout.write(formatTraceText(explained.value));
	return 0;
};
