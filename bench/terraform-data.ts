import type {GeneratedConfiguration, GeneratedFile} from './generate.js';

/*
The `terraform_data` twin of a generated configuration, for the side-by-side bench: Terraform plans it offline (the built-in provider, local modules), so `terraform plan`, `graph`, `console` and `validate` can run on the same shape tfscope loads. Same modules, module calls, variables, locals, outputs, `count` and `for_each`, `for` expressions, heredocs and templates; what `terraform_data` cannot express is replaced, as `terraformDataReplacements` says.
*/

export const terraformDataReplacements = 'every resource is a `terraform_data` with the same name, `count`/`for_each` and references, its arguments in `input` (nested blocks as object attributes, the `dynamic "ingress"` block as a `for` expression, the IAM role name read as `.output.name`); no provider block or required_providers';

/**
A resource block as the generator writes it (a header line, a body indented two spaces, a closing brace at column 0) as a `terraform_data` resource.
*/
function resourceAsTerraformData(block: string): string {
	const withoutDynamic = block.replace(/ {2}dynamic "(\w+)" \{\n {4}for_each = (.+)\n {4}iterator = (\w+)\n {4}content \{\n([\s\S]*?)\n {4}\}\n {2}\}\n/g, (_match, name: string, collection: string, iterator: string, content: string) => {
		const body = content.replaceAll(`${iterator}.value.`, `${iterator}.`).split('\n').map(line => line.slice(2)).join('\n');
		return `  ${name} = [for ${iterator} in ${collection} : {\n${body}\n  }]\n`;
	});
	const lines = withoutDynamic.split('\n');
	const header = lines[0]!.replace(/^resource "\w+" "(\w+)" \{$/, 'resource "terraform_data" "$1" {');
	const end = lines.lastIndexOf('}');
	const meta: string[] = [];
	const input: string[] = [];
	for (const line of lines.slice(1, end)) {
		if (/^ {2}(count|for_each) +=/.test(line)) {
			meta.push(line);
		} else if (line.trim() !== '') {
			input.push(`  ${line.replace(/^ {2}(\w+) \{$/, '  $1 = {')}`);
		}
	}

	return [header, ...meta, '  input = {', ...input, '  }', '}', ...lines.slice(end + 1)].join('\n');
}

function references(text: string): string {
	return text
		.replaceAll(/\baws_iam_role\.(r\d+)\.name\b/g, 'terraform_data.$1.output.name')
		.replaceAll(/\baws_\w+\.(r\d+)\b/g, 'terraform_data.$1');
}

function convertFile(file: GeneratedFile): GeneratedFile {
	if (file.path === 'versions.tf') {
		return {path: file.path, text: 'terraform {\n  required_version = ">= 1.5"\n}\n'};
	}

	if (file.path.endsWith('/main.tf')) {
		const blocks = file.text.split(/\n(?=resource "|module ")/);
		return {path: file.path, text: references(blocks.map(block => (block.startsWith('resource "') ? resourceAsTerraformData(block) : block)).join('\n'))};
	}

	return {path: file.path, text: references(file.text)};
}

export function terraformDataConfiguration(configuration: GeneratedConfiguration): GeneratedConfiguration {
	return {...configuration, files: configuration.files.map(file => convertFile(file))};
}
