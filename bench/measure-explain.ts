import {rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import type {Expression} from '../source/hcl/ast.js';
import {evaluate, type EvaluationTracer} from '../source/lang/eval/evaluate.js';
import type {Scope} from '../source/lang/eval/scope.js';
import {loadWorkspace} from '../source/workspace.js';
import {generateConfiguration, sizePreset, writeConfiguration} from './generate.js';
import {median, milliseconds, now, report} from './statistics.js';

/*
Child process (issue 22): what provenance tracing costs. Evaluates every local, output and resource argument of a generated configuration in its instance's scope, as the engine does, with no tracer (the normal path: evaluation must not slow down for the hook) and with a tracer that does nothing (the recording's floor); then times `tfscope why` on resource arguments.
Usage: node --import tsx bench/measure-explain.ts [SCALE] [ROUNDS]   (default 1 and 5; the configuration is generated into a temporary directory)
Run alone, it prints the report; `untracedMsPerRound` is the figure to compare between revisions (the lead's bench runs measure evaluation as a whole).
*/

const [scaleText = '1', roundsText = '5'] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));
const directory = path.join(os.tmpdir(), `tfscope-bench-explain-${process.pid}`);
writeConfiguration(generateConfiguration(sizePreset(Number(scaleText))), directory);
const workspace = await loadWorkspace({directory, environment: {}});

const work: Array<{readonly expression: Expression; readonly scope: Scope}> = [];
for (const instance of workspace.instances.moduleInstances.values()) {
	// The console's scopes (scopeAt), which every revision has: the figure compares revisions.
	const scope = workspace.scopeAt(instance.text).value!;
	const {module} = instance.node;
	for (const local of module.locals.values()) {
		work.push({expression: local.expression, scope});
	}

	for (const output of module.outputs.values()) {
		if (output.value) {
			work.push({expression: output.value, scope});
		}
	}
}

const arguments_: string[] = [];
for (const instance of workspace.instances.resourceInstances.values()) {
	const scope = workspace.scopeAt(instance.text).value!;
	for (const item of instance.resource.block.body.items) {
		if (item.kind === 'Attribute' && item.name !== 'count' && item.name !== 'for_each') {
			work.push({expression: item.expression, scope});
			if (arguments_.length < 50) {
				arguments_.push(`${instance.text}.${item.name}`);
			}
		}
	}
}

const noTracer: EvaluationTracer = {
	enter() {},
	leave() {},
};

function round(tracer: EvaluationTracer | undefined): number {
	const start = now();
	for (const {expression, scope} of work) {
		evaluate(expression, scope, tracer);
	}

	return milliseconds(start);
}

// Warm-up: values are memoised in the Workspace after the first round; what is measured is evaluation itself.
round(undefined);
round(noTracer);
const untraced: number[] = [];
const traced: number[] = [];
for (let index = 0; index < rounds; index++) {
	untraced.push(round(undefined));
	traced.push(round(noTracer));
}

// Absent from revisions before tracing existed: the run then measures evaluation only.
const explain = await import('../source/explain/index.js').catch(() => undefined);
const why: number[] = [];
for (const address of explain ? arguments_ : []) {
	const start = now();
	explain!.explainAddress(workspace, address);
	why.push(milliseconds(start));
}

rmSync(directory, {recursive: true, force: true});
report({
	available: true,
	expressions: work.length,
	untracedMsPerRound: median(untraced),
	noopTracerMsPerRound: median(traced),
	tracerOverhead: median(traced) / median(untraced),
	...(why.length > 0 && {whyMedianMs: median(why), whyMaxMs: Math.max(...why)}),
	whyTraces: why.length,
});
