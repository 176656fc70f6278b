import fs from 'node:fs';
import type {MismatchWording} from '../lang/convert.js';
import type {FunctionRelease} from '../lang/functions/index.js';
import {type Block, blocksOf} from '../hcl/ast.js';
import {jsonTopLevelItems} from './json-blocks.js';
import {chooseVersion, versionConstraintsOf} from './language-version.js';
import {selectConfigurationFiles} from './load-directory.js';
import {maximumConfigFileBytes, parseConfigFile} from './parse-file.js';
import {readLockFile} from './lock-file.js';
import {type ConfigSource, readTextFrom} from './source.js';
import {compareVersions} from './version-constraint.js';

/*
The language a configuration is written in: Terraform or OpenTofu, at a release (`1.16`, `1.12`). Each difference is one field of the rule set, read by the code that applies that rule (the block readers, the module loader, the expander, the function table), so the languages and their versions never meet as scattered checks: a rule that changed in a release is a field whose value the release decides (`features` below).
*/

export type LanguageMode = 'terraform' | 'opentofu';

export type LanguageRules = {
	readonly mode: LanguageMode;
	/**
	The product's name as messages print it.
	*/
	readonly product: 'Terraform' | 'OpenTofu';
	/**
	The release whose rules apply, as `major.minor` (`1.16`): the newest release the configuration's version constraints allow (see `chooseVersion`).
	*/
	readonly version: string;
	/**
	`lifecycle { enabled = BOOL }` on resources, data sources, ephemeral resources and module calls (OpenTofu 1.11).
	*/
	readonly lifecycleEnabled: boolean;
	/**
	A module call's `source` and `version` evaluated statically from variables and locals (OpenTofu 1.8).
	*/
	readonly staticModuleSources: boolean;
	/**
	A module call's `source` and `version` evaluated as `terraform init` does from `const` variables and locals (Terraform 1.15): other variables are unknown then.
	*/
	readonly initModuleSources: boolean;
	/**
	`backend` and `encryption` blocks (inside `terraform`) evaluated statically from variables and locals (OpenTofu 1.8); Terraform allows no references in a backend and has no `encryption` block.
	*/
	readonly staticSettings: boolean;
	/**
	`for_each` on a provider block with an alias, and `aws.by_region[KEY]` provider references (OpenTofu 1.9).
	*/
	readonly providerForEach: boolean;
	/**
	`deprecated = "..."` on variables and outputs, warned about where they are used (OpenTofu 1.10, Terraform 1.15).
	*/
	readonly deprecations: boolean;
	/**
	`const = true` on variables: the value must be known when the configuration is loaded, so it may be used in module sources (OpenTofu 1.12, Terraform 1.15).
	*/
	readonly constVariables: boolean;
	/**
	`type = TYPE` on outputs: the value is converted to it (Terraform 1.15).
	*/
	readonly outputTypes: boolean;
	/**
	`lifecycle { destroy = false }` on managed resources: a removed or replaced object leaves the state and stays in the real world (OpenTofu 1.12, Terraform 1.16).
	*/
	readonly lifecycleDestroy: boolean;
	/**
	`action "TYPE" "NAME"` blocks and `lifecycle { action_trigger { ... } }` on resources (Terraform 1.14), with `before_destroy`/`after_destroy` events and `on_failure` (1.16).
	*/
	readonly actions: false | 'events' | 'destroy-events';
	/**
	`.tfquery.hcl` files with `list` blocks (Terraform 1.14).
	*/
	readonly queryFiles: boolean;
	/**
	`list` is a reserved root name in references (Terraform 1.13: internal/addrs/parse_ref.go at v1.13.0): `list.TYPE.NAME` names a query file's list block, and a managed resource of type `list` is `resource.list.NAME`.
	*/
	readonly listReferences: boolean;
	/**
	`import` blocks in child modules (Terraform 1.16); before, only the root module may import.
	*/
	readonly importsInModules: boolean;
	/**
	`terraform_data`'s `store` block (Terraform 1.16): the built-in provider's schema has it.
	*/
	readonly dataStore: boolean;
	/**
	The top-level `language` block with `compatible_with { opentofu = ... }` (OpenTofu 1.12).
	*/
	readonly languageBlock: boolean;
	/**
	`prevent_destroy` may refer to variables, locals and other symbols of its module (OpenTofu 1.12); elsewhere it must be a literal.
	*/
	readonly preventDestroyExpressions: boolean;
	/**
	Which built-in function table expressions call (see lang/functions/index.ts): the language, and the release that decides which functions it has and how they behave.
	*/
	readonly functions: FunctionRelease;
	/**
	How a type mismatch is worded: `string required, but have tuple` from go-cty 1.16.3 (Terraform 1.13's go.mod; OpenTofu 1.10's), `string required` before (lang/convert.ts MismatchWording).
	*/
	readonly mismatchWording: MismatchWording;
	/**
	`==`/`!=` between a null and a non-null value keep only the operands' top-level marks (go-cty 1.18.0, commit d586d11, cty/value_ops.go Equals: Terraform 1.15's go.mod, OpenTofu 1.12's); before, every mark of both (`{a = sensitive("x")} == null` is sensitive).
	*/
	readonly equalsNullShallowMarks: boolean;
	/**
	The console also continues an expression on the next line after a trailing backslash (OpenTofu 1.9, see lang/console.ts).
	*/
	readonly consoleBackslashContinuation: boolean;
	/**
	The registry host of a provider source without one (`hashicorp/aws`, or a provider not in `required_providers`): OpenTofu's is its own (internal/addrs/provider.go, DefaultProviderRegistryHost), so its graph names `provider["registry.opentofu.org/hashicorp/aws"]`.
	*/
	readonly providerRegistry: 'registry.terraform.io' | 'registry.opentofu.org';
};

