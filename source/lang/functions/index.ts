import {type FunctionSpec} from '../function.js';
import {collectionFunctions, containsAllowingNull, elementWrappingTuples} from './collection.js';
import {conversionFunctions, convertFunction, openTofuIssensitive} from './conversion.js';
import {cryptoFunctions} from './crypto.js';
import {datetimeFunctions} from './datetime.js';
import {encodingFunctions, jsondecodeRejectingDuplicates} from './encoding.js';
import {filesystemFunctions, openTofuFileset, setDefaultTemplateRenderer} from './filesystem.js';
import {ipNetworkFunctions} from './ip-network.js';
import {numberFunctions} from './number.js';
import {terraformProviderFunctions, unrunnableProviderFunction} from './provider.js';
import {openTofuRegexFunctions, regexFunctions} from './regex.js';
import {setFunctions} from './set.js';
import {formatAllowingDynamic, formatlistAllowingDynamic, openTofuReplace, stringFunctions} from './string.js';
import {createTemplateRenderer} from './render-template.js';
import {yamldecodeMergingSequences} from './yaml.js';

/*
The one registry of built-in functions: every Terraform 1.11 function, OpenTofu's additions (base64gunzip, cidrcontains, urldecode), and the removed `list` and `map` (which only report their removal). Each spec carries its description. `type` is console-only and lives in the evaluator; `can` and `try` are registered here but the evaluator evaluates their arguments itself.
*/

const families: ReadonlyArray<readonly FunctionSpec[]> = [
	collectionFunctions, conversionFunctions, cryptoFunctions, datetimeFunctions, encodingFunctions, filesystemFunctions, ipNetworkFunctions, numberFunctions, regexFunctions, setFunctions, stringFunctions,
];

export const builtinFunctions: ReadonlyMap<string, FunctionSpec> = new Map(families.flat().map(spec => [spec.name, spec] as const).sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0))));

/**
Functions Terraform calls impure: unknown during a plan, real values in the console.
*/
export const impureFunctionNames: ReadonlySet<string> = new Set([...builtinFunctions.values()].filter(spec => spec.impure).map(spec => spec.name));

/**
The built-in function called `name`, also as `core::name`; undefined for unknown names and for provider functions (`provider::…`), which the evaluator handles.
*/
export function lookupFunction(name: string): FunctionSpec | undefined {
	const bare = name.startsWith('core::') ? name.slice('core::'.length) : name;
	if (bare.includes('::')) {
		return undefined;
	}

	return builtinFunctions.get(bare);
}

/**
Which language's function table: Terraform's leaves out the functions only OpenTofu has, so calling one is Terraform's "Call to unknown function".
*/
export type FunctionDialect = 'terraform' | 'opentofu';

export type FunctionTable = {
	readonly lookup: (name: string) => FunctionSpec | undefined;
	/**
	Sorted, for completion and "did you mean" suggestions.
	*/
	readonly names: () => readonly string[];
};

const terraformNames: readonly string[] = [...builtinFunctions.values()].filter(spec => !spec.openTofuOnly).map(spec => spec.name);

/**
go-cty's changes after 1.16.0 (Terraform 1.11's) that Terraform 1.12 took with go-cty 1.16.2 (its go.mod) and OpenTofu 1.11 with go-cty 1.17.0: `format`/`formatlist` with arguments of dynamic type (1.16.1, 8920baa), `jsondecode` refusing a property repeated with another type (1.16.2, 1c48de3), `element` of a tuple with a negative index (1.16.2, d13b46e). zclconf/go-cty CHANGELOG.md.
*/
const goCty1162Functions: readonly FunctionSpec[] = [formatAllowingDynamic, formatlistAllowingDynamic, jsondecodeRejectingDuplicates, elementWrappingTuples];

/**
Functions OpenTofu 1.11 defines differently from Terraform 1.11, under the same names: `issensitive` of an unknown value is unknown; `regex`, `regexall` and `replace` take Go 1.25's `\p{...}` class names; `fileset` globs with doublestar v4, where `[!a]` is a negation; and go-cty 1.16.1/1.16.2's changes (goCty1162Functions).
*/
const openTofuVariants: ReadonlyMap<string, FunctionSpec> = new Map([openTofuIssensitive, ...openTofuRegexFunctions, openTofuReplace, openTofuFileset, ...goCty1162Functions].map(spec => [spec.name, spec] as const));

/**
A language's functions at a release (`{dialect: 'terraform', version: '1.16'}`); a dialect alone is its functions as of Terraform and OpenTofu 1.11, the release the goldens come from.
*/
export type FunctionRelease = {readonly dialect: FunctionDialect; readonly version: string};

