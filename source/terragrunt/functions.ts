import path from 'node:path';
import type {Range} from '../hcl/position.js';
import {type FunctionSpec, FunctionError} from '../lang/function.js';
import {lookupFunction} from '../lang/functions/index.js';
import {
	boolType, dynamicType, listType, numberType, stringType,
} from '../lang/types.js';
import {
	type Value, boolValue, listValue, numberValue, stringValue, unknownValue,
} from '../lang/values.js';
import {deepMergeValues} from './merge.js';

/*
Terragrunt's functions (the list of pkg/config/config_helpers.go, createTerragruntEvalContext, at gruntwork-io/terragrunt 286a33c), by what they need:
- `safe`: they read only the configuration's own files and paths, and are evaluated (find_in_parent_folders, path_relative_to_include, get_terragrunt_dir, read_terragrunt_config, read_tfvars_file, deep_merge, mark_as_read, ...);
- `context`: they answer from how Terragrunt was run; tfscope states a default (the `plan` command, linux/amd64) and reports it once as an assumption;
- `environment`: `get_env`, its default (or the real environment only when the user opts in);
- `unsafe`: they run a program or reach a service (`run_cmd`, `sops_decrypt_file`, `get_aws_*`): never called, their result is unknown and each call site is reported once.
*/

export type FunctionClass = 'safe' | 'context' | 'environment' | 'unsafe';

export const terragruntFunctionClasses: ReadonlyMap<string, FunctionClass> = new Map<string, FunctionClass>([
	['find_in_parent_folders', 'safe'],
	['path_relative_to_include', 'safe'],
	['path_relative_from_include', 'safe'],
	['get_env', 'environment'],
	['run_cmd', 'unsafe'],
	['read_terragrunt_config', 'safe'],
	['get_platform', 'context'],
	['get_repo_root', 'safe'],
	['get_path_from_repo_root', 'safe'],
	['get_path_to_repo_root', 'safe'],
	['get_terragrunt_dir', 'safe'],
	['get_original_terragrunt_dir', 'safe'],
	['get_terraform_command', 'context'],
	['get_terraform_cli_args', 'context'],
	['get_parent_terragrunt_dir', 'safe'],
	['get_aws_account_alias', 'unsafe'],
	['get_aws_account_id', 'unsafe'],
	['get_aws_caller_identity_arn', 'unsafe'],
	['get_aws_caller_identity_user_id', 'unsafe'],
	['get_terraform_commands_that_need_vars', 'safe'],
	['get_terraform_commands_that_need_locking', 'safe'],
	['get_terraform_commands_that_need_input', 'safe'],
	['get_terraform_commands_that_need_parallelism', 'safe'],
	['sops_decrypt_file', 'unsafe'],
	['get_terragrunt_source_cli_flag', 'context'],
	['get_default_retryable_errors', 'safe'],
	['read_tfvars_file', 'safe'],
	['get_working_dir', 'safe'],
	['startswith', 'safe'],
	['endswith', 'safe'],
	['strcontains', 'safe'],
	['timecmp', 'safe'],
	['mark_as_read', 'safe'],
	['mark_glob_as_read', 'safe'],
	['constraint_check', 'safe'],
	['deep_merge', 'safe'],
]);

/**
The stated defaults of the context functions (what a `terragrunt plan` on Linux would see).
*/
export const contextDefaults = {command: 'plan', platform: 'linux', sourceFlag: ''} as const;

/**
What the Terragrunt functions of one evaluation may know: the paths of the parse, the files (through `readConfig` and `readTfvars`, which parse with our parser), the environment, and where to report.
*/
export type TerragruntFunctionContext = {
	/**
	The config file being evaluated now (an included file is evaluated as its child: this is the child's path).
	*/
	readonly configPath: string;
	/**
	The unit's own terragrunt.hcl, for `get_original_terragrunt_dir`.
	*/
	readonly originalConfigPath: string;
	/**
	The included file being evaluated, for `path_relative_to_include` and `get_parent_terragrunt_dir` (undefined in the child itself).
	*/
	readonly includePath: string | undefined;
	/**
	The named includes of the child, for `path_relative_to_include("name")`.
	*/
	readonly includePaths: ReadonlyMap<string, string>;
	readonly repoRoot: string | undefined;
	readonly workingDirectory: string;
	readonly environment: Readonly<Record<string, string | undefined>>;
	/**
	Whether `get_env` reads `environment` (opt-in); otherwise its default.
	*/
	readonly realEnvironment: boolean;
	readonly exists: (filePath: string) => boolean;
	readonly listFiles?: (directory: string) => readonly string[];
	readonly readConfig: (filePath: string) => Value;
	readonly readTfvars: (filePath: string) => Value;
	/**
	A function that was not run (unsafe), or that answered from a stated default (context, environment).
	*/
	readonly note: (name: string, functionClass: FunctionClass, detail: string) => void;
};

