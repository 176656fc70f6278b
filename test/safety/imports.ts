import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import ts from 'typescript';

/*
tfscope never writes, executes or connects. This test reads every file under source/ (and cli.tsx) with the TypeScript parser and fails on anything that could: imports of process, network and worker modules, filesystem write APIs, `fetch`/WebSocket, `eval`/`new Function`, and module names the scan cannot see (computed `import()`/`require()`).
*/

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const forbiddenModules = new Set([
	'child_process', 'cluster', 'dgram', 'dns', 'http', 'http2', 'https', 'inspector', 'net', 'tls', 'worker_threads', 'vm', 'repl',
].flatMap(name => [name, `node:${name}`, `${name}/promises`, `node:${name}/promises`]));

const filesystemModules = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

// Every API of node:fs that creates, changes or deletes something on disk.
const filesystemWrites = new Set([
	'appendFile', 'appendFileSync', 'chmod', 'chmodSync', 'chown', 'chownSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync',
	'createWriteStream', 'fchmod', 'fchown', 'fdatasync', 'fsync', 'ftruncate', 'futimes', 'lchmod', 'lchown', 'link', 'linkSync', 'lutimes',
	'mkdir', 'mkdirSync', 'mkdtemp', 'mkdtempSync', 'rename', 'renameSync', 'rm', 'rmSync', 'rmdir', 'rmdirSync', 'symlink', 'symlinkSync',
	'truncate', 'truncateSync', 'unlink', 'unlinkSync', 'utimes', 'utimesSync', 'write', 'writeFile', 'writeFileSync', 'writeSync', 'writev', 'writevSync',
]);

const forbiddenGlobals = new Set(['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource', 'eval']);

/**
Files allowed to use one of the write APIs above, each with what for. Keep this empty unless a feature needs it, and say where it writes.
*/
const writeAllowances: ReadonlyMap<string, {readonly apis: readonly string[]; readonly reason: string}> = new Map([
	['source/ui/run/effects.ts', {apis: ['mkdirSync', 'appendFileSync', 'writeFileSync'], reason: 'the console history, appended to $XDG_STATE_HOME/tfscope/console-history (default ~/.local/state/tfscope), never inside the configuration'}],
]);

/**
Files allowed to import one of the modules above, each with what for. A worker thread runs only tfscope's own code, never anything from the configuration.
*/
const moduleAllowances: ReadonlyMap<string, {readonly modules: readonly string[]; readonly reason: string}> = new Map([
	['source/ui/data/console-thread.ts', {modules: ['node:worker_threads'], reason: 'starts the explorer\'s console worker (console-worker.ts, or its built file in distribution/), so q and Ctrl-C answer while a line evaluates'}],
	['source/ui/data/console-worker.ts', {modules: ['node:worker_threads'], reason: 'the console worker itself: it reads its options and answers lines over its parent port'}],
]);

export type Finding = {readonly line: number; readonly text: string};

/**
Everything in one file's source that could write, execute or connect.
*/
export function scanSource(text: string, filename: string, allowedWrites: ReadonlySet<string> = new Set(), allowedModules: ReadonlySet<string> = new Set()): Finding[] {
	const file = ts.createSourceFile(filename, text, ts.ScriptTarget.Latest, true, filename.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
	const findings: Finding[] = [];
	const report = (node: ts.Node, message: string): void => {
		findings.push({line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: message});
	};

	// Names bound to node:fs (default, namespace or named imports) in this file.
	const filesystemNames = new Set<string>();
	const checkModule = (node: ts.Node, specifier: string): void => {
		if (forbiddenModules.has(specifier) && !allowedModules.has(specifier)) {
			report(node, `imports ${specifier}`);
		}
	};

	const visit = (node: ts.Node): void => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			const specifier = node.moduleSpecifier.text;
			checkModule(node, specifier);
			if (filesystemModules.has(specifier) && ts.isImportDeclaration(node) && node.importClause) {
				const clause = node.importClause;
				if (clause.name) {
					filesystemNames.add(clause.name.text);
				}

				const bindings = clause.namedBindings;
				if (bindings && ts.isNamespaceImport(bindings)) {
					filesystemNames.add(bindings.name.text);
				} else if (bindings) {
					for (const element of bindings.elements) {
						const imported = (element.propertyName ?? element.name).text;
						if (filesystemWrites.has(imported) && !allowedWrites.has(imported)) {
							report(element, `imports the write API ${imported} from ${specifier}`);
						}
					}
				}
			}
		}

		if (ts.isCallExpression(node)) {
			const callee = node.expression;
			const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
			const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
			if (isImport || isRequire) {
				const [argument] = node.arguments;
				if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) {
					checkModule(node, argument.text);
				} else {
					report(node, `${isImport ? 'import()' : 'require()'} of a computed module name`);
				}
			}

			if (ts.isIdentifier(callee) && forbiddenGlobals.has(callee.text)) {
				report(node, `calls ${callee.text}`);
			}
		}

		if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && (forbiddenGlobals.has(node.expression.text) || node.expression.text === 'Function')) {
			report(node, `new ${node.expression.text}`);
		}

		if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
			const object = node.expression.text;
			const name = node.name.text;
			if (filesystemNames.has(object) && filesystemWrites.has(name) && !allowedWrites.has(name)) {
				report(node, `uses the write API ${object}.${name}`);
			}

			if ((object === 'globalThis' || object === 'window') && forbiddenGlobals.has(name)) {
				report(node, `uses ${object}.${name}`);
			}

			if (object === 'process' && ['binding', 'dlopen', '_linkedBinding'].includes(name)) {
				report(node, `uses process.${name}`);
			}
		}

		ts.forEachChild(node, visit);
	};

	visit(file);
	return findings;
}

