/**
Terraform options tfscope has no twin for, with what to do instead: the hint of a usage error on the command line, and of the warning for one in TF_CLI_ARGS.
*/
export const terraformHints: Readonly<Record<string, string>> = {
	input: 'tfscope never asks for input',
	lock: 'tfscope never locks or writes state',
	refresh: 'tfscope never contacts providers',
	target: 'to list part of a configuration, use tfscope instances DIR ADDRESS',
	parallelism: 'tfscope runs nothing',
};
