import {escapeUnsafe} from '../text/escape.js';

/**
Configuration text as the page shows it: control characters (other than line breaks and tabs), bidirectional and other invisible format characters become a visible escape (`\\u202e`, `\\x1b`: the one escaping, `text/escape.ts`, as on a terminal), so a name cannot reorder or hide what is around it. The page puts text in the document only through textContent, so this is about what a reader sees, not about markup.
*/
export function visibleText(text: string): string {
	return escapeUnsafe(text);
}
