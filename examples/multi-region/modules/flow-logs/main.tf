variable "vpc_id" {
  type = string
}

variable "name" {
  type = string
}

resource "aws_cloudwatch_log_group" "this" {
  name              = "/vpc/${var.name}/flow-logs"
  retention_in_days = 30
}

resource "aws_flow_log" "this" {
  vpc_id          = var.vpc_id
  log_destination = aws_cloudwatch_log_group.this.arn
  traffic_type    = "ALL"
}
