import test from 'ava';
import {activeScopes, bindings, resolveKey, statusBindings} from '../../../source/ui/input/keymap.js';
import {createInitialState} from '../../../source/ui/state/state.js';

test('ids are unique', t => {
	const ids = bindings.map(binding => binding.id);
	t.is(new Set(ids).size, ids.length);
});

test('no key is bound twice in one scope', t => {
	const seen = new Set<string>();
	for (const binding of bindings) {
		for (const key of binding.keys) {
			const id = `${binding.scope} ${key}`;
			t.false(seen.has(id), id);
			seen.add(id);
		}
	}
});

const resolves = test.macro({
	exec(t, key: string, state: Parameters<typeof resolveKey>[1], expected: string | undefined) {
		const actual: string | undefined = resolveKey(key, state)?.id;
		t.is(actual, expected);
	},
	title: (_title, key: string, state: Parameters<typeof resolveKey>[1], expected: string | undefined) => `${key} in ${activeScopes(state).join('>')} → ${expected ?? 'nothing'}`,
});

test(resolves, 'j', createInitialState(), 'move-down');
test(resolves, 'right', createInitialState(), 'pane-right');
test(resolves, 'right', createInitialState({focus: 'details'}), 'details-next-instance');
test(resolves, 'q', createInitialState({focus: 'console'}), undefined);
test(resolves, 'up', createInitialState({focus: 'console'}), 'history-previous');
test(resolves, 'ctrl+c', createInitialState({focus: 'console'}), 'force-quit');
test(resolves, 'enter', createInitialState({overlay: {kind: 'prompt', purpose: 'go-to', text: '', cursor: 0}}), 'prompt-accept');
test(resolves, 'j', createInitialState({overlay: {kind: 'prompt', purpose: 'go-to', text: '', cursor: 0}}), undefined);
test(resolves, 'j', createInitialState({overlay: {kind: 'graph', center: '', cursor: 0}}), 'graph-next');
test(resolves, 'y', createInitialState({overlay: {kind: 'graph', center: '', cursor: 0}}), 'copy-address');
test(resolves, 'j', createInitialState({overlay: {kind: 'help', scroll: 0}}), 'help-scroll-down');

test('the status bar shows the focused scope\'s keys first, and global ones it does not shadow', t => {
	const details = statusBindings(createInitialState({focus: 'details'})).map(binding => binding.id);
	t.deepEqual(details.slice(0, 2), ['details-next-target', 'details-assume']);
	t.true(details.includes('toggle-help'));
	const console = statusBindings(createInitialState({focus: 'console'})).map(binding => binding.id);
	t.true(console.every(id => bindings.find(binding => binding.id === id)?.scope === 'console'));
});
