import process from 'node:process';
import {loadFormatValue, loadLoadWorkspace} from './stages.js';
import {median, milliseconds, now, percentile, report} from './statistics.js';

/*
Child process: console latency. Loads one generated configuration, then evaluates a set of typical console expressions (parse + evaluate + format, as `tfscope console` does for one line) in the root module and in a module instance.
Usage: node --import tsx bench/measure-console.ts DIRECTORY ROUNDS
*/

const [directory = '.', roundsText = '20'] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));

export const consoleExpressions: ReadonlyArray<{readonly text: string; readonly at?: string}> = [
	{text: 'var.region'},
	{text: 'local.environments'},
	{text: 'local.environments["prod"].cidr'},
	{text: '[for name, environment in local.environments : "${name}-${environment.region}"]'},
	{text: '{for service in local.services : service => length(service)}'},
	{text: 'length(local.services)'},
	{text: 'module.svc_000["prod"].zone_names'},
	{text: 'module.svc_000["prod"].vpc_id'},
	{text: 'cidrsubnets("10.0.0.0/16", 4, 4, 8, 4)'},
	{text: 'jsonencode(local.default_tags)'},
	{text: 'merge(local.default_tags, {Extra = "yes"})'},
	{text: 'upper(join(",", slice(local.services, 0, 3)))'},
	{text: 'local.zone_map', at: 'module.svc_000["prod"]'},
	{text: 'local.port_rules', at: 'module.svc_000["prod"]'},
	{text: 'var.settings.retention * 2', at: 'module.svc_000["prod"]'},
	{text: 'aws_instance.r002[0].tags', at: 'module.svc_000["prod"]'},
	{text: 'length(aws_subnet.r003)', at: 'module.svc_000["prod"]'},
	{text: '[for key, subnet in aws_subnet.r003 : subnet.cidr_block]', at: 'module.svc_000["prod"]'},
];

const load = await loadLoadWorkspace();
const formatValue = await loadFormatValue();
if (load) {
	const workspace = await load({directory, environment: {}});
	const failures: string[] = [];
	const evaluate = (text: string, at?: string): void => {
		const result = workspace.evaluateAt(text, at);
		if (formatValue) {
			formatValue(result.value);
		}

		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error') && !failures.includes(text)) {
			failures.push(`${text}: ${result.diagnostics[0]!.summary}`);
		}
	};

	// Warm-up round.
	for (const {text, at} of consoleExpressions) {
		evaluate(text, at);
	}

	const samples: number[] = [];
	for (let round = 0; round < rounds; round++) {
		for (const {text, at} of consoleExpressions) {
			const start = now();
			evaluate(text, at);
			samples.push(milliseconds(start));
		}
	}

	report({
		available: true,
		formatted: Boolean(formatValue),
		expressions: consoleExpressions.length,
		samples: samples.length,
		medianMs: median(samples),
		p95Ms: percentile(samples, 95),
		maxMs: Math.max(...samples),
		failures,
	});
} else {
	report({available: false});
}
