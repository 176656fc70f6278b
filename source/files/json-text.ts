/*
JSON read from files that may be hostile (state, plan and schema files in a repository under review): where JSON.parse stopped, as a line and column, and how deep parsed JSON nests, found without recursion (JSON.parse accepts tens of thousands of levels, which every recursive reader after it would overflow the stack on).
*/

export type JsonSyntaxError = {
	/** What is wrong, without V8's `at position N`. */
	readonly message: string;
	/**
	Where, when V8 says (`at position N`; `Unexpected token` names only the text around it in Node 20): 1-based, as an editor shows them, the column in UTF-16 code units as JSON.parse counts; `offset` in bytes of UTF-8. The end of the text when it ended early.
	*/
	readonly place?: {readonly line: number; readonly column: number; readonly offset: number};
};

/**
JSON.parse's error for `text`, with its place when V8 gives one.
*/
export function jsonSyntaxError(text: string, error: unknown): JsonSyntaxError {
	const raw = error instanceof Error ? error.message : String(error);
	const found = / (?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?/.exec(raw);
	const ended = raw === 'Unexpected end of JSON input';
	if (!found && !ended) {
		return {message: raw};
	}

	const position = found ? Math.min(Number(found[1]), text.length) : text.length;
	const before = text.slice(0, position);
	let line = 1;
	for (let index = before.indexOf('\n'); index !== -1; index = before.indexOf('\n', index + 1)) {
		line += 1;
	}

	return {
		message: found ? raw.slice(0, found.index) + raw.slice(found.index + found[0].length) : raw,
		place: {line, column: position - (before.lastIndexOf('\n') + 1) + 1, offset: Buffer.byteLength(before)},
	};
}

/**
Whether JSON arrays and objects nest more than `limit` levels in `json`.
*/
export function nestsDeeperThan(json: unknown, limit: number): boolean {
	const values: unknown[] = [json];
	const depths: number[] = [0];
	while (values.length > 0) {
		const item = values.pop();
		const depth = depths.pop()!;
		if (typeof item !== 'object' || item === null) {
			continue;
		}

		if (depth > limit) {
			return true;
		}

		if (Array.isArray(item)) {
			for (const inner of item) {
				if (typeof inner === 'object' && inner !== null) {
					values.push(inner);
					depths.push(depth + 1);
				}
			}
		} else {
			for (const key in item) {
				if (Object.hasOwn(item, key)) {
					const inner = (item as Record<string, unknown>)[key];
					if (typeof inner === 'object' && inner !== null) {
						values.push(inner);
						depths.push(depth + 1);
					}
				}
			}
		}
	}

	return false;
}
