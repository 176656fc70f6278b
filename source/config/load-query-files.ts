import path from 'node:path';
import {definitionRange} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {FileReadError} from '../files/read-file.js';
import type {LanguageRules} from './language.js';
import {isIgnoredFile} from './load-directory.js';
import type {Module} from './module.js';
import {readConfigFile} from './parse-file.js';
import {isQueryFile, type ListBlock, mergeQueryFiles, type QueryFileContents, readQueryFile} from './query-file.js';
import type {ConfigSource} from './source.js';

/*
The query files of one module directory (Terraform 1.14+, config/query-file.ts), read after its configuration files as hashicorp/terraform v1.16 internal/configs/parser_config_dir.go loadQueryFiles reads them (`terraform query` and `terraform validate -query`), merged into its Module. Without a query file the Module is returned unchanged.
*/

/**
`module` with the query files among the directory's entry `names` read into it (lexically, as Terraform lists a directory); `module` itself when the language has no query files (before Terraform 1.14, OpenTofu) or the directory has none.
*/
export function withQueryFiles(module: Module, directory: string, names: readonly string[], rules: LanguageRules, diagnostics: Diagnostic[], sources: Map<string, string>, source?: ConfigSource): Module {
	if (!rules.queryFiles) {
		return module;
	}

	// Hidden files and editor leftovers are skipped as configuration files are (parser_file_matcher.go IsIgnoredFile).
	const files = names.filter(name => isQueryFile(name) && !isIgnoredFile(name)).sort().map(name => path.join(directory, name));
	if (files.length === 0) {
		return module;
	}

	const contents: QueryFileContents[] = [];
	const read: string[] = [];
	for (const file of files) {
		let parsed;
		try {
			parsed = readConfigFile(file, file, source);
		} catch (error) {
			if (error instanceof FileReadError && error.failure.kind === 'not-regular' && error.failure.what === 'directory') {
				continue;
			}

			diagnostics.push(errorDiagnostic('Failed to read file', `The query file ${file} could not be read: ${error instanceof FileReadError ? error.message : String(error)}.`));
			continue;
		}

		sources.set(file, parsed.text);
		read.push(file);
		diagnostics.push(...parsed.diagnostics);
		contents.push(readQueryFile(parsed.value, diagnostics, rules));
	}

	if (read.length === 0) {
		return module;
	}

	const merged = mergeQueryFiles(contents, module, diagnostics);
	return {
		...module, variables: merged.variables, locals: merged.locals, providers: merged.providers, lists: merged.lists, queryFiles: read,
	};
}

/**
List blocks are only for the root module (internal/configs/config_build.go buildChildModules): the error points at the first one (Terraform takes one at random from its map).
*/
export function childListDiagnostic(pathNames: readonly string[], lists: ReadonlyMap<string, ListBlock>): Diagnostic {
	const first = [...lists.values()][0]!;
	const where = pathNames.map(name => `module.${name}`).join('.');
	return errorDiagnostic('Invalid list configuration', `A list block was detected in "${where}". List blocks are only allowed in the root module.`, definitionRange(first.block));
}
