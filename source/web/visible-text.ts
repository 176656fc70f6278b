/**
Configuration text as the page shows it: control characters (other than line breaks and tabs), bidirectional overrides and isolates, and other invisible format characters become a visible `\u{...}`, so a name cannot reorder or hide what is around it. The page puts text in the document only through textContent, so this is about what a reader sees, not about markup.
*/
export function visibleText(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replaceAll(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, character => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
