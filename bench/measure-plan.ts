import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {loadWorkspace, type Workspace} from '../source/workspace.js';
import {summarizePlan} from '../source/plan/summary.js';
import {type Value, unmark} from '../source/lang/values.js';
import {median, peakRssMegabytes, report, timed} from './statistics.js';
import {readValues} from './read-values.js';

/*
Child process: the cost of `--plan FILE` against the same load without it. Writes a plan of the configuration in the shape of `terraform show -json` (every managed instance an update whose `after` is the value tfscope computes, its unknown parts in `after_unknown`, every data source read during plan), then measures (a) loading and reading every resource instance's value, (b) the same with the plan laid over it (reading the file, the overlay, the disagreement checks), and (c) `plan-summary`'s review on the loaded workspace.
Usage: node --import tsx --expose-gc bench/measure-plan.ts DIRECTORY RUNS
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));

/**
A value as the plan's JSON writes it: the known parts, and the unknown ones as `true` in a parallel structure.
*/
function planJson(value: Value): {after: unknown; unknown: unknown} {
	const [bare] = unmark(value);
	switch (bare.kind) {
		case 'unknown': {
			return {after: null, unknown: true};
		}

		case 'null': {
			return {after: null, unknown: false};
		}

		case 'string': {
			return {after: bare.value, unknown: false};
		}

		case 'bool': {
			return {after: bare.value, unknown: false};
		}

		case 'number': {
			return {after: Number(bare.value.toString()), unknown: false};
		}

		case 'list':
		case 'set':
		case 'tuple': {
			const parts = bare.elements.map(element => planJson(element));
			return {after: parts.map(part => part.after), unknown: parts.some(part => part.unknown !== false) ? parts.map(part => part.unknown) : false};
		}

		case 'object':
		case 'map': {
			const entries = [...(bare.kind === 'object' ? bare.attributes : bare.entries)];
			const after: Record<string, unknown> = {};
			const unknown: Record<string, unknown> = {};
			for (const [name, element] of entries) {
				const part = planJson(element);
				after[name] = part.after;
				if (part.unknown !== false) {
					unknown[name] = part.unknown;
				}
			}

			return {after, unknown};
		}

		default: {
			return {after: null, unknown: true};
		}
	}
}

function writePlan(workspace: Workspace, file: string): number {
	const resourceChanges: unknown[] = [];
	const read: unknown[] = [];
	for (const instance of workspace.instances.resourceInstances.values()) {
		const {address} = instance;
		if (instance.key.kind === 'unknown' || address.mode === 'ephemeral') {
			continue;
		}

		const {after, unknown} = planJson(instance.value);
		const base = {
			address: instance.text, module_address: instance.resource.moduleInstance.text || undefined, mode: address.mode, type: address.type, name: address.name,
			...(instance.key.kind === 'int' || instance.key.kind === 'string' ? {index: instance.key.value} : {}),
			provider_name: 'registry.terraform.io/hashicorp/bench',
		};
		if (address.mode === 'data') {
			read.push({...base, values: after, sensitive_values: {}});
			continue;
		}

		resourceChanges.push({
			...base,
			change: {
				actions: ['update'], before: after, after, after_unknown: unknown === false ? {} : unknown, before_sensitive: {}, after_sensitive: {},
			},
		});
	}

	const plan = {
		format_version: '1.2',
		terraform_version: '1.11.0',
		variables: {},
		resource_changes: resourceChanges,
		prior_state: {format_version: '1.0', values: {root_module: {resources: read}}},
		timestamp: '2026-11-29T00:00:00Z',
		errored: false,
	};
	writeFileSync(file, JSON.stringify(plan));
	return resourceChanges.length;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-plan-'));
const planFile = path.join(scratch, 'plan.json');
type Sample = {loadCpuMs: number; planCpuMs: number; summaryCpuMs: number; loadMs: number; planMs: number};
const samples: Sample[] = [];
let changes = 0;
let warnings = 0;
try {
	changes = writePlan(await loadWorkspace({directory, environment: {}}), planFile);
	for (let run = 0; run <= runs; run++) {
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		const {ms: loadMs, cpuMs: loadCpuMs} = await timed(async () => readValues(await loadWorkspace({directory, environment: {}})));
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		const {result: planned, ms: planMs, cpuMs: planCpuMs} = await timed(async () => {
			const workspace = await loadWorkspace({directory, environment: {}, planFile});
			readValues(workspace);
			return workspace;
		});
		warnings = planned.diagnostics.filter(diagnostic => diagnostic.severity === 'warning').length;
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		const {cpuMs: summaryCpuMs} = await timed(() => summarizePlan(planned, planned.plan!));
		// The first run warms up.
		if (run > 0) {
			samples.push({loadCpuMs, planCpuMs, summaryCpuMs, loadMs, planMs});
		}
	}
} finally {
	rmSync(scratch, {recursive: true, force: true});
}

const loadCpuMs = median(samples.map(sample => sample.loadCpuMs));
const planCpuMs = median(samples.map(sample => sample.planCpuMs));
report({
	available: true,
	changes,
	warnings,
	loadMs: median(samples.map(sample => sample.loadMs)),
	planMs: median(samples.map(sample => sample.planMs)),
	loadCpuMs,
	planCpuMs,
	summaryCpuMs: median(samples.map(sample => sample.summaryCpuMs)),
	ratioCpu: planCpuMs / loadCpuMs,
	peakRssMb: peakRssMegabytes(),
});
