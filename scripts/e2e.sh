#!/usr/bin/env bash
# The browser tests as npm test runs them: two Playwright runs side by side, one per core — the chromium project (most
# specs, the lifecycle servers) and the others (reference, document, model, and cluster when there is a PostgreSQL server or
# under CI, where the config then fails without one). Each run starts only its projects' servers, on their own ports,
# and keeps its own artifacts (test-results/<run>/, playwright-report-<run>/). Arguments go to both runs.
# E2E_SIDE_BY_SIDE=0: one run of every project, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${E2E_SIDE_BY_SIDE:-1}" = 0 ]; then exec npx playwright test "$@"; fi

others=(--project=reference --project=document --project=model)
if [ -n "${TEST_DATABASE_URL:-}" ] || [ -n "${CI:-}" ]; then others+=(--project=cluster); fi

(set -o pipefail; E2E_RUN=chromium npx playwright test --project=chromium "$@" 2>&1 | sed -u 's/^/[chromium] /') &
chromium=$!
(set -o pipefail; E2E_RUN=others npx playwright test "${others[@]}" "$@" 2>&1 | sed -u 's/^/[others] /') &
rest=$!
status=0
wait "$chromium" || { echo "browser tests failed: chromium project" >&2; status=1; }
wait "$rest" || { echo "browser tests failed: ${others[*]}" >&2; status=1; }
exit "$status"
