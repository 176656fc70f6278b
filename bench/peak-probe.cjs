/*
Preloaded (`node --require`) into the bundled tool by bench/measure-tool.ts: when the process exits, writes its peak resident memory and CPU time to $TFSCOPE_PEAK_FILE. CommonJS, so preloading it starts no ES module loader the command itself would not start.
*/
const {writeFileSync} = require('node:fs');
const process = require('node:process');

const file = process.env.TFSCOPE_PEAK_FILE;
if (file) {
	process.on('exit', () => {
		const usage = process.resourceUsage();
		writeFileSync(file, JSON.stringify({peakMb: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000}));
	});
}
