import path from 'node:path';
import {type Block, type Body, type Expression, blocksOf, findAttribute} from '../hcl/ast.js';
import {
	type Diagnostic, type Result, errorDiagnostic, warningDiagnostic,
} from '../hcl/diagnostics.js';
import {type Range, rangeBetween} from '../hcl/position.js';
import type {StaticScope} from '../config/load-module-tree.js';
import type {Module, ModuleCall, VariableBlock} from '../config/module.js';
import type {RawVariableValue} from '../config/tfvars.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import {createScope, moduleResolver} from '../lang/eval/scope.js';
import type {FunctionSpec} from '../lang/function.js';
import {type Reference, referencesOf, subjectTextOf, traversalOf, traversalsOf} from '../lang/references.js';
import {
	dynamicType, friendlyTypeName, listType, numberType, stringType,
} from '../lang/types.js';
import {
	type Value, deepMarks, markSensitive, objectValue, stringValue, typeOf, unknownValue, unmark,
} from '../lang/values.js';
import {evaluateExpression, parseExpressionText, withTemplates} from './lang-adapter.js';
import {LazyMap} from './lazy-map.js';
import {isPrimitiveConstraint, readTypeConstraint} from '../lang/type-constraint.js';

/*
OpenTofu's early (static) evaluation (1.8+, internal/configs/static_evaluator.go and static_scope.go): before any module is expanded, a module call's `source` and `version` are evaluated from input variables, locals, `path.*` and `terraform.workspace` only. A child module's variables are its call's arguments, themselves evaluated statically in the caller, so a source can follow inputs down the tree. Anything else (a resource, a data source, a module output, `count`/`each`, a provider function, a sensitive value) is an error worded as OpenTofu words it, and the call stays unresolved.

The module loader (config/) asks through the `StaticScope` capability, so it knows nothing of evaluation.
*/

export type StaticEvaluationOptions = {
	readonly rootDirectory: string;
	/**
	How type mismatches are worded (LanguageRules.mismatchWording); absent, as Terraform 1.11 words them.
	*/
	readonly mismatchWording?: MismatchWording;
	readonly cwd: string;
	/**
	`path.cwd` (default `cwd`).
	*/
	readonly startDirectory?: string;
	readonly workspaceName: string;
	readonly rootVariables: ReadonlyMap<string, RawVariableValue>;
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
};

/**
What one module's static values are made of: its path (call names), its module, and where each variable's value comes from.
*/
type Frame = {
	readonly path: readonly string[];
	readonly module: Module;
	/**
	The value the caller gives a variable (the call's argument evaluated in the caller's frame, or a root value); undefined when not given.
	*/
	readonly given: (name: string) => Result<Value> | undefined;
};

/**
`module.a:local.x`, as OpenTofu's StaticIdentifier names what it evaluates.
*/
export function staticIdentifier(modulePath: readonly string[], subject: string): string {
	return modulePath.length === 0 ? subject : `${modulePath.map(name => `module.${name}`).join('.')}:${subject}`;
}

/**
The reference's subject as OpenTofu's addrs print it: `aws_instance.web`, `module.net.vpc_id`, `count.index`.
*/
function referenceText(reference: Reference): string {
	const {subject} = reference;
	switch (subject.kind) {
		case 'module': {
			const step = reference.remaining[0];
			return step?.kind === 'attribute' ? `module.${subject.name}.${step.name}` : `module.${subject.name}`;
		}

		case 'count':
		case 'each': {
			return `${subject.kind}.${subject.name}`;
		}

		case 'self': {
			return 'self';
		}

		default: {
			return subjectTextOf(reference);
		}
	}
}

