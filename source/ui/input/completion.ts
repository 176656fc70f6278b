import {formatKey, stringKey} from '../../expand/addresses.js';

/*
Tab completion inside a value: after `var.settings.` the attributes or map keys of the value there, and after `var.settings[` (or `var.settings["ab`) its keys in index syntax. A key that is not an identifier (`/providers/…/policyAssignments/Deploy-MDFC`, `my key`, `a.b`) can only be written as an index, `var.settings["a.b"]`, so it is completed that way, quoted by the one function that quotes keys.
*/

/** A reference chain: `var.a`, `local.m["k/1"].x`, `module.m[0].out`. */
const chain = String.raw`[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\.\d+|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*`;
const wordPattern = new RegExp(String.raw`${chain}(?:\.[\w-]*|\[(?:"(?:[^"\\]|\\.)*"?)?)?$`);
const attributeForm = new RegExp(String.raw`^(${chain})\.([\w-]*)$`);
const indexForm = new RegExp(String.raw`^(${chain})\[(?:"((?:[^"\\]|\\.)*)"?)?$`);

/**
The word before the end of the input that Tab completes (a name, or a reference with its index steps and an unfinished `[` or `["…`), and the text before it.
*/
export function splitCompletionWord(input: string): {readonly before: string; readonly word: string} {
	const match = wordPattern.exec(input) ?? /[\w.-]*$/.exec(input);
	const word = match?.[0] ?? '';
	return {before: input.slice(0, input.length - word.length), word};
}

/**
What the word completes inside: the reference before its last `.` or `[` (evaluated to find names), what is typed of the name, and whether it is written as an attribute or an index.
*/
export type CompletionTarget = {
	readonly prefix: string;
	readonly partial: string;
	readonly form: 'attribute' | 'index';
	/** `[` typed without a quote: list indexes fit too. */
	readonly bare?: boolean;
};

export function completionTarget(word: string): CompletionTarget | undefined {
	const index = indexForm.exec(word);
	if (index) {
		return {prefix: index[1]!, partial: unescape(index[2] ?? ''), form: 'index', ...(index[2] === undefined && {bare: true})};
	}

	const attribute = attributeForm.exec(word);
	// A root alone (`var.`) is completed from the configuration's names, not from a value.
	return attribute && /[.[]/.test(attribute[1]!) ? {prefix: attribute[1]!, partial: attribute[2]!, form: 'attribute'} : undefined;
}

const identifier = /^[A-Za-z_][\w-]*$/;

/**
The completions of a target from the value there: its attribute or map key names (an identifier as `.name` after a dot, anything else as `["name"]`), or a list's indexes after a bare `[`.
*/
export function keyCompletions(target: CompletionTarget, value: {readonly names: readonly string[]} | {readonly length: number}): string[] {
	const {prefix, partial, form} = target;
	if ('length' in value) {
		return form === 'index' && target.bare ? Array.from({length: Math.min(value.length, 1000)}, (_, position) => `${prefix}[${position}]`) : [];
	}

	return value.names
		.filter(name => name.startsWith(partial))
		.map(name => (form === 'attribute' && identifier.test(name) ? `${prefix}.${name}` : `${prefix}${formatKey(stringKey(name))}`));
}

/** The text of a partly typed string: `\"`, `\\`, `\n`, `\t` and `$${` as the string means them. */
function unescape(text: string): string {
	return text
		.replaceAll(/\\(.)/gu, (_, character: string) => ({n: '\n', t: '\t', r: '\r'} as Record<string, string>)[character] ?? character)
		.replaceAll('$${', '${')
		.replaceAll('%%{', '%{');
}
