import {useEffect, useState} from 'react';
import type {Estate, OpenedUnit, Unit} from '../../terragrunt/estate.js';

/**
The units of an estate opened so far, in the background: the selected one first, then the rest in order, one at a time (a dependency's Workspace is shared, and loading yields to the event loop so keys are read between). The view draws the marks as they arrive.
*/
export function useEstateUnits(estate: Estate, selected: Unit | undefined): ReadonlyMap<Unit, OpenedUnit> {
	const [opened, setOpened] = useState<ReadonlyMap<Unit, OpenedUnit>>(new Map());
	useEffect(() => {
		let live = true;
		const next = async (): Promise<void> => {
			for (const unit of estate.units) {
				// eslint-disable-next-line no-await-in-loop -- one unit after another
				const result = await estate.open(unit);
				if (!live) {
					return;
				}

				setOpened(previous => (previous.has(unit) ? previous : new Map([...previous, [unit, result]])));
			}
		};

		void next();
		return () => {
			live = false;
		};
	}, [estate]);
	// The selected unit is read now, whatever the queue's order: Details waits for it.
	useEffect(() => {
		if (!selected || opened.has(selected)) {
			return;
		}

		let live = true;
		void estate.open(selected).then(result => {
			if (live) {
				setOpened(previous => (previous.has(selected) ? previous : new Map([...previous, [selected, result]])));
			}
		});
		return () => {
			live = false;
		};
	}, [estate, selected, opened]);
	return opened;
}