/**
Only variables, locals, `path.*` and `terraform.*` may be read in a static context (static_scope.go StaticValidateReferences).
*/
export function staticReferenceErrors(expression: Expression, requiredBy: string, keyProviders = false): Diagnostic[] {
	const errors: Diagnostic[] = [];
	for (const reference of referencesOf(expression)) {
		const {subject} = reference;
		// Inside an encryption block `key_provider.TYPE.NAME` (exactly) is a key provider's output (checked by the caller), which Terraform's reference parser reads as a resource; any other `key_provider...` traversal is that resource, not available statically (keyprovider.go filterKeyProviderReferences).
		if (keyProviders && subject.kind === 'resource' && subject.mode === 'managed' && subject.type === 'key_provider' && reference.remaining.length === 1) {
			continue;
		}

		if (subject.kind === 'variable' || subject.kind === 'local' || subject.kind === 'path' || subject.kind === 'terraform') {
			continue;
		}

		const output = subject.kind === 'module' && reference.remaining[0]?.kind === 'attribute';
		errors.push(errorDiagnostic(output ? 'Module output not supported in static context' : 'Dynamic value in static context', `Unable to use ${referenceText(reference)} in static context, which is required by ${requiredBy}`, reference.range));
	}

	return errors;
}

const failed = (diagnostics: Diagnostic[]): Result<Value> => ({value: unknownValue(), diagnostics});

