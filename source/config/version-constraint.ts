/*
Whether a version satisfies a Terraform version constraint (`>= 5.0, < 6.0`, `~> 4.2`, `= 3.1.0`, `!= 2.0`): used to choose the language version a configuration asks for (config/language.ts), and to tell whether a bundled schema digest is of a provider version the configuration accepts; and the order of two versions, to compare a digest with the version a lock file selected.
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
The order of two versions (`-1`, `0`, `1`, by major, minor and patch), undefined when either cannot be read.
*/
export function compareVersions(a: string, b: string): number | undefined {
	const left = parse(a);
	const right = parse(b);
	return left && right ? compare(left, right) : undefined;
}

/**
Whether two versions have the same major version (`4.55.0`, `4.57.0`); false when either cannot be read.
*/
export function sameMajorVersion(a: string, b: string): boolean {
	const left = parse(a);
	const right = parse(b);
	return left !== undefined && right !== undefined && left[0] === right[0];
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