function stringArgument(values: readonly Value[], index: number, name: string): string {
	const value = values[index];
	if (value?.kind !== 'string') {
		throw new FunctionError(`${name}: argument ${index + 1} must be a string`, index);
	}

	return value.value;
}

function optionalString(values: readonly Value[], index: number): string | undefined {
	const value = values[index];
	return value?.kind === 'string' ? value.value : undefined;
}

/**
The Terragrunt context of each scope's function context: the specs are made once, and each call finds what it needs here.
*/
const contexts = new WeakMap<object, TerragruntFunctionContext>();

function contextOf(functionContext: object): TerragruntFunctionContext {
	const context = contexts.get(functionContext);
	if (!context) {
		throw new FunctionError('This Terragrunt function is only available in a Terragrunt configuration');
	}

	return context;
}

function define(name: string, variadic: boolean, returns: (values: readonly Value[], context: TerragruntFunctionContext) => Value, returnType = stringType): FunctionSpec {
	return {
		name,
		description: `Terragrunt's ${name}`,
		parameters: [],
		...(variadic && {variadic: {name: 'args', type: dynamicType, allowNull: true}}),
		returnType: () => returnType,
		impl: (values, _type, functionContext) => returns(values, contextOf(functionContext)),
	};
}

const slash = (text: string): string => text.split(path.sep).join('/');

function relative(from: string, to: string): string {
	const text = slash(path.relative(from, to));
	return text === '' ? '.' : text;
}

const directoryOf = (context: TerragruntFunctionContext): string => path.dirname(context.configPath);

function includeFor(values: readonly Value[], context: TerragruntFunctionContext): string | undefined {
	const name = optionalString(values, 0);
	if (name !== undefined) {
		const found = context.includePaths.get(name);
		if (found === undefined) {
			throw new FunctionError(`No include named "${name}"`, 0);
		}

		return found;
	}

	return context.includePath ?? (context.includePaths.size === 1 ? [...context.includePaths.values()][0] : undefined);
}

