import test from 'ava';
import {parseConfig} from '../../source/hcl/index.js';
import {generateConfiguration, generateParseCorpus, sizePreset} from '../../bench/generate.js';

/*
The benchmark generator must keep writing valid configurations (the bench is not part of `npm test`, so this is what keeps it from rotting).
*/

const tiny = {...sizePreset(1), services: 2, moduleInstances: 2, moduleDepth: 2, resourcesPerModule: 5};

test('a tiny generated configuration parses without diagnostics', t => {
	const configuration = generateConfiguration(tiny);
	t.true(configuration.files.length > 5);
	for (const file of configuration.files) {
		t.deepEqual(parseConfig(file.text, file.path).diagnostics, [], file.path);
	}
});

test('the generator is deterministic and its counts follow from the options', t => {
	const first = generateConfiguration(tiny);
	const second = generateConfiguration(tiny);
	t.deepEqual(first.files, second.files);
	t.notDeepEqual(generateConfiguration({...tiny, seed: 2}).files, first.files);
	// 2 services x 2 instances x 2 levels = 8 module instances; 5 blocks each: 1 + 1 + count 7 + 8 + 8 = 25 instances.
	t.is(first.moduleInstances, 8);
	t.is(first.resources, 40);
	t.is(first.resourceInstances, 200);
	t.is(first.resourceBlocks, 20);
	const text = first.files.map(file => file.text).join('\n');
	t.is(text.match(/^resource "/gm)?.length, first.resourceBlocks);
});

test('the benchmark presets are 1x, 2x, 4x of 2,500 resources, 4x being 10,000 resources and 50,000 instances', t => {
	for (const scale of [1, 2, 4]) {
		const options = sizePreset(scale);
		const moduleInstances = options.services * options.moduleInstances * options.moduleDepth;
		t.is(moduleInstances * options.resourcesPerModule, 2500 * scale);
	}

	const largest = generateConfiguration(sizePreset(4));
	t.is(largest.resources, 10_000);
	t.is(largest.resourceInstances, 50_000);
});

test('the parse corpus reaches the size asked for', t => {
	const files = generateParseCorpus(300_000);
	t.true(files.reduce((sum, file) => sum + file.text.length, 0) >= 300_000);
	t.is(new Set(files.map(file => file.path)).size, files.length);
});