/**
What later Terraform releases changed, each from the release named: functions added (`convert`, 1.15) and functions whose behaviour changed under the same name (go-cty 1.16.2 in 1.12: goCty1162Functions; go-cty 1.18.1 in 1.16: `contains` takes a null value). OpenTofu 1.12 has neither (it has go-cty 1.18.0 and no `convert`).
*/
const terraformReleaseChanges: ReadonlyArray<{readonly since: string; readonly specs: readonly FunctionSpec[]}> = [
	{since: '1.12', specs: goCty1162Functions},
	{since: '1.15', specs: [convertFunction]},
	{since: '1.16', specs: [containsAllowingNull]},
];

/**
Whether release `version` (`1.16`) is `since` or later: both are `major.minor`, as the language rules name releases.
*/
function releaseAtLeast(version: string, since: string): boolean {
	const [major = 0, minor = 0] = version.split('.').map(Number);
	const [sinceMajor = 0, sinceMinor = 0] = since.split('.').map(Number);
	return major === sinceMajor ? minor >= sinceMinor : major > sinceMajor;
}

/**
What later OpenTofu releases changed under the same names: `yamldecode` merges sequences of mappings (1.12, go-cty-yaml 1.2.0: opentofu v1.12 go.mod and CHANGELOG, #3607).
*/
const openTofuReleaseChanges: ReadonlyArray<{readonly since: string; readonly specs: readonly FunctionSpec[]}> = [
	{since: '1.12', specs: [yamldecodeMergingSequences]},
];

function releaseSpecs(changes: typeof openTofuReleaseChanges, version: string | undefined): Map<string, FunctionSpec> {
	const changed = new Map<string, FunctionSpec>();
	for (const change of changes) {
		if (version !== undefined && releaseAtLeast(version, change.since)) {
			for (const spec of change.specs) {
				changed.set(spec.name, spec);
			}
		}
	}

	return changed;
}

function makeTable(dialect: FunctionDialect, version: string | undefined): FunctionTable {
	if (dialect === 'opentofu') {
		const changed = releaseSpecs(openTofuReleaseChanges, version);
		return {
			lookup(name) {
				const spec = lookupFunction(name);
				return spec ? changed.get(spec.name) ?? openTofuVariants.get(spec.name) ?? spec : undefined;
			},
			names: builtinFunctionNames,
		};
	}

	const changed = releaseSpecs(terraformReleaseChanges, version);

	const names = changed.size === 0 ? terraformNames : [...new Set([...terraformNames, ...changed.keys()])].sort();
	return {
		lookup(name) {
			const bare = name.startsWith('core::') ? name.slice('core::'.length) : name;
			const release = changed.get(bare);
			if (release) {
				return release;
			}

			const spec = lookupFunction(name);
			return spec?.openTofuOnly ? undefined : spec;
		},
		names: () => names,
	};
}

const functionTables = new Map<string, FunctionTable>();

export function functionTable(release: FunctionDialect | FunctionRelease): FunctionTable {
	const {dialect, version} = typeof release === 'string' ? {dialect: release, version: undefined} : release;
	const key = `${dialect}@${version ?? ''}`;
	let table = functionTables.get(key);
	if (!table) {
		table = makeTable(dialect, version);
		functionTables.set(key, table);
	}

	return table;
}

/**
The names of all built-in functions, sorted, for completion and "did you mean" suggestions.
*/
export function builtinFunctionNames(): readonly string[] {
	return [...builtinFunctions.keys()];
}

/**
A provider function by its full name (`provider::terraform::encode_expr`): the terraform provider's three functions, which the caller offers only where the module declares that provider; undefined for any other provider, whose functions tfscope cannot run.
*/
export function lookupProviderFunction(name: string): FunctionSpec | undefined {
	return terraformProviderFunctions.get(name);
}

/**
What a module's expressions may call: built-in functions, and for `provider::NAME::FUNCTION` either the terraform provider's functions (when `terraformProviderDeclared`) or, for a provider the module declares (`declaredProviders`), a stand-in that returns unknown; undefined otherwise.
*/
export function resolveFunction(name: string, options: {readonly declaredProviders?: ReadonlySet<string>} = {}): FunctionSpec | undefined {
	const builtin = lookupFunction(name);
	if (builtin || !name.startsWith('provider::')) {
		return builtin;
	}

	const [, provider = '', functionName = ''] = name.split('::');
	if (options.declaredProviders && !options.declaredProviders.has(provider)) {
		return undefined;
	}

	if (provider === 'terraform') {
		return terraformProviderFunctions.get(name);
	}

	return functionName === '' ? undefined : unrunnableProviderFunction(name);
}

// templatefile/templatestring render over the built-in functions when the caller gives no renderer.
setDefaultTemplateRenderer(context => createTemplateRenderer(context, {functions: lookupFunction, functionNames: builtinFunctionNames}));

export {createNodeFilesystem} from './node-filesystem.js';
export {createTemplateRenderer} from './render-template.js';
export {terraformProviderFunctions, unrunnableProviderFunction} from './provider.js';
