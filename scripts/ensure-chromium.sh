#!/usr/bin/env bash
# Make sure Debian's chromium is installed: the browser tests drive /usr/bin/chromium through
# playwright-core (`npx playwright install` cannot download browsers on these machines).
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium package for the browser tests ..."
  # Quiet unless it fails (debconf chatters on stderr even with -qq).
  if ! log=$( { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } 2>&1 ); then
    echo "$log" >&2
  fi
  if [[ -x /usr/bin/chromium ]]; then
    exit 0
  fi
fi

echo "Chromium is required for browser tests: install Debian's chromium package (sudo apt-get install chromium)" >&2
exit 1
