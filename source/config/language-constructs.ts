import type {Attribute, Block, Body} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {
	type LanguageFeature, type LanguageMode, type LanguageRules, features, hasFeature, knownVersions,
} from './language.js';
import {compareVersions} from './version-constraint.js';

/*
Arguments and blocks that one language or release accepts and another rejects, by the block they appear in. Whether the language at a release accepts one is decided by its row of the features table in language.ts, never by a check of its own; a release that rejects one gets the error its own `validate` gives (hcl's body decoding, or the reserved-name errors of module and provider blocks), with a second paragraph naming who accepts it.
*/

/**
Where a construct appears: a top-level block of a file, or a block of a kind (`lifecycle` is a resource's, data source's or ephemeral resource's lifecycle block).
*/
export type ConstructPlace = 'file' | 'terraform' | 'variable' | 'output' | 'provider' | 'module' | 'lifecycle';

type VersionedConstruct = {
	readonly place: ConstructPlace;
	readonly kind: 'argument' | 'block';
	readonly name: string;
	readonly feature: LanguageFeature;
};

const constructs: readonly VersionedConstruct[] = [
	{place: 'file', kind: 'block', name: 'language', feature: 'languageBlock'},
	{place: 'file', kind: 'block', name: 'action', feature: 'actionEvents'},
	{place: 'terraform', kind: 'block', name: 'encryption', feature: 'staticSettings'},
	{place: 'variable', kind: 'argument', name: 'const', feature: 'constVariables'},
	{place: 'variable', kind: 'argument', name: 'deprecated', feature: 'deprecations'},
	{place: 'output', kind: 'argument', name: 'deprecated', feature: 'deprecations'},
	{place: 'output', kind: 'argument', name: 'type', feature: 'outputTypes'},
	{place: 'provider', kind: 'argument', name: 'for_each', feature: 'providerForEach'},
	{place: 'module', kind: 'block', name: 'lifecycle', feature: 'lifecycleEnabled'},
	{place: 'lifecycle', kind: 'argument', name: 'enabled', feature: 'lifecycleEnabled'},
	{place: 'lifecycle', kind: 'argument', name: 'destroy', feature: 'lifecycleDestroy'},
	{place: 'lifecycle', kind: 'block', name: 'action_trigger', feature: 'actionEvents'},
];

const productNames: Readonly<Record<LanguageMode, string>> = {terraform: 'Terraform', opentofu: 'OpenTofu'};

function constructOf(place: ConstructPlace, item: Attribute | Block): VersionedConstruct | undefined {
	const kind = item.kind === 'Attribute' ? 'argument' : 'block';
	const name = item.kind === 'Attribute' ? item.name : item.type;
	return constructs.find(construct => construct.place === place && construct.kind === kind && construct.name === name);
}

function accepts(rules: LanguageRules, construct: VersionedConstruct): boolean {
	return hasFeature(rules.mode, rules.version, features[construct.feature]);
}

/**
The versioned arguments (or nested blocks) of `place` that `rules` accept, for a reader's schema.
*/
export function acceptedConstructs(rules: LanguageRules, place: ConstructPlace, kind: 'argument' | 'block'): string[] {
	return constructs.filter(construct => construct.place === place && construct.kind === kind && accepts(rules, construct)).map(construct => construct.name);
}

/**
Whether `item` is one of the versioned constructs of `place` (accepted or not): the readers' own warnings about unknown arguments leave these to `rejectedConstruct`.
*/
export function isVersionedConstruct(place: ConstructPlace, item: Attribute | Block): boolean {
	return constructOf(place, item) !== undefined;
}

/**
The error for `item` in `place` when it is a versioned construct that `rules` reject: the summary, detail and range of the product's own validate, then who accepts it. Undefined when `item` is not such a construct or `rules` accept it.
*/
export function rejectedConstruct(rules: LanguageRules, place: ConstructPlace, item: Attribute | Block, context?: Range): Diagnostic | undefined {
	const construct = constructOf(place, item);
	if (!construct || accepts(rules, construct)) {
		return undefined;
	}

	const {summary, detail} = rejectionWording(rules, construct);
	const subject = item.kind === 'Attribute' ? item.nameRange : item.typeRange;
	const hint = acceptedBy(rules, construct);
	return errorDiagnostic(summary, hint ? `${detail}\n\n${hint}` : detail, subject, context);
}

/**
An error for each versioned construct among `body`'s arguments and nested blocks that `rules` reject (for readers that check nothing else of the body).
*/
export function checkVersionedConstructs(body: Body, place: ConstructPlace, rules: LanguageRules, diagnostics: Diagnostic[], context?: Range): void {
	for (const item of body.items) {
		const rejected = rejectedConstruct(rules, place, item, context);
		if (rejected) {
			diagnostics.push(rejected);
		}
	}
}

/**
Both products word these alike, naming themselves: hcl's body decoding (hclsyntax/structure.go, Body.Content: "Unsupported argument" / "Unsupported block type"), the reserved block types of module blocks (internal/configs/module_call.go) and the reserved argument names of provider blocks (internal/configs/provider.go).
*/
function rejectionWording(rules: LanguageRules, {place, kind, name}: VersionedConstruct): {summary: string; detail: string} {
	if (place === 'module' && kind === 'block') {
		return {summary: 'Reserved block type name in module block', detail: `The block type name "${name}" is reserved for use by ${rules.product} in a future version.`};
	}

	if (place === 'provider' && kind === 'argument') {
		return {summary: 'Reserved argument name in provider block', detail: `The provider argument name "${name}" is reserved for use by ${rules.product} in a future version.`};
	}

	return kind === 'argument'
		? {summary: 'Unsupported argument', detail: `An argument named "${name}" is not expected here.`}
		: {summary: 'Unsupported block type', detail: `Blocks of type "${name}" are not expected here.`};
}

/**
Who accepts what `rules` reject: a later release of the same product (the version constraints chose this one), and the other product with the flag that opens the configuration in its language.
*/
function acceptedBy(rules: LanguageRules, construct: VersionedConstruct): string | undefined {
	const since = features[construct.feature];
	const sentences: string[] = [];
	const later: string | undefined = since[rules.mode as keyof typeof since];
	if (later !== undefined) {
		sentences.push(`${rules.product} accepts it from ${later} (this configuration's version constraints choose ${rules.version}).`);
	}

	const other: LanguageMode = rules.mode === 'terraform' ? 'opentofu' : 'terraform';
	const first: string | undefined = since[other as keyof typeof since];
	if (first !== undefined) {
		// Named only when some known release of it does not accept it yet.
		const from = (compareVersions(first, knownVersions[other][0]!) ?? 0) > 0 ? ` from ${first}` : '';
		sentences.push(`${productNames[other]} accepts it${from}: if this configuration is written for ${productNames[other]}, open it with --${other}.`);
	}

	return sentences.length > 0 ? sentences.join(' ') : undefined;
}