function sourceFiles(directory: string): string[] {
	return readdirSync(directory, {withFileTypes: true}).flatMap(entry => {
		const full = path.join(directory, entry.name);
		if (entry.isDirectory()) {
			return sourceFiles(full);
		}

		return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
	});
}

const scanned = [...sourceFiles(path.join(root, 'source')), path.join(root, 'cli.tsx')];

test('nothing in source/ or cli.tsx spawns, connects, evaluates code or writes files', t => {
	t.true(scanned.length > 10, 'the scan sees the sources');
	const problems: string[] = [];
	for (const file of scanned) {
		const relative = path.relative(root, file);
		const allowance = writeAllowances.get(relative);
		for (const finding of scanSource(readFileSync(file, 'utf8'), file, new Set(allowance?.apis ?? []), new Set(moduleAllowances.get(relative)?.modules ?? []))) {
			problems.push(`${relative}:${finding.line}: ${finding.text}`);
		}
	}

	t.deepEqual(problems, []);
});

test('every write and module allowance names a file that exists', t => {
	for (const file of [...writeAllowances.keys(), ...moduleAllowances.keys()]) {
		t.true(scanned.includes(path.join(root, file)), file);
	}

	t.pass();
});

// The scanner itself: each snippet must be caught (or, for the last ones, accepted).
const scannerCases: ReadonlyArray<[string, string[]]> = [
	['import {spawn} from "node:child_process";', ['imports node:child_process']],
	['import cp from "child_process";', ['imports child_process']],
	['export {request} from "node:https";', ['imports node:https']],
	['const net = await import("node:net");', ['imports node:net']],
	['const x = require("http");', ['imports http']],
	['const name = "net"; await import(name);', ['import() of a computed module name']],
	['import {Worker} from "node:worker_threads";', ['imports node:worker_threads']],
	['import {writeFileSync} from "node:fs";', ['imports the write API writeFileSync from node:fs']],
	['import {writeFile as w} from "node:fs/promises";', ['imports the write API writeFile from node:fs/promises']],
	['import fs from "node:fs"; fs.rmSync("x");', ['uses the write API fs.rmSync']],
	['import * as fs from "node:fs/promises"; await fs.mkdir("x");', ['uses the write API fs.mkdir']],
	['await fetch("https://example.com");', ['calls fetch']],
	['globalThis.fetch("x");', ['uses globalThis.fetch']],
	['new WebSocket("ws://x");', ['new WebSocket']],
	['eval("1 + 1");', ['calls eval']],
	['const f = new Function("return 1");', ['new Function']],
	['process.binding("fs");', ['uses process.binding']],
	['import {readFileSync, statSync} from "node:fs"; readFileSync("a");', []],
	['import {readFile} from "node:fs/promises"; const data = {write: 1}; data.write;', []],
	['process.stdout.write("hello");', []],
];

for (const [snippet, expected] of scannerCases) {
	test(`scanner: ${snippet}`, t => {
		t.deepEqual(scanSource(snippet, 'snippet.ts').map(finding => finding.text), expected);
	});
}
