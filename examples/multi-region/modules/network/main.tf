variable "name" {
  type = string
}

variable "cidr" {
  type = string
}

variable "zones" {
  type = list(string)
}

variable "ingress_rules" {
  type = list(object({
    port        = number
    cidrs       = list(string)
    description = string
  }))
}

variable "flow_logs" {
  type    = bool
  default = false
}

variable "tags" {
  type = map(string)
}

locals {
  # Two /20 ranges per zone: the first half public, the second half private.
  subnet_ranges = cidrsubnets(var.cidr, [for zone in concat(var.zones, var.zones) : 4]...)

  public_subnets  = { for index, zone in var.zones : zone => local.subnet_ranges[index] }
  private_subnets = { for index, zone in var.zones : zone => local.subnet_ranges[index + length(var.zones)] }
}

resource "aws_vpc" "this" {
  cidr_block           = var.cidr
  enable_dns_hostnames = true
  tags                 = merge(var.tags, { Name = var.name })
}

resource "aws_internet_gateway" "this" {
  vpc_id = aws_vpc.this.id
  tags   = merge(var.tags, { Name = "${var.name}-igw" })
}

resource "aws_subnet" "public" {
  for_each = local.public_subnets

  vpc_id                  = aws_vpc.this.id
  cidr_block              = each.value
  availability_zone       = each.key
  map_public_ip_on_launch = true
  tags                    = merge(var.tags, { Name = "${var.name}-public-${each.key}", tier = "public" })
}

resource "aws_subnet" "private" {
  for_each = local.private_subnets

  vpc_id            = aws_vpc.this.id
  cidr_block        = each.value
  availability_zone = each.key
  tags              = merge(var.tags, { Name = "${var.name}-private-${each.key}", tier = "private" })
}

resource "aws_route_table" "public" {
  vpc_id = aws_vpc.this.id

  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = aws_internet_gateway.this.id
  }

  tags = var.tags
}

resource "aws_route_table_association" "public" {
  for_each = aws_subnet.public

  subnet_id      = each.value.id
  route_table_id = aws_route_table.public.id
}

resource "aws_security_group" "web" {
  name   = "${var.name}-web"
  vpc_id = aws_vpc.this.id

  dynamic "ingress" {
    for_each = var.ingress_rules
    iterator = rule

    content {
      description = rule.value.description
      from_port   = rule.value.port
      to_port     = rule.value.port
      protocol    = "tcp"
      cidr_blocks = rule.value.cidrs
    }
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }

  tags = var.tags
}

module "flow_logs" {
  source = "../flow-logs"
  count  = var.flow_logs ? 1 : 0

  vpc_id = aws_vpc.this.id
  name   = var.name
}

output "vpc_id" {
  value = aws_vpc.this.id
}

output "private_subnet_ids" {
  value = [for subnet in aws_subnet.private : subnet.id]
}

output "subnet_cidrs" {
  value = {
    public  = values(local.public_subnets)
    private = values(local.private_subnets)
  }
}

output "security_group_id" {
  value = aws_security_group.web.id
}
