import {useApp, useStdout} from 'ink';
import {useCallback, useState} from 'react';
import type {Estate, Unit} from '../../terragrunt/estate.js';
import {App, type AppProps} from '../app.js';
import {createConsoleThread, type ThreadWorkspaceOptions} from '../data/console-thread.js';
import {createWorkspaceData} from '../data/workspace-data.js';
import {defaultFormatting} from '../data/formatting.js';
import {EstateView} from './estate-view.js';

/*
The explorer on a Terragrunt estate: the estate's unit tree first (estate-view.tsx); Enter opens a unit in the explorer's panes, with the Workspace the estate loaded for it (its inputs, generated files and dependency outputs); q there comes back to the tree, q on the tree quits.
*/

export type EstateAppProps = Omit<AppProps, 'directory' | 'load' | 'onLeave'> & {
	readonly estate: Estate;
	/** The options the estate was opened with (console-thread.ts's threadOptions): a unit's console lines are evaluated in a worker that opens the same estate and unit. */
	readonly consoleOptions?: ThreadWorkspaceOptions;
};

export function EstateApp({estate, consoleOptions, columns, rows, ...rest}: EstateAppProps) {
	const {exit} = useApp();
	const {stdout} = useStdout();
	const [unit, setUnit] = useState<Unit>();
	const [last, setLast] = useState<Unit>();
	const leave = useCallback(() => {
		setUnit(undefined);
	}, []);
	const load = useCallback(async () => {
		const opened = await estate.open(unit!);
		const data = createWorkspaceData(opened.workspace, defaultFormatting(), consoleOptions ? {consoleThread: {workspace: {options: consoleOptions, unit: unit!.directory}, start: createConsoleThread}} : {});
		return {data, summary: data.status()};
	}, [estate, unit, consoleOptions]);
	if (unit) {
		return <App {...rest} {...(columns !== undefined && {columns})} {...(rows !== undefined && {rows})} directory={unit.directory} load={load} onLeave={leave} unit={unit.path}/>;
	}

	return (
		<EstateView
			estate={estate}
			columns={columns ?? stdout.columns ?? 100}
			rows={rows ?? (stdout.rows ?? 31) - 1}
			initialUnit={last}
			onOpen={selected => {
				setLast(selected);
				setUnit(selected);
			}}
			onQuit={() => {
				rest.onQuit?.();
				exit();
			}}
		/>
	);
}
