/**
One `--var` or `--var-file` option, in the order the user gave it.
*/
export type VariableArgument = {readonly kind: 'var'; readonly text: string} | {readonly kind: 'var-file'; readonly path: string};

const optionKinds: Readonly<Record<string, VariableArgument['kind']>> = {
	'--var': 'var',
	'--var-file': 'var-file',
	'--varFile': 'var-file',
};

/**
The `--var` and `--var-file` options of a command line in the order given. meow returns each flag's values as a separate list, which loses the interleaving that decides which value wins (Terraform applies them left to right).
*/
export function orderedVariableArguments(argv: readonly string[]): VariableArgument[] {
	const ordered: VariableArgument[] = [];
	for (let position = 0; position < argv.length; position++) {
		const token = argv[position]!;
		if (token === '--') {
			break;
		}

		const equals = token.indexOf('=');
		const name = equals === -1 ? token : token.slice(0, equals);
		const kind = optionKinds[name];
		if (kind === undefined) {
			continue;
		}

		let value: string | undefined;
		if (equals === -1) {
			value = argv[position + 1];
			position++;
		} else {
			value = token.slice(equals + 1);
		}

		if (value === undefined) {
			continue;
		}

		ordered.push(kind === 'var' ? {kind, text: value} : {kind, path: value});
	}

	return ordered;
}
