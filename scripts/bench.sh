#!/usr/bin/env bash
# `make bench`: builds, then runs every benchmark and prints its figures: the gateway hop first, then each
# scripts/bench/*.mjs. Exits non-zero when any benchmark fails (a benchmark fails when it misses its target).
set -uo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
echo "==> build"
npx turbo run build --output-logs=errors-only || exit 1

benchmarks=(gateway/dist/bench/gateway-hop.js)
shopt -s nullglob
benchmarks+=(scripts/bench/*.mjs)

failed=()
for bench in "${benchmarks[@]}"; do
  echo "==> bench: $bench"
  if ! node "$bench"; then failed+=("$bench"); fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "==> failed benchmarks: ${failed[*]}" >&2
  exit 1
fi
echo "==> all ${#benchmarks[@]} benchmarks passed"
