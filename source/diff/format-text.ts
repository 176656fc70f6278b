import type {Range} from '../hcl/position.js';
import type {ActionInvocation, BlockChange} from './actions.js';
import type {AttributeChange, InstanceChange, WorkspaceDiff} from './compare.js';
import {type ChangeKind, changeKind, oneLineValue, summarise, summaryLine} from './summary.js';

/*
The diff as a tree for a terminal: one group per module instance, one line per changed resource instance with its mark, the argument changes and the actions it invokes under it; then action and list blocks that changed, expansion changes, suspected renames (with the `moved` block to add) and what only apply can tell.
*/

export type TextOptions = {
	readonly colour: boolean;
	readonly from: string;
	readonly to: string;
};

export const changeMarks: Record<ChangeKind, string> = {
	create: '+', delete: '-', update: '~', replace: '±', move: '→', forget: '>', import: '<',
};

const colours: Record<ChangeKind, string> = {
	create: '32', delete: '31', update: '33', replace: '35', move: '36', forget: '90', import: '32',
};

function at(range: Range): string {
	return `${range.filename}:${range.start.line}`;
}

export function changeWords(change: InstanceChange): string {
	const kind = changeKind(change);
	switch (kind) {
		case 'create': {
			return 'create';
		}

		case 'delete': {
			const why = change.reason === 'removed-block' ? 'removed block' : (change.reason === 'no-instance' ? 'no longer an instance' : 'no longer in the configuration');
			return `destroy (${why})`;
		}

		case 'update': {
			return 'update in place';
		}

		case 'replace': {
			return 'replace';
		}

		case 'move': {
			const how = change.move?.implied ? 'implied move' : `moved block${change.move?.range ? ` at ${at(change.move.range)}` : ''}`;
			return `moved from ${change.previousAddress} (${how}${acrossTypesNote(change)})${change.action === 'update' ? ', updated' : ''}`;
		}

		case 'forget': {
			const why = change.reason === 'lifecycle-destroy' ? 'lifecycle destroy = false' : 'removed block';
			return `forget: leaves the state, the object stays (${why}${change.removedBlock ? ` at ${at(change.removedBlock)}` : ''})`;
		}

		case 'import': {
			return `import${change.importing?.id === undefined ? '' : ` id ${JSON.stringify(change.importing.id)}`}`;
		}
	}
}

export function attributeLine(attribute: AttributeChange): string {
	switch (attribute.kind) {
		case 'added': {
			return `${attribute.name}: + ${oneLineValue(attribute.after)}`;
		}

		case 'removed': {
			return `${attribute.name}: - ${oneLineValue(attribute.before)}`;
		}

		case 'maybe': {
			return `${attribute.name}: known after apply on both sides, written differently`;
		}

		default: {
			return `${attribute.name}: ${oneLineValue(attribute.before)} → ${oneLineValue(attribute.after)}`;
		}
	}
}

