import {createHash} from 'node:crypto';
import {cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/*
A fixture tree for the safety tests, and a fingerprint of a tree (a `_` file: AVA does not run it).
*/

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
The configurations the safety tests run everything over, copied under `root`: the bundled example (with a state file and a module manifest added), and the hostile cases with escape sequences, file functions, cycles and bad counts.
*/
export function buildFixtureTree(root: string): Record<string, string> {
	const directories: Record<string, string> = {
		example: path.join(root, 'example'),
		escapes: path.join(root, 'escapes'),
		functions: path.join(root, 'functions'),
		cycles: path.join(root, 'cycles'),
		counts: path.join(root, 'counts'),
	};
	cpSync(path.join(repository, 'examples/multi-region'), directories['example']!, {recursive: true});
	cpSync(path.join(repository, 'test/fixtures/hostile/escape-sequences'), directories['escapes']!, {recursive: true});
	cpSync(path.join(repository, 'test/fixtures/hostile/functions-hostile'), directories['functions']!, {recursive: true});
	cpSync(path.join(repository, 'test/fixtures/hostile/cycle-locals'), directories['cycles']!, {recursive: true});
	cpSync(path.join(repository, 'test/fixtures/hostile/count-invalid'), directories['counts']!, {recursive: true});
	// Things a careless tool would touch: a state file with its lock-free backup, a module manifest, a lock file.
	const state = {version: 4, terraform_version: '1.11.0', serial: 3, lineage: 'safety', outputs: {}, resources: [
		{mode: 'managed', type: 'terraform_data', name: 'keys', provider: 'provider["terraform.io/builtin/terraform"]', instances: [
			{index_key: 'plain', schema_version: 0, attributes: {id: 'id-\u001B]0;state title\u0007', input: 'x', output: '\u001B[2Jfrom-state'}, sensitive_attributes: []},
		]},
	]};
	writeFileSync(path.join(directories['escapes']!, 'terraform.tfstate'), JSON.stringify(state, null, 2));
	writeFileSync(path.join(directories['escapes']!, 'terraform.tfstate.backup'), JSON.stringify(state));
	writeFileSync(path.join(directories['example']!, '.terraform.lock.hcl'), '# lock file\n');
	mkdirSync(path.join(directories['example']!, '.terraform/modules'), {recursive: true});
	writeFileSync(path.join(directories['example']!, '.terraform/modules/modules.json'), JSON.stringify({Modules: [{Key: '', Source: '', Dir: '.'}]}));
	return directories;
}

/**
Every entry under `root` (hidden ones too) with its type, mode, size and content hash or link target. Access times are left out: reading may update them.
*/
export function fingerprint(root: string): Map<string, string> {
	const entries = new Map<string, string>();
	const walk = (directory: string): void => {
		for (const name of readdirSync(directory).sort()) {
			const full = path.join(directory, name);
			const relative = path.relative(root, full);
			const stat = lstatSync(full);
			if (stat.isSymbolicLink()) {
				entries.set(relative, `link ${readlinkSync(full)}`);
			} else if (stat.isDirectory()) {
				entries.set(relative, `directory ${stat.mode.toString(8)}`);
				walk(full);
			} else {
				const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
				entries.set(relative, `file ${stat.mode.toString(8)} ${stat.size} ${stat.mtimeMs} ${hash}`);
			}
		}
	};

	walk(root);
	return entries;
}
