import type {Body} from '../hcl/ast.js';
import type {Result} from '../hcl/diagnostics.js';
import {parseConfig, parseJsonConfig} from '../hcl/index.js';

/**
Parses one configuration or tfvars file with the syntax its name says (`.json` suffix: JSON syntax).
*/
export function parseConfigFile(text: string, filename: string): Result<Body> {
	return filename.endsWith('.json') ? parseJsonConfig(text, filename) : parseConfig(text, filename);
}
