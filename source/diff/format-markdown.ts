import type {InstanceChange, WorkspaceDiff} from './compare.js';
import {attributeLine, blockWords, invocationWords} from './format-text.js';
import {type ChangeKind, changeKind, oneLineValue, summarise, summaryLine} from './summary.js';

/*
The diff as Markdown for a pull-request comment: the counts first, a warning for suspected renames (with the `moved` blocks to add), then one collapsible section per kind of change.
*/

const titles: ReadonlyArray<[ChangeKind, string]> = [
	['delete', 'Destroyed'],
	['replace', 'Replaced'],
	['create', 'Created'],
	['update', 'Updated in place'],
	['move', 'Moved'],
	['forget', 'Forgotten (removed from state, not destroyed)'],
	['import', 'Imported'],
];

function code(text: string): string {
	const fence = text.includes('`') ? '``' : '`';
	return `${fence}${text}${fence}`;
}

function item(change: InstanceChange): string[] {
	const head = change.previousAddress === undefined ? `- ${code(change.address)}` : `- ${code(change.previousAddress)} → ${code(change.address)}${change.move?.implied ? ' (implied)' : ''}`;
	const importing = change.importing?.id === undefined ? '' : ` (id ${code(change.importing.id)})`;
	const lines = [head + importing];
	if (change.attributes.length > 0) {
		lines.push('  ```diff');
		for (const attribute of change.attributes) {
			if (attribute.before !== undefined) {
				lines.push(`  - ${attribute.name} = ${oneLineValue(attribute.before)}`);
			}

			if (attribute.after !== undefined) {
				lines.push(`  + ${attribute.name} = ${oneLineValue(attribute.after)}`);
			}
		}

		lines.push('  ```');
	}

	return lines;
}

export function formatDiffMarkdown(diff: WorkspaceDiff, sides: {readonly from: string; readonly to: string}): string {
	const summary = summarise(diff);
	const lines: string[] = [
		`### tfscope diff: ${sides.from} → ${sides.to}`,
		'',
		`**${summaryLine(summary)}**`,
	];
	if (diff.renames.length > 0) {
		lines.push('', `> [!WARNING]`, `> ${diff.renames.length} suspected ${diff.renames.length === 1 ? 'rename' : 'renames'} without a \`moved\` block: Terraform will destroy and recreate ${diff.renames.length === 1 ? 'it' : 'them'}.`, '');
		for (const rename of diff.renames) {
			lines.push(`${code(rename.from)} → ${code(rename.to)} (${Math.round(rename.similarity * 100)}% of arguments equal):`, '', '```hcl', rename.movedBlock, '```', '');
		}
	}

	for (const [kind, title] of titles) {
		const changes = diff.changes.filter(change => changeKind(change) === kind);
		if (changes.length > 0) {
			lines.push('', `<details><summary>${title} (${changes.length})</summary>`, '', ...changes.flatMap(change => item(change)), '', '</details>');
		}
	}

	if (diff.invocations.length > 0) {
		lines.push('', `<details><summary>Actions to invoke (${diff.invocations.length})</summary>`, '', ...diff.invocations.map(invocation => `- ${code(invocation.action)} by ${code(invocation.trigger)} (${invocationWords(invocation).slice(invocation.action.length + 2, -1)})`), '', '</details>');
	}

	if (diff.blockChanges.length > 0) {
		lines.push('', `<details><summary>Actions and list blocks changed, not planned (${diff.blockChanges.length})</summary>`, '');
		for (const block of diff.blockChanges) {
			lines.push(`- ${code(block.address)}: ${blockWords(block)}`);
			lines.push(...block.attributes.map(attribute => `  - ${code(attributeLine(attribute))}`));
		}

		lines.push('', '</details>');
	}

	if (diff.expansions.length > 0) {
		lines.push('', `<details><summary>Expansion changes (${diff.expansions.length})</summary>`, '');
		for (const expansion of diff.expansions) {
			const keys = [...expansion.addedKeys.map(key => `+${key}`), ...expansion.removedKeys.map(key => `-${key}`)].join(' ');
			lines.push(`- ${code(expansion.address)}: ${expansion.before === expansion.after ? '' : `${expansion.before} → ${expansion.after} `}${keys}`.trimEnd());
		}

		lines.push('', '</details>');
	}

	if (diff.undetermined.length > 0) {
		lines.push('', `<details><summary>Known only after apply (${diff.undetermined.length})</summary>`, '', ...diff.undetermined.map(address => `- ${code(address)}`), '', '</details>');
	}

	return `${lines.join('\n')}\n`;
}
