#!/usr/bin/env bash
# `make start`: the whole portal on this machine at http://localhost:8080 (PORT to change it).
# Embedded defaults wherever no server is configured; see docs/configuration.md.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "==> build"
npx turbo run build --output-logs=errors-only
exec node --require ./services/platform/register.js deploy/local/dist/start.js
