#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright tests if it is missing. Idempotent; needs root (CI runs as root).
# Playwright never downloads a browser here: it drives /usr/bin/chromium.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian) and try again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
