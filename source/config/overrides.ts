import {
	type Attribute, type Block, type Body, findAttribute, withChanges,
} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {literalString, traversalText} from './static.js';

/*
Override files (`override.tf`, `*_override.tf` and their JSON/tofu variants) merged into the blocks of the primary files, as Terraform's configs/module_merge.go does: an override block must match an existing block (same type and labels; providers by name and alias); its arguments replace the base's one by one; a nested block type in the override replaces every nested block of that type in the base, except `lifecycle`, which merges argument by argument. Locals merge by name.
*/

/**
What identifies a top-level block for merging; undefined for block types that cannot be overridden.
*/
export function blockIdentity(block: Block): string | undefined {
	switch (block.type) {
		case 'resource':
		case 'data':
		case 'variable':
		case 'output':
		case 'module':
		case 'check': {
			return [block.type, ...block.labels].join(' ');
		}

		case 'provider': {
			const alias = literalString(findAttribute(block.body, 'alias')?.expression) ?? traversalText(findAttribute(block.body, 'alias')?.expression) ?? '';
			return `provider ${block.labels[0] ?? ''} ${alias}`;
		}

		case 'terraform': {
			return 'terraform';
		}

		default: {
			return undefined;
		}
	}
}

function nestedType(item: Block): string {
	return item.type === 'dynamic' ? item.labels[0] ?? '' : item.type;
}

export function mergeBody(base: Body, override: Body): Body {
	const overriddenAttributes = new Set<string>();
	const overriddenBlockTypes = new Set<string>();
	const lifecycleOverrides: Block[] = [];
	for (const item of override.items) {
		if (item.kind === 'Attribute') {
			overriddenAttributes.add(item.name);
		} else if (item.type === 'lifecycle') {
			lifecycleOverrides.push(item);
		} else {
			overriddenBlockTypes.add(nestedType(item));
		}
	}

	const items: Array<Attribute | Block> = [];
	for (const item of base.items) {
		if (item.kind === 'Attribute') {
			if (!overriddenAttributes.has(item.name)) {
				items.push(item);
			}
		} else if (item.type === 'lifecycle' && lifecycleOverrides.length > 0) {
			let merged = item;
			for (const lifecycle of lifecycleOverrides) {
				merged = withChanges(merged, {body: mergeBody(merged.body, lifecycle.body)});
			}

			items.push(merged);
			lifecycleOverrides.length = 0;
		} else if (!overriddenBlockTypes.has(nestedType(item))) {
			items.push(item);
		}
	}

	for (const item of override.items) {
		if (item.kind === 'Block' && item.type === 'lifecycle' && !lifecycleOverrides.includes(item)) {
			continue;
		}

		items.push(item);
	}

	return withChanges(base, {items});
}

export function mergeBlock(base: Block, override: Block): Block {
	return withChanges(base, {body: mergeBody(base.body, override.body)});
}

/**
Merges the top-level blocks of override files (in order) into the primary blocks. Locals blocks are kept as separate blocks with overridden names removed from the primary ones.
*/
export function applyOverrides(primary: readonly Block[], overrides: readonly Block[]): {blocks: Block[]; diagnostics: Diagnostic[]} {
	const diagnostics: Diagnostic[] = [];
	const blocks = [...primary];
	const index = new Map<string, number>();
	for (const [position, block] of blocks.entries()) {
		const identity = blockIdentity(block);
		if (identity !== undefined && !index.has(identity)) {
			index.set(identity, position);
		}
	}

	for (const override of overrides) {
		if (override.type === 'locals') {
			const names = new Set(override.body.items.filter(item => item.kind === 'Attribute').map(item => (item as Attribute).name));
			const declared = new Set<string>();
			for (const [position, block] of blocks.entries()) {
				if (block.type !== 'locals') {
					continue;
				}

				for (const item of block.body.items) {
					if (item.kind === 'Attribute') {
						declared.add(item.name);
					}
				}

				blocks[position] = withChanges(block, {body: withChanges(block.body, {items: block.body.items.filter(item => item.kind !== 'Attribute' || !names.has(item.name))})});
			}

			for (const item of override.body.items) {
				if (item.kind === 'Attribute' && !declared.has(item.name)) {
					diagnostics.push(errorDiagnostic('Missing base local value definition to override', `There is no local value named "${item.name}". An override file can only override a local value that was already defined in a primary configuration file.`, item.nameRange));
				}
			}

			blocks.push(override);
			continue;
		}

		const identity = blockIdentity(override);
		if (identity === undefined) {
			diagnostics.push(warningDiagnostic('Block cannot be overridden', `A "${override.type}" block in an override file is ignored: only resource, data, variable, output, module, provider, check, locals and terraform blocks can be overridden.`, override.typeRange));
			continue;
		}

		const position = index.get(identity);
		if (position === undefined) {
			// Terraform accepts a terraform block in an override file without a base one, and a default (unaliased) provider configuration: an absent one is an empty configuration, which the override fills (configs/module.go, mergeFile; #38, H).
			if (override.type === 'terraform' || (override.type === 'provider' && identity.endsWith(' '))) {
				index.set(identity, blocks.length);
				blocks.push(override);
				continue;
			}

			if (override.type === 'provider') {
				const name = override.labels[0] ?? '';
				const alias = identity.slice(`provider ${name} `.length);
				diagnostics.push(errorDiagnostic('Missing base provider configuration for override', `There is no ${name} provider configuration with the alias "${alias}". An override file can only override an aliased provider configuration that was already defined in a primary configuration file.`, override.typeRange));
				continue;
			}

			const what = override.labels.length > 0 ? `${override.type} ${override.labels.map(label => `"${label}"`).join(' ')}` : override.type;
			diagnostics.push(errorDiagnostic(`Missing base ${override.type} block to override`, `There is no ${what} block to override. An override file can only change a block that a primary configuration file declares.`, override.typeRange));
			continue;
		}

		blocks[position] = mergeBlock(blocks[position]!, override);
	}

	return {blocks, diagnostics};
}
