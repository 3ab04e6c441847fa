#!/usr/bin/env bash
# Installs the project's npm dependencies when they are missing or older than the lock file.
# `npm install` rather than `npm ci`: the registry this project is built from does not serve every
# platform's optional binary (e.g. @biomejs/cli-darwin-arm64), so the lock cannot list them and
# `npm ci` refuses a lock it considers incomplete. With an unchanged package.json, `npm install`
# installs exactly the locked versions.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm install (locked versions)"
  npm install --no-audit --no-fund
fi
