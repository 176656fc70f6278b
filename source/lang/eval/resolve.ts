import {hasErrors} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import {type Traversal, parseReferenceReadOnly} from '../references.js';
import type {Scope} from './scope.js';
import {type Resolution, ReferenceProblem} from './invariant.js';
import {evaluationReferenceDiagnostics, referenceDiagnostics} from './context.js';

/*
Resolving a reference's subject through the scope, before and during evaluation.
*/

/**
The value of a reference's subject (it consumed the reference's subject steps, see consumedBy); a ReferenceProblem with the diagnostics otherwise.
*/
export function resolveTraversal(traversal: Traversal, scope: Scope): Resolution {
	const parsed = parseReferenceReadOnly(traversal);
	if (!parsed.value) {
		const found = [...parsed.diagnostics];
		const bareKind = Object.hasOwn(bareObjects, traversal.root) ? bareObjects[traversal.root] : undefined;
		if (bareKind && traversal.steps.length === 0 && scope.console) {
			// terraform console also looks the empty name up, and reports that first ("on  line 0"); in a configuration that report has no place to point at, and "Invalid reference" says it all.
			const empty = scope.resolveReference({
				subject: {kind: bareKind, name: ''}, range: nowhere, remaining: [], traversalRange: nowhere,
			});
			found.unshift(...empty.diagnostics);
		}

		for (const diagnostic of found) {
			referenceDiagnostics.add(diagnostic);
		}

		return new ReferenceProblem(undefined, 0, found);
	}

	// The resolver's quick answer first. A clean resolution is the value itself: no record per reference and evaluation.
	const quick = scope.resolveValue?.(parsed.value);
	if (quick !== undefined) {
		return quick;
	}

	const resolved = scope.resolveReference(parsed.value);
	if (resolved.diagnostics.length === 0) {
		return resolved.value;
	}

	for (const diagnostic of resolved.diagnostics) {
		if (!evaluationReferenceDiagnostics.has(diagnostic)) {
			referenceDiagnostics.add(diagnostic);
		}
	}

	return new ReferenceProblem(hasErrors(resolved.diagnostics) ? undefined : resolved.value, consumedBy(traversal), resolved.diagnostics);
}

/**
How many of a traversal's steps its reference's subject consumes (a clean resolution's value stands for the traversal's first that many steps). Only for a traversal that parses as a reference.
*/
export function consumedBy(traversal: Traversal): number {
	return traversal.steps.length - parseReferenceReadOnly(traversal).value!.remaining.length;
}

/**
Where Terraform reports problems it found with an empty reference name ("on  line 0").
*/
const nowhere: Range = {filename: '', start: {line: 0, column: 0, offset: 0}, end: {line: 0, column: 0, offset: 0}};

const bareObjects: Readonly<Record<string, 'variable' | 'local' | 'count' | 'each' | 'path' | 'terraform'>> = {
	var: 'variable', local: 'local', count: 'count', each: 'each', path: 'path', terraform: 'terraform',
};