/**
The releases whose rules tfscope follows, oldest first; the last is the newest stable release, the default. Terraform 1.11 is the release the goldens come from (the binary on the machines where they are made); what changed after it comes from each release's source and changelog (docs/language-versions.md lists them).
*/
export const knownVersions: Readonly<Record<LanguageMode, readonly string[]>> = Object.freeze({
	terraform: Object.freeze(['1.11', '1.12', '1.13', '1.14', '1.15', '1.16']),
	opentofu: Object.freeze(['1.11', '1.12']),
});

/**
The first release of each product with a rule, or undefined when the product does not have it at any known release.
*/
type Since = {readonly terraform?: string; readonly opentofu?: string};

/**
The first release of each product with each rule: the one place the releases decide a rule (rulesFor reads it; config/language-constructs.ts reads it for the arguments and blocks a release accepts or rejects).
*/
export const features = {
	lifecycleEnabled: {opentofu: '1.11'},
	staticModuleSources: {opentofu: '1.8'},
	initModuleSources: {terraform: '1.15'},
	staticSettings: {opentofu: '1.8'},
	providerForEach: {opentofu: '1.9'},
	deprecations: {opentofu: '1.10', terraform: '1.15'},
	constVariables: {opentofu: '1.12', terraform: '1.15'},
	outputTypes: {terraform: '1.15'},
	lifecycleDestroy: {opentofu: '1.12', terraform: '1.16'},
	actionEvents: {terraform: '1.14'},
	actionDestroyEvents: {terraform: '1.16'},
	queryFiles: {terraform: '1.14'},
	listReferences: {terraform: '1.13'},
	importsInModules: {terraform: '1.16'},
	dataStore: {terraform: '1.16'},
	languageBlock: {opentofu: '1.12'},
	preventDestroyExpressions: {opentofu: '1.12'},
	consoleBackslashContinuation: {opentofu: '1.9'},
	mismatchWithGivenType: {terraform: '1.13', opentofu: '1.10'},
	equalsNullShallowMarks: {terraform: '1.15', opentofu: '1.12'},
} as const satisfies Record<string, Since>;

export type LanguageFeature = keyof typeof features;

/**
Whether `version` of `mode` has the rule that came in `since`.
*/
export function hasFeature(mode: LanguageMode, version: string, since: Since): boolean {
	const first = since[mode];
	return first !== undefined && (compareVersions(version, first) ?? -1) >= 0;
}

const rulesCache = new Map<string, LanguageRules>();

/**
The rules of `mode` at `version` (default: the newest known release). The same object for the same pair, so rules can be compared by identity.
*/
export function rulesFor(mode: LanguageMode, version: string = knownVersions[mode].at(-1)!): LanguageRules {
	const key = `${mode}@${version}`;
	let rules = rulesCache.get(key);
	if (!rules) {
		const has = (since: Since): boolean => hasFeature(mode, version, since);
		rules = Object.freeze({
			mode,
			product: mode === 'opentofu' ? 'OpenTofu' : 'Terraform',
			version,
			lifecycleEnabled: has(features.lifecycleEnabled),
			staticModuleSources: has(features.staticModuleSources),
			initModuleSources: has(features.initModuleSources),
			staticSettings: has(features.staticSettings),
			providerForEach: has(features.providerForEach),
			deprecations: has(features.deprecations),
			constVariables: has(features.constVariables),
			outputTypes: has(features.outputTypes),
			lifecycleDestroy: has(features.lifecycleDestroy),
			actions: has(features.actionDestroyEvents) ? 'destroy-events' : (has(features.actionEvents) ? 'events' : false),
			queryFiles: has(features.queryFiles),
			listReferences: has(features.listReferences),
			importsInModules: has(features.importsInModules),
			dataStore: has(features.dataStore),
			languageBlock: has(features.languageBlock),
			preventDestroyExpressions: has(features.preventDestroyExpressions),
			functions: Object.freeze({dialect: mode, version}),
			mismatchWording: has(features.mismatchWithGivenType) ? 'with-given-type' : 'terse',
			equalsNullShallowMarks: has(features.equalsNullShallowMarks),
			consoleBackslashContinuation: has(features.consoleBackslashContinuation),
			providerRegistry: mode === 'opentofu' ? 'registry.opentofu.org' : 'registry.terraform.io',
		} satisfies LanguageRules);
		rulesCache.set(key, rules);
	}

	return rules;
}

