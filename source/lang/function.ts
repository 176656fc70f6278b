import type {EvaluationBudget} from './budget.js';
import {refinedUnknown} from './refinements.js';
import {type ConversionFailure, type MismatchWording, convert, conversionFailureText, unmarkDeep} from './convert.js';
import {type Type, dynamicType, friendlyTypeName} from './types.js';
import {
	type Mark, type Value, deepMarks, hasDeepMarks, isWhollyKnown, typeOf, unknownValue, unmark, withMarks,
} from './values.js';

export {unmarkDeep} from './convert.js';

/*
The function mechanism, after cty's function.Spec: a function is a spec of parameters, a return type and an implementation, and `callFunction` is the one place that checks arity, converts arguments, and short-circuits null, unknown and marked arguments, so implementations only see what their parameters allow.
*/

export type Parameter = {
	readonly name: string;
	/**
	The type arguments are converted to; `dynamic` accepts anything as it is.
	*/
	readonly type: Type;
	readonly allowNull?: boolean;
	/**
	When false (the default), an unknown argument makes the result unknown without calling the implementation.
	*/
	readonly allowUnknown?: boolean;
	/**
	When false (the default), marks are taken off the argument before the call and put back on the result.
	*/
	readonly allowMarked?: boolean;
	/**
	When true (and `allowMarked` is not), only the argument's own marks are taken off and put back on the result; marks inside it (on elements, attributes) reach the implementation, which passes them along with the elements it returns. This is how cty's collection functions whose parameters AllowMarked behave (element, lookup, merge, concat, values, flatten, reverse, slice, chunklist, zipmap, setproduct): `merge({a = sensitive(1)}, {b = 2})` keeps `b` readable. Without it, marks anywhere in the argument mark the whole result.
	*/
	readonly allowNestedMarks?: boolean;
	/**
	When false (the default), an argument whose type is still `dynamic` (an untyped `null`, an unknown of unknown type) makes the result unknown without calling the implementation, as cty's AllowDynamicType.
	*/
	readonly allowDynamicType?: boolean;
	readonly description?: string;
};

/**
What a function may reach outside its arguments. Filesystem functions read through `readFile`/`stat` only (never write), relative to `baseDirectory` (the module's path), so tests pass a fake filesystem.
*/
export type FunctionContext = {
	readonly baseDirectory: string;
	readonly filesystem?: FunctionFilesystem;
	/**
	False when evaluating a configuration as a plan would: impure functions (timestamp, uuid, bcrypt) then return unknown values. True in the console, which gives real values as terraform console does.
	*/
	readonly impure: boolean;
	/**
	Renders a template (`templatefile`, `templatestring`) with the given variables; provided by the evaluator, which functions cannot import.
	*/
	readonly renderTemplate?: (source: string, filename: string, variables: ReadonlyMap<string, Value>, depth: number) => Value;
	/**
	How deep template rendering is nested, so `templatefile` cannot recurse.
	*/
	readonly templateDepth?: number;
	/**
	What the whole evaluation may still build (see budget.ts); absent, nothing is counted.
	*/
	readonly budget?: EvaluationBudget;
	/**
	How type mismatches are worded, as the configuration's release words them (LanguageRules.mismatchWording); absent, `'terse'`, as Terraform 1.11 (the goldens' release) words them.
	*/
	readonly mismatchWording?: MismatchWording;
	/**
	`==`/`!=` between a null and a non-null value keep only top-level marks (LanguageRules.equalsNullShallowMarks); absent, every mark of both operands, as Terraform 1.11.
	*/
	readonly equalsNullShallowMarks?: boolean;
};

/**
The wording of type mismatches in a function context (see FunctionContext.mismatchWording).
*/
export function mismatchWordingOf(context: FunctionContext): MismatchWording {
	return context.mismatchWording ?? 'terse';
}

export type FunctionFilesystem = {
	readonly readFile: (path: string, limit: number) => Uint8Array;
	/**
	What a path is, following symlinks; `identity` (device and inode, when known) lets `fileset` detect symlink loops.
	*/
	readonly stat: (path: string) => {readonly kind: 'file' | 'directory' | 'other' | 'empty-device'; readonly size: number; readonly identity?: string} | undefined;
	readonly listFiles?: (directory: string) => readonly string[];
	readonly cwd: string;
	readonly home?: string;
};

