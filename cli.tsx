#!/usr/bin/env node
import module from 'node:module';

// Node 22.1 and later keep V8's compiled code of the tool between runs (in the operating system's temporary directory, as Node chooses; NODE_DISABLE_COMPILE_CACHE=1 turns it off): the explorer's bundle is then not compiled again at each start. Older Node has no such call and compiles as before. The rest is imported after it, so the cache covers all of it.
(module as {enableCompileCache?: () => unknown}).enableCompileCache?.();
const {runCli} = await import('./source/cli-process.js');
await runCli();