/**
Terraform at its newest known release.
*/
export const terraformRules: LanguageRules = rulesFor('terraform');

/**
OpenTofu at its newest known release.
*/
export const openTofuRules: LanguageRules = rulesFor('opentofu');

export type LanguageChoice = {
	readonly rules: LanguageRules;
	/**
	Why this mode: the flag, the file or the lock file entry that decided it, as `check` prints it.
	*/
	readonly reason: string;
	/**
	Why this release of it (see config/language-version.ts).
	*/
	readonly versionReason: string;
};

/**
OpenTofu's provider registry host, as `.terraform.lock.hcl` records the providers `tofu init` installed.
*/
const openTofuRegistry = 'registry.opentofu.org/';

/**
The language of a root module directory, and the release whose rules apply (the newest its version constraints allow: config/language-version.ts). The language, in order:
1. `--opentofu` / `--terraform` (`forced`) decide;
2. OpenTofu when the root module directory has a `.tofu` or `.tofu.json` file (Terraform ignores them; only OpenTofu reads them);
3. OpenTofu when the directory's `.terraform.lock.hcl` records a provider from `registry.opentofu.org` (written by `tofu init`);
4. OpenTofu when a `terraform` block of the directory has an `encryption` block: Terraform rejects it ("Unsupported block type", hashicorp/terraform internal/configs/parser_config.go terraformBlockSchema, v1.11 to v1.16), so only OpenTofu runs such a configuration;
5. otherwise Terraform.
Only the root directory is looked at: child modules are written for whichever program runs the root, and their sources may themselves depend on the mode.
*/
export function chooseLanguage(directory: string, forced?: LanguageMode, source?: ConfigSource): LanguageChoice {
	let names: string[] = [];
	try {
		names = (source ? source.readDirectory(directory) : fs.readdirSync(directory)).filter(name => !name.startsWith('.')).sort();
	} catch {}

	const {mode, reason} = chooseMode(directory, names, forced, source);
	const {version, reason: versionReason} = chooseVersion(knownVersions[mode], versionConstraintsOf(directory, names, mode, source));
	return {rules: rulesFor(mode, version), reason, versionReason};
}

/**
`Terraform 1.16`: the language and release whose rules apply, as messages name them.
*/
export function languageName(rules: LanguageRules): string {
	return `${rules.product} ${rules.version}`;
}

function chooseMode(directory: string, names: readonly string[], forced: LanguageMode | undefined, source: ConfigSource | undefined): {mode: LanguageMode; reason: string} {
	if (forced) {
		return {mode: forced, reason: `chosen with --${forced}`};
	}

	const tofuFile = names.find(name => name.endsWith('.tofu') || name.endsWith('.tofu.json'));
	if (tofuFile) {
		return {mode: 'opentofu', reason: `${tofuFile} is an OpenTofu file`};
	}

	const provider = openTofuLockedProvider(directory, source);
	if (provider) {
		return {mode: 'opentofu', reason: `.terraform.lock.hcl records ${provider} from OpenTofu's registry`};
	}

	const encryption = encryptionBlockFile(directory, names, source);
	if (encryption) {
		return {mode: 'opentofu', reason: `${encryption} configures state encryption, which only OpenTofu has`};
	}

	return {mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'};
}

/**
The first configuration file (in the order the loader reads them) whose `terraform` block has an `encryption` block (`"encryption": {...}` in JSON syntax). Only files that mention `encryption` are parsed; one that cannot be read or parsed decides nothing (the loader reports it).
*/
function encryptionBlockFile(directory: string, names: readonly string[], source: ConfigSource | undefined): string | undefined {
	for (const file of selectConfigurationFiles(directory, names)) {
		const read = readTextFrom(source, file.path, maximumConfigFileBytes);
		if (!read.ok || !read.text.includes('encryption')) {
			continue;
		}

		const body = parseConfigFile(read.text, file.name).value;
		const json = body.syntax === 'json';
		const blocks = (json ? jsonTopLevelItems(body, []) : body.items).filter((item): item is Block => item.kind === 'Block' && item.type === 'terraform');
		if (blocks.some(block => (json ? block.body.items.some(item => (item.kind === 'Attribute' ? item.name : item.type) === 'encryption') : blocksOf(block.body, 'encryption').length > 0))) {
			return file.name;
		}
	}

	return undefined;
}

/**
The first provider address (`registry.opentofu.org/hashicorp/aws`) among the lock file's `provider` blocks that is from OpenTofu's registry; a lock file that cannot be read decides nothing.
*/
function openTofuLockedProvider(directory: string, source: ConfigSource | undefined): string | undefined {
	return readLockFile(directory, source).find(provider => provider.address.toLowerCase().startsWith(openTofuRegistry))?.address;
}
