# A configuration with one mistake, for the pages that show how tfscope reports it (docs/unknowns.md: check --json).
resource "terraform_data" "replicas" {
  count = -1
}