export type FunctionSpec = {
	readonly name: string;
	readonly description: string;
	readonly parameters: readonly Parameter[];
	readonly variadic?: Parameter;
	/**
	The result type for the given (converted) argument types; may look at the arguments' values when known (as cty's type functions do) and may throw a FunctionError.
	*/
	readonly returnType: (argumentTypes: readonly Type[], argumentValues: readonly Value[]) => Type;
	readonly impl: (argumentValues: readonly Value[], returnType: Type, context: FunctionContext) => Value;
	/**
	The implementation for (converted, known) arguments whose result needs no return type worked out first, because its type is simply the result's own (merge of known objects); undefined sends the call the general way. Working out the return type means the type of every argument, which for an object is a new object type at every call.
	*/
	readonly implWithoutReturnType?: (argumentValues: readonly Value[]) => Value | undefined;
	/**
	The position of a parameter written as a type expression (`convert(value, list(string))`): the evaluator decodes it as a type constraint, with `optional(...)` attributes and defaults, instead of evaluating it (Terraform's customdecode), and calls `implWithType` with the other arguments and that type.
	*/
	readonly typeParameter?: number;
	readonly implWithType?: (argumentValues: readonly Value[], type: Type) => Value;
	/**
	Impure functions return unknown when `context.impure` is false.
	*/
	readonly impure?: boolean;
	/**
	True for functions that look only at the top of their arguments (`length`, `keys`, `element`, `lookup`, `concat`, ...): the size of what they are given is no measure of their work, so the evaluation budget lets them take any value that may exist (see `maximumDeepWalkNodes` in budget.ts). Absent, a call's arguments count as walked whole.
	*/
	readonly shallow?: boolean;
	/**
	Set on functions only OpenTofu has (base64gunzip, cidrcontains, urldecode): Terraform's table leaves them out.
	*/
	readonly openTofuOnly?: boolean;
	/**
	What is known of an unknown result: absent, it is not null (cty's `RefineResult: refineNonNull`, which nearly every function of cty's stdlib and Terraform declares); `'may-be-null'` keeps only what the implementation refined (lookup, element, one, try, can, jsondecode, sensitive, provider functions: the provider protocol carries no refinements); `'unrefined'` gives an unknown argument back with no refinement at all (the conversion functions: `tostring(x) != null` is unknown for an `x` known not to be null, in terraform console -plan).
	*/
	readonly resultRefinement?: 'may-be-null' | 'unrefined';
};

/**
A failure of a function call that is the caller's fault, reported as "Invalid function argument" (with `argumentIndex`) or "Error in function call".
*/
export class FunctionError extends Error {
	readonly argumentIndex: number | undefined;
	/**
	A failed conversion the message is made of (`prefix`, then the failure's text), kept so the diagnostic words it in the configuration's release (`messageIn`); `message` has Terraform 1.11's words.
	*/
	readonly conversion: FunctionConversionError | undefined;

	constructor(message: string | FunctionConversionError, argumentIndex?: number) {
		super(typeof message === 'string' ? message : message.prefix + conversionFailureText(message.failure, 'terse'));
		this.name = 'FunctionError';
		this.argumentIndex = argumentIndex;
		this.conversion = typeof message === 'string' ? undefined : message;
	}

	/**
	The message in the words of a release (MismatchWording).
	*/
	messageIn(wording: MismatchWording): string {
		return this.conversion ? this.conversion.prefix + conversionFailureText(this.conversion.failure, wording) : this.message;
	}

	/**
	The same error with `prefix` before its message (`formatlist` naming the iteration).
	*/
	withPrefix(prefix: string): FunctionError {
		return new FunctionError(this.conversion ? {prefix: prefix + this.conversion.prefix, failure: this.conversion.failure} : prefix + this.message, this.argumentIndex);
	}
}

export type FunctionConversionError = {readonly prefix: string; readonly failure: ConversionFailure};

export function defineFunction(spec: FunctionSpec): FunctionSpec {
	return spec;
}

/**
Return types made by `staticReturnType`, so a call does not work out its arguments' types for nothing (the type of an object argument is a new object type each time).
*/
const staticTypes = new WeakMap<FunctionSpec['returnType'], Type>();

export function staticReturnType(type: Type): FunctionSpec['returnType'] {
	const returnType = (): Type => type;
	staticTypes.set(returnType, type);
	return returnType;
}

function returnTypeOf(spec: FunctionSpec, values: readonly Value[]): Type {
	return staticTypes.get(spec.returnType) ?? spec.returnType(typesOf(values), values);
}

