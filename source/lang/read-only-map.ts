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

	// One iterator object per loop, which is also its result (see PositionalIterator), rather than an array of the keys, values or pairs and a result object per step.
	keys(): MapIterator<string> {
		return new PositionalIterator<string>(this, readKey) as unknown as MapIterator<string>;
	}

	values(): MapIterator<Value> {
		return new PositionalIterator<Value>(this, readValue) as unknown as MapIterator<Value>;
	}

	entries(): MapIterator<[string, Value]> {
		return new PositionalIterator<[string, Value]>(this, readEntry) as unknown as MapIterator<[string, Value]>;
	}

	[Symbol.iterator](): MapIterator<[string, Value]> {
		return this.entries();
	}

	/**
	The key at a position (0 to size - 1), in iteration order.
	*/
	keyAtPosition(position: number): string {
		return this.keyAt(position);
	}

	/**
	The value at a position (0 to size - 1), in iteration order.
	*/
	valueAtPosition(position: number): Value {
		return this.valueAt(position);
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

const readKey = 0;
const readValue = 1;
const readEntry = 2;

/**
An iterator over a PositionalMap that is its own result object: for-of, spreads, Array.from and the Map and Set constructors read each result before asking for the next, so one object serves a whole loop. These maps are read in loops tens of thousands of times per evaluation (converting, typing and checking marks of every instance's values), and a result object per step was the largest garbage left. Entries are still a new pair each, as a caller may keep them.
*/
class PositionalIterator<T> {
	value: T | undefined = undefined;
	done = false;
	readonly #map: PositionalMap;
	readonly #size: number;
	readonly #read: number;
	#position = 0;

	constructor(map: PositionalMap, read: number) {
		this.#map = map;
		this.#size = map.size;
		this.#read = read;
	}

	next(): this {
		const position = this.#position;
		if (position >= this.#size) {
			this.done = true;
			this.value = undefined;
			return this;
		}

		this.#position = position + 1;
		const map = this.#map;
		this.value = (this.#read === readKey ? map.keyAtPosition(position) : (this.#read === readValue ? map.valueAtPosition(position) : [map.keyAtPosition(position), map.valueAtPosition(position)])) as T;
		return this;
	}

	[Symbol.iterator](): this {
		return this;
	}
}