export function formatDiffText(diff: WorkspaceDiff, options: TextOptions): string {
	const paint = (code: string, text: string): string => options.colour ? `\u001B[${code}m${text}\u001B[0m` : text;
	const bold = (text: string): string => paint('1', text);
	const lines: string[] = [
		bold(`${options.from} → ${options.to}`),
		summaryLine(summarise(diff)),
	];

	const invocationsBy = new Map<string, ActionInvocation[]>();
	for (const invocation of diff.invocations) {
		invocationsBy.set(invocation.trigger, [...(invocationsBy.get(invocation.trigger) ?? []), invocation]);
	}

	const modules = new Map<string, InstanceChange[]>();
	for (const change of diff.changes) {
		modules.set(change.moduleInstance, [...(modules.get(change.moduleInstance) ?? []), change]);
	}

	const moduleMarks = new Map(diff.moduleInstances.map(module => [module.address, module]));
	for (const module of [...new Set([...modules.keys(), ...moduleMarks.keys()])].sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))) {
		const action = moduleMarks.get(module);
		const moduleNote = action === undefined ? '' : {
			create: paint('32', '  + new module instance'),
			delete: paint('31', '  - module instance gone'),
			move: paint('36', `  → moved from ${action.from ?? ''}`),
		}[action.action];
		lines.push('', bold(module === '' ? '(root module)' : module) + moduleNote);
		for (const change of modules.get(module) ?? []) {
			const kind = changeKind(change);
			const local = module === '' ? change.address : change.address.slice(module.length + 1);
			lines.push(`  ${paint(colours[kind], `${changeMarks[kind]} ${local}`)}  ${changeWords(change)}`);
			for (const attribute of change.attributes) {
				lines.push(`      ${attributeLine(attribute)}`);
			}

			for (const invocation of invocationsBy.get(change.address) ?? []) {
				lines.push(`      ${paint('35', `invokes ${invocationWords(invocation)}`)}`);
			}
		}
	}

	if (diff.blockChanges.length > 0) {
		lines.push('', bold('Actions and list blocks'), '  Configuration only: a plan changes nothing for them (an action runs when a change triggers it, a list block only under terraform query).');
		for (const block of diff.blockChanges) {
			const mark = {added: '+', removed: '-', changed: '~'}[block.change];
			const colour = {added: '32', removed: '31', changed: '33'}[block.change];
			lines.push(`  ${paint(colour, `${mark} ${block.address}`)}  ${blockWords(block)}`);
			for (const attribute of block.attributes) {
				lines.push(`      ${attributeLine(attribute)}`);
			}
		}
	}

	if (diff.expansions.length > 0) {
		lines.push('', bold('Expansion changes'));
		for (const expansion of diff.expansions) {
			const keys = [
				...(expansion.addedKeys.length > 0 ? [`+${expansion.addedKeys.join(' +')}`] : []),
				...(expansion.removedKeys.length > 0 ? [`-${expansion.removedKeys.join(' -')}`] : []),
			].join(' ');
			const change = expansion.before === expansion.after ? '' : `${expansion.before} → ${expansion.after}`;
			lines.push(`  ${expansion.address}: ${[change, keys].filter(Boolean).join('; ')}`);
		}
	}

	if (diff.undetermined.length > 0) {
		lines.push('', bold('Known only after apply'), '  The count or for_each that decides whether these stay is unknown until apply:');
		for (const address of diff.undetermined) {
			lines.push(`  ? ${address}`);
		}
	}

	if (diff.renames.length > 0) {
		lines.push('', paint('1;35', 'Suspected renames'), '  Terraform would destroy and recreate these; if they are the same objects, add:');
		for (const rename of diff.renames) {
			lines.push('', `  ${rename.from} → ${rename.to}  (${rename.instances.length} ${rename.instances.length === 1 ? 'instance' : 'instances'}, ${Math.round(rename.similarity * 100)}% of arguments equal)`);
			lines.push(...rename.movedBlock.split('\n').map(line => `    ${line}`));
		}
	}

	if (diff.blockedMoves.length > 0) {
		lines.push('', bold('Blocked moves'));
		for (const blocked of diff.blockedMoves) {
			lines.push(`  ${blocked.from} stays: ${blocked.wanted} is already taken`);
		}
	}

	if (diff.cyclicMoves) {
		lines.push('', paint('31', 'The moved blocks form a cycle: Terraform rejects them and moves nothing.'));
	}

	return `${lines.join('\n')}\n`;
}

/**
`action.TYPE.NAME (after_create)`, with the trigger's `on_failure` when set and a condition apply decides.
*/
export function invocationWords(invocation: ActionInvocation): string {
	const notes = [invocation.event, ...(invocation.onFailure ? [`on_failure = ${invocation.onFailure}`] : []), ...(invocation.conditional ? ['if its condition holds at apply'] : [])];
	return `${invocation.action} (${notes.join(', ')})`;
}

export function blockWords(block: BlockChange): string {
	const what = block.kind === 'action' ? 'action' : 'list block';
	return {added: `new ${what}`, removed: `${what} gone`, changed: `${what} changed`}[block.change];
}

/**
A move across resource types works only where the target's provider translates the state (Terraform 1.8+).
*/
export function acrossTypesNote(change: InstanceChange): string {
	const across = change.move?.acrossTypes;
	if (!across) {
		return '';
	}

	return across.supported === undefined ? '; across resource types: the provider must support it, Terraform 1.8+' : (across.supported ? '; across resource types, Terraform 1.8+' : '; across resource types: the provider cannot move this type, Terraform\'s plan will fail');
}
