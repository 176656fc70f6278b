import {consoleOutput, formatConsoleDiagnostics, wrapText} from '../../lang/console.js';
import {functionTable} from '../../lang/functions/index.js';
import {isSensitive} from '../../lang/values.js';
import {completionTarget, keyCompletions} from '../input/completion.js';
import type {ModuleInstance} from '../../expand/instance-tree.js';
import type {Evaluation} from '../explorer-data.js';
import type {DataContext} from './context.js';
import type {Places} from './places.js';
import {sourceText} from './shared.js';

/*
The console pane's data: an expression evaluated in the scope of a module or resource instance (printed by the `console` command's formatter), completions for the word before the cursor, a function's signature.
*/

export type ConsoleData = {
	readonly evaluate: (expression: string, contextAddress: string) => Evaluation;
	readonly complete: (word: string, contextAddress: string) => readonly string[];
	readonly signature: (name: string) => string | undefined;
};

// Terraform's errors for `each` and `count` where the scope has none.
const eachError = /each\.(?:key|value) cannot be used in this context|Reference to "each" in context without for_each/;
const countError = /Reference to "count" in non-counted context/;

/**
At a module instance of a call with for_each (or count), `each` (`count`) belongs to the call, in the parent module, not to the scope inside the module, where Details shows it: after Terraform's error, a line that says so, with this instance's key and the variables the call passes it on as.
*/
function repetitionHint(instance: ModuleInstance, text: string, sources: ReadonlyMap<string, string>, formatValue: DataContext['formatting']['formatValue']): string | undefined {
	const {call} = instance.node;
	const {eachKey, countIndex} = instance.repetition;
	const [word, key, pattern] = eachKey && eachError.test(text)
		? ['each', `each.key = ${formatValue(eachKey)}`, /\beach\./]
		: (countIndex && countError.test(text) ? ['count', `count.index = ${formatValue(countIndex)}`, /\bcount\.index\b/] : []);
	if (!call || word === undefined || instance.parent === undefined) {
		return undefined;
	}

	const passing = call.inputs.filter(input => pattern!.test(sourceText(sources, input.expression.range) ?? '')).map(input => `var.${input.name}`);
	const parent = instance.parent.text === '' ? 'the root module' : instance.parent.text;
	// Short lines: the console pane shows each line of a hint as it is.
	return [
		`Hint: ${word} belongs to the call module.${call.name} in ${parent}, not to the module's own scope.`,
		`Here ${key} (Details shows it); ${passing.length === 0 ? 'the call passes none of it on.' : 'the call passes it on as:'}`,
		...(passing.length === 0 ? [] : wrapText(passing.join(', '), 76).split('\n')),
	].join('\n');
}

export function createConsoleData({workspace, sources, tree, formatting}: DataContext, {moduleInstanceOf}: Places): ConsoleData {
	const evaluate = (expression: string, context: string): Evaluation => {
		// The console command's formatter, so the pane shows the bytes `tfscope console --at CONTEXT` prints (less the last newline).
		const scope = workspace.scopeAt(context === '' ? undefined : context);
		const output = scope.value ? consoleOutput(expression, scope.value) : {ok: false, stdout: '', stderr: formatConsoleDiagnostics(scope.diagnostics)};
		const text = (output.stdout + output.stderr).replace(/\n$/, '');
		const instance = output.ok ? undefined : tree().moduleInstances.get(context);
		const hint = instance && repetitionHint(instance, text, sources, formatting.formatValue);
		return {ok: output.ok, text, ...(hint !== undefined && {hint})};
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

		// Query files' list blocks (Terraform 1.14+): `list.TYPE.NAME`.
		for (const key of body.lists?.keys() ?? []) {
			words.add(key);
			words.add(key.slice(0, key.lastIndexOf('.')));
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
