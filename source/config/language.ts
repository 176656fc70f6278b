import fs from 'node:fs';
import {readLockFile} from './lock-file.js';

/*
The language a configuration is written in: Terraform 1.11 or OpenTofu 1.11. Each difference is one field of the mode's rule set, read by the code that applies that rule (the block readers, the module loader, the expander, the function table), so the modes never meet as scattered checks.
*/

export type LanguageMode = 'terraform' | 'opentofu';

export type LanguageRules = {
	readonly mode: LanguageMode;
	/**
	The product's name as messages print it.
	*/
	readonly product: 'Terraform' | 'OpenTofu';
	/**
	`lifecycle { enabled = BOOL }` on resources, data sources, ephemeral resources and module calls (OpenTofu 1.11).
	*/
	readonly lifecycleEnabled: boolean;
	/**
	A module call's `source` and `version` evaluated statically from variables and locals (OpenTofu 1.8).
	*/
	readonly staticModuleSources: boolean;
	/**
	`backend` and `encryption` blocks (inside `terraform`) evaluated statically from variables and locals (OpenTofu 1.8); Terraform allows no references in a backend and has no `encryption` block.
	*/
	readonly staticSettings: boolean;
	/**
	`for_each` on a provider block with an alias, and `aws.by_region[KEY]` provider references (OpenTofu 1.9).
	*/
	readonly providerForEach: boolean;
	/**
	`deprecated = "..."` on variables and outputs, warned about where they are used (OpenTofu 1.10).
	*/
	readonly deprecations: boolean;
	/**
	Which built-in function table expressions call (see lang/functions/index.ts).
	*/
	readonly functions: LanguageMode;
	/**
	The console also continues an expression on the next line after a trailing backslash (OpenTofu 1.9, see lang/console.ts).
	*/
	readonly consoleBackslashContinuation: boolean;
	/**
	The registry host of a provider source without one (`hashicorp/aws`, or a provider not in `required_providers`): OpenTofu's is its own (internal/addrs/provider.go, DefaultProviderRegistryHost), so its graph names `provider["registry.opentofu.org/hashicorp/aws"]`.
	*/
	readonly providerRegistry: 'registry.terraform.io' | 'registry.opentofu.org';
};

export const terraformRules: LanguageRules = Object.freeze({
	mode: 'terraform',
	product: 'Terraform',
	lifecycleEnabled: false,
	staticModuleSources: false,
	staticSettings: false,
	providerForEach: false,
	deprecations: false,
	functions: 'terraform',
	consoleBackslashContinuation: false,
	providerRegistry: 'registry.terraform.io',
});

export const openTofuRules: LanguageRules = Object.freeze({
	mode: 'opentofu',
	product: 'OpenTofu',
	lifecycleEnabled: true,
	staticModuleSources: true,
	staticSettings: true,
	providerForEach: true,
	deprecations: true,
	functions: 'opentofu',
	consoleBackslashContinuation: true,
	providerRegistry: 'registry.opentofu.org',
});

export function rulesFor(mode: LanguageMode): LanguageRules {
	return mode === 'opentofu' ? openTofuRules : terraformRules;
}

export type LanguageChoice = {
	readonly rules: LanguageRules;
	/**
	Why this mode: the flag, the file or the lock file entry that decided it, as `check` prints it.
	*/
	readonly reason: string;
};

/**
OpenTofu's provider registry host, as `.terraform.lock.hcl` records the providers `tofu init` installed.
*/
const openTofuRegistry = 'registry.opentofu.org/';

/**
The language mode of a root module directory. The rule, in order:
1. `--opentofu` / `--terraform` (`forced`) decide;
2. OpenTofu when the root module directory has a `.tofu` or `.tofu.json` file (Terraform ignores them; only OpenTofu reads them);
3. OpenTofu when the directory's `.terraform.lock.hcl` records a provider from `registry.opentofu.org` (written by `tofu init`);
4. otherwise Terraform.
Only the root directory is looked at: child modules are written for whichever program runs the root, and their sources may themselves depend on the mode.
*/
export function chooseLanguage(directory: string, forced?: LanguageMode): LanguageChoice {
	if (forced) {
		return {rules: rulesFor(forced), reason: `chosen with --${forced}`};
	}

	let names: string[] = [];
	try {
		names = fs.readdirSync(directory).filter(name => !name.startsWith('.')).sort();
	} catch {}

	const tofuFile = names.find(name => name.endsWith('.tofu') || name.endsWith('.tofu.json'));
	if (tofuFile) {
		return {rules: openTofuRules, reason: `${tofuFile} is an OpenTofu file`};
	}

	const provider = openTofuLockedProvider(directory);
	if (provider) {
		return {rules: openTofuRules, reason: `.terraform.lock.hcl records ${provider} from OpenTofu's registry`};
	}

	return {rules: terraformRules, reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'};
}

/**
The first provider address (`registry.opentofu.org/hashicorp/aws`) among the lock file's `provider` blocks that is from OpenTofu's registry; a lock file that cannot be read decides nothing.
*/
function openTofuLockedProvider(directory: string): string | undefined {
	return readLockFile(directory).find(provider => provider.address.toLowerCase().startsWith(openTofuRegistry))?.address;
}
