import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';

/*
Fixture configurations under test/fixtures/configs/ mark each expected diagnostic with `# ERROR: Summary` or `# WARNING: Summary` on the line it points at; every diagnostic must be marked and every marker matched.
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'configs');

function* configurationFiles(directory: string): Generator<string> {
	for (const entry of fs.readdirSync(directory, {withFileTypes: true})) {
		const full = path.join(directory, entry.name);
		if (entry.isDirectory()) {
			yield * configurationFiles(full);
		} else if (entry.name.endsWith('.tf')) {
			yield full;
		}
	}
}

function markers(directory: string): string[] {
	const found: string[] = [];
	for (const file of configurationFiles(directory)) {
		for (const [index, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
			const match = /# (ERROR|WARNING): (.+)$/.exec(line);
			if (match) {
				found.push(`${path.relative(directory, file)}:${index + 1}: ${match[1]!.toLowerCase()}: ${match[2]!.trim()}`);
			}
		}
	}

	return found.sort();
}

for (const name of fs.readdirSync(fixtures)) {
	const directory = path.join(fixtures, name);
	const expected = markers(directory);
	if (expected.length === 0) {
		continue;
	}

	test(`diagnostics of ${name} match its markers`, async t => {
		const workspace = await loadWorkspace({directory, environment: {}});
		const actual = workspace.diagnostics.map(diagnostic => `${diagnostic.subject ? `${path.relative(directory, diagnostic.subject.filename)}:${diagnostic.subject.start.line}` : '(no location)'}: ${diagnostic.severity}: ${diagnostic.summary}`).sort();
		t.deepEqual(actual, expected);
	});
}
