/*
Marks on graph nodes for the exports (DOT, Mermaid, text): a short label shown after the node's name and a colour for its border, by node id. What the marks mean is the caller's (a saved plan's actions: plan/graph-marks.ts).
*/

export type NodeMark = {readonly label: string; readonly colour: string};

export type NodeMarks = ReadonlyMap<string, NodeMark> & {
	/** The colour of a label (the same for every node with that label). */
	readonly colourOf: (label: string) => string;
};