function parameterFor(spec: FunctionSpec, index: number): Parameter | undefined {
	return spec.parameters[index] ?? spec.variadic;
}

/**
Calls a function with evaluated arguments. Throws FunctionError for bad arguments; never returns a value of a type other than the return type (or dynamic).

The evaluator (lang/eval/evaluate.ts) checks arity and converts arguments itself before calling, to report "Not enough function arguments" / "Too many function arguments" / "Invalid function argument" on the right source range; the arity check here words its errors the same way for direct callers. `can` and `try` never reach this function from expressions: the evaluator evaluates their argument expressions itself (it needs them unevaluated), so their specs only describe them. `type` exists only in the console, which prints the type of its argument.
*/
export function callFunction(spec: FunctionSpec, argumentValues: readonly Value[], context: FunctionContext): Value {
	const minimum = spec.parameters.length;
	if (argumentValues.length < minimum) {
		throw new FunctionError(`Function "${spec.name}" expects${spec.variadic ? ' at least' : ''} ${minimum} argument(s). Missing value for "${spec.parameters[argumentValues.length]!.name}".`);
	}

	if (!spec.variadic && argumentValues.length > minimum) {
		throw new FunctionError(`Function "${spec.name}" expects only ${minimum} argument(s).`);
	}

	const converted: Value[] = [];
	// Made only when an argument is marked (rarely): a Set per call was most of a call's garbage.
	let resultMarks: Set<Mark> | undefined;
	let anyUnknown = false;
	for (let index = 0; index < argumentValues.length; index++) {
		const parameter = parameterFor(spec, index)!;
		let value = argumentValues[index]!;
		if (!parameter.allowMarked && parameter.allowNestedMarks) {
			if (value.marks && value.marks.size > 0) {
				const [bare, marks] = unmark(value);
				resultMarks ??= new Set();
				for (const mark of marks!) {
					resultMarks.add(mark);
				}

				value = bare;
			}
		} else if (!parameter.allowMarked && hasDeepMarks(value)) {
			resultMarks ??= new Set();
			for (const mark of deepMarks(value)) {
				resultMarks.add(mark);
			}

			value = unmarkDeep(value);
		}

		if (value.kind === 'null' && !parameter.allowNull) {
			throw new FunctionError('argument must not be null', index);
		}

		if (!parameter.allowUnknown && !isWhollyKnown(value)) {
			anyUnknown = true;
		}

		// Only a null of dynamic type has dynamic type among values that are not unknown (typeOf of a big object is not cheap).
		if (!parameter.allowDynamicType && value.kind === 'null' && value.type.kind === 'dynamic') {
			anyUnknown = true;
		}

		if (parameter.type.kind !== 'dynamic') {
			const result = convert(value, parameter.type);
			if (!result.ok) {
				throw new FunctionError({prefix: '', failure: result}, index);
			}

			value = result.value;
		}

		converted.push(value);
	}

	const marks = resultMarks && resultMarks.size > 0 ? resultMarks : undefined;
	let returnType: Type;
	if (anyUnknown) {
		try {
			returnType = returnTypeOf(spec, converted);
		} catch {
			returnType = dynamicType;
		}

		return withMarks(refineResult(spec, unknownValue(returnType)), marks);
	}

	if (spec.implWithoutReturnType && !spec.impure) {
		const result = spec.implWithoutReturnType(converted);
		if (result) {
			return withMarks(result, marks);
		}
	}

	returnType = returnTypeOf(spec, converted);
	if (spec.impure && !context.impure) {
		return withMarks(unknownValue(returnType), marks);
	}

	const result = spec.impl(converted, returnType, context);
	return withMarks(refineResult(spec, result), marks);
}

/**
The result's refinements as the spec's `resultRefinement` says.
*/
function refineResult(spec: FunctionSpec, result: Value): Value {
	if (result.kind === 'unknown' && result.refinement && spec.resultRefinement === 'unrefined') {
		return unknownValue(result.type);
	}

	if (result.kind !== 'unknown' || result.refinement?.notNull || result.type.kind === 'dynamic' || spec.resultRefinement !== undefined) {
		return result;
	}

	return refinedUnknown(result.type, {...result.refinement, notNull: true});
}

function typesOf(values: readonly Value[]): Type[] {
	const types: Type[] = [];
	for (const value of values) {
		types.push(typeOf(value));
	}

	return types;
}

export function describeArgumentType(type: Type): string {
	return friendlyTypeName(type);
}
