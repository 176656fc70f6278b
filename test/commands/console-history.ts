import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {appendHistory, defaultHistoryFile, historyBytes, historyEntries, readHistory} from '../../source/ui/run/effects.js';

/*
The console history (shared by `tfscope console` and the explorer's console pane) never lands in the configuration, is private, is capped, and a failure to write it is a message, not a crash.
*/

const home = '/home/someone';

test('the history file: XDG_STATE_HOME when absolute; empty or relative falls back to ~/.local/state', t => {
	t.is(defaultHistoryFile({HOME: home, XDG_STATE_HOME: '/state'}), '/state/tfscope/console-history');
	t.is(defaultHistoryFile({HOME: home}), '/home/someone/.local/state/tfscope/console-history');
	t.is(defaultHistoryFile({HOME: home, XDG_STATE_HOME: ''}), '/home/someone/.local/state/tfscope/console-history');
	t.is(defaultHistoryFile({HOME: home, XDG_STATE_HOME: '.'}), '/home/someone/.local/state/tfscope/console-history');
	t.is(defaultHistoryFile({HOME: home, XDG_STATE_HOME: 'state'}), '/home/someone/.local/state/tfscope/console-history');
	t.true(path.isAbsolute(defaultHistoryFile({HOME: 'relative'})));
});

test('created 0600 in a 0700 directory; multi-line entries survive', t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-history-'));
	const file = path.join(directory, 'tfscope', 'console-history');
	const oldMask = process.umask(0);
	try {
		t.is(appendHistory(file, 'var.x'), undefined);
		t.is(appendHistory(file, 'upper(\n  "x")'), undefined);
	} finally {
		process.umask(oldMask);
	}

	t.is(statSync(file).mode & 0o777, 0o600);
	t.is(statSync(path.dirname(file)).mode & 0o777, 0o700);
	t.deepEqual(readHistory(file), ['var.x', 'upper(\n  "x")']);
	rmSync(directory, {recursive: true});
});

test(`capped: trimmed to the newest ${historyEntries} entries past ${2 * historyBytes / 1024} KiB; a huge entry is not recorded`, t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-history-'));
	const file = path.join(directory, 'console-history');
	const entry = (index: number) => `"${String(index).padStart(1000, 'x')}"`;
	writeFileSync(file, Array.from({length: 520}, (_, index) => JSON.stringify(entry(index)) + '\n').join(''));
	t.is(appendHistory(file, 'last'), undefined);
	const kept = readHistory(file);
	t.is(kept.length, historyEntries);
	t.is(kept.at(-1), 'last');
	t.is(kept[0], entry(21));
	t.true(statSync(file).size < 2 * historyBytes);
	t.is(appendHistory(file, 'x'.repeat(historyBytes + 1)), undefined);
	t.is(readHistory(file).at(-1), 'last');
	rmSync(directory, {recursive: true});
});

test('a failure to write is a message, not an exception', t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-history-'));
	// A file where the directory should be.
	writeFileSync(path.join(directory, 'tfscope'), 'not a directory');
	const message = appendHistory(path.join(directory, 'tfscope', 'console-history'), 'var.x');
	t.regex(message ?? '', /^console history not saved to .*console-history: (ENOTDIR|EEXIST)/);
	mkdirSync(path.join(directory, 'locked'));
	chmodSync(path.join(directory, 'locked'), 0o500);
	if (process.getuid?.() !== 0) {
		t.regex(appendHistory(path.join(directory, 'locked', 'console-history'), 'var.x') ?? '', /EACCES/);
	}

	t.is(readFileSync(path.join(directory, 'tfscope'), 'utf8'), 'not a directory');
	rmSync(directory, {recursive: true});
});
