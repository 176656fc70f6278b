/**
A reason the explorer cannot open that is the user's to fix (a revision `--diff` cannot read, a `--var` for an undeclared variable), not a bug: reported as one line on stderr with exit status 1, not as an internal error.
*/
export class ExplorerStartFailure extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ExplorerStartFailure';
	}
}
