/**
The first visible row of a list window: the cursor stays in view, near the middle once the list is longer than the window. The list draws from it, and a click finds the row under the pointer from it.
*/
export function windowStart(length: number, cursor: number, height: number): number {
	if (length <= height || height <= 0) {
		return 0;
	}

	return Math.max(0, Math.min(cursor - Math.floor(height / 2), length - height));
}
