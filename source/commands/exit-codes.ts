/*
The exit codes of every command, in one place (docs/exit-codes.md is their table): 0 success; 1 an error in the configuration, or in what the command line names (a file, a revision, an address with nothing at it); 2 a usage error. With `--detailed-exitcode` (diff) the codes are terraform plan -detailed-exitcode's: 0 nothing changes, 1 an error, 2 something changes, so a usage error is 1 there (as Terraform reports every error), and no code has two meanings.
*/

export const exitCodes = {
	success: 0,
	error: 1,
	usage: 2,
	/** Only with --detailed-exitcode. */
	changes: 2,
} as const;

/**
The exit code of a usage error: 2, or 1 under --detailed-exitcode, where 2 means "something changes".
*/
export function usageExitCode(flags: {readonly detailedExitcode?: boolean}): 1 | 2 {
	return flags.detailedExitcode === true ? exitCodes.error : exitCodes.usage;
}
