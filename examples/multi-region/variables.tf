variable "project" {
  description = "Short name used as a prefix for every resource."
  type        = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{2,20}$", var.project))
    error_message = "The project name must be 3 to 21 lowercase letters, digits or dashes."
  }
}

variable "environment" {
  description = "Deployment stage."
  type        = string
  default     = "staging"

  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "Environment must be dev, staging or prod."
  }
}

variable "regions" {
  description = "One network and one application tier per region."
  type = map(object({
    cidr           = string
    zones          = list(string)
    instance_count = optional(number, 1)
    instance_type  = optional(string, "t3.micro")
    flow_logs      = optional(bool, false)
  }))
}

variable "admin_cidrs" {
  description = "Networks allowed to reach SSH on the bastion hosts."
  type        = list(string)
  default     = []
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "db_password" {
  type      = string
  sensitive = true
  default   = "change-me-please"
}