/**
The static evaluator of a whole configuration: frames are made per module of the tree as the loader reaches it; values are computed on demand and memoised per frame.
*/
export function createStaticEvaluation(options: StaticEvaluationOptions): {readonly root: (module: Module) => StaticScope; readonly settings: (module: Module) => Diagnostic[]; readonly evaluateInRoot: (module: Module, expression: Expression, requiredBy: string) => Result<Value>} {
	const functionContext = withTemplates({baseDirectory: options.rootDirectory, impure: false, ...(options.mismatchWording && {mismatchWording: options.mismatchWording})});
	const rootPath = path.resolve(options.cwd, options.rootDirectory);
	// The identifiers being evaluated, innermost last: a repeat is OpenTofu's "Circular reference".
	const stack: string[] = [];

	const constant = (expression: Expression): Result<Value> => evaluateExpression(expression, createScope({functions: options.functions, functionNames: options.functionNames, functionContext}));

	function makeScope(frame: Frame): FrameScope {
		const values = new Map<string, Result<Value>>();
		const memo = (key: string, range: Range, compute: () => Result<Value>): Result<Value> => {
			const known = values.get(key);
			if (known) {
				return known;
			}

			const id = staticIdentifier(frame.path, key);
			if (stack.includes(id)) {
				return failed([errorDiagnostic('Circular reference', `${id} is self referential`, range)]);
			}

			stack.push(id);
			try {
				const result = compute();
				values.set(key, result);
				return result;
			} finally {
				stack.pop();
			}
		};

		const {module} = frame;
		const modulePath = path.relative(rootPath, path.resolve(options.cwd, module.directory || options.rootDirectory)) || '.';
		// What each evaluation in this frame read and failed on, reported once at the top (`depends on X which is not available`).
		let failures: Array<{readonly id: string; readonly diagnostics: readonly Diagnostic[]}> = [];
		const track = (key: string, result: Result<Value>): Value => {
			if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
				failures.push({id: staticIdentifier(frame.path, key), diagnostics: result.diagnostics});
			}

			return result.value;
		};

		const variables = new LazyMap(module.variables.keys(), name => track(`var.${name}`, variable(name)));
		const locals = new LazyMap(module.locals.keys(), name => track(`local.${name}`, local(name)));
		const resolver = moduleResolver({
			variables,
			locals,
			path: {module: modulePath, root: '.', cwd: path.resolve(options.startDirectory ?? options.cwd)},
			workspace: options.workspaceName,
			...(frame.path.length > 0 && {moduleDescription: frame.path.map(name => `module.${name}`).join('.')}),
		});
		const scope = createScope({resolveReference: resolver, functions: options.functions, functionNames: options.functionNames, functionContext});

		/**
		Evaluates `expression` for what `requiredBy` names (`module.x.source`, `module.a:local.y`): references checked first, then evaluated; a value it read that failed adds "Unable to compute static value".
		*/
		function evaluate(expression: Expression, requiredBy: string, bound?: ReadonlyMap<string, Value>): Result<Value> {
			const errors = staticReferenceErrors(expression, requiredBy, bound?.has('key_provider'));
			if (errors.length > 0) {
				return failed(errors);
			}

			const outer = failures;
			failures = [];
			try {
				const result = evaluateExpression(expression, bound ? scope.child(bound) : scope);
				const diagnostics = [...result.diagnostics];
				for (const failure of failures) {
					diagnostics.push(...failure.diagnostics, errorDiagnostic('Unable to compute static value', `${requiredBy} depends on ${failure.id} which is not available`, expression.range));
				}

				return failures.length > 0 ? failed(diagnostics) : {value: result.value, diagnostics};
			} finally {
				failures = outer;
			}
		}

		function local(name: string): Result<Value> {
			const declaration = module.locals.get(name)!;
			return memo(`local.${name}`, declaration.range, () => evaluate(declaration.expression, staticIdentifier(frame.path, `local.${name}`)));
		}

		function variable(name: string): Result<Value> {
			const declaration = module.variables.get(name)!;
			return memo(`var.${name}`, declaration.range, () => {
				const diagnostics: Diagnostic[] = [];
				const constraint = declaration.typeExpression ? readTypeConstraint(declaration.typeExpression, expression => constant(expression).value, declaration.block.body.syntax) : undefined;
				const type = constraint?.type ?? dynamicType;
				const given = frame.given(name);
				let value: Value | undefined;
				if (given) {
					if (given.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
						return given;
					}

					value = given.value;
				}

				if (value === undefined || (value.kind === 'null' && !declaration.nullable)) {
					if (declaration.default) {
						value = constant(declaration.default).value;
					} else if (value === undefined) {
						// A root variable with no value: OpenTofu would prompt for it, and without a terminal fails so (command/meta_config.go rootModuleCall).
						const message = frame.path.length === 0 ? `Failed to request input from user for variable var.${name}` : 'Missing required variable in module call';
						return failed([errorDiagnostic(message, frame.path.length === 0 ? '' : `The module call gives no value for the required variable "${name}".`, declaration.block.labelRanges[0] ?? declaration.range)]);
					}
				}

				const converted = value.kind === 'null' && type.kind === 'dynamic' ? {ok: true as const, value} : convert(value, type);
				if (!converted.ok) {
					return failed([errorDiagnostic('Invalid value for input variable', `The given value is not suitable for var.${name} declared at ${declaration.range.filename}:${declaration.range.start.line}: ${conversionFailureText(converted, options.mismatchWording ?? 'terse')}.`, declaration.range)]);
				}

				return {value: declaration.sensitive ? markSensitive(converted.value) : converted.value, diagnostics};
			});
		}

		return {
			evaluate,
			callSource(call: ModuleCall) {
				const diagnostics: Diagnostic[] = [];
				// The version first: OpenTofu decodes it before the source (module_call.go decodeStaticFields).
				if (call.versionExpression) {
					const version = decodeString(evaluate(call.versionExpression, staticIdentifier(frame.path, `module.${call.name}.version`)), call.versionExpression, staticIdentifier(frame.path, `module.${call.name}.version`), true);
					diagnostics.push(...version.diagnostics);
					if (version.failed) {
						return {diagnostics};
					}
				}

				if (!call.sourceExpression) {
					return {...(call.source !== undefined && {source: call.source}), diagnostics};
				}

				const source = decodeString(evaluate(call.sourceExpression, staticIdentifier(frame.path, `module.${call.name}.source`)), call.sourceExpression, staticIdentifier(frame.path, `module.${call.name}.source`), false);
				diagnostics.push(...source.diagnostics);
				return {...(source.text !== undefined && {source: source.text}), diagnostics};
			},
			child(call: ModuleCall, childModule: Module) {
				const inputs = new Map(call.inputs.map(attribute => [attribute.name, attribute] as const));
				const childPath = [...frame.path, call.name];
				return makeScope({
					path: childPath,
					module: childModule,
					given(name) {
						const input = inputs.get(name);
						// The argument is evaluated in the caller's frame, named as the child's variable (`module.a:var.region`).
						return input ? evaluate(input.expression, staticIdentifier(childPath, `var.${name}`)) : undefined;
					},
				});
			},
		};
	}

	function rootScope(module: Module): FrameScope {
		return makeScope({
			path: [],
			module,
			given(name) {
				const raw = options.rootVariables.get(name);
				return raw ? rootVariableValue(raw, module.variables.get(name), constant) : undefined;
			},
		});
	}

	return {
		root: rootScope,
		// What the encryption block gives for reading an encrypted state (config/state-encryption.ts).
		evaluateInRoot: (module, expression, requiredBy) => rootScope(module).evaluate(expression, requiredBy),
		settings(module) {
			const scope = rootScope(module);
			const diagnostics: Diagnostic[] = [];
			for (const block of module.terraform.blocks) {
				for (const backend of blocksOf(block.body, 'backend')) {
					checkBackend(backend, scope, diagnostics);
				}

				for (const encryption of blocksOf(block.body, 'encryption')) {
					checkEncryption(encryption, scope, diagnostics);
				}
			}

			return diagnostics;
		},
	};
}

