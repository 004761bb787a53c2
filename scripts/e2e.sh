#!/usr/bin/env bash
# The browser tests as npm test runs them: two Playwright runs side by side, one per core, about as long as each
# other — the chromium project (most specs) and the others (chromium-2: specs moved to a second default server,
# lifecycle: the servers as processes, reference, document, model, and cluster when there is a PostgreSQL server or under CI,
# where the config then fails without one). Each run starts only its projects' servers, on their own ports,
# and keeps its own artifacts (test-results/<run>/, playwright-report-<run>/) and its whole output
# (test-results/e2e-<run>.log). The output ends with a summary of both runs — every failed or flaky test with its first
# error lines, and each run's totals — so a log cut to its tail still names what failed in either run.
# Arguments go to both runs. E2E_SIDE_BY_SIDE=0: one run of every project, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${E2E_SIDE_BY_SIDE:-1}" = 0 ]; then exec npx playwright test "$@"; fi

others=(--project=chromium-2 --project=lifecycle --project=reference --project=document --project=model)
if [ -n "${TEST_DATABASE_URL:-}" ] || [ -n "${CI:-}" ]; then others+=(--project=cluster); fi

mkdir -p test-results
# One run: its output to the terminal (each line prefixed with the run's name) and, unprefixed, to its log file.
run() {
  local name=$1
  shift
  (set -o pipefail; E2E_RUN=$name npx playwright test "$@" 2>&1 | tee "test-results/e2e-$name.log" | sed -u "s/^/[$name] /")
}

run chromium --project=chromium "$@" &
chromium=$!
run others "${others[@]}" "$@" &
rest=$!
status=0
wait "$chromium" || status=1
wait "$rest" || status=1

# The end of Playwright's list reporter: the numbered failures (heading and first error lines, no code frames or
# stacks) and the totals ("2 failed", the failed and flaky tests by name, "97 passed (13.6m)"). A run that ended
# before its totals (a web server that did not start, a config error) shows its last lines instead.
summary() {
  local name=$1 log="test-results/e2e-$1.log"
  echo "── browser tests, $name run (whole output: $log)"
  sed 's/\x1b\[[0-9;]*m//g; s/ *─[─ ]*$//' "$log" | awk '
    /^  [0-9]+\) / { print; errors = 3; next }
    /^    Retry #[0-9]+/ { print; errors = 1; next }
    errors > 0 && /^ *$/ { next }
    errors > 0 && (/^ +[0-9]+ \|/ || /^ +> [0-9]+ \|/ || /^ +at / || /^ +Error Context:/ || /^ +attachment #/) { errors = -1; next }
    errors > 0 { print; errors--; next }
    /^  [0-9]+ (failed|flaky|interrupted|skipped|did not run|passed)/ { totals = 1 }
    totals && /^  / { print }
    { tail[NR % 15] = $0 }
    END {
      if (!totals) {
        print "  (no totals: the run ended early; its last lines)"
        for (i = NR - 14; i <= NR; i++) if (i > 0) print "  | " tail[i % 15]
      }
    }'
}
echo
summary chromium
summary others
exit "$status"
