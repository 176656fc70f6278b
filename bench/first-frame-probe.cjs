const {writeFileSync} = require('node:fs');
const process = require('node:process');

/*
Preloaded (`node --require`) into the bundled tool by bench/first-frame.ts: watches what the explorer writes to the terminal and, at the first frame that shows the module tree ("Modules N" in the tree pane's title), writes the process's CPU time and age so far to $TFSCOPE_FIRST_FRAME_FILE and exits. Plain CommonJS, so it runs without tsx and adds nothing to what the tool loads: preloaded with `--import` (an ES module), it started Node's ES module loader, and with it Node ran the tool's CommonJS program through that loader (translators, the CommonJS export lexer), tens of milliseconds of CPU a user's start does not have.
*/

const file = process.env.TFSCOPE_FIRST_FRAME_FILE;
if (file) {
	const write = process.stdout.write.bind(process.stdout);
	let seen = '';
	let done = false;
	process.stdout.write = (chunk, ...rest) => {
		// Exiting writes again (the terminal restored, Ink unmounted): the time was taken at the first frame, and only then.
		if (done) {
			return write(chunk, ...rest);
		}

		seen = (seen + String(chunk)).slice(-20_000);
		// eslint-disable-next-line no-control-regex -- terminal escapes are what is stripped
		if (/Modules \d+/.test(seen.replaceAll(/\u001B\[[\d;?]*[a-zA-Z]/g, ''))) {
			done = true;
			const {user, system} = process.cpuUsage();
			writeFileSync(file, JSON.stringify({cpuMs: (user + system) / 1000, wallMs: process.uptime() * 1000}));
			process.exit(0);
		}

		return write(chunk, ...rest);
	};
}
