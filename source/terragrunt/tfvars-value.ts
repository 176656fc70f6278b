import {errorDiagnostic} from '../hcl/diagnostics.js';
import {parseConfigBytes} from '../config/parse-file.js';
import type {ConfigSource} from '../config/source.js';
import {FunctionError} from '../lang/function.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {createScope} from '../lang/eval/scope.js';
import {type Value, objectValue} from '../lang/values.js';

const maximumTfvarsBytes = 4_000_000;

/**
`read_tfvars_file(path)`: the file's attributes as an object (a `.tfvars` file in HCL, a `.tfvars.json` in JSON), each a constant; a file that cannot be read or parsed is the function's error.
*/
export function readTfvarsValue(filePath: string, files: ConfigSource): Value {
	const read = files.read(filePath, maximumTfvarsBytes);
	if (!read.ok) {
		throw new FunctionError(`read_tfvars_file: cannot read ${filePath} (${read.failure.kind})`);
	}

	const parsed = parseConfigBytes(read.bytes, filePath);
	const error = parsed.diagnostics.find(diagnostic => diagnostic.severity === 'error');
	if (error || !parsed.value) {
		throw new FunctionError(`read_tfvars_file: ${filePath}: ${error?.summary ?? 'not readable'}`);
	}

	const scope = createScope();
	const attributes = new Map<string, Value>();
	for (const item of parsed.value.items) {
		if (item.kind === 'Attribute') {
			attributes.set(item.name, evaluate(item.expression, scope).value);
		}
	}

	void errorDiagnostic;
	return objectValue(attributes);
}
