import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import {stringType} from '../lang/types.js';
import {type Value, deepMarks, unmark} from '../lang/values.js';

/*
OpenTofu's provider instances (1.9): a provider configuration with an alias and `for_each` has one instance per key, and `provider = aws.by_region[KEY]` (or a module call's `providers = {aws = aws.by_region[KEY]}`) picks one per resource or module instance. The key is evaluated in the instance's scope and must be a known, non-null, non-sensitive value that converts to a string (internal/tofu/eval_provider.go resolveProviderInstance).
*/

export type ProviderKeyResult = {readonly key: string} | {readonly diagnostic: Diagnostic};

/**
The instance key a provider reference's key expression gave, or OpenTofu's error for it. `source` names what asks (a resource instance address), as OpenTofu's message for an unknown key does.
*/
export function providerInstanceKey(value: Value, range: Range, source: string, wording: MismatchWording = 'terse'): ProviderKeyResult {
	const fail = (detail: string): ProviderKeyResult => ({diagnostic: errorDiagnostic('Invalid provider instance key', detail, range)});
	const marks = deepMarks(value);
	if (marks.has('sensitive')) {
		return fail('A provider instance key must not be derived from a sensitive value.');
	}

	if (marks.has('ephemeral')) {
		return fail('A provider instance key must not be derived from an ephemeral value.');
	}

	const [bare] = unmark(value);
	if (bare.kind === 'null') {
		return fail('A provider instance key must not be null.');
	}

	if (bare.kind === 'unknown') {
		return fail(`The provider instance key for ${source} depends on values that cannot be determined until apply, and so OpenTofu cannot select a provider instance to create a plan for this resource instance.`);
	}

	const converted = convert(bare, stringType);
	if (!converted.ok || converted.value.kind !== 'string') {
		return fail(`The given instance key is unsuitable: ${converted.ok ? 'string required' : conversionFailureText(converted, wording)}.`);
	}

	return {key: converted.value.value};
}

/**
`aws.by_region["eu"]`: how a provider configuration instance is named in messages (OpenTofu's InstanceString).
*/
export function providerInstanceText(name: string, alias: string | undefined, key: string): string {
	return `${name}${alias === undefined ? '' : `.${alias}`}[${JSON.stringify(key)}]`;
}
