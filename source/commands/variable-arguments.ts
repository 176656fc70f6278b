/**
One `--var` or `--var-file` option, in the order the user gave it (the command-line parser, `arguments.ts`, records the order: it decides which value wins, as Terraform applies them left to right).
*/
export type {VariableArgument} from '../config/tfvars.js';
