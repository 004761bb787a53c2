#!/usr/bin/env bash
# The whole test suite: type check, lint (no warning allowed) and format, dead code, migrations against the schemas,
# unit + integration (vitest, incl. PostgreSQL, with a coverage summary), production build, browser tests (Playwright,
# all five projects: chromium, reference against a document-shaped upstream, document against a server speaking the
# document (EMBEDDED_WIRE=document), model with a scripted model peer, cluster with two servers on one PostgreSQL database).
# As root on Debian it installs what it needs first (Chromium, a PostgreSQL server). Without PostgreSQL (not root) the
# PostgreSQL suites and the cluster project are skipped and a banner on stderr says so at the end; under CI (CI set, as
# .ci/run does) they fail instead.
set -euo pipefail
cd "$(dirname "$0")/.."

skipped=()
banner() {
  [ ${#skipped[@]} -eq 0 ] && return
  {
    echo
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    echo "!! NOT EVERYTHING RAN. Skipped:"
    for what in "${skipped[@]}"; do echo "!!   - $what"; done
    echo "!! Set TEST_DATABASE_URL (a PostgreSQL server) or run as root on Debian to run them."
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  } >&2
}
trap banner EXIT

bash scripts/system-deps.sh
# shellcheck disable=SC1091
source scripts/postgres.sh
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  skipped+=("the PostgreSQL suites (vitest *.pg.* files: store, quotas, instances, inbox, sign-in throttle)")
  skipped+=("the Playwright cluster project (two servers on one PostgreSQL database)")
fi

echo "== type check"
npx tsc --noEmit

echo "== lint (ESLint, the rooms as import rules; no warning allowed), format (Prettier)"
npx eslint --max-warnings 0 .
npx prettier --check . > /dev/null || { npx prettier --list-different .; echo "Not formatted: run npm run format" >&2; exit 1; }
echo "== dead code (knip: unused files, exports, dependencies)"
npm run --silent deadcode

echo "== migrations match the schemas (drizzle-kit generate into a copy writes nothing)"
npx tsx scripts/check-migrations.ts

echo "== unit and integration tests (vitest, coverage summary)"
npx vitest run --coverage

echo "== production build"
npx next build

echo "== browser tests (Playwright, Chromium; two runs side by side: scripts/e2e.sh)"
bash scripts/e2e.sh
