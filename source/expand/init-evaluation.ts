import path from 'node:path';
import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, type Result, errorDiagnostic} from '../hcl/diagnostics.js';
import type {StaticScope} from '../config/load-module-tree.js';
import type {Module, ModuleCall, VariableBlock} from '../config/module.js';
import type {RawVariableValue} from '../config/tfvars.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import {createScope, moduleResolver, type ReferenceResolver} from '../lang/eval/scope.js';
import type {FunctionSpec} from '../lang/function.js';
import {referencesOf} from '../lang/references.js';
import {dynamicType, stringType} from '../lang/types.js';
import {
	type Value, deepMarks, isWhollyKnown, unknownValue, unmark, withMarks,
} from '../lang/values.js';
import {evaluateExpression, withTemplates} from './lang-adapter.js';
import {LazyMap} from './lazy-map.js';
import {rootVariableValue} from './static-evaluation.js';
import {readTypeConstraint} from '../lang/type-constraint.js';

/*
Terraform's init walk (1.15+, internal/terraform/graph_builder_init.go, node_module_install.go, evaluate.go at v1.15/v1.16): a module call's `source` and `version` are evaluated when the modules are installed, before anything is planned. Only `const = true` variables have their values then; every other variable is unknown of its type, and resources, data sources, module outputs, `count`, `each` and `terraform.*` are unknown too (no error: they are simply not known yet). A local is evaluated from those, so a local built from a non-const variable is unknown. The source itself may refer only to variables, locals and `path.*` ("Invalid module source"), the version only to variables and locals; an unknown result is "Unknown module source". A child module's const variables are evaluated in the caller at init, and one given a value not known then is "Const variables must be known".

Unlike OpenTofu's static evaluation (static-evaluation.ts), nothing else is an error here: the evaluator only decides what init could install. The module loader asks through the same `StaticScope` capability.
*/

export type InitEvaluationOptions = {
	readonly rootDirectory: string;
	/**
	How type mismatches are worded (LanguageRules.mismatchWording); absent, as Terraform 1.11 words them.
	*/
	readonly mismatchWording?: MismatchWording;
	readonly cwd: string;
	readonly startDirectory?: string;
	readonly rootVariables: ReadonlyMap<string, RawVariableValue>;
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
};

/**
A value of the init walk, or that it could not be made (an error the ordinary evaluation reports, such as a const variable with no value or one of the wrong type): a source depending on it is left unresolved with no second message, as Terraform stops at the first.
*/
type InitValue = {readonly value: Value; readonly failed: boolean};

type Frame = {
	readonly path: readonly string[];
	readonly module: Module;
	/**
	What the caller gives a const variable, evaluated in the caller's init scope; undefined when not given.
	*/
	readonly given: (name: string) => InitValue | undefined;
};

type InitScope = StaticScope & {
	/**
	Evaluates an expression in this module's init scope (a call's input, for a child's const variable).
	*/
	evaluate(expression: Expression): InitValue;
};

const unknownSource = 'Only literal values and const variables can be evaluated during init.';

