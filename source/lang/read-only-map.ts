import type {Value} from './values.js';

/**
The Map surface shared by the engine's array-backed attribute and entry maps (small map values, shaped objects): a subclass says how many entries it has and what is at a position, and gets iteration and the read-only mutators. `instanceof Map` holds (the prototype is linked to Map.prototype below) without a Map's own hash table per object, which every method here replaces.
*/
export abstract class PositionalMap implements ReadonlyMap<string, Value> {
	abstract get size(): number;
	abstract has(key: string): boolean;
	abstract get(key: string): Value | undefined;
	protected abstract keyAt(position: number): string;
	protected abstract valueAt(position: number): Value;
	protected abstract get readOnlyMessage(): string;

	keys(): MapIterator<string> {
		const {size} = this;
		const keys = new Array<string>(size);
		for (let position = 0; position < size; position++) {
			keys[position] = this.keyAt(position);
		}

		return keys[Symbol.iterator]() as MapIterator<string>;
	}

	// Arrays' iterators rather than generators: for-of over an array is what V8 optimises best, and these maps are small.
	values(): MapIterator<Value> {
		const {size} = this;
		const values = new Array<Value>(size);
		for (let position = 0; position < size; position++) {
			values[position] = this.valueAt(position);
		}

		return values[Symbol.iterator]() as MapIterator<Value>;
	}

	entries(): MapIterator<[string, Value]> {
		const {size} = this;
		const pairs = new Array<[string, Value]>(size);
		for (let position = 0; position < size; position++) {
			pairs[position] = [this.keyAt(position), this.valueAt(position)];
		}

		return pairs[Symbol.iterator]() as MapIterator<[string, Value]>;
	}

	[Symbol.iterator](): MapIterator<[string, Value]> {
		return this.entries();
	}

	forEach(callback: (value: Value, key: string, map: ReadonlyMap<string, Value>) => void, thisArgument?: unknown): void {
		const {size} = this;
		for (let position = 0; position < size; position++) {
			callback.call(thisArgument, this.valueAt(position), this.keyAt(position), this);
		}
	}

	set(): this {
		throw new TypeError(this.readOnlyMessage);
	}

	delete(): boolean {
		throw new TypeError(this.readOnlyMessage);
	}

	clear(): void {
		throw new TypeError(this.readOnlyMessage);
	}
}

Object.setPrototypeOf(PositionalMap.prototype, Map.prototype);
