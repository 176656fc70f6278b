/**
The edges of a graph as four columns of integers (source and target node positions, kind, origin code), kept in chunks of 65,536 edges. Growing never copies what is stored (a doubled array leaves the old one behind as garbage until the next full collection, which with hundreds of thousands of edges showed in the peak memory) and wastes at most part of one chunk. The first chunk starts small and doubles up to the chunk size, so that small graphs stay small.
*/
export class EdgeColumns {
	readonly #sources: Int32Array[] = [new Int32Array(initialSize)];
	readonly #targets: Int32Array[] = [new Int32Array(initialSize)];
	readonly #kinds: Uint8Array[] = [new Uint8Array(initialSize)];
	readonly #origins: Int32Array[] = [new Int32Array(initialSize)];
	/** Where the last chunk starts and how many edges it has room for. */
	#lastStart = 0;
	#lastSize = initialSize;
	#length = 0;

	get length(): number {
		return this.#length;
	}

	source(edge: number): number {
		return this.#sources[edge >>> chunkBits]![edge & chunkMask]!;
	}

	target(edge: number): number {
		return this.#targets[edge >>> chunkBits]![edge & chunkMask]!;
	}

	kind(edge: number): number {
		return this.#kinds[edge >>> chunkBits]![edge & chunkMask]!;
	}

	origin(edge: number): number {
		return this.#origins[edge >>> chunkBits]![edge & chunkMask]!;
	}

	setKind(edge: number, code: number): void {
		this.#kinds[edge >>> chunkBits]![edge & chunkMask] = code;
	}

	setOrigin(edge: number, code: number): void {
		this.#origins[edge >>> chunkBits]![edge & chunkMask] = code;
	}

	push(source: number, target: number, kind: number, origin: number): void {
		let offset = this.#length - this.#lastStart;
		if (offset === this.#lastSize) {
			this.#grow();
			offset = this.#length - this.#lastStart;
		}

		const chunk = this.#sources.length - 1;
		this.#sources[chunk]![offset] = source;
		this.#targets[chunk]![offset] = target;
		this.#kinds[chunk]![offset] = kind;
		this.#origins[chunk]![offset] = origin;
		this.#length++;
	}

	/**
	Copies edge `from` over edge `to` (for compacting).
	*/
	move(from: number, to: number): void {
		const fromChunk = from >>> chunkBits;
		const fromOffset = from & chunkMask;
		const toChunk = to >>> chunkBits;
		const toOffset = to & chunkMask;
		this.#sources[toChunk]![toOffset] = this.#sources[fromChunk]![fromOffset]!;
		this.#targets[toChunk]![toOffset] = this.#targets[fromChunk]![fromOffset]!;
		this.#kinds[toChunk]![toOffset] = this.#kinds[fromChunk]![fromOffset]!;
		this.#origins[toChunk]![toOffset] = this.#origins[fromChunk]![fromOffset]!;
	}

	/**
	Keeps the first `length` edges (and drops the chunks after them).
	*/
	truncate(length: number): void {
		this.#length = Math.min(length, this.#length);
		const chunks = Math.max(1, Math.ceil(this.#length / chunkSize));
		if (chunks < this.#sources.length) {
			for (const column of [this.#sources, this.#targets, this.#kinds, this.#origins]) {
				column.length = chunks;
			}

			this.#lastStart = (chunks - 1) * chunkSize;
			this.#lastSize = chunkSize;
		}
	}

	#grow(): void {
		if (this.#lastSize < chunkSize) {
			// Only the first chunk is ever smaller than a chunk.
			this.#lastSize *= 2;
			this.#sources[0] = bigger(this.#sources[0]!, new Int32Array(this.#lastSize));
			this.#targets[0] = bigger(this.#targets[0]!, new Int32Array(this.#lastSize));
			this.#kinds[0] = bigger(this.#kinds[0]!, new Uint8Array(this.#lastSize));
			this.#origins[0] = bigger(this.#origins[0]!, new Int32Array(this.#lastSize));
			return;
		}

		this.#lastStart = this.#sources.length * chunkSize;
		this.#sources.push(new Int32Array(chunkSize));
		this.#targets.push(new Int32Array(chunkSize));
		this.#kinds.push(new Uint8Array(chunkSize));
		this.#origins.push(new Int32Array(chunkSize));
	}
}

function bigger<T extends Int32Array | Uint8Array>(old: T, fresh: T): T {
	fresh.set(old);
	return fresh;
}

const chunkBits = 16;
const chunkSize = 1 << chunkBits;
const chunkMask = chunkSize - 1;
const initialSize = 64;