/**
A root variable's value as given (a -var, a tfvars entry, TF_VAR_...): an expression or value as it is, raw text parsed as an expression unless the variable's type is primitive (or undeclared), as Terraform and OpenTofu read -var values.
*/
export function rootVariableValue(raw: RawVariableValue, declaration: VariableBlock | undefined, constant: (expression: Expression) => Result<Value>): Result<Value> {
	if (raw.kind === 'expression') {
		return constant(raw.expression);
	}

	if (raw.kind === 'value') {
		return {value: raw.value, diagnostics: []};
	}

	const type = declaration?.typeExpression ? readTypeConstraint(declaration.typeExpression, expression => constant(expression).value, declaration.block.body.syntax)?.type : undefined;
	if (type === undefined || isPrimitiveConstraint(type)) {
		return {value: stringValue(raw.text), diagnostics: []};
	}

	const parsed = parseExpressionText(raw.text, `<value for var.${declaration!.name}>`);
	return parsed.value ? constant(parsed.value) : failed(parsed.diagnostics);
}

type FrameScope = StaticScope & {
	/**
	Evaluates `expression` statically in this frame for what `requiredBy` names (`backend.s3`): OpenTofu's static reference rules first, then the value. `bound` adds names (`key_provider` inside an encryption block).
	*/
	evaluate(expression: Expression, requiredBy: string, bound?: ReadonlyMap<string, Value>): Result<Value>;
};

function* attributesIn(body: Body): Generator<Expression> {
	for (const item of body.items) {
		if (item.kind === 'Attribute') {
			yield item.expression;
		} else {
			yield * attributesIn(item.body);
		}
	}
}

/**
A backend block of the root module, decoded statically as `backend.TYPE` (opentofu internal/configs/backend.go): references only to variables, locals, `path.*` and `terraform.workspace`, and no sensitive or ephemeral value, since the backend's settings are stored in .terraform/terraform.tfstate and plan files.
*/
function checkBackend(block: Block, scope: FrameScope, diagnostics: Diagnostic[]): void {
	const requiredBy = `backend.${block.labels[0] ?? ''}`;
	const marks = new Set<string>();
	for (const expression of attributesIn(block.body)) {
		const result = scope.evaluate(expression, requiredBy);
		diagnostics.push(...result.diagnostics);
		for (const mark of deepMarks(result.value)) {
			marks.add(mark);
		}
	}

	const definition = block.labelRanges[0] ? rangeBetween(block.typeRange, block.labelRanges[0]) : block.typeRange;
	if (marks.has('sensitive')) {
		diagnostics.push(errorDiagnostic('Backend config contains sensitive values', 'The backend configuration is stored in .terraform/terraform.tfstate as well as plan files. It is recommended to instead supply sensitive credentials via backend specific environment variables', definition));
	} else if (marks.has('ephemeral')) {
		diagnostics.push(errorDiagnostic('Backend config contains ephemeral values', 'The backend configuration is stored in .terraform/terraform.tfstate as well as plan files. It is recommended to instead supply ephemeral credentials via backend specific environment variables', definition));
	}
}

