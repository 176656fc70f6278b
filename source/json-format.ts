/*
The version of every `--json` output format (check, diff, why, instances, tree, graph, version): one string, as Terraform's JSON formats carry one. Its rule (docs/json.md): a key added is a minor change (1.0 to 1.1); a key removed, renamed or given another type, or a shape changed, is a major one (2.0), named in the changelog under "Breaking". Each format's JSON Schema is in schemas/json/.
*/

export const jsonFormatVersion = '1.0';
