#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (no browser download).
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "==> installing Chromium from Debian's packages (browser tests)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $CHROMIUM: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