/**
How many key providers may be chained one after another (`chain = key_provider.TYPE.NAME`) in an `encryption` block: 256; each link is set up inside the next, one level of recursion each.
*/
export const maximumKeyProviderChain = 256;

/**
An `encryption` block (opentofu internal/encryption/keyprovider.go setupKeyProvider, methods.go setupMethod, keyprovider/output.go): each `key_provider "TYPE" "NAME"` and `method "TYPE" "NAME"` body is evaluated statically as `encryption.key_provider.TYPE.NAME` / `encryption.method.TYPE.NAME`, with `key_provider.TYPE.NAME` (a whole output, exactly those three parts) readable too: only what the targets use is set up (the methods they name, then the key providers those read, and the ones those read, each once), as OpenTofu sets them up lazily; a block nothing uses is not evaluated. Every `unencrypted` method is a warning. Sensitive values are allowed here. What a key provider gives is only known when OpenTofu runs it: its output is an object of unknown `encryption_key` and `decryption_key` (lists of numbers), and a method's `keys` or a chained `chain` must be such an object. Then the targets that use the methods (checkEncryptionTargets).
*/
function checkEncryption(block: Block, scope: FrameScope, diagnostics: Diagnostic[]): void {
	const providers = new Map(blocksOf(block.body, 'key_provider').map(provider => [provider.labels.join('.'), provider] as const));
	// The outputs of the key providers set up so far, by type and name; one that failed, or is being set up, is unknown.
	const outputs = new Map<string, Map<string, Value>>();
	const setUp = new Set<string>();

	// The key providers an expression reads (`key_provider.TYPE.NAME`), after reporting malformed and undeclared ones (filterKeyProviderReferences); undefined when one is wrong, as OpenTofu then stops.
	const keyProvidersOf = (expression: Expression): Block[] | undefined => {
		const found: Block[] = [];
		let wrong = false;
		// Only `key_provider.TYPE.NAME`, three parts, names a key provider; a longer or shorter traversal is an ordinary reference (a resource to the static evaluator, so not available).
		for (const traversal of traversalsOf(expression).filter(traversal => traversal.root === 'key_provider' && traversal.steps.length === 2)) {
			const [type, name] = traversal.steps;
			if (type?.kind !== 'attribute' || name?.kind !== 'attribute') {
				diagnostics.push(errorDiagnostic('Invalid Key Provider expression format', 'The key_provider symbol must be followed by two more attribute names specifying the type and name of the selected key provider.', traversal.range));
				wrong = true;
				continue;
			}

			const provider = providers.get(`${type.name}.${name.name}`);
			if (provider) {
				found.push(provider);
			} else {
				diagnostics.push(errorDiagnostic('Reference to undeclared key provider', `There is no key_provider ${JSON.stringify(type.name)} ${JSON.stringify(name.name)} block declared in the encryption block.`, traversal.range));
				wrong = true;
			}
		}

		return wrong ? undefined : found;
	};

	const bound = (): ReadonlyMap<string, Value> => new Map([['key_provider', objectValue([...outputs].map(([type, names]) => [type, objectValue(names)] as const))]]);

	// One argument of a key provider or method: the key providers it reads set up first, then its value, checked as a key provider output where one is expected (keyprovider.DecodeOutput).
	// `decodesOutput`: where a problem with the output is reported (the expression, or the whole attribute), when the argument must be a key provider output.
	// `inMethod`: a method's argument, where a string `"key_provider.TYPE.NAME"` is read as that reference (methods.go ValueForExpression, for JSON syntax), its problems reported at the string.
	const argument = (expression: Expression, requiredBy: string, stack: readonly string[], decodesOutput: Range | undefined, inMethod = false): void => {
		const value = argumentValue(expression, requiredBy, stack, inMethod);
		if (value !== undefined && decodesOutput !== undefined) {
			diagnostics.push(...outputProblems(value, decodesOutput));
		}
	};

	const argumentValue = (expression: Expression, requiredBy: string, stack: readonly string[], inMethod: boolean): Value | undefined => {
		const dependencies = keyProvidersOf(expression);
		if (!dependencies) {
			return undefined;
		}

		for (const dependency of dependencies) {
			setUpProvider(dependency, stack);
		}

		const result = scope.evaluate(expression, requiredBy, bound());
		diagnostics.push(...result.diagnostics);
		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return undefined;
		}

		const [bare] = unmark(result.value);
		if (inMethod && bare.kind === 'string' && bare.value.startsWith('key_provider.')) {
			const parsed = parseExpressionText(bare.value, expression.range.filename);
			const reference = parsed.value && parsed.diagnostics.length === 0 ? traversalOf(parsed.value) : undefined;
			if (parsed.value && reference && reference.staticDepth === reference.traversal.steps.length) {
				const before = diagnostics.length;
				const value = argumentValue(parsed.value, requiredBy, stack, false);
				// The reference was written inside a string: its problems are the string's.
				for (let index = before; index < diagnostics.length; index++) {
					diagnostics[index] = {...diagnostics[index]!, subject: expression.range};
				}

				return value;
			}
		}

		return result.value;
	};

	const setUpProvider = (provider: Block, stack: readonly string[]): void => {
		const key = provider.labels.join('.');
		const address = `key_provider.${key}`;
		if (stack.includes(key)) {
			const trace = [...stack.slice(stack.indexOf(key)), key].map(each => `key_provider.${each}`).join(' -> ');
			diagnostics.push(errorDiagnostic('Circular reference detected', `Cannot load ${address} due to circular reference between key providers. Stack trace ${trace}`, provider.labelRanges[1] ?? provider.typeRange));
			return;
		}

		if (setUp.has(key)) {
			return;
		}

		// Each link of a chain is set up inside the one that reads it (as OpenTofu does), so the chain's length is the depth of the recursion: bounded, as no real configuration chains more than a few.
		if (stack.length >= maximumKeyProviderChain) {
			setUp.add(key);
			const [type = '', name = ''] = provider.labels;
			outputs.set(type, (outputs.get(type) ?? new Map<string, Value>()).set(name, unknownValue()));
			diagnostics.push(errorDiagnostic('Key provider chain too long', `Cannot load ${address}: it is chained through more than ${maximumKeyProviderChain} key providers, tfscope's limit (maximumKeyProviderChain).`, provider.labelRanges[1] ?? provider.typeRange));
			return;
		}

		setUp.add(key);
		const [type = '', name = ''] = provider.labels;
		let names = outputs.get(type);
		if (!names) {
			names = new Map();
			outputs.set(type, names);
		}

		// Unknown while it is set up (OpenTofu's partial mark): a cycle back to it is reported once, where it closes.
		names.set(name, unknownValue());
		const failedBefore = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
		if (!keyProviderTypes.has(type)) {
			diagnostics.push(errorDiagnostic('Unknown key_provider type', `Can not find ${JSON.stringify(type)}`, provider.labelRanges[0] ?? provider.typeRange));
		} else {
			for (const item of provider.body.items) {
				if (item.kind === 'Attribute') {
					// pbkdf2's chain (pbkdf2/config.go DecodeConfig): a plain reference is decoded at its expression, anything else at the attribute.
					const reference = traversalOf(item.expression);
					const plain = reference !== undefined && reference.staticDepth === reference.traversal.steps.length;
					const chain = type === 'pbkdf2' && item.name === 'chain' ? (plain ? item.expression.range : item.range) : undefined;
					argument(item.expression, `encryption.key_provider.${key}`, [...stack, key], chain);
				}
			}
		}

		const failedNow = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length > failedBefore;
		names.set(name, failedNow ? unknownValue() : keyProviderOutput);
	};

	// Every unencrypted method is a warning (encryption.go New), used or not.
	for (const method of blocksOf(block.body, 'method')) {
		if (method.labels[0] === 'unencrypted') {
			diagnostics.push(warningDiagnostic('Unencrypted method configured', 'Method unencrypted is present in configuration. This is a security risk and should only be enabled during migrations.', block.typeRange));
		}
	}

	// Only the methods the targets use are set up, and only the key providers they read (OpenTofu sets them up lazily, from each target's methods): a block nothing uses is not evaluated.
	for (const method of checkEncryptionTargets(block, scope, diagnostics)) {
		const [type = ''] = method.labels;
		if (!methodTypes.has(type)) {
			diagnostics.push(errorDiagnostic('Unknown encryption method type', `Can not find ${JSON.stringify(type)}`, method.labelRanges[0] ?? method.typeRange));
			continue;
		}

		for (const item of method.body.items) {
			if (item.kind === 'Attribute') {
				argument(item.expression, `encryption.method.${method.labels.join('.')}`, [], type === 'aes_gcm' && item.name === 'keys' ? item.expression.range : undefined, true);
			}
		}
	}
}

