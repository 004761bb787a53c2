#!/usr/bin/env bash
# The whole test suite: type check, unit + integration (vitest, incl. PostgreSQL), production build, browser (Playwright).
# As root on Debian it installs what it needs first (Chromium, a PostgreSQL server).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-deps.sh
# shellcheck disable=SC1091
source scripts/postgres.sh

echo "== type check"
npx tsc --noEmit

echo "== unit and integration tests (vitest)"
npx vitest run

echo "== production build"
npx next build

echo "== browser tests (Playwright, Chromium)"
npx playwright test
