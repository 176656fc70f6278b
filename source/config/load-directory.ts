import fs from 'node:fs';
import type {ConfigSource} from './source.js';
import path from 'node:path';
import {type Block, type Body, definitionRange} from '../hcl/ast.js';
import {formatRangeShort} from '../hcl/position.js';
import {readAction} from './blocks/action.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {readCheck} from './blocks/check.js';
import {readImport} from './blocks/import.js';
import {checkLanguageBlock} from './blocks/language.js';
import {readLocals} from './blocks/local.js';
import {readModuleCall} from './blocks/module-call.js';
import {readMoved, readRemoved} from './blocks/moved.js';
import {readOutput} from './blocks/output.js';
import {readProvider} from './blocks/provider.js';
import {readResource} from './blocks/resource.js';
import {readTerraformSettings} from './blocks/terraform.js';
import {readVariable} from './blocks/variable.js';
import type {
	ActionBlock, CheckBlock, ImportBlock, LocalValue, Module, ModuleCall, MovedBlock, OutputBlock, ProviderBlock, RemovedBlock, ResourceBlock, VariableBlock,
} from './module.js';
import {jsonTopLevelItems} from './json-blocks.js';
import {type LanguageRules, terraformRules} from './language.js';
import {isVersionedConstruct, rejectedConstruct} from './language-constructs.js';
import {applyOverrides} from './overrides.js';
import {FileReadError} from '../files/read-file.js';
import {type ParsedConfigFile, readConfigFile} from './parse-file.js';
import {withQueryFiles} from './load-query-files.js';

/*
Turns the configuration files of one directory into a Module. Reads only: the directory listing and the files. A missing or unreadable directory or file is a diagnostic.
*/

const extensions = ['.tofu.json', '.tf.json', '.tofu', '.tf'] as const;

export type ConfigurationFile = {
	readonly name: string;
	readonly path: string;
	readonly override: boolean;
};

function extensionOf(name: string): string | undefined {
	return extensions.find(extension => name.endsWith(extension));
}

/**
Hidden files and editor leftovers (`.#x.tf`, `#x.tf#`, `x.tf~`) are not configuration.
*/
export function isIgnoredFile(name: string): boolean {
	return name.startsWith('.') || name.endsWith('~') || (name.startsWith('#') && name.endsWith('#'));
}

export function isOverrideFile(name: string): boolean {
	const extension = extensionOf(name);
	if (!extension) {
		return false;
	}

	const base = name.slice(0, -extension.length);
	return base === 'override' || base.endsWith('_override');
}

/**
The configuration files among a directory's entry names: primary files, then override files, each lexically; `foo.tofu` hides `foo.tf` (and `foo.tofu.json` hides `foo.tf.json`).
*/
export function selectConfigurationFiles(directory: string, names: readonly string[]): ConfigurationFile[] {
	const candidates = names.filter(name => !isIgnoredFile(name) && extensionOf(name) !== undefined);
	const present = new Set(candidates);
	const selected = candidates.filter(name => {
		if (name.endsWith('.tf')) {
			return !present.has(`${name.slice(0, -3)}.tofu`);
		}

		if (name.endsWith('.tf.json')) {
			return !present.has(`${name.slice(0, -8)}.tofu.json`);
		}

		return true;
	}).sort();
	const files = selected.map(name => ({name, path: path.join(directory, name), override: isOverrideFile(name)}));
	return [...files.filter(file => !file.override), ...files.filter(file => file.override)];
}

export type LoadedDirectory = {
	readonly module: Module;
	readonly diagnostics: Diagnostic[];
	/**
	Path to text of every file read.
	*/
	readonly sources: Map<string, string>;
};

