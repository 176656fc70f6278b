import {useEffect} from 'react';
import type {ExplorerData} from '../explorer-data.js';
import {reduce} from '../state/reducer.js';
import {selectedAddress} from '../state/selectors.js';
import type {State} from '../state/state.js';

/**
After each frame, while no key is waiting, the selections one row up and one row down in the focused list are looked up ahead: their details and edges, which the data memoises per address. Moving through a list then finds them ready instead of finding an instance's dependency edges on the key press (about 2 ms on the 4x bench configuration, of a 17 ms frame). Only once the graph is wanted: looking up edges builds it.
*/
export function usePrefetch(data: ExplorerData, state: State, enabled: boolean): void {
	useEffect(() => {
		if (!enabled || state.overlay.kind !== 'none' || (state.focus !== 'modules' && state.focus !== 'blocks')) {
			return;
		}

		const timer = setTimeout(() => {
			for (const type of ['move-down', 'move-up'] as const) {
				try {
					const next = reduce(state, {type}, data);
					if (next !== state) {
						const address = selectedAddress(data, next);
						data.details(address);
						data.edges(address);
					}
				} catch {
					// Only a guess ahead: the frame that needs it reports any failure.
				}
			}
		}, 0);
		return () => {
			clearTimeout(timer);
		};
	}, [data, state, enabled]);
}
