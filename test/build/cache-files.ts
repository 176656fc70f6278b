import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {buildOfCacheFile, cacheName, staleCacheFiles} from '../../scripts/bundle/cache-files.js';

const current = 'aaaa-v20.20.0-x64-';

test('a cache file names its build before the command; other names are no cache files', t => {
	t.is(buildOfCacheFile('aaaa-v20.20.0-x64-console.bin'), current);
	t.is(buildOfCacheFile('aaaa-v22.0.0-rc.1-arm64-graph.bin'), 'aaaa-v22.0.0-rc.1-arm64-');
	t.is(buildOfCacheFile('aaaa-v20.20.0-x64-console.bin.1234'), undefined);
	t.is(buildOfCacheFile('notes.txt'), undefined);
});

test('the caches of the two builds used last are kept beside the running build\'s; older builds\' go', t => {
	const files = [
		{name: `${current}console.bin`, modifiedMs: 1},
		{name: `${current}graph.bin`, modifiedMs: 1},
		{name: 'bbbb-v20.20.0-x64-console.bin', modifiedMs: 50},
		{name: 'bbbb-v20.20.0-x64-check.bin', modifiedMs: 10},
		{name: 'cccc-v20.20.0-x64-console.bin', modifiedMs: 40},
		{name: 'dddd-v20.20.0-x64-console.bin', modifiedMs: 30},
		{name: 'dddd-v20.20.0-x64-parse.bin', modifiedMs: 20},
		{name: 'eeee-v18.0.0-x64-console.bin', modifiedMs: 5},
		{name: 'bbbb-v20.20.0-x64-console.bin.99', modifiedMs: 100},
	];
	t.deepEqual(staleCacheFiles(files, current), ['dddd-v20.20.0-x64-console.bin', 'dddd-v20.20.0-x64-parse.bin', 'eeee-v18.0.0-x64-console.bin']);
	t.deepEqual(staleCacheFiles(files.slice(0, 4), current), []);
});

test('a command\'s code cache is named for whether its directory has configuration files', t => {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-cache-name-'));
	try {
		const configuration = path.join(scratch, 'configuration');
		const empty = path.join(scratch, 'empty');
		mkdirSync(configuration);
		mkdirSync(empty);
		writeFileSync(path.join(configuration, 'main.tf'), '');
		writeFileSync(path.join(scratch, 'values.tfvars'), '');
		t.is(cacheName('console', ['console'], configuration), 'console');
		t.is(cacheName('console', ['console'], empty), 'console_bare');
		t.is(cacheName('check', ['check', 'configuration'], scratch), 'check');
		t.is(cacheName('check', ['check', '--var-file', 'values.tfvars', 'empty'], scratch), 'check_bare');
		// An address or a variable's value is no directory: the next argument, or the working directory.
		t.is(cacheName('why', ['why', 'aws_instance.web', 'configuration'], scratch), 'why');
		t.is(cacheName('console', ['console', '-var', 'region=eu'], configuration), 'console');
		t.is(cacheName('parse', ['parse', 'main.tf'], empty), 'parse');
		t.is(buildOfCacheFile(`${current}console_bare.bin`), current);
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
});
