/**
AVA's `test` with every title it is given prefixed: scripts/build-tests.ts runs several test files in one process, and a title then says which file it is from (AVA requires the titles of one process to differ). Hooks and chains (`test.serial.failing`, `test.after.always`) are prefixed alike; `test.macro` and `test.meta` are AVA's own.
*/
export function titled<Test extends object>(test: Test, prefix: string): Test {
	const wrap = <Target extends object>(target: Target): Target => new Proxy(target, {
		apply(function_, thisArgument, arguments_: unknown[]) {
			const [title, ...rest] = arguments_;
			return Reflect.apply(function_ as (...arguments_: unknown[]) => unknown, thisArgument, typeof title === 'string' ? [`${prefix} › ${title}`, ...rest] : arguments_);
		},
		get(object, key, receiver) {
			const value: unknown = Reflect.get(object, key, receiver);
			return typeof value === 'function' && key !== 'macro' ? wrap(value) : value;
		},
	});
	return wrap(test);
}
