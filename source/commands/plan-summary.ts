import type {Command} from './command.js';
import {loadCommandWorkspace} from './workspace-options.js';
import {escapeUnsafe} from '../text/escape.js';
import {terminalSafeWriter} from './terminal-text.js';
import {summarizePlan} from '../plan/summary.js';
import {formatSummaryMarkdown, formatSummaryText, summaryJson} from '../plan/format-summary.js';

/*
`tfscope plan-summary [dir] --plan FILE [--format text|json|markdown]`: what a saved plan does to the configuration, grouped by module instance and action, with each changed block's file:line and why each change happens (docs/plan.md).
*/

const formats = ['text', 'json', 'markdown'] as const;

export const planSummaryCommand: Command = async input => {
	const {arguments: positional, flags, stderr} = input;
	const format = flags.json ? 'json' : (flags.format ?? 'text');
	if (!(formats as readonly string[]).includes(format)) {
		stderr.write(`Error: Unknown format "${format}"\n\nplan-summary --format takes one of: ${formats.join(', ')}.\n`);
		return 2;
	}

	if (positional.length > 1) {
		stderr.write(`Error: Too many arguments\n\ntfscope plan-summary takes one directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	if (flags.plan === undefined) {
		stderr.write('Error: Missing --plan\n\ntfscope plan-summary reads a saved plan: terraform plan -out=plan.tfplan, terraform show -json plan.tfplan > plan.json, then tfscope plan-summary --plan plan.json.\n');
		return 2;
	}

	const workspace = await loadCommandWorkspace(flags, positional[0] ?? '.', input.environment, input.cwd);
	const summary = summarizePlan(workspace, workspace.plan!);
	if (format === 'json') {
		// JSON.stringify escapes C0 controls; the rest that could reach a terminal is escaped too.
		input.stdout.write(`${escapeUnsafe(JSON.stringify(summaryJson(summary), undefined, 2))}\n`);
	} else {
		// Addresses, values and messages are configuration text.
		const stdout = terminalSafeWriter(input.stdout, input.isTerminal, false);
		stdout.write(format === 'markdown' ? formatSummaryMarkdown(summary) : formatSummaryText(summary));
	}

	// An errored plan or a failed check that stops the apply: exit 1, as check does for errors.
	return summary.errored || summary.checks.some(check => check.kind !== 'check') ? 1 : 0;
};
