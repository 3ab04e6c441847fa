#!/usr/bin/env bash
# `make test`: every test of the tree (all four Jest projects: unit, integration, e2e, faults), against real
# PostgreSQL, RabbitMQ, an SMTP receiver, an S3 API server and Chromium, after type-checking the tests.
# Ends with the line "N passed, N failed[, N skipped]".
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-servers.sh
echo "==> build"
npx turbo run build --output-logs=errors-only
echo "==> lint"
npx biome check .
echo "==> typecheck tests"
npx tsc -p tsconfig.test.json
echo "==> tests"
results=$(mktemp --suffix=.json)
status=0
npx jest --ci --json --outputFile="$results" "$@" || status=$?
node -e '
  const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  // a suite that fails to run has no failed tests of its own: count it as a failure
  const broken = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.every((a) => a.status !== "failed")).length;
  const failed = r.numFailedTests + broken;
  console.log(`${r.numPassedTests} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  if (r.numTotalTests === 0 || failed > 0) process.exitCode = 1;
' "$results" || status=1
rm -f "$results"
exit $status
