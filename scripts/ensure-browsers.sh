#!/usr/bin/env bash
# Installs the browsers the end-to-end tests drive, from Debian's packages, when they are missing: Chromium
# (/usr/bin/chromium, for Playwright) and Firefox ESR (/usr/bin/firefox-esr, for the Firefox journey over WebDriver
# BiDi). Idempotent; needs root to install (CI runs as root). No test ever downloads a browser.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing browsers for the end-to-end tests: run 'sudo apt-get install -y ${missing[*]}' (Debian) and try again." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the end-to-end tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
/usr/bin/firefox-esr --version