/**
Reads and parses the files of a directory and builds its Module.
*/
export function loadDirectory(directory: string, rules: LanguageRules = terraformRules, source?: ConfigSource): LoadedDirectory {
	const diagnostics: Diagnostic[] = [];
	const sources = new Map<string, string>();
	let names: string[] = [];
	try {
		names = source ? source.readDirectory(directory) : fs.readdirSync(directory);
	} catch (error) {
		diagnostics.push(errorDiagnostic('Failed to read module directory', `Module directory ${directory} could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`));
		return {module: buildModule(directory, [], [], diagnostics, rules), diagnostics, sources};
	}

	const files = selectConfigurationFiles(directory, names);
	const bodies: Array<{file: ConfigurationFile; body: Body}> = [];
	for (const file of files) {
		let parsed: ParsedConfigFile;
		try {
			parsed = readConfigFile(file.path, file.path, source);
		} catch (error) {
			// A directory named like a configuration file is not one (as in Terraform); anything else that cannot be read is reported.
			if (error instanceof FileReadError && error.failure.kind === 'not-regular' && error.failure.what === 'directory') {
				continue;
			}

			diagnostics.push(errorDiagnostic('Failed to read file', `The configuration file ${file.path} could not be read: ${error instanceof FileReadError ? error.message : String(error)}.`));
			continue;
		}

		sources.set(file.path, parsed.text);
		diagnostics.push(...parsed.diagnostics);
		bodies.push({file, body: parsed.value});
	}

	const primary: Block[] = [];
	const overrides: Block[] = [];
	for (const {file, body} of bodies) {
		for (const item of body.syntax === 'json' ? jsonTopLevelItems(body, diagnostics) : body.items) {
			if (item.kind === 'Attribute') {
				diagnostics.push(warningDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected here.`, item.nameRange));
				continue;
			}

			(file.override ? overrides : primary).push(item);
		}
	}

	const merged = applyOverrides(primary, overrides);
	diagnostics.push(...merged.diagnostics);
	const module = buildModule(directory, files.map(file => file.path), merged.blocks, diagnostics, rules);
	return {module: withQueryFiles(module, directory, names, rules, diagnostics, sources, source), diagnostics, sources};
}

function declare<T extends {readonly range: Block['range']}>(map: Map<string, T>, name: string, item: T, what: string, diagnostics: Diagnostic[]): void {
	const previous = map.get(name);
	if (previous) {
		diagnostics.push(errorDiagnostic(`Duplicate ${what} declaration`, `A ${what} named "${name}" was already declared at ${previous.range.filename}:${previous.range.start.line}. ${what[0]!.toUpperCase()}${what.slice(1)} names must be unique within a module.`, item.range));
		return;
	}

	map.set(name, item);
}

/**
Reads the merged top-level blocks into typed declarations.
*/
export function buildModule(directory: string, files: readonly string[], blocks: readonly Block[], diagnostics: Diagnostic[], rules: LanguageRules = terraformRules): Module {
	const variables = new Map<string, VariableBlock>();
	const locals = new Map<string, LocalValue>();
	const outputs = new Map<string, OutputBlock>();
	const resources = new Map<string, ResourceBlock>();
	const moduleCalls = new Map<string, ModuleCall>();
	const providers: ProviderBlock[] = [];
	const moved: MovedBlock[] = [];
	const imports: ImportBlock[] = [];
	const removed: RemovedBlock[] = [];
	const checks: CheckBlock[] = [];
	const actions = new Map<string, ActionBlock>();
	const terraformBlocks: Block[] = [];
	for (const block of blocks) {
		switch (block.type) {
			case 'terraform': {
				terraformBlocks.push(block);
				break;
			}

			case 'variable': {
				const variable = readVariable(block, diagnostics, rules);
				if (variable) {
					declare(variables, variable.name, variable, 'variable', diagnostics);
				}

				break;
			}

			case 'locals': {
				for (const local of readLocals(block, diagnostics)) {
					declare(locals, local.name, local, 'local value', diagnostics);
				}

				break;
			}

			case 'output': {
				const output = readOutput(block, diagnostics, rules);
				if (output) {
					declare(outputs, output.name, output, 'output', diagnostics);
				}

				break;
			}

			case 'resource':
			case 'data': {
				const resource = readResource(block, block.type === 'data' ? 'data' : 'managed', diagnostics, rules);
				if (resource) {
					declare(resources, resource.key, resource, block.type === 'data' ? 'data resource' : 'resource', diagnostics);
				}

				break;
			}

			case 'module': {
				const call = readModuleCall(block, diagnostics, rules);
				if (call) {
					declare(moduleCalls, call.name, call, 'module call', diagnostics);
				}

				break;
			}

			case 'provider': {
				const provider = readProvider(block, diagnostics, rules);
				if (provider) {
					providers.push(provider);
				}

				break;
			}

			case 'moved': {
				moved.push(readMoved(block, diagnostics));
				break;
			}

			case 'import': {
				imports.push(readImport(block, diagnostics));
				break;
			}

			case 'removed': {
				removed.push(readRemoved(block, diagnostics));
				break;
			}

			case 'check': {
				const check = readCheck(block, diagnostics);
				if (check) {
					checks.push(check);
					// A check's scoped data source is planned like any other and referenced by its address.
					if (check.data) {
						declare(resources, check.data.key, check.data, 'data resource', diagnostics);
					}
				}

				break;
			}

			case 'ephemeral': {
				// Ephemeral resources (Terraform 1.10+): expanded and referenced like data sources, never planned or stored.
				const resource = readResource(block, 'ephemeral', diagnostics, rules);
				if (resource) {
					declare(resources, resource.key, resource, 'ephemeral resource', diagnostics);
				}

				break;
			}

			case 'action': {
				const action = rules.actions ? readAction(block, diagnostics, rules) : undefined;
				if (!rules.actions) {
					diagnostics.push(rejectedConstruct(rules, 'file', block) ?? warningDiagnostic('Unsupported block type', `Blocks of type "${block.type}" are not expected here.`, block.typeRange));
				} else if (action) {
					const existing = actions.get(action.key);
					if (existing) {
						diagnostics.push(errorDiagnostic(`Duplicate action "${existing.type}" configuration`, `An action named "${existing.name}" was already declared at ${formatRangeShort(definitionRange(existing.block))}. Resource names must be unique per type in each module.`, definitionRange(block)));
					} else {
						actions.set(action.key, action);
					}
				}

				break;
			}

			case 'language': {
				if (rules.languageBlock) {
					checkLanguageBlock(block, diagnostics);
				} else {
					diagnostics.push(rejectedConstruct(rules, 'file', block) ?? warningDiagnostic('Unsupported block type', `Blocks of type "${block.type}" are not expected here.`, block.typeRange));
				}

				break;
			}

			default: {
				// A versioned block that the language accepts is valid: no warning.
				if (isVersionedConstruct('file', block)) {
					const rejected = rejectedConstruct(rules, 'file', block);
					if (rejected) {
						diagnostics.push(rejected);
					}
				} else {
					diagnostics.push(warningDiagnostic('Unsupported block type', `Blocks of type "${block.type}" are not expected here.`, block.typeRange));
				}
			}
		}
	}

	return {
		directory,
		files,
		terraform: {...readTerraformSettings(terraformBlocks, diagnostics, rules), ...(rules.providerRegistry !== terraformRules.providerRegistry && {providerRegistry: rules.providerRegistry})},
		variables,
		locals,
		outputs,
		resources,
		moduleCalls,
		providers,
		moved,
		imports,
		removed,
		checks,
		actions,
	};
}