/**
The key provider and method types OpenTofu 1.11 registers (internal/encryption/default_registry.go); `static` and `xor` exist only in its tests.
*/
const keyProviderTypes: ReadonlySet<string> = new Set(['pbkdf2', 'aws_kms', 'gcp_kms', 'azure_vault', 'openbao', 'external']);
const methodTypes: ReadonlySet<string> = new Set(['aes_gcm', 'external', 'unencrypted']);

/**
What a key provider gives (keyprovider/output.go, Output.Cty): its keys, known only when OpenTofu runs it.
*/
const keyProviderOutput: Value = objectValue({
	encryption_key: unknownValue(listType(numberType)),
	decryption_key: unknownValue(listType(numberType)),
});

/**
keyprovider.DecodeOutput: a key provider output must be an object (or map) with an `encryption_key`.
*/
function outputProblems(value: Value, range: Range): Diagnostic[] {
	const [bare] = unmark(value);
	if (bare.kind === 'unknown' || bare.kind === 'null') {
		return [];
	}

	if (bare.kind !== 'object' && bare.kind !== 'map') {
		return [errorDiagnostic('Expected key_provider value', `Expected a key_provider compatible value, found ${friendlyTypeName(typeOf(bare))} instead`, range)];
	}

	const names = bare.kind === 'object' ? bare.attributes : bare.entries;
	return names.has('encryption_key') ? [] : [errorDiagnostic('Missing encryption_key value', 'An encryption_key value is required in the key_provider compatible object at this location', range)];
}