/**
The init-time scope of the root module, from which the loader asks each call's source and each child's scope.
*/
export function createInitEvaluation(options: InitEvaluationOptions): {readonly root: (module: Module) => StaticScope} {
	const functionContext = withTemplates({baseDirectory: options.rootDirectory, impure: false, ...(options.mismatchWording && {mismatchWording: options.mismatchWording})});
	const rootPath = path.resolve(options.cwd, options.rootDirectory);
	const constant = (expression: Expression): Result<Value> => evaluateExpression(expression, createScope({functions: options.functions, functionNames: options.functionNames, functionContext}));

	function makeScope(frame: Frame): InitScope {
		const {module} = frame;
		const modulePath = path.relative(rootPath, path.resolve(options.cwd, module.directory || options.rootDirectory)) || '.';
		const memo = new Map<string, InitValue>();
		const inProgress = new Set<string>();
		// Whether an evaluation under way read a value that failed.
		let readFailure = false;
		const remember = (key: string, compute: () => InitValue): Value => {
			let result = memo.get(key);
			if (!result) {
				if (inProgress.has(key)) {
					// A cycle: the ordinary evaluation reports it.
					result = {value: unknownValue(), failed: true};
				} else {
					inProgress.add(key);
					try {
						result = compute();
					} finally {
						inProgress.delete(key);
					}

					memo.set(key, result);
				}
			}

			readFailure ||= result.failed;
			return result.value;
		};

		const typeOf = (declaration: VariableBlock) => declaration.typeExpression ? readTypeConstraint(declaration.typeExpression, expression => constant(expression).value, declaration.block.body.syntax).type : dynamicType;
		const marked = (declaration: VariableBlock, value: Value): Value => withMarks(value, new Set([...(declaration.sensitive ? ['sensitive' as const] : []), ...(declaration.ephemeral ? ['ephemeral' as const] : [])]));

		const variable = (name: string): InitValue => {
			const declaration = module.variables.get(name)!;
			const type = typeOf(declaration);
			if (!declaration.const) {
				return {value: marked(declaration, unknownValue(type)), failed: false};
			}

			const given = frame.given(name);
			if (given?.failed) {
				return given;
			}

			let value = given?.value;
			if (value === undefined || (value.kind === 'null' && !declaration.nullable)) {
				if (!declaration.default) {
					return {value: unknownValue(type), failed: value === undefined};
				}

				value = constant(declaration.default).value;
			}

			const converted = value.kind === 'null' && type.kind === 'dynamic' ? {ok: true as const, value} : convert(value, type);
			return converted.ok ? {value: marked(declaration, converted.value), failed: false} : {value: unknownValue(type), failed: true};
		};

		const local = (name: string): InitValue => {
			const result = evaluate(module.locals.get(name)!.expression);
			return result;
		};

		const variables = new LazyMap(module.variables.keys(), name => remember(`var.${name}`, () => variable(name)));
		const locals = new LazyMap(module.locals.keys(), name => remember(`local.${name}`, () => local(name)));
		const declared = moduleResolver({
			variables,
			locals,
			path: {module: modulePath, root: '.', cwd: path.resolve(options.startDirectory ?? options.cwd)},
			...(frame.path.length > 0 && {moduleDescription: frame.path.map(name => `module.${name}`).join('.')}),
		});
		// What only planning knows is unknown during init, with no error (evaluate.go returns cty.DynamicVal for each of these on walkInit).
		const resolver: ReferenceResolver = reference => {
			switch (reference.subject.kind) {
				case 'resource': {
					return {value: reference.subject.mode === 'ephemeral' ? withMarks(unknownValue(), new Set(['ephemeral' as const])) : unknownValue(), diagnostics: []};
				}

				case 'module':
				case 'count':
				case 'each':
				case 'self':
				case 'terraform': {
					return {value: unknownValue(), diagnostics: []};
				}

				default: {
					return declared(reference);
				}
			}
		};

		const scope = createScope({resolveReference: resolver, functions: options.functions, functionNames: options.functionNames, functionContext});

		function evaluate(expression: Expression): InitValue {
			const outer = readFailure;
			readFailure = false;
			try {
				const result = evaluateExpression(expression, scope);
				const failed = readFailure || result.diagnostics.some(diagnostic => diagnostic.severity === 'error');
				return {value: failed ? unknownValue() : result.value, failed};
			} finally {
				readFailure = outer;
			}
		}

		/**
		A call's `source` or `version` as init evaluates it (evalSource, evalVersionConstraint): the references it may make, then its value, which must be known, not sensitive or ephemeral, and a string (null: no version; a null source is unsuitable).
		*/
		function decode(expression: Expression, argument: 'source' | 'version'): {readonly text?: string; readonly failed: boolean; readonly diagnostics: readonly Diagnostic[]} {
			for (const reference of referencesOf(expression)) {
				const {kind} = reference.subject;
				if (!(kind === 'variable' || kind === 'local' || (kind === 'path' && argument === 'source'))) {
					return {failed: true, diagnostics: [errorDiagnostic(`Invalid module ${argument}`, `The module ${argument} can only reference constant input variables and local values.`, reference.range)]};
				}
			}

			const outer = readFailure;
			readFailure = false;
			let result: Result<Value>;
			let upstreamFailed: boolean;
			try {
				result = evaluateExpression(expression, scope);
				upstreamFailed = readFailure;
			} finally {
				readFailure = outer;
			}

			if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
				return {failed: true, diagnostics: result.diagnostics};
			}

			if (upstreamFailed) {
				return {failed: true, diagnostics: []};
			}

			const fail = (summary: string, detail: string) => ({failed: true, diagnostics: [errorDiagnostic(summary, detail, expression.range)]});
			const [value] = unmark(result.value);
			if (value.kind === 'null') {
				return argument === 'version' ? {failed: false, diagnostics: []} : fail('Unsuitable module source', 'Unsuitable value: null value is not allowed.');
			}

			if (!isWhollyKnown(result.value)) {
				return fail(`Unknown module ${argument}`, unknownSource);
			}

			const marks = deepMarks(result.value);
			if (marks.has('sensitive') || marks.has('ephemeral')) {
				return fail(`Unknown module ${argument}`, `The module ${argument} cannot be derived from a sensitive or ephemeral value.`);
			}

			const converted = convert(value, stringType);
			if (!converted.ok || converted.value.kind !== 'string') {
				return fail('Incorrect value type', `Invalid expression value: ${converted.ok ? 'a string is required' : conversionFailureText(converted, options.mismatchWording ?? 'terse')}.`);
			}

			return {text: converted.value.value, failed: false, diagnostics: []};
		}

		return {
			evaluate,
			callSource(call: ModuleCall) {
				const diagnostics: Diagnostic[] = [];
				if (call.versionExpression) {
					const version = decode(call.versionExpression, 'version');
					diagnostics.push(...version.diagnostics);
					if (version.failed) {
						return {diagnostics};
					}
				}

				if (!call.sourceExpression) {
					return {...(call.source !== undefined && {source: call.source}), diagnostics};
				}

				const source = decode(call.sourceExpression, 'source');
				diagnostics.push(...source.diagnostics);
				return {...(source.text !== undefined && {source: source.text}), diagnostics};
			},
			callDiagnostics(call: ModuleCall, childModule: Module) {
				// Every const variable the call sets is evaluated at init, used in a source or not (node_module_variable.go Execute on walkInit).
				const diagnostics: Diagnostic[] = [];
				for (const input of call.inputs) {
					if (childModule.variables.get(input.name)?.const !== true) {
						continue;
					}

					const given = evaluate(input.expression);
					if (!given.failed && !isWhollyKnown(given.value)) {
						diagnostics.push(errorDiagnostic('Const variables must be known', 'Only a constant value can be passed into a constant module variable.', input.expression.range));
					}
				}

				return diagnostics;
			},
			child(call: ModuleCall, childModule: Module) {
				const inputs = new Map(call.inputs.map(attribute => [attribute.name, attribute] as const));
				return makeScope({
					path: [...frame.path, call.name],
					module: childModule,
					given(name) {
						const input = inputs.get(name);
						if (!input) {
							return undefined;
						}

						// A const variable given a value not known at init is an error of its own (callDiagnostics): what depends on it is not evaluated further.
						const given = evaluate(input.expression);
						return isWhollyKnown(given.value) ? given : {value: given.value, failed: true};
					},
				});
			},
		};
	}

	return {
		root: module => makeScope({
			path: [],
			module,
			given(name) {
				const raw = options.rootVariables.get(name);
				if (!raw) {
					return undefined;
				}

				const result = rootVariableValue(raw, module.variables.get(name), constant);
				return {value: result.value, failed: result.diagnostics.some(diagnostic => diagnostic.severity === 'error')};
			},
		}),
	};
}
