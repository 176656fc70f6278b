import {formatRangeStart} from '../hcl/position.js';
import {summarizeValue} from './summary.js';
import type {StepKind, Trace, TraceStep} from './trace.js';

/*
A trace as an indented tree, one step a line: what it is, its value, what it adds, where it is written, and the instance it is evaluated in when that changes.

	aws_subnet.public["a"].cidr_block = "10.0.1.0/24"  argument, main.tf:20:3 in aws_subnet.public["a"]
	└── cidrsubnet(var.cidr, 8, each.value) = "10.0.1.0/24"  main.tf:20:16
	    ├── var.cidr = "10.0.0.0/16"  main.tf:20:27
	    │   └── var.cidr = "10.0.0.0/16"  variable, variables.tf:1:1 in the root module
	    │       └── cidr = "10.0.0.0/16"  set in terraform.tfvars, terraform.tfvars:1:8
*/

const kindWords: Partial<Record<StepKind, string>> = {
	variable: 'variable',
	local: 'local value',
	output: 'output',
	argument: 'argument',
	input: 'module argument',
	literal: 'literal',
	state: 'state',
	assumption: 'assumption',
	unknown: 'unknown',
	default: 'default',
};

export function formatStepLine(step: TraceStep, parentScope: string | undefined): string {
	if (step.kind === 'limit') {
		return `… ${step.label}`;
	}

	const details: string[] = [];
	const word = kindWords[step.kind];
	if (word !== undefined && !(step.note?.startsWith(word) ?? false)) {
		details.push(word);
	}

	const location = step.range && !step.range.filename.startsWith('<') ? formatRangeStart(step.range) : undefined;
	if (step.kind === 'tfvars' && location !== undefined) {
		// The location names the file: `set in terraform.tfvars:3:8`.
		details.push(`set in ${location}`);
	} else if (step.note !== undefined) {
		details.push(step.note);
	}

	const showLocation = step.kind !== 'tfvars';
	const scope = step.scope === parentScope ? undefined : `in ${step.scope === '' ? 'the root module' : step.scope}`;
	const where = [showLocation ? location : undefined, scope].filter(Boolean).join(' ');
	if (where !== '') {
		details.push(where);
	}

	const value = summarizeValue(step.value);
	const failed = step.note?.startsWith('failed:') === true || step.note?.startsWith('error:') === true || step.note?.startsWith('not evaluated again:') === true;
	const head = step.kind === 'seen' || failed || step.label === value ? step.label : (step.kind === 'element' ? `${step.label} → ${value}` : `${step.label} = ${value}`);
	return details.length === 0 ? head : `${head}  (${details.join(', ')})`;
}

export function formatTraceText(trace: Trace): string {
	const lines: string[] = [formatStepLine(trace.root, undefined)];
	const visit = (step: TraceStep, indent: string): void => {
		for (const [index, child] of step.children.entries()) {
			const last = index === step.children.length - 1;
			lines.push(`${indent}${last ? '└── ' : '├── '}${formatStepLine(child, step.scope)}`);
			visit(child, `${indent}${last ? '    ' : '│   '}`);
		}
	};

	visit(trace.root, '');
	const {wayOut} = trace;
	if (wayOut) {
		lines.push('', 'Not known: the trace above is cut to the steps that make it unknown.');
		if (wayOut.assume.length > 0) {
			lines.push('Pin it (a what-if for any tfscope command):', ...wayOut.assume.map(line => `  ${line}`));
		}

		if (wayOut.target.length > 0) {
			lines.push('Apply what it depends on first:', ...wayOut.target.map(line => `  terraform apply ${line}`));
		}

		if (wayOut.exclude.length > 0) {
			lines.push('Or plan without it (OpenTofu):', ...wayOut.exclude.map(line => `  tofu plan ${line}`));
		}
	}

	return `${lines.join('\n')}\n`;
}
