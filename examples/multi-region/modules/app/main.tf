variable "name" {
  type = string
}

variable "instance_count" {
  type = number

  validation {
    condition     = var.instance_count >= 1 && var.instance_count <= 10
    error_message = "Between 1 and 10 instances per region."
  }
}

variable "instance_type" {
  type = string
}

variable "subnet_ids" {
  type = list(string)
}

variable "security_group" {
  type = string
}

variable "tags" {
  type = map(string)
}

data "aws_ami" "ubuntu" {
  most_recent = true
  owners      = ["099720109477"]

  filter {
    name   = "name"
    values = ["ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-*"]
  }
}

resource "aws_instance" "web" {
  count = var.instance_count

  ami                    = data.aws_ami.ubuntu.id
  instance_type          = var.instance_type
  subnet_id              = var.subnet_ids[count.index % length(var.subnet_ids)]
  vpc_security_group_ids = [var.security_group]

  root_block_device {
    volume_size = 20
    encrypted   = true
  }

  ebs_block_device {
    device_name = "/dev/sdf"
    volume_size = 100
  }

  ebs_block_device {
    device_name = "/dev/sdg"
    volume_size = 50
  }

  tags = merge(var.tags, { Name = format("%s-web-%02d", var.name, count.index + 1) })

  lifecycle {
    create_before_destroy = true

    postcondition {
      condition     = self.instance_type == var.instance_type
      error_message = "The instance type changed."
    }
  }
}

resource "aws_lb" "web" {
  name               = "${var.name}-web"
  load_balancer_type = "application"
  subnets            = var.subnet_ids
  security_groups    = [var.security_group]

  depends_on = [aws_instance.web]
}

output "private_ips" {
  value = aws_instance.web[*].private_ip
}

output "instance_names" {
  value = [for instance in aws_instance.web : instance.tags["Name"]]
}

output "lb_dns_name" {
  value = aws_lb.web.dns_name
}
