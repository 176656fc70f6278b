import {spawnSync} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {generateConfiguration, sizePreset, writeConfiguration} from './generate.js';
import {type Command, available, figures, paired} from './processes.js';
import {repositoryRoot} from './stages.js';
import {report} from './statistics.js';
import {terraformDataConfiguration, terraformDataReplacements} from './terraform-data.js';

/*
Child process: tfscope side by side with Terraform on the `terraform_data` twin of a generated configuration (bench/terraform-data.ts), whole processes in alternation (bench/processes.ts): `tfscope instances` against `terraform plan` + `terraform show -json` (and both must list the same resource instances), `tfscope graph` against `terraform graph -type=plan`, `tfscope console` against `terraform console` for a local, a function call and a module output, `tfscope check` against `terraform validate`. tfscope runs from the bundle (distribution/cli.js, `npm run build`). Without `terraform` on the PATH, or without the bundle, it reports that and measures nothing.
Usage: node --import tsx bench/measure-terraform.ts SCALE ROUNDS PLAN_ROUNDS
*/

const [scaleText = '1', roundsText = '5', planRoundsText = '3'] = process.argv.slice(2);
const scale = Number(scaleText);
const rounds = Math.max(1, Number(roundsText));
const planRounds = Math.max(1, Number(planRoundsText));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');

if (!available('terraform')) {
	report({available: true, terraform: false, reason: 'terraform is not installed'});
	process.exit(0);
}

if (!existsSync(cli)) {
	report({available: true, terraform: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

const directory = path.join(repositoryRoot, 'bench', 'generated', `terraform-data-${scale}x`);
const configuration = terraformDataConfiguration(generateConfiguration(sizePreset(scale)));
writeConfiguration(configuration, directory);
// Offline: no CLI configuration, no update check; the built-in provider and local modules need no download.
const terraformEnvironment = {TF_CLI_CONFIG_FILE: '/dev/null', CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1'};
const init = spawnSync('terraform', ['init', '-backend=false', '-input=false', '-no-color'], {
	cwd: directory, env: {...process.env, ...terraformEnvironment}, encoding: 'utf8',
});
if (init.status !== 0) {
	report({available: true, terraform: true, error: `terraform init failed: ${init.stderr.trim().split('\n').slice(-3).join(' | ')}`});
	process.exit(0);
}

const tfscope = (argv: readonly string[], stdin?: string): Command => ({
	argv: [process.execPath, cli, ...argv], cwd: directory, stdin, env: {CI: '0', NO_COLOR: '1'},
});
const terraform = (argv: readonly string[], stdin?: string): Command => ({
	argv: ['terraform', ...argv], cwd: directory, stdin, env: terraformEnvironment,
});
const planFile = path.join(directory, 'bench.tfplan');
const planAndShow: Command = {
	shell: `terraform plan -input=false -lock=false -refresh=false -no-color -out="${planFile}" > /dev/null && terraform show -json "${planFile}"`,
	cwd: directory,
	env: terraformEnvironment,
};

/**
The resource instance addresses each side lists: tfscope's `instances` lines naming a resource, Terraform's planned `resource_changes`.
*/
function sameInstances(tfscopeText: string, planJson: string): {same: boolean; tfscope: number; terraform: number; onlyTfscope?: string; onlyTerraform?: string} {
	const ours = new Set(tfscopeText.split('\n').filter(line => /(^|\.)terraform_data\./.test(line)));
	let theirs = new Set<string>();
	try {
		const plan = JSON.parse(planJson) as {resource_changes?: Array<{address: string}>};
		theirs = new Set((plan.resource_changes ?? []).map(change => change.address));
	} catch {}

	const onlyTfscope = [...ours].find(address => !theirs.has(address));
	const onlyTerraform = [...theirs].find(address => !ours.has(address));
	return {
		same: onlyTfscope === undefined && onlyTerraform === undefined && ours.size > 0, tfscope: ours.size, terraform: theirs.size, onlyTfscope, onlyTerraform,
	};
}

const expressions = {
	local: 'local.environments',
	function: 'cidrsubnet("10.0.0.0/16", 8, 12)',
	output: 'module.svc_000["prod"].zone_names',
};

// A plan of 4x takes minutes: its first timed round is also the one whose addresses are compared.
const instances = paired(tfscope(['instances', '.']), planAndShow, planRounds, {warmUpB: scale <= 1});
const check = sameInstances(instances.firstA.stdout, instances.firstB.stdout);
rmSync(planFile, {force: true});
const graph = paired(tfscope(['graph', '.']), terraform(['graph', '-type=plan']), rounds);
const consoles = Object.fromEntries(Object.entries(expressions).map(([name, expression]) => {
	const result = paired(tfscope(['console', '.'], `${expression}\n`), terraform(['console'], `${expression}\n`), rounds);
	return [name, {
		expression, ...figures(result), same: result.firstA.stdout.trim() === result.firstB.stdout.trim(), tfscopeOutput: result.firstA.stdout.trim().slice(0, 200), terraformOutput: result.firstB.stdout.trim().slice(0, 200),
	}];
}));
const validate = paired(tfscope(['check', '.']), terraform(['validate', '-no-color']), rounds);

report({
	available: true,
	terraform: true,
	terraformVersion: spawnSync('terraform', ['version'], {encoding: 'utf8', env: {...process.env, ...terraformEnvironment}}).stdout.split('\n')[0],
	scale,
	files: configuration.files.length,
	resourceInstances: configuration.resourceInstances,
	replacements: terraformDataReplacements,
	instances: {...figures(instances), ...check},
	graph: figures(graph),
	console: consoles,
	validate: figures(validate),
});
