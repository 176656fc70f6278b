/*
A read-only Map from address text to what has that address, in the order items were added, whose hash table is made on the first lookup (`get`/`has`). Listing every instance in order (`instances`, the graph, the fingerprint of a configuration) iterates without hashing anything; only a lookup by address (the console's target, the explorer's Details) pays for the table, once. At 50,000 resource instances, hashing every address while expanding was about a tenth of loading.

Addresses are unique (the expander makes each module instance, block and instance once), so iteration gives each item once, as a Map would. It extends Map so `instanceof Map` holds; the Map's own storage is not used.
*/

export class AddressIndex<V extends {readonly text: string}> extends Map<string, V> {
	// Added a group at a time (a block's instances), without copying the groups.
	readonly #groups: Array<readonly V[]> = [];
	#size = 0;
	#table: Map<string, V> | undefined;

	/**
	Adds items after those already there.
	*/
	add(items: readonly V[]): void {
		if (items.length === 0) {
			return;
		}

		this.#groups.push(items);
		this.#size += items.length;
		if (this.#table) {
			for (const item of items) {
				this.#table.set(item.text, item);
			}
		}
	}

	get #index(): Map<string, V> {
		if (!this.#table) {
			const table = new Map<string, V>();
			for (const group of this.#groups) {
				for (const item of group) {
					table.set(item.text, item);
				}
			}

			this.#table = table;
		}

		return this.#table;
	}

	override get size(): number {
		return this.#size;
	}

	override has(address: string): boolean {
		return this.#index.has(address);
	}

	override get(address: string): V | undefined {
		return this.#index.get(address);
	}

	override * keys(): MapIterator<string> {
		for (const group of this.#groups) {
			for (const item of group) {
				yield item.text;
			}
		}
	}

	override * values(): MapIterator<V> {
		for (const group of this.#groups) {
			yield * group;
		}
	}

	override * entries(): MapIterator<[string, V]> {
		for (const group of this.#groups) {
			for (const item of group) {
				yield [item.text, item];
			}
		}
	}

	override [Symbol.iterator](): MapIterator<[string, V]> {
		return this.entries();
	}

	override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArgument?: unknown): void {
		for (const group of this.#groups) {
			for (const item of group) {
				callback.call(thisArgument, item, item.text, this);
			}
		}
	}

	override set(): this {
		throw new TypeError('AddressIndex is read-only');
	}

	override delete(): boolean {
		throw new TypeError('AddressIndex is read-only');
	}

	override clear(): void {
		throw new TypeError('AddressIndex is read-only');
	}
}
