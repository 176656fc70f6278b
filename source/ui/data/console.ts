import {consoleOutput, formatConsoleDiagnostics} from '../../lang/console.js';
import {functionTable} from '../../lang/functions/index.js';
import {isSensitive} from '../../lang/values.js';
import {completionTarget, keyCompletions} from '../completion.js';
import type {Evaluation} from '../explorer-data.js';
import type {DataContext} from './context.js';
import type {Places} from './places.js';

/*
The console pane's data: an expression evaluated in the scope of a module or resource instance (printed by the `console` command's formatter), completions for the word before the cursor, a function's signature.
*/

export type ConsoleData = {
	readonly evaluate: (expression: string, contextAddress: string) => Evaluation;
	readonly complete: (word: string, contextAddress: string) => readonly string[];
	readonly signature: (name: string) => string | undefined;
};

export function createConsoleData({workspace, tree, formatting}: DataContext, {moduleInstanceOf}: Places): ConsoleData {
	const evaluate = (expression: string, context: string): Evaluation => {
		// The console command's formatter, so the pane shows the bytes `tfscope console --at CONTEXT` prints (less the last newline).
		const scope = workspace.scopeAt(context === '' ? undefined : context);
		const output = scope.value ? consoleOutput(expression, scope.value) : {ok: false, stdout: '', stderr: formatConsoleDiagnostics(scope.diagnostics)};
		return {ok: output.ok, text: (output.stdout + output.stderr).replace(/\n$/, '')};
	};

	const staticWords = ['count.index', 'each.key', 'each.value', 'path.module', 'path.root', 'path.cwd', 'terraform.workspace', 'self'];
	const complete = (word: string, context: string): readonly string[] => {
		const module = moduleInstanceOf(context) ?? tree().root;
		const {module: body} = module.node;
		const words = new Set<string>(staticWords);
		for (const name of body.variables.keys()) {
			words.add(`var.${name}`);
		}

		for (const name of body.locals.keys()) {
			words.add(`local.${name}`);
		}

		for (const name of body.moduleCalls.keys()) {
			words.add(`module.${name}`);
		}

		for (const key of body.resources.keys()) {
			words.add(key);
			words.add(key.slice(0, key.lastIndexOf('.')));
			// After `TYPE.NAME.`: the attributes and block types of the provider's schema.
			if (word.startsWith(`${key}.`)) {
				const schema = module.resources.find(resource => resource.block.key === key)?.schema?.block;
				for (const name of [...(schema?.attributes.keys() ?? []), ...(schema?.blockTypes.keys() ?? [])]) {
					words.add(`${key}.${name}`);
				}
			}
		}

		for (const name of formatting.functionNames) {
			words.add(`${name}(`);
		}

		// Keys completed as an index (`var.m["a/b"]`) do not start with a word typed as `var.m.a`: they are matched by their own rule.
		return [...[...words].filter(each => each.startsWith(word)), ...nestedCompletions(word, context)].sort();
	};

	/**
	After `var.settings.vm.` or `var.settings[` (any reference, index steps included): the attributes of the value there, the keys of a map (as `["key"]` when not an identifier), a list's indexes, when it is known and not sensitive.
	*/
	const nestedCompletions = (word: string, context: string): string[] => {
		const target = completionTarget(word);
		if (!target) {
			return [];
		}

		const result = workspace.evaluateAt(target.prefix, context === '' ? undefined : context);
		const {value} = result;
		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error') || isSensitive(value)) {
			return [];
		}

		switch (value.kind) {
			case 'object': {
				return keyCompletions(target, {names: [...value.attributes.keys()]});
			}

			case 'map': {
				return keyCompletions(target, {names: [...value.entries.keys()]});
			}

			case 'list':
			case 'tuple': {
				return keyCompletions(target, {length: value.elements.length});
			}

			default: {
				return [];
			}
		}
	};

	const signature = (name: string): string | undefined => {
		const spec = functionTable(workspace.language.rules.functions).lookup(name);
		if (!spec) {
			return undefined;
		}

		const parameters = [...spec.parameters.map(parameter => parameter.name), ...(spec.variadic ? [`${spec.variadic.name}...`] : [])];
		return `${name}(${parameters.join(', ')})${spec.description === '' ? '' : `: ${spec.description}`}`;
	};

	return {evaluate, complete, signature};
}
