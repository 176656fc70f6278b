#!/usr/bin/env bash
# Runs the built tool (distribution/) with a given node binary on the bundled example: what CI checks on the lowest supported Node (.ci/run).
# Usage: scripts/smoke.sh [NODE]   (default: node on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
node_binary=${1:-node}
cli=(env -u NODE_OPTIONS "$node_binary" distribution/cli.js)
example=examples/multi-region
fail() { echo "smoke ($("$node_binary" --version)): $*" >&2; exit 1; }

[ "$("${cli[@]}" --version)" = "tfscope v$(node -p 'require("./package.json").version')" ] || fail '--version'
"${cli[@]}" tree "$example" | head -1 | grep -q '^root (6 resources, 9 instances)$' || fail 'tree'
[ "$(echo 'cidrsubnets("10.0.0.0/16", 4, 4)' | "${cli[@]}" console)" = $'tolist([\n  "10.0.0.0/20",\n  "10.0.16.0/20",\n])' ] || fail 'console'
[ "$(echo 'base64gzip("x")' | "${cli[@]}" console)" = '"H4sIAAAAAAAA/6oAAAAA//8BAAD//4MW3IwBAAAA"' ] || fail 'base64gzip'
# The libraries the bundle loads on first use from distribution/vendor/ (source/libraries.ts).
[ "$(printf '%s\n' 'regex("ab+", "xabbb")' 'yamldecode("a: 1")' 'textencodebase64("\u3053", "Shift_JIS")' 'length(bcrypt("x", 4))' | "${cli[@]}" console)" = $'"abbb"\n{\n  "a" = 1\n}\n"grE="\n60' ] || fail 'vendored libraries (regex, yamldecode, textencodebase64, bcrypt)'
[ "$(echo 'var.environment' | "${cli[@]}" console "$example" -var environment=staging)" = '"staging"' ] || fail 'console with -var'
"${cli[@]}" check "$example" 2>&1 | grep -q 'No problems found' || fail 'check'
"${cli[@]}" instances "$example" | grep -q '^module.network\["eu"\]' || fail 'instances'
"${cli[@]}" graph --format text "$example" | grep -q 'aws_db_instance.main' || fail 'graph'
status=0; "${cli[@]}" tree no/such/dir 2>/dev/null || status=$?
[ "$status" = 1 ] || fail "a missing directory exits $status"
echo "smoke: the built tool works on Node $("$node_binary" --version)"
