import {formatCounts} from './counts.js';
import type {PlanSummary, SummaryEntry} from './summary.js';
import {jsonFormatVersion} from '../json-format.js';

/*
The three forms of `plan-summary`: text for a terminal, JSON for scripts, Markdown for a pull-request comment. One summary (summary.ts), three renderings.
*/

function entryLines(entry: SummaryEntry, indent: string): string[] {
	return [`${indent}${entry.address}${entry.file ? `  ${entry.file}` : ''}`, ...entryDetailLines(entry, `${indent}    `)];
}

/**
What is said of one change under its address: the move, the import, the reason, each path that forces a replacement with the chain of values behind it, the attributes that change (the explorer's Details show the same lines).
*/
export function entryDetailLines(entry: SummaryEntry, inner = ''): string[] {
	const lines: string[] = [];
	if (entry.previousAddress !== undefined) {
		lines.push(`${inner}moved from ${entry.previousAddress}`);
	}

	if (entry.importingId !== undefined) {
		lines.push(`${inner}imported with id ${JSON.stringify(entry.importingId)}`);
	}

	if (entry.reasonText !== undefined) {
		lines.push(`${inner}because ${entry.reasonText}`);
	}

	for (const cause of entry.replace) {
		lines.push(`${inner}${cause.path} forces replacement${cause.expression ? `  ${cause.expression}` : ''}`);
		if (cause.chain.length > 0) {
			lines.push(`${inner}  ← ${cause.chain.join(' ← ')}`);
		}
	}

	for (const change of entry.changes) {
		lines.push(`${inner}${change.path}: ${change.before} → ${change.after}`);
	}

	return lines;
}

export function formatSummaryText(summary: PlanSummary): string {
	const lines = [`Plan ${summary.plan}${summary.terraformVersion ? ` (Terraform ${summary.terraformVersion})` : ''}${summary.errored ? ', errored' : ''}: ${formatCounts(summary.counts)}`];
	for (const {module, groups} of summary.modules) {
		lines.push('', module === '' ? 'root module' : module);
		for (const group of groups) {
			lines.push(`  ${group.action} (${group.entries.length})`);
			for (const entry of group.entries) {
				lines.push(...entryLines(entry, '    '));
			}
		}
	}

	if (summary.drift.length > 0) {
		lines.push('', 'Changed outside Terraform (resource_drift)');
		for (const entry of summary.drift) {
			lines.push(...entryLines(entry, '  '));
		}
	}

	if (summary.checks.length > 0) {
		lines.push('', 'Failed checks');
		for (const check of summary.checks) {
			lines.push(...(check.messages.length === 0 ? [''] : check.messages).map(message => `  ${check.address}: ${message}`));
		}
	}

	if (summary.outputs.length > 0) {
		lines.push('', 'Outputs');
		for (const output of summary.outputs) {
			lines.push(`  ${output.action} output.${output.name} = ${output.after}`);
		}
	}

	if (summary.notes.length > 0) {
		lines.push('', 'Notes');
		lines.push(...summary.notes.map(note => `  ${note}`));
	}

	return `${lines.join('\n')}\n`;
}

export function summaryJson(summary: PlanSummary): Record<string, unknown> {
	// Every entry has the same keys (docs/json.md): null or empty where there is nothing to say.
	const entry = (item: SummaryEntry) => ({
		address: item.address,
		module: item.module,
		action: item.action,
		action_reason: item.reason ?? null,
		action_reason_text: item.reasonText ?? null,
		previous_address: item.previousAddress ?? null,
		importing_id: item.importingId ?? null,
		file: item.file ?? null,
		replace_causes: item.replace.map(cause => ({path: cause.path, expression: cause.expression ?? null, chain: cause.chain})),
		changes: item.changes,
	});
	return {
		format_version: jsonFormatVersion,
		plan: summary.plan,
		terraform_version: summary.terraformVersion ?? null,
		errored: summary.errored,
		counts: Object.fromEntries(summary.counts),
		modules: summary.modules.map(({module, groups}) => ({module, groups: groups.map(group => ({action: group.action, changes: group.entries.map(item => entry(item))}))})),
		drift: summary.drift.map(item => entry(item)),
		failed_checks: summary.checks,
		outputs: summary.outputs,
		notes: summary.notes,
	};
}

/**
Markdown text is configuration text: backticks and pipes in it must not break the table or the code spans.
*/
function code(text: string): string {
	const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(match => match[0].length));
	const fence = '`'.repeat(longest + 1);
	return `${fence}${longest > 0 ? ' ' : ''}${text.replaceAll('|', '\\|').replaceAll('\n', ' ')}${longest > 0 ? ' ' : ''}${fence}`;
}

function cell(text: string): string {
	return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function formatSummaryMarkdown(summary: PlanSummary): string {
	const lines = [`### Plan: ${formatCounts(summary.counts)}${summary.errored ? ' (errored)' : ''}`, ''];
	for (const {module, groups} of summary.modules) {
		lines.push(`#### ${module === '' ? 'Root module' : code(module)}`, '', '| Action | Address | Where | Why |', '| --- | --- | --- | --- |');
		for (const group of groups) {
			for (const entry of group.entries) {
				const why: string[] = [];
				if (entry.previousAddress !== undefined) {
					why.push(`moved from ${code(entry.previousAddress)}`);
				}

				if (entry.reasonText !== undefined) {
					why.push(cell(entry.reasonText));
				}

				for (const cause of entry.replace) {
					why.push(`${code(cause.path)} forces replacement${cause.chain.length > 0 ? ` ← ${cause.chain.map(step => code(step)).join(' ← ')}` : ''}`);
				}

				for (const change of entry.changes.slice(0, 5)) {
					why.push(`${code(change.path)}: ${code(change.before)} → ${code(change.after)}`);
				}

				if (entry.changes.length > 5) {
					why.push(`and ${entry.changes.length - 5} more attributes`);
				}

				lines.push(`| ${group.action} | ${code(entry.address)} | ${entry.file ? code(entry.file) : ''} | ${why.join('<br>')} |`);
			}
		}

		lines.push('');
	}

	if (summary.drift.length > 0) {
		lines.push('#### Changed outside Terraform', '');
		lines.push(...summary.drift.map(entry => `- ${code(entry.address)}: ${entry.changes.map(change => `${code(change.path)} ${code(change.before)} → ${code(change.after)}`).join(', ')}`), '');
	}

	if (summary.checks.length > 0) {
		lines.push('#### Failed checks', '');
		lines.push(...summary.checks.flatMap(check => (check.messages.length === 0 ? [''] : check.messages).map(message => `- ${code(check.address)}: ${cell(message)}`)), '');
	}

	if (summary.outputs.length > 0) {
		lines.push('#### Outputs', '');
		lines.push(...summary.outputs.map(output => `- ${output.action} ${code(`output.${output.name}`)} = ${code(output.after)}`), '');
	}

	if (summary.notes.length > 0) {
		lines.push('#### Notes', '', ...summary.notes.map(note => `- ${cell(note)}`), '');
	}

	return `${lines.join('\n').trimEnd()}\n`;
}
