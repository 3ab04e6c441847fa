#!/usr/bin/env bash
# Installs the project's npm dependencies, exactly as locked, when they are missing or older than the lock file.
# `npm ci`: the lock holds every platform's optional binaries (biome, swc, sharp, turbo, ... for Linux, macOS and
# Windows), so it installs on any of them, and a package.json out of step with the lock fails here instead of
# quietly rewriting the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci (locked versions)"
  npm ci --no-audit --no-fund
fi
