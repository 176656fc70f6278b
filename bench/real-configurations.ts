import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/*
Real public configurations the bench measures when a copy is on the machine (they are other people's code: not committed, not fetched by the bench). Where a copy is absent, its figures are `n/a`.
*/

export type RealConfiguration = {
	readonly name: string;
	readonly directory: string;
	readonly commit: string | undefined;
	/** `--var` arguments it needs (its required variables). */
	readonly variables: readonly string[];
};

/**
Azure/terraform-azurerm-caf-enterprise-scale, its root module with the three variables it needs: 160 policy definitions in one `for_each` block (`azurerm_policy_definition.enterprise_scale`), keys that are whole Azure resource ids. `TFSCOPE_ENTERPRISE_SCALE` names a checkout or a bare git directory (default: the mirror this project's machines keep); a bare one is extracted once (`git archive`) under `generated`.
*/
export function enterpriseScale(generated: string): RealConfiguration | undefined {
	const source = process.env['TFSCOPE_ENTERPRISE_SCALE'] ?? '/work/.mirror/Azure+terraform-azurerm-caf-enterprise-scale/repo';
	const variables = ['root_parent_id=tenant', 'root_id=myorg', 'default_location=westeurope'];
	const name = 'Azure enterprise-scale';
	try {
		if (existsSync(path.join(source, 'main.tf'))) {
			return {name, directory: source, commit: undefined, variables};
		}

		if (!existsSync(path.join(source, 'HEAD')) || !existsSync(path.join(source, 'objects'))) {
			return undefined;
		}

		const commit = execFileSync('git', ['-C', source, 'rev-parse', 'HEAD'], {encoding: 'utf8'}).trim();
		const directory = path.join(generated, `enterprise-scale-${commit.slice(0, 12)}`);
		if (!existsSync(path.join(directory, 'main.tf'))) {
			rmSync(directory, {recursive: true, force: true});
			mkdirSync(directory, {recursive: true});
			const archive = execFileSync('git', ['-C', source, 'archive', '--format=tar', commit], {maxBuffer: 256 * 2 ** 20});
			execFileSync('tar', ['-x', '-C', directory], {input: archive});
		}

		return {name, directory, commit, variables};
	} catch {
		return undefined;
	}
}
