#!/usr/bin/env bash
# The browser tests as npm test runs them: three Playwright runs side by side, about as long as each other — the
# chromium project (most specs); "second": chromium-2 (specs moved to a second server with the default one's settings)
# and document (the same specs against a server speaking the document); "others": lifecycle (the servers as processes),
# reference, model, and cluster when there is a PostgreSQL server or under CI, where the config then fails without one.
# A run waits much of its time (streamed answers, polls, token expiry, servers starting): two runs left the 2 cores
# partly idle (docs/testing.md, "Where the time goes"). Each run starts only its projects' servers, on their own ports,
# and keeps its own artifacts (test-results/<run>/, playwright-report-<run>/), its whole output
# (test-results/e2e-<run>.log) and its JSON report (test-results/e2e-<run>.json). The output ends with a summary of
# every run — every failed or flaky test with its first error lines, the totals, and the 10 slowest tests — so a log
# cut to its tail still names what failed in any run and where the time went.
# Arguments go to every run. E2E_SIDE_BY_SIDE=0: one run of every project, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${E2E_SIDE_BY_SIDE:-1}" = 0 ]; then exec npx playwright test "$@"; fi

second=(--project=chromium-2 --project=document)
others=(--project=lifecycle --project=reference --project=model)
if [ -n "${TEST_DATABASE_URL:-}" ] || [ -n "${CI:-}" ]; then others+=(--project=cluster); fi

# Without a production build every run would start `next build` into the same folder at once: build once first.
[ -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ] || npx next build

mkdir -p test-results
# One run: its output to the terminal (each line prefixed with the run's name) and, unprefixed, to its log file.
run() {
  local name=$1
  shift
  (set -o pipefail; E2E_RUN=$name npx playwright test "$@" 2>&1 | tee "test-results/e2e-$name.log" | sed -u "s/^/[$name] /")
}

runs=(chromium second others)
run chromium --project=chromium "$@" &
pids=($!)
run second "${second[@]}" "$@" &
pids+=($!)
run others "${others[@]}" "$@" &
pids+=($!)
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

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
# The slowest tests of a run and the sum of its test durations (Playwright's JSON report, test-results/e2e-<run>.json):
# where a run's time goes, in every CI log.
slowest() {
  node -e '
    const fs = require("node:fs");
    const file = `test-results/e2e-${process.argv[1]}.json`;
    if (!fs.existsSync(file)) {
      console.log("  (no JSON report)");
      process.exit(0);
    }
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    const rows = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const r of test.results)
            rows.push({ ms: r.duration, name: `${test.projectName} › ${file} › ${spec.title}${r.retry ? ` (retry ${r.retry})` : ""}` });
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of report.suites) walk(suite, suite.file);
    const sum = rows.reduce((total, row) => total + row.ms, 0);
    console.log(`  ${rows.length} test runs, ${(sum / 1000).toFixed(0)} s of tests in ${(report.stats.duration / 1000).toFixed(0)} s; the slowest:`);
    for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, 10))
      console.log(`  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name}`);
  ' "$1" || true
}
for name in "${runs[@]}"; do
  echo
  summary "$name"
  slowest "$name"
done
exit "$status"
