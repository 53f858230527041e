#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration tests on the embedded database (and again on
# PostgreSQL when TEST_DATABASE_URL is set), then the browser suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    step "Installing Debian's chromium (needed by the browser tests)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fonts-dejavu-core >/dev/null
  else
    echo "The browser tests need Debian's Chromium at /usr/bin/chromium." >&2
    echo "Install it as root with:  apt-get install -y chromium fonts-noto-cjk" >&2
    exit 1
  fi
}

ensure_chromium
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step "Typecheck"
npx tsc --noEmit

step "Lint"
npx eslint . --max-warnings 0
npx prettier --check . --log-level warn

step "Build"
npx remix vite:build --logLevel warn
npx tsx scripts/build-host.ts

step "Unit and integration tests (embedded database, PGlite)"
TEST_DB_ENGINE=pglite npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests again on PostgreSQL"
  TEST_DB_ENGINE=postgres npx vitest run tests/integration
else
  echo "(TEST_DATABASE_URL not set: skipping the PostgreSQL run; .ci/run sets it)"
fi

step "Browser tests (Playwright, Pixel 7, Debian chromium)"
npx playwright test
