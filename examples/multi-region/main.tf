locals {
  name_prefix = "${var.project}-${var.environment}"

  common_tags = merge(var.tags, {
    project     = var.project
    environment = var.environment
    managed_by  = "terraform"
  })

  # Rules every network's security group gets, plus SSH from the admin networks.
  ingress_rules = concat(
    [
      { port = 443, cidrs = ["0.0.0.0/0"], description = "HTTPS" },
      { port = 80, cidrs = ["0.0.0.0/0"], description = "HTTP" },
    ],
    [for cidr in var.admin_cidrs : { port = 22, cidrs = [cidr], description = "SSH from ${cidr}" }],
  )

  log_buckets = toset(["access", "audit"])
}

module "network" {
  source   = "./modules/network"
  for_each = var.regions

  name          = "${local.name_prefix}-${each.key}"
  cidr          = each.value.cidr
  zones         = each.value.zones
  ingress_rules = local.ingress_rules
  flow_logs     = each.value.flow_logs
  tags          = local.common_tags
}

module "app" {
  source   = "./modules/app"
  for_each = var.regions

  name           = "${local.name_prefix}-${each.key}"
  instance_count = each.value.instance_count
  instance_type  = each.value.instance_type
  subnet_ids     = module.network[each.key].private_subnet_ids
  security_group = module.network[each.key].security_group_id
  tags           = local.common_tags

  depends_on = [aws_s3_bucket.logs]
}

resource "aws_route53_zone" "main" {
  name = "${var.project}.example.com"
  tags = local.common_tags
}

# Chained for_each: one record per module instance.
resource "aws_route53_record" "app" {
  for_each = module.app

  zone_id = aws_route53_zone.main.zone_id
  name    = "${each.key}.${aws_route53_zone.main.name}"
  type    = "A"
  ttl     = 300
  records = each.value.private_ips
}

resource "aws_s3_bucket" "logs" {
  for_each = local.log_buckets

  bucket = "${local.name_prefix}-${each.key}-logs"
  tags   = merge(local.common_tags, { purpose = each.key })

  lifecycle {
    prevent_destroy = true
  }
}

# Chained for_each over another resource's instances.
resource "aws_s3_bucket_versioning" "logs" {
  for_each = aws_s3_bucket.logs

  bucket = each.value.id

  versioning_configuration {
    status = each.key == "audit" ? "Enabled" : "Suspended"
  }
}

resource "aws_db_subnet_group" "main" {
  name       = "${local.name_prefix}-db"
  subnet_ids = values(module.network)[0].private_subnet_ids
}

resource "aws_db_instance" "main" {
  identifier        = "${local.name_prefix}-db"
  engine            = "postgres"
  instance_class    = var.environment == "prod" ? "db.r6g.large" : "db.t4g.micro"
  allocated_storage = 50
  password          = var.db_password
  db_subnet_group_name = aws_db_subnet_group.main.name

  lifecycle {
    ignore_changes = [password]

    precondition {
      condition     = var.environment != "prod" || length(var.db_password) >= 12
      error_message = "Production databases need a password of at least 12 characters."
    }
  }
}

check "every_region_has_two_zones" {
  assert {
    condition     = alltrue([for name, region in var.regions : length(region.zones) >= 2])
    error_message = "Each region needs at least two availability zones."
  }
}
