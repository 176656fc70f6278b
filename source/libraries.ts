import {createRequire} from 'node:module';
import type * as NodeCrypto from 'node:crypto';
import type * as NodeZlib from 'node:zlib';
import type * as Bcryptjs from 'bcryptjs';
import type * as IconvLite from 'iconv-lite';
import type * as Re2js from 're2js';
import type * as Yaml from 'yaml';

/*
The large libraries only a few functions or views use, loaded on first use, synchronously (evaluation is synchronous): RE2 regular expressions, YAML, legacy text encodings and bcrypt together are about 0.9 MB of JavaScript, which every start would otherwise compile; Node's own crypto and zlib modules take a few milliseconds each to load (more in the explorer, which loads them after setting its V8 flags, so from source: crypto about 10 ms of CPU before the first frame, for a state file's decryption). From the sources Node finds them in node_modules; the bundle (scripts/build.ts) builds each into distribution/vendor/NAME.cjs and rewrites the `require` below to load from there.
*/

const require = createRequire(import.meta.url);

function once<T>(load: () => T): () => T {
	let library: T | undefined;
	return () => {
		library ??= load();
		return library;
	};
}

export const nodeCrypto = once(() => require('node:crypto') as typeof NodeCrypto);
export const nodeZlib = once(() => require('node:zlib') as typeof NodeZlib);
export const re2js = once(() => require('re2js') as typeof Re2js);
export const yaml = once(() => require('yaml') as typeof Yaml);
export const iconvLite = once(() => require('iconv-lite') as typeof IconvLite);
export const bcryptjs = once(() => require('bcryptjs') as typeof Bcryptjs);
