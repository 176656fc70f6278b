import type {TerraformSettings} from '../config/module.js';

/*
Which provider a resource type belongs to, as Terraform decides it: the `provider` meta-argument's local name, or the type's prefix before the first underscore; then the local name's source address from `required_providers`, or Terraform's default (`hashicorp/NAME`, `terraform.io/builtin/terraform` for `terraform`); the registry host is the module's (`registry.opentofu.org` in OpenTofu mode) where the source names none.
*/

/**
The provider local name a resource type implies (`aws_instance` → `aws`, `terraform_data` → `terraform`).
*/
export function impliedProviderName(type: string): string {
	const underscore = type.indexOf('_');
	return underscore === -1 ? type : type.slice(0, underscore);
}

/**
The provider's fully qualified source address for a local name in a module (`registry.terraform.io/hashicorp/aws`).
*/
export function providerSourceAddress(localName: string, settings: Pick<TerraformSettings, 'requiredProviders' | 'providerRegistry'>): string {
	const registry = settings.providerRegistry ?? 'registry.terraform.io';
	const required = settings.requiredProviders.find(provider => provider.name === localName);
	if (required?.source) {
		const parts = required.source.toLowerCase().split('/');
		return parts.length === 2 ? `${registry}/${parts.join('/')}` : parts.join('/');
	}

	if (localName === 'terraform') {
		return 'terraform.io/builtin/terraform';
	}

	return `${registry}/hashicorp/${localName}`;
}

/**
A provider source address as Terraform shows it in messages (terraform-registry-address Provider.ForDisplay): without the host when it is the default registry's, `hashicorp/aws`.
*/
export function providerForDisplay(source: string): string {
	return source.startsWith('registry.terraform.io/') ? source.slice('registry.terraform.io/'.length) : source;
}
