import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type Expression, attributesOf, blocksOf} from '../../source/hcl/ast.js';
import {parseConfig} from '../../source/hcl/index.js';
import {consoleFunctionNames} from '../../source/commands/console.js';
import {lookupFunction} from '../../source/lang/functions/index.js';
import {evaluate} from '../../source/lang/eval/evaluate.js';
import {type Scope, createScope, moduleResolver} from '../../source/lang/eval/scope.js';
import {numberType, stringType} from '../../source/lang/types.js';
import {
	type Value, listValue, mapValue, markSensitive, numberValue, objectValue, stringValue, unknownValue,
} from '../../source/lang/values.js';

const configFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/console/config/main.tf');

/**
The scope of test/fixtures/console/config/main.tf as terraform console sees it (no state, so resources are unknown). Variables are given by hand (their defaults, converted to their types); locals are evaluated from the file, on demand, as Terraform does.
*/
export function consoleConfigScope(): Scope {
	const variables = new Map<string, Value>([
		['name', stringValue('web')],
		['secret', markSensitive(stringValue('hunter2'))],
		['ports', listValue(numberType, [numberValue(80), numberValue(443)])],
		['tags', mapValue(stringType, [['env', stringValue('dev')], ['team', stringValue('core')]])],
		['settings', objectValue([['label', stringValue('none')], ['size', numberValue(2)]])],
	]);
	// Without state, terraform console knows nothing of a resource's value, not even its type.
	const resources = new Map<string, Value>([['terraform_data.web', unknownValue()]]);
	const resourceAttributes = new Map([['terraform_data.web', new Set(['id', 'input', 'output', 'triggers_replace'])]]);
	const parsed = parseConfig(fs.readFileSync(configFile, 'utf8'), 'main.tf');
	const localExpressions = new Map<string, Expression>();
	for (const block of blocksOf(parsed.value, 'locals')) {
		for (const attribute of attributesOf(block.body)) {
			localExpressions.set(attribute.name, attribute.expression);
		}
	}

	const locals = new Map<string, Value>();
	const scope: Scope = createScope({
		resolveReference(reference) {
			if (reference.subject.kind === 'local') {
				// The named local, or all of them when it is undeclared (for "Did you mean").
				const wanted = localExpressions.has(reference.subject.name) ? [reference.subject.name] : [...localExpressions.keys()];
				for (const name of wanted) {
					if (!locals.has(name)) {
						locals.set(name, evaluate(localExpressions.get(name)!, scope).value);
					}
				}
			}

			return moduleResolver({
				variables, locals, resources, resourceAttributes, path: {module: '.', root: '.', cwd: '/tmp'},
			})(reference);
		},
		functions: lookupFunction,
		functionNames: () => consoleFunctionNames,
		functionContext: {baseDirectory: '.', impure: true},
		console: true,
	});
	return scope;
}
