#!/usr/bin/env bash
# The OpenAPI document's checks (docs/openapi.yaml), with the npm tools
# pinned in tools/openapi/package-lock.json, installed into
# tools/openapi/node_modules (test time only; the product never needs them):
#   scripts/openapi-check.sh lint             redocly lint, and docs/openapi.json is the YAML's JSON
#   scripts/openapi-check.sh responses F...   every recorded HTTP test answer matches the document
set -euo pipefail
cd "$(dirname "$0")/.."
tools=tools/openapi
if [ ! -d "$tools/node_modules" ] || [ "$tools/package-lock.json" -nt "$tools/node_modules" ]; then
  (cd "$tools" && npm ci --no-audit --no-fund --loglevel=error)
fi
case "${1:-}" in
  lint)
    (cd "$tools" && npx --no-install redocly lint ../../docs/openapi.yaml --config redocly.yaml --format stylish)
    node "$tools/to-json.mjs" --check
    ;;
  responses)
    shift
    node "$tools/check-responses.mjs" "$@"
    ;;
  *)
    echo "usage: $0 lint | responses RECORD.jsonl..." >&2
    exit 2
    ;;
esac