const staticReferenceDetail = 'A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.';

/**
The targets of an `encryption` block (opentofu internal/encryption/config/config.go; targets.go, methodConfigsFromTarget), giving the methods they use, in order: `state`, `plan`, and `remote_state_data_sources`' `default` and named `remote_state_data_source` blocks. Each `method` there, and in each `fallback` below, must be a static reference (hcl's AbsTraversalForExpr: "Invalid expression") of the form `method.TYPE.NAME` ("Invalid encryption method identifier", which ends the chain) to a declared `method` block ("Reference to undeclared encryption method"); an `enforced = true` state or plan may not use the `unencrypted` method ("Unencrypted method is forbidden", at the encryption block).
*/
function checkEncryptionTargets(block: Block, scope: FrameScope, diagnostics: Diagnostic[]): Block[] {
	const methods = new Map(blocksOf(block.body, 'method').map(method => [method.labels.join('.'), method] as const));
	const usedMethods = new Set<Block>();
	const checkTarget = (target: Block, requiredBy: string, enforceable: boolean): void => {
		const used: string[] = [];
		for (let current: Block | undefined = target; current; current = blocksOf(current.body, 'fallback')[0]) {
			const method = findAttribute(current.body, 'method');
			if (!method) {
				continue;
			}

			const found = traversalOf(method.expression);
			if (!found || found.staticDepth < found.traversal.steps.length) {
				diagnostics.push(errorDiagnostic('Invalid expression', staticReferenceDetail, method.expression.range));
				continue;
			}

			const {traversal} = found;
			const [type, name] = traversal.steps;
			if (traversal.root !== 'method' || traversal.steps.length !== 2 || type?.kind !== 'attribute' || name?.kind !== 'attribute') {
				diagnostics.push(errorDiagnostic('Invalid encryption method identifier', 'Expected method of form method.<type>.<name>', method.expression.range));
				break;
			}

			const declared = methods.get(`${type.name}.${name.name}`);
			if (declared) {
				used.push(type.name);
				usedMethods.add(declared);
			} else {
				diagnostics.push(errorDiagnostic('Reference to undeclared encryption method', `There is no method ${JSON.stringify(type.name)} ${JSON.stringify(name.name)} block declared in the encryption block.`, method.expression.range));
			}
		}

		const enforced = enforceable ? findAttribute(target.body, 'enforced') : undefined;
		if (enforced && used.includes('unencrypted')) {
			const result = scope.evaluate(enforced.expression, requiredBy);
			diagnostics.push(...result.diagnostics);
			const [value] = unmark(result.value);
			if (value.kind === 'bool' && value.value) {
				diagnostics.push(errorDiagnostic('Unencrypted method is forbidden', 'Unable to use unencrypted method since the enforced flag is set.', block.typeRange));
			}
		}
	};

	for (const kind of ['state', 'plan'] as const) {
		for (const target of blocksOf(block.body, kind)) {
			checkTarget(target, `encryption.${kind}`, true);
		}
	}

	for (const remote of blocksOf(block.body, 'remote_state_data_sources')) {
		for (const target of blocksOf(remote.body, 'default')) {
			checkTarget(target, 'encryption.remote_state_data_sources.default', false);
		}

		for (const target of blocksOf(remote.body, 'remote_state_data_source')) {
			checkTarget(target, `encryption.remote_state_data_sources.remote_state_data_source.${target.labels[0] ?? ''}`, false);
		}
	}

	return [...usedMethods];
}

