output "vpc_ids" {
  description = "VPC per region (known after apply)."
  value       = { for region, network in module.network : region => network.vpc_id }
}

output "subnet_cidrs" {
  description = "Public and private subnet ranges per region."
  value       = { for region, network in module.network : region => network.subnet_cidrs }
}

output "instance_names" {
  value = flatten([for app in module.app : app.instance_names])
}

output "dns_names" {
  value = [for record in aws_route53_record.app : record.name]
}

output "db_password" {
  value     = var.db_password
  sensitive = true
}
