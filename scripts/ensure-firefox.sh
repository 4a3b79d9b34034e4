#!/usr/bin/env bash
# Installs Debian's Firefox ESR for the Firefox journey (e2e/firefox.spec.ts) if it is missing. Idempotent; needs root
# (CI runs as root). puppeteer-core never downloads a browser here: it drives /usr/bin/firefox-esr over WebDriver BiDi.
set -euo pipefail
if [ -x /usr/bin/firefox-esr ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Firefox ESR is missing: run 'sudo apt-get install -y firefox-esr' (Debian) and try again." >&2
  exit 1
fi
echo "Installing Debian's firefox-esr for the end-to-end tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq firefox-esr >/dev/null
/usr/bin/firefox-esr --version
