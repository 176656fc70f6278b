import {createContext, useContext} from 'react';

/*
Colour is decided once (`--no-color`, `NO_COLOR`, or a terminal without colour) and read by every component; without colour the focus and the selection are still visible through border style, bold and inverse.
*/

export type Theme = {
	readonly color: boolean;
	/** Mark the selected row with `▶` as well as inverse video: a terminal without colour (`FORCE_COLOR=0`, `TERM=dumb`) may draw no inverse either. */
	readonly marker?: boolean;
};

export const ThemeContext = createContext<Theme>({color: true});

export function useTheme(): Theme {
	return useContext(ThemeContext);
}

/**
A colour name when colour is on, else undefined (Ink then writes no colour codes).
*/
export function useColor(): (name: string) => string | undefined {
	const {color} = useTheme();
	return name => (color ? name : undefined);
}