/**
A static value decoded as the string a `source` or `version` must be (static_evaluator.go DecodeExpression): not sensitive, known, a string. A null version means no version.
*/
function decodeString(result: Result<Value>, expression: Expression, id: string, nullAllowed: boolean): {readonly text?: string; readonly failed: boolean; readonly diagnostics: readonly Diagnostic[]} {
	if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return {failed: true, diagnostics: result.diagnostics};
	}

	const fail = (summary: string, detail: string) => ({failed: true, diagnostics: [...result.diagnostics, errorDiagnostic(summary, detail, expression.range)]});
	if (deepMarks(result.value).has('sensitive')) {
		return fail('Sensitive value not allowed', `Sensitive values, or values derived from sensitive values, cannot be used as ${id}.`);
	}

	if (deepMarks(result.value).has('ephemeral')) {
		return fail('Ephemeral value not allowed', `Ephemeral values, or values derived from ephemeral values, cannot be used as ${id}.`);
	}

	const [value] = unmark(result.value);
	if (value.kind === 'null' && nullAllowed) {
		return {failed: false, diagnostics: result.diagnostics};
	}

	if (value.kind === 'unknown') {
		return fail('Unknown value', `${id} depends on a value that is not known during static evaluation.`);
	}

	const converted = value.kind === 'null' ? undefined : convert(value, stringType);
	if (!converted?.ok || converted.value.kind !== 'string') {
		return fail('Unsuitable value type', `Unsuitable value: ${value.kind === 'null' ? 'value must not be null' : 'a string is required'}`);
	}

	return {text: converted.value.value, failed: false, diagnostics: result.diagnostics};
}
