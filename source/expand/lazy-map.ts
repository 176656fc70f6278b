/*
A read-only Map whose values are computed on first `get` and memoised, so a scope can offer every local value, variable, resource and module of a module instance while evaluating only what an expression reads. Iterating values computes them all. It extends Map so `instanceof Map` holds; the Map's own storage is not used.
*/

export class LazyMap<V> extends Map<string, V> {
	readonly #names: readonly string[];
	// Made on first use: every module instance has five of these, and many are never read.
	#knownSet: ReadonlySet<string> | undefined;
	#valueMap: Map<string, V> | undefined;
	readonly #compute: (name: string) => V;

	constructor(names: Iterable<string>, compute: (name: string) => V) {
		super();
		this.#names = [...names];
		this.#compute = compute;
	}

	get #known(): ReadonlySet<string> {
		this.#knownSet ??= new Set(this.#names);
		return this.#knownSet;
	}

	get #values(): Map<string, V> {
		this.#valueMap ??= new Map();
		return this.#valueMap;
	}

	override get size(): number {
		return this.#names.length;
	}

	override has(name: string): boolean {
		return this.#names.length > 0 && this.#known.has(name);
	}

	override get(name: string): V | undefined {
		// One lookup when the value is there (values are never undefined): the common case, every reference reads one.
		const found = this.#valueMap?.get(name);
		if (found !== undefined || this.#valueMap?.has(name)) {
			return found;
		}

		if (!this.has(name)) {
			return undefined;
		}

		const value = this.#compute(name);
		this.#values.set(name, value);
		return value;
	}

	override keys(): MapIterator<string> {
		return this.#names[Symbol.iterator]() as MapIterator<string>;
	}

	override * values(): MapIterator<V> {
		for (const name of this.#names) {
			yield this.get(name)!;
		}
	}

	override * entries(): MapIterator<[string, V]> {
		for (const name of this.#names) {
			yield [name, this.get(name)!];
		}
	}

	override [Symbol.iterator](): MapIterator<[string, V]> {
		return this.entries();
	}

	override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArgument?: unknown): void {
		for (const [name, value] of this.entries()) {
			callback.call(thisArgument, value, name, this);
		}
	}

	override set(): this {
		throw new TypeError('LazyMap is read-only');
	}

	override delete(): boolean {
		throw new TypeError('LazyMap is read-only');
	}

	override clear(): void {
		throw new TypeError('LazyMap is read-only');
	}
}
