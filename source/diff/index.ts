/*
Comparing two loaded configurations: what a change creates, destroys, updates, moves, forgets or imports, after Terraform's plan rules (compare.ts), its move rules (moves.ts) and the renames it would miss (renames.ts).
*/
export {
	type Action, type AttributeChange, type ExpansionChange, type InstanceChange, type ModuleInstanceChange, type WorkspaceDiff, compareAddressText, diffWorkspaces,
} from './compare.js';
export {type RenameSuggestion, movedBlockText} from './renames.js';