const unknownOf = (name: string, type = stringType) => define(name, true, (_values, context) => {
	context.note(name, 'unsafe', 'never run by tfscope: its result is unknown');
	return unknownValue(type);
}, type);
const stringList = (items: readonly string[]): Value => listValue(stringType, items.map(item => stringValue(item)));
const ownFunctions: FunctionSpec[] = [
	define('find_in_parent_folders', true, (values, context) => {
		const name = optionalString(values, 0) ?? 'terragrunt.hcl';
		const fallback = values[1];
		// From the directory above the config being parsed (an include is parsed as its child: the child's).
		let current = path.dirname(directoryOf(context));
		for (let depth = 0; depth < 100; depth++) {
			const candidate = path.join(current, name);
			if (context.exists(candidate)) {
				return stringValue(slash(candidate));
			}

			const parent = path.dirname(current);
			if (parent === current) {
				break;
			}

			current = parent;
		}

		if (fallback) {
			return fallback;
		}

		throw new FunctionError(`ParentFileNotFoundError: could not find a ${name} in any of the parent folders of ${context.originalConfigPath}`);
	}),
	define('path_relative_to_include', true, (values, context) => {
		const include = includeFor(values, context);
		return stringValue(include === undefined ? '.' : relative(path.dirname(include), directoryOf(context)));
	}),
	define('path_relative_from_include', true, (values, context) => {
		const include = includeFor(values, context);
		return stringValue(include === undefined ? '.' : relative(directoryOf(context), path.dirname(include)));
	}),
	define('get_terragrunt_dir', false, (_values, context) => stringValue(slash(directoryOf(context)))),
	define('get_original_terragrunt_dir', false, (_values, context) => stringValue(slash(path.dirname(context.originalConfigPath)))),
	define('get_parent_terragrunt_dir', true, (values, context) => {
		const include = includeFor(values, context);
		return stringValue(slash(include === undefined ? directoryOf(context) : path.dirname(include)));
	}),
	define('get_working_dir', false, (_values, context) => stringValue(slash(context.workingDirectory))),
	define('get_repo_root', false, (_values, context) => {
		if (context.repoRoot === undefined) {
			throw new FunctionError('get_repo_root: not inside a git repository');
		}

		return stringValue(slash(context.repoRoot));
	}),
	define('get_path_from_repo_root', false, (_values, context) => stringValue(context.repoRoot === undefined ? '.' : relative(context.repoRoot, directoryOf(context)))),
	define('get_path_to_repo_root', false, (_values, context) => stringValue(context.repoRoot === undefined ? '.' : relative(directoryOf(context), context.repoRoot))),
	define('get_env', true, (values, context) => {
		const name = stringArgument(values, 0, 'get_env');
		const fallback = optionalString(values, 1);
		if (context.realEnvironment) {
			const value = context.environment[name];
			if (value !== undefined) {
				return stringValue(value);
			}
		} else {
			context.note('get_env', 'environment', `get_env("${name}") gives its default${fallback === undefined ? ' (none: unknown)' : ` "${fallback}"`}; --terragrunt-env reads the real environment`);
		}

		return fallback === undefined ? unknownValue(stringType) : stringValue(fallback);
	}),
	define('get_terraform_command', false, (_values, context) => {
		context.note('get_terraform_command', 'context', `assumed "${contextDefaults.command}"`);
		return stringValue(contextDefaults.command);
	}),
	define('get_terraform_cli_args', false, (_values, context) => {
		context.note('get_terraform_cli_args', 'context', 'assumed [] (a plain plan)');
		return listValue(stringType, []);
	}, listType(stringType)),
	define('get_platform', false, (_values, context) => {
		context.note('get_platform', 'context', `assumed "${contextDefaults.platform}"`);
		return stringValue(contextDefaults.platform);
	}),
	define('get_terragrunt_source_cli_flag', false, (_values, context) => {
		context.note('get_terragrunt_source_cli_flag', 'context', 'assumed "" (no --source given)');
		return stringValue(contextDefaults.sourceFlag);
	}),
	define('get_terraform_commands_that_need_vars', false, (_values) => stringList(['apply', 'console', 'destroy', 'import', 'plan', 'push', 'refresh']), listType(stringType)),
	define('get_terraform_commands_that_need_locking', false, (_values) => stringList(['apply', 'destroy', 'import', 'plan', 'refresh', 'taint', 'untaint']), listType(stringType)),
	define('get_terraform_commands_that_need_input', false, (_values) => stringList(['apply', 'import', 'init', 'plan', 'refresh']), listType(stringType)),
	define('get_terraform_commands_that_need_parallelism', false, (_values) => stringList(['apply', 'plan', 'destroy']), listType(stringType)),
	define('get_default_retryable_errors', false, (_values) => listValue(stringType, []), listType(stringType)),
	define('read_terragrunt_config', true, (values, context) => {
		const file = path.resolve(directoryOf(context), stringArgument(values, 0, 'read_terragrunt_config'));
		if (!context.exists(file) && values[1]) {
			return values[1];
		}

		return context.readConfig(file);
	}, dynamicType),
	define('read_tfvars_file', true, (values, context) => {
		const file = path.resolve(directoryOf(context), stringArgument(values, 0, 'read_tfvars_file'));
		return context.readTfvars(file);
	}, dynamicType),
	define('mark_as_read', true, (values) => stringValue(stringArgument(values, 0, 'mark_as_read'))),
	define('mark_glob_as_read', true, (_values) => listValue(stringType, []), listType(stringType)),
	define('startswith', true, (values) => boolValue(stringArgument(values, 0, 'startswith').startsWith(stringArgument(values, 1, 'startswith'))), boolType),
	define('endswith', true, (values) => boolValue(stringArgument(values, 0, 'endswith').endsWith(stringArgument(values, 1, 'endswith'))), boolType),
	define('strcontains', true, (values) => boolValue(stringArgument(values, 0, 'strcontains').includes(stringArgument(values, 1, 'strcontains'))), boolType),
	define('timecmp', true, (values) => {
		const a = Date.parse(stringArgument(values, 0, 'timecmp'));
		const b = Date.parse(stringArgument(values, 1, 'timecmp'));
		if (Number.isNaN(a) || Number.isNaN(b)) {
			throw new FunctionError('timecmp: not RFC 3339 timestamps');
		}

		return numberValue(Math.sign(a - b));
	}, numberType),
	define('constraint_check', true, (_values) => unknownValue(boolType), boolType),
	define('deep_merge', true, (values) => {
		let merged: Value | undefined;
		for (const value of values) {
			merged = merged === undefined ? value : deepMergeValues(merged, value);
		}

		return merged ?? unknownValue();
	}, dynamicType),
	unknownOf('run_cmd'),
	unknownOf('sops_decrypt_file'),
	unknownOf('get_aws_account_alias'),
	unknownOf('get_aws_account_id'),
	unknownOf('get_aws_caller_identity_arn'),
	unknownOf('get_aws_caller_identity_user_id'),
];

const table = new Map(ownFunctions.map(spec => [spec.name, spec] as const));
const names = [...table.keys()].sort();

/**
The functions of a Terragrunt configuration: Terraform's built-ins (as Terragrunt includes them) and Terragrunt's own, which read `context` (registered for `functionContext`, the scope's function context).
*/
export function terragruntFunctions(context: TerragruntFunctionContext, functionContext: object): {lookup: (name: string) => FunctionSpec | undefined; names: () => readonly string[]} {
	contexts.set(functionContext, context);
	return {lookup, names: () => names};
}

function lookup(name: string): FunctionSpec | undefined {
	return table.get(name) ?? lookupFunction(name);
}

/**
Where an unsafe function was called: reported once per call site.
*/
export type FunctionNote = {
	readonly name: string;
	readonly functionClass: FunctionClass;
	readonly detail: string;
	readonly range?: Range;
};
