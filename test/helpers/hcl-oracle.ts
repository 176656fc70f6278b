/*
@cdktf/hcl2json (HashiCorp's HCL parser compiled to WASM) as a test oracle. It is imported through a computed specifier so its type declarations, which pull in the DOM library, stay out of the project's type-check.
*/

type Oracle = {parse(filename: string, text: string): Promise<unknown>};

let oracle: Promise<Oracle> | undefined;

export async function loadOracle(): Promise<Oracle> {
	const specifier = '@cdktf/hcl2json';
	oracle ??= import(specifier) as Promise<Oracle>;
	return oracle;
}

export type OracleResult = {readonly json: unknown} | {readonly errorLines: number[]; readonly message: string};

/**
The oracle's JSON for a file, or the lines of the syntax errors it reports.
*/
export async function oracleParse(filename: string, text: string): Promise<OracleResult> {
	const {parse} = await loadOracle();
	try {
		return {json: await parse(filename, text)};
	} catch (error) {
		const message = String(error);
		// Each diagnostic starts `FILE:LINE,COLUMN-...: Summary`; ranges inside details are not followed by ": ".
		const errorLines = [...message.matchAll(/:(\d+),\d+-[\d,]+: /g)].map(match => Number(match[1]));
		return {errorLines, message};
	}
}
