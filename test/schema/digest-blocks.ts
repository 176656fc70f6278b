import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {type DigestBlock} from '../../source/schema/digest.js';
import {digestOfFile} from '../../source/schema/digest-file.js';

/*
Every bundled digest keeps nested blocks as blocks at every depth (#38, A). The generator once read every block below the first level of an at-most-one block as an attribute of object type, so a block that left out an optional field failed with "attributes ... are required". In the digests' sources (CDK for Terraform packages), an attribute of object type that is not a nested attribute (those are marked `nested`) is a block in attribute mode, which providers always make computed; so an object-typed attribute that is neither computed nor nested, at any depth, is a block read wrongly.
*/

const schemas = path.join(import.meta.dirname, '..', '..', 'schemas');
const index = JSON.parse(fs.readFileSync(path.join(schemas, 'index.json'), 'utf8')) as {providers: Array<{provider: string; file: string}>};

function holdsObject(type: unknown): boolean {
	if (!Array.isArray(type)) {
		return false;
	}

	if (type[0] === 'object') {
		return true;
	}

	return (type[0] === 'list' || type[0] === 'set' || type[0] === 'map') && holdsObject(type[1]);
}

function blocksReadAsAttributes(block: DigestBlock, where: string, found: string[]): void {
	for (const [name, [type, flags]] of Object.entries(block.a ?? {})) {
		const nested = Array.isArray(type) && type[0] === 'nested';
		if (!nested && !flags.includes('c') && holdsObject(type)) {
			found.push(`${where}.${name}`);
		}

		if (nested) {
			blocksReadAsAttributes(type[2] as DigestBlock, `${where}.${name}`, found);
		}
	}

	for (const [name, [, nested]] of Object.entries(block.b ?? {})) {
		blocksReadAsAttributes(nested, `${where}.${name}`, found);
	}
}

for (const entry of index.providers) {
	test(`${entry.provider}: no nested block is read as an attribute, at any depth, in any type`, t => {
		const digest = digestOfFile(fs.readFileSync(path.join(schemas, entry.file)));
		t.truthy(digest, entry.file);
		const found: string[] = [];
		for (const [kind, types] of [['resource', digest!.resources], ['data', digest!.data], ['ephemeral', digest!.ephemeral]] as const) {
			for (const [type, block] of Object.entries(types)) {
				blocksReadAsAttributes(block, `${kind} ${type}`, found);
			}
		}

		if (digest!.providerBlock) {
			blocksReadAsAttributes(digest!.providerBlock, 'provider', found);
		}

		t.deepEqual(found.slice(0, 20), [], `${found.length} blocks read as attributes`);
	});
}

test('a block three levels down that leaves out optional fields loads, and its values read as written (google-beta, #38 A)', async t => {
	const {loadWorkspace} = await import('../../source/workspace.js');
	const os = await import('node:os');
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-digest-'));
	fs.writeFileSync(path.join(directory, 'main.tf'), `resource "google_tpu_v2_queued_resource" "q" {
  provider = google-beta
  name     = "q"
  tpu {
    node_spec {
      parent  = "projects/p/locations/z"
      node_id = "n"
      node {
        accelerator_type = "v5litepod-1"
        runtime_version  = "v2-alpha-tpuv5-lite"
      }
    }
  }
}

resource "google_cloud_run_v2_service" "s" {
  name     = "s"
  location = "europe-west1"
  template {
    volumes {
      name = "v"
      gcs {
        bucket = "b"
      }
    }
    containers {
      image = "i"
    }
  }
}
`);
	const workspace = await loadWorkspace({directory, environment: {}});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail}`), []);
	const read = (expression: string) => {
		const result = workspace.evaluateAt(expression);
		return [result.diagnostics.map(diagnostic => diagnostic.summary), result.value.kind === 'string' ? result.value.value : result.value.kind] as const;
	};

	t.deepEqual(read('google_tpu_v2_queued_resource.q.tpu[0].node_spec[0].node[0].accelerator_type'), [[], 'v5litepod-1']);
	t.deepEqual(read('google_cloud_run_v2_service.s.template[0].volumes[0].gcs[0].bucket'), [[], 'b']);
	fs.rmSync(directory, {recursive: true, force: true});
});
