/*
Mouse reports from the terminal, as the explorer turns them on (xterm's button tracking, 1000, in SGR encoding, 1006): parsing them and the escape sequences that turn reporting on and off. Ink splits its input at each escape sequence, so one report arrives as one input event; the input hook asks here first, so a report is never taken for typed text.
*/

/** Turns reporting of presses, releases and the wheel on, in SGR encoding (coordinates of any size, no bytes above 0x7f). */
export const enableMouseSequence = '\u001B[?1000h\u001B[?1006h';

/** Turns it off again, in the reverse order. */
export const disableMouseSequence = '\u001B[?1006l\u001B[?1000l';

export type MouseButton = 'left' | 'middle' | 'right' | 'wheel-up' | 'wheel-down';

export type MouseEvent = {
	readonly button: MouseButton;
	/** A release of a button (the wheel reports no releases). */
	readonly release: boolean;
	/** Zero-based screen column and row. */
	readonly column: number;
	readonly row: number;
};

/**
What an input event is, for the mouse: a report, the start of a legacy X10 report (`ESC [ M` followed by three bytes, which Ink passes on as the next event: from a terminal that ignores the SGR request), or not the mouse at all.
*/
export type MouseInput =
	| {readonly kind: 'event'; readonly event: MouseEvent | undefined}
	| {readonly kind: 'legacy-start'}
	| {readonly kind: 'none'};

// eslint-disable-next-line no-control-regex
const sgrReport = /^\u001B\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

function buttonOf(code: number): MouseButton | undefined {
	// Bits 2-4 are Shift, Meta and Ctrl; bit 5 is motion (not asked for); bits 6 and 7 select the wheel and extra buttons.
	if ((code & 32) !== 0) {
		return undefined;
	}

	const base = code & ~28;
	switch (base) {
		case 0: {
			return 'left';
		}

		case 1: {
			return 'middle';
		}

		case 2: {
			return 'right';
		}

		case 64: {
			return 'wheel-up';
		}

		case 65: {
			return 'wheel-down';
		}

		default: {
			return undefined;
		}
	}
}

function eventOf(code: number, column: number, row: number, release: boolean): MouseEvent | undefined {
	const button = buttonOf(code);
	// Coordinates are 1-based; 0 never comes from a terminal.
	if (button === undefined || column < 1 || row < 1) {
		return undefined;
	}

	return {button, release, column: column - 1, row: row - 1};
}

/**
Reads one input event. A report the explorer does not use (motion, extra buttons) is still a report: `event` is undefined, and it must not be read as keys either.
*/
export function parseMouseInput(input: string): MouseInput {
	if (!input.startsWith('\u001B[')) {
		return {kind: 'none'};
	}

	if (input === '\u001B[M') {
		return {kind: 'legacy-start'};
	}

	const match = sgrReport.exec(input);
	if (!match) {
		return {kind: 'none'};
	}

	const [, code = '', column = '', row = '', final = ''] = match;
	return {kind: 'event', event: eventOf(Number(code), Number(column), Number(row), final === 'm')};
}

/**
The three bytes after a legacy `ESC [ M`: button, column and row, each plus 32.
*/
export function parseLegacyMouse(bytes: string): MouseEvent | undefined {
	const codes = [...bytes].slice(0, 3).map(character => character.codePointAt(0)! - 32);
	if (codes.length < 3) {
		return undefined;
	}

	const [code = 0, column = 0, row = 0] = codes;
	// Legacy reports say "released" (button 3) without saying which.
	if ((code & 3) === 3 && (code & 64) === 0) {
		return undefined;
	}

	return eventOf(code, column, row, false);
}
