import {Text} from 'ink';
import {sanitizeLine} from '../text/sanitize.js';

export type TextFieldProps = {
	readonly text: string;
	/** Cursor position in characters from the end. */
	readonly cursorFromEnd: number;
	readonly focused: boolean;
};

/**
One line of editable text with a block cursor. The editing itself happens in the reducer (keys in order, whatever the frame rate); this only draws it.
*/
export function TextField({text, cursorFromEnd, focused}: TextFieldProps) {
	if (!focused) {
		return <Text>{sanitizeLine(text)}</Text>;
	}

	const characters = [...text];
	const at = Math.max(0, characters.length - cursorFromEnd);
	const before = sanitizeLine(characters.slice(0, at).join(''));
	const under = characters[at] === undefined ? ' ' : sanitizeLine(characters[at]);
	const after = sanitizeLine(characters.slice(at + 1).join(''));
	return (
		<Text wrap='truncate-start'>
			{before}
			<Text inverse>{under}</Text>
			{after}
		</Text>
	);
}
