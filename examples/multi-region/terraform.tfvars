project     = "atlas"
environment = "prod"

regions = {
  eu = {
    cidr           = "10.10.0.0/16"
    zones          = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
    instance_count = 3
    flow_logs      = true
  }
  us = {
    cidr          = "10.20.0.0/16"
    zones         = ["us-east-1a", "us-east-1b"]
    instance_type = "t3.small"
  }
}

admin_cidrs = ["203.0.113.0/24", "198.51.100.0/24"]

tags = {
  owner = "platform-team"
}
