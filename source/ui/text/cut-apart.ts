import {cutMiddle, cutName, sliceColumns, sliceColumnsFromEnd, textWidth} from './lines.js';

/*
Names of one list cut so that two different names never look alike. cutName cuts each name on its own (its own last step and keys kept, its start given up first), and two names that differ only where both were cut (`…thing.main` for `aws_a_thing.main` and `aws_b_thing.main`, `network["prod…-app"]` for two keys that differ in the middle) would be drawn as the same row. Such names are cut again, all of them the same way, at the first way that shows each apart: more of the start and less of the end, else a window around where they differ between two `…`.
*/

export type CutRequest = {
	readonly text: string;
	/** The columns the name may take. */
	readonly columns: number;
};

/**
One way to cut a text to `columns`, by number: 0 is cutName's, then more and more of the start kept (cutMiddle's `head` 1, 2, …), then a window further and further in, with the end kept. Undefined when the way does not apply at this width.
*/
function cutWay(text: string, columns: number, way: number): string | undefined {
	if (way === 0) {
		return cutName(text, columns);
	}

	// More and more of the start (at least two columns of the end: a key's `"]`).
	const heads = Math.max(0, columns - 3);
	if (way <= heads) {
		return cutMiddle(text, columns, way);
	}

	// A window in the middle: `…` the window `…` the end (a third of the room).
	const tail = Math.max(2, Math.floor((columns - 2) / 3));
	const window = columns - 2 - tail;
	// A shorter name's window stops before its end (where a longer one's goes on).
	const start = Math.min(way - heads, text.length - tail - window - 1);
	if (window < 1 || start < 1) {
		return undefined;
	}

	return '…' + sliceColumns(text.slice(start), window) + '…' + sliceColumnsFromEnd(text, tail);
}

/**
Each text cut to its columns (cutName), with the names that would be shown alike cut again until they are apart. Equal texts stay equal; a text that fits is shown whole. At widths too small to tell them apart (a few columns), the cuts stay as cutName makes them.
*/
export function cutApart(requests: readonly CutRequest[]): string[] {
	const shown = requests.map(request => cutName(request.text, request.columns));
	const byShown = new Map<string, number[]>();
	for (const [index, text] of shown.entries()) {
		const same = byShown.get(text);
		if (same) {
			same.push(index);
		} else {
			byShown.set(text, [index]);
		}
	}

	for (const [text, indexes] of byShown) {
		if (indexes.length < 2 || new Set(indexes.map(index => requests[index]!.text)).size < 2) {
			continue;
		}

		// Only names that were cut are cut again; one shown whole stays so.
		const cut = indexes.filter(index => requests[index]!.text !== text);
		const taken = new Set(shown.filter((_shown, index) => !cut.includes(index)));
		const longest = Math.max(...cut.map(index => requests[index]!.text.length + requests[index]!.columns));
		for (let way = 1; way <= longest; way++) {
			const tries = cut.map(index => cutWay(requests[index]!.text, requests[index]!.columns, way));
			if (tries.some(each => each === undefined)) {
				continue;
			}

			// Apart: one shown text per name, none taken by another row.
			const byText = new Map<string, string>();
			const apart = tries.every((each, position) => {
				const name = requests[cut[position]!]!.text;
				const other = byText.get(each!);
				byText.set(each!, name);
				return (other === undefined || other === name) && !taken.has(each!) && textWidth(each!) <= requests[cut[position]!]!.columns;
			});
			if (apart) {
				for (const [position, index] of cut.entries()) {
					shown[index] = tries[position]!;
				}

				break;
			}
		}
	}

	return shown;
}
