type Chunk = Int32Array | Uint8Array;

/**
A growable column of integers (32-bit, or bytes) kept in chunks of 65,536. Growing never copies what is stored (a doubled array leaves the old one behind as garbage until the next full collection, which with hundreds of thousands of edges showed in the peak memory) and wastes at most part of one chunk. The first chunk starts small and doubles up to the chunk size, so that small graphs stay small.
*/
export class Column {
	readonly #make: (size: number) => Chunk;
	readonly #chunks: Chunk[];
	/** The last chunk, where `push` writes. */
	#last: Chunk;
	#lastStart = 0;
	#length = 0;

	constructor(type: 'int32' | 'uint8') {
		this.#make = type === 'int32' ? size => new Int32Array(size) : size => new Uint8Array(size);
		this.#last = this.#make(initialSize);
		this.#chunks = [this.#last];
	}

	get length(): number {
		return this.#length;
	}

	get(position: number): number {
		return this.#chunks[position >>> chunkBits]![position & chunkMask]!;
	}

	set(position: number, value: number): void {
		this.#chunks[position >>> chunkBits]![position & chunkMask] = value;
	}

	push(value: number): void {
		let offset = this.#length - this.#lastStart;
		if (offset === this.#last.length) {
			this.#grow();
			offset = this.#length - this.#lastStart;
		}

		this.#last[offset] = value;
		this.#length++;
	}

	/**
	Keeps the first `length` values (and drops the chunks after them).
	*/
	truncate(length: number): void {
		this.#length = Math.min(length, this.#length);
		const chunks = Math.max(1, Math.ceil(this.#length / chunkSize));
		if (chunks < this.#chunks.length) {
			this.#chunks.length = chunks;
			this.#last = this.#chunks[chunks - 1]!;
			this.#lastStart = (chunks - 1) * chunkSize;
		}
	}

	#grow(): void {
		if (this.#last.length < chunkSize) {
			// Only the first chunk is ever smaller than a chunk.
			const bigger = this.#make(this.#last.length * 2);
			bigger.set(this.#last);
			this.#chunks[0] = bigger;
			this.#last = bigger;
			return;
		}

		this.#last = this.#make(chunkSize);
		this.#lastStart = this.#chunks.length * chunkSize;
		this.#chunks.push(this.#last);
	}
}

const chunkBits = 16;
const chunkSize = 1 << chunkBits;
const chunkMask = chunkSize - 1;
const initialSize = 64;
