/*
Whether a version satisfies a Terraform version constraint (`>= 5.0, < 6.0`, `~> 4.2`, `= 3.1.0`, `!= 2.0`): used to tell whether a bundled schema digest is of a provider version the configuration accepts.
*/

function parse(version: string): number[] | undefined {
	const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(version.trim());
	return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : undefined;
}

function compare(a: readonly number[], b: readonly number[]): number {
	for (let index = 0; index < 3; index++) {
		if (a[index]! !== b[index]!) {
			return a[index]! < b[index]! ? -1 : 1;
		}
	}

	return 0;
}

/**
True when `version` satisfies every part of `constraint`; also true for a constraint it cannot read (the digest is then used as if it matched).
*/
export function satisfiesConstraint(version: string, constraint: string): boolean {
	const have = parse(version);
	if (!have) {
		return true;
	}

	for (const part of constraint.split(',')) {
		const match = /^\s*(>=|<=|~>|!=|>|<|=)?\s*(\S+)\s*$/.exec(part);
		if (!match) {
			continue;
		}

		const operator = match[1] ?? '=';
		const text = match[2]!;
		const want = parse(text);
		if (!want) {
			continue;
		}

		const order = compare(have, want);
		switch (operator) {
			case '>=': {
				if (order < 0) {
					return false;
				}

				break;
			}

			case '>': {
				if (order <= 0) {
					return false;
				}

				break;
			}

			case '<=': {
				if (order > 0) {
					return false;
				}

				break;
			}

			case '<': {
				if (order >= 0) {
					return false;
				}

				break;
			}

			case '!=': {
				if (order === 0) {
					return false;
				}

				break;
			}

			case '~>': {
				// ~> 4.2 allows 4.x from 4.2; ~> 4.2.1 allows 4.2.x from 4.2.1: the last given part may grow, the ones before are fixed.
				const given = text.replace(/^v/, '').split(/[-+]/)[0]!.split('.').length;
				const fixed = Math.max(1, given - 1);
				if (order < 0 || have.slice(0, fixed).some((part, index) => part !== want[index])) {
					return false;
				}

				break;
			}

			default: {
				if (order !== 0) {
					return false;
				}
			}
		}
	}

	return true;
}
