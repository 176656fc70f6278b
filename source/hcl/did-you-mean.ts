/**
Edit distance between two strings (insertions, deletions, substitutions), by code point.
*/
export function levenshtein(first: string, second: string): number {
	const a = [...first];
	const b = [...second];
	let previous = Array.from({length: b.length + 1}, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
		}

		previous = current;
	}

	return previous[b.length]!;
}

/**
The closest of `candidates` to `given`, if close enough to be a likely typo (distance under 3, as HCL's nameSuggestion).
*/
export function nameSuggestion(given: string, candidates: Iterable<string>): string | undefined {
	let best: string | undefined;
	let bestDistance = 3;
	for (const candidate of candidates) {
		const distance = levenshtein(given, candidate);
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}

	return best;
}

/**
" Did you mean "x"?" when a suggestion exists, else the empty string: for the end of a diagnostic detail.
*/
export function didYouMean(given: string, candidates: Iterable<string>): string {
	const suggestion = nameSuggestion(given, candidates);
	return suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`;
}
