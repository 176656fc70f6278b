/*
Which test files may share a process (scripts/build-tests.ts runs a few to a process: each process costs about 0.85 s of CPU before its first test). Grouped files share the process's globals, its working directory, its environment, its event listeners and AVA's hooks, so a file stays alone when a test in it could reach another file's tests through the process (sharesTheProcess) or when its concurrent tests render frames (rendersConcurrently).

Serial tests are no reason to stay alone: AVA runs a process's serial tests one at a time before its concurrent ones, whichever file they come from. The frame tests are serial because React's act() must not overlap in a process; a file whose concurrent tests render frames would overlap another file's.
*/

export const sharesTheProcess = new RegExp([
	String.raw`process\.chdir`, // the working directory
	String.raw`process\.(on|once|off|addListener|removeListener|removeAllListeners|prependListener)\(`, // process events
	String.raw`process\.(exit|abort|kill)\b|process\.exitCode\s*=[^=]`, // the end of the process
	String.raw`process\.(stdout|stderr|stdin)\.\w+\s*=[^=]|Object\.defineProperty\(process`, // the process's streams
	String.raw`globalThis\.\w+\s*=[^=]|\b(Date|Math|JSON|console|Intl|Error)\.\w+\s*=[^=]`, // globals
	String.raw`process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env`, // the environment
	String.raw`\.(before|after)Each\b|\btest\.before\b`, // hooks that run around every test of the process (test.after.always runs once, at the end: it may share)
].join('|'));

const rendersFrames = String.raw`\brender(Frames)?\(`;

// A module's top-level statements: each starts at the beginning of a line.
function topLevel(text: string): string[] {
	return text.split(/\n(?=\S)/);
}

/**
The functions of a module that render frames: those that call render() or renderFrames(), or one of `rendering` (imported ones), or one of the module's own that does.
*/
export function renderingFunctions(text: string, rendering: ReadonlySet<string> = new Set()): Set<string> {
	const found = new Set(rendering);
	const definitions = topLevel(text).flatMap(chunk => {
		const name = /^(?:export )?(?:async )?(?:function\*? (\w+)|const (\w+) =)/.exec(chunk);
		return name ? [{name: name[1] ?? name[2]!, chunk}] : [];
	});
	for (let size = -1; size !== found.size;) {
		size = found.size;
		const calls = callsOf(found);
		for (const {name, chunk} of definitions) {
			if (calls.test(chunk)) {
				found.add(name);
			}
		}
	}

	return found;
}

function callsOf(names: ReadonlySet<string>): RegExp {
	return new RegExp([rendersFrames, ...[...names].map(name => String.raw`\b${name}\(`)].join('|'));
}

/**
Whether a concurrent (not serial) test of a test file renders frames, itself or through a function of the file or of a module it imports by a relative path (`readImport` gives that module's text, or '').
*/
export async function rendersConcurrently(text: string, readImport: (specifier: string) => Promise<string>): Promise<boolean> {
	const imported = new Set<string>();
	for (const [, names, specifier] of text.matchAll(/^import \{([^}]*)\} from '(\.[^']+)'/gm)) {
		// eslint-disable-next-line no-await-in-loop
		const rendering = renderingFunctions(await readImport(specifier!));
		for (const [name, local = name] of names!.split(',').map(each => each.trim().split(/\s+as\s+/))) {
			if (rendering.has(name!)) {
				imported.add(local!);
			}
		}
	}

	const calls = callsOf(renderingFunctions(text, imported));
	// A call of test() or test.failing() (not `.test(` of a regular expression).
	return topLevel(text).some(chunk => /(?<![.\w])test(\.(failing|only))*\(/.test(chunk) && calls.test(chunk));
}

/**
`files` shared out into as many groups as `size` files a group needs, evenly (17 files, 8 a group: 6, 5 and 6, not 8, 8 and 1).
*/
export function shareOut<Item>(files: readonly Item[], size: number): Item[][] {
	const count = Math.ceil(files.length / size);
	return Array.from({length: count}, (_, index) => files.slice(Math.round(index * files.length / count), Math.round((index + 1) * files.length / count)));
}
