import {explainAddress, explainExpression, type Trace, type TraceStep} from '../../explain/index.js';
import {formatStepLine} from '../../explain/format-text.js';
import type {Workspace} from '../../workspace.js';
import type {WhyNode, WhySubject, WhyView} from '../explorer-data.js';

/*
The why view's data from the Workspace: the trace `tfscope why` prints, each step a node with the line the command prints and the address Enter jumps to (the block or instance the step is about).
*/

function nodeOf(step: TraceStep, parentScope: string | undefined, foldChildren: boolean): WhyNode {
	const target = step.kind === 'limit' ? undefined : (step.block ?? step.scope);
	return {
		text: formatStepLine(step, parentScope),
		...(target !== undefined && {target}),
		...(foldChildren && {folded: true}),
		children: step.children.map(child => nodeOf(child, step.scope, false)),
	};
}

function viewOf(trace: Trace): WhyView {
	const {root} = trace;
	// A whole resource instance: one step per argument, folded, so the view opens on the list of its arguments.
	const manyArguments = root.children.length > 1 && root.children.every(child => child.label.startsWith(`${root.label}.`));
	const node = nodeOf(root, undefined, false);
	const shown = manyArguments ? {...node, children: node.children.map(child => ({...child, folded: true}))} : node;
	const {wayOut} = trace;
	const footer = wayOut ? [
		'Not known: cut to the steps that make it unknown.',
		...wayOut.assume.map(line => `pin it: ${line}`),
		...wayOut.target.map(line => `apply first: terraform apply ${line}`),
		...wayOut.exclude.map(line => `or plan without it: tofu plan ${line}`),
	] : [];
	return {ok: true, title: trace.subject, root: shown, footer};
}

/**
Remembers the last few views: the view is drawn on every frame and asked again by each key.
*/
export function createWhyData(workspace: Workspace): (subject: WhySubject) => WhyView {
	const cache = new Map<string, WhyView>();
	return subject => {
		const key = JSON.stringify(subject);
		let view = cache.get(key);
		if (!view) {
			const result = subject.kind === 'address' ? explainAddress(workspace, subject.address) : explainExpression(workspace, subject.expression, subject.context);
			view = result.value ? viewOf(result.value) : {ok: false, message: result.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join(' ')};
			if (cache.size >= 8) {
				cache.delete(cache.keys().next().value!);
			}

			cache.set(key, view);
		}

		return view;
	};
}

