import process from 'node:process';
import v8 from 'node:v8';

/*
V8's settings for the tool's processes, measured on Node 20's V8 (11.x; other versions run with V8's defaults). scripts/build.ts sets them for the commands before their build is compiled (and says why each); the explorer sets them once its own modules are loaded (run-explorer.tsx).
- `--interrupt-budget` eight times Node 20's default: TurboFan (on threads of its own, CPU time all the same) compiled hundreds of functions that then ran a few milliseconds; code that runs long is still optimised.
- `--semi-space-growth-factor=1`: the young generation stays at its initial size instead of doubling up to 16 MB, each doubling touching fresh pages (page faults were a quarter of a short process's time).
*/
export const toolV8Flags = '--interrupt-budget=540672 --semi-space-growth-factor=1';

/**
Sets toolV8Flags now, on the V8 they were measured on. Both are read as V8 runs (when a function's budget is spent, when the young generation would grow), so setting them late is safe. A Node module first required after this call is compiled from its source (V8 rejects the binary's code caches under other flags): call it once the modules a process needs are loaded.
*/
export function useToolV8Flags(): void {
	if (process.versions.v8.startsWith('11.')) {
		v8.setFlagsFromString(toolV8Flags);
	}
}
