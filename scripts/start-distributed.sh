#!/usr/bin/env bash
# `make start-distributed`: every service and the gateway as separate processes on this machine, against the
# real PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/portal) and RabbitMQ (AMQP_URL,
# default amqp://guest:guest@127.0.0.1:5672), as compose and Kubernetes run them. See docs/operations.md.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [ -z "${DATABASE_URL:-}" ] || [ -z "${AMQP_URL:-}" ]; then
  # the local servers, started when installed but stopped (the test suite's helper)
  TEST_DATABASE_URL="${DATABASE_URL:-}" TEST_AMQP_URL="${AMQP_URL:-}" bash scripts/ensure-servers.sh
fi
echo "==> build"
npx turbo run build --output-logs=errors-only
exec node deploy/local/dist/distributed.js
