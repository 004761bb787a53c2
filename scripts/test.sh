#!/usr/bin/env bash
# The whole test suite: type check, lint and format, unit + integration (vitest, incl. PostgreSQL), production build,
# browser (Playwright: the embedded project and the reference project against a document-shaped upstream).
# As root on Debian it installs what it needs first (Chromium, a PostgreSQL server).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-deps.sh
# shellcheck disable=SC1091
source scripts/postgres.sh

echo "== type check"
npx tsc --noEmit

echo "== lint (ESLint, the rooms as import rules), format (Prettier), dead code (knip)"
npx eslint .
npx prettier --check . > /dev/null || { npx prettier --list-different .; echo "Not formatted: run npm run format" >&2; exit 1; }
echo "== dead code (knip: unused files, exports, dependencies)"
npm run --silent deadcode

echo "== unit and integration tests (vitest)"
npx vitest run

echo "== production build"
npx next build

echo "== browser tests (Playwright, Chromium)"
npx playwright test
