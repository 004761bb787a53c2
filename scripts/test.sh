#!/usr/bin/env bash
# The whole test suite: type check, lint (no warning allowed), format, dead code, migrations against the schemas and
# import circles across folders (side by side), then the unit + integration tests (vitest, incl. PostgreSQL, with a
# coverage summary) beside the production build, then the browser tests (Playwright, every project: chromium and
# chromium-2, lifecycle, reference against a document-shaped upstream, document against a server speaking the document
# (EMBEDDED_WIRE=document), model with a scripted model peer, cluster with two servers on one PostgreSQL database;
# scripts/e2e.sh runs them as three runs side by side). Steps run side by side keep their output in
# test-results/npm-test/<step>.log and print it when they end; vitest's streams. The end: a table of each step's time.
# As root on Debian it installs what it needs first (Chromium, a PostgreSQL server). Without PostgreSQL (not root) the
# PostgreSQL suites and the cluster project are skipped, and without the npm registry (scripts/registry.sh) the app
# runtime's registry tests (a Vite app installed from it); a banner on stderr says so at the end. Under CI (CI set, as
# .ci/run does) either fails the run instead.
set -euo pipefail
cd "$(dirname "$0")/.."

skipped=()
remedies=() # what runs them, one line per cause
banner() {
  [ ${#skipped[@]} -eq 0 ] && return
  {
    echo
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    echo "!! NOT EVERYTHING RAN. Skipped:"
    for what in "${skipped[@]}"; do echo "!!   - $what"; done
    for how in "${remedies[@]}"; do echo "!! $how"; done
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  } >&2
}

logs=test-results/npm-test
rm -rf "$logs"
mkdir -p "$logs"
began=$SECONDS
timings=() # "step|seconds|result"

# The time each step took (steps side by side share the cores: each one's time is its own, the group's wall clock is
# the "together" line), also when a step failed.
table() {
  [ ${#timings[@]} -eq 0 ] && return
  echo
  echo "── npm test, time per step"
  printf '  %-52s %8s  %s\n' step seconds result
  local row name secs result
  for row in "${timings[@]}"; do
    IFS='|' read -r name secs result <<< "$row"
    printf '  %-52s %8s  %s\n' "$name" "$secs" "$result"
  done
  printf '  %-52s %8s\n' "whole run" "$((SECONDS - began))"
}
trap 'table; banner' EXIT

# step NAME COMMAND...: one step in the foreground, its output as it comes.
step() {
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  if "$@"; then
    timings+=("$name|$((SECONDS - t0))|ok")
  else
    local status=$?
    timings+=("$name|$((SECONDS - t0))|FAILED")
    exit "$status"
  fi
}

# together STEP...: steps side by side, each a function named in `steps` below. The first streams its output; the
# others write theirs to $logs/<step>.log, printed when all have ended. Fails when any failed, after printing them all.
together() {
  local t0=$SECONDS name pids=() first=$1
  for name in "$@"; do
    if [ "$name" = "$first" ]; then
      echo "== ${titles[$name]} (beside: ${*:2})"
      (s0=$SECONDS; set +e; "$name"; status=$?; echo "$((SECONDS - s0)) $status" > "$logs/$name.status") &
    else
      (s0=$SECONDS; set +e; "$name" > "$logs/$name.log" 2>&1; status=$?; echo "$((SECONDS - s0)) $status" > "$logs/$name.status") &
    fi
    pids+=($!)
  done
  wait "${pids[@]}" || true
  local failed=0 secs status
  for name in "$@"; do
    read -r secs status < "$logs/$name.status" || { secs=?; status=1; }
    if [ "$name" != "$first" ]; then
      echo "== ${titles[$name]}"
      cat "$logs/$name.log"
    fi
    if [ "$status" = 0 ]; then
      timings+=("${titles[$name]}|$secs|ok")
    else
      timings+=("${titles[$name]}|$secs|FAILED")
      echo "FAILED: ${titles[$name]} (output: $logs/$name.log)" >&2
      failed=1
    fi
  done
  timings+=("  together|$((SECONDS - t0))|")
  [ "$failed" = 0 ] || exit 1
}

declare -A titles=(
  [typecheck]="type check"
  [lint]="lint (ESLint, rooms as import rules, no warning)"
  [format]="format (Prettier)"
  [deadcode]="dead code (knip)"
  [migrations]="migrations match the schemas"
  [cycles]="no import circle leaves a folder"
  [unit]="unit and integration tests (vitest, coverage)"
  [build]="production build"
)
typecheck() { npx tsc --noEmit; }
lint() { npx eslint --max-warnings 0 .; }
format() {
  npx prettier --check . > /dev/null || { npx prettier --list-different .; echo "Not formatted: run npm run format" >&2; return 1; }
}
deadcode() { npm run --silent deadcode; }
# drizzle-kit generate into a copy writes nothing
migrations() { npx tsx scripts/check-migrations.ts; }
# app, components and lib: an import circle whose files are not all in one folder fails (scripts/import-cycles.allow)
cycles() { npx tsx scripts/check-cycles.ts; }
unit() { npx vitest run --coverage; }
build() { npx next build; }

step "system dependencies" bash scripts/system-deps.sh
# shellcheck disable=SC1091
source scripts/postgres.sh
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  skipped+=("the PostgreSQL suites (vitest *.pg.* files: store, quotas, instances, inbox, sign-in throttle)")
  skipped+=("the Playwright cluster project (two servers on one PostgreSQL database)")
  remedies+=("Set TEST_DATABASE_URL (a PostgreSQL server) or run as root on Debian to run them.")
fi
# shellcheck disable=SC1091
source scripts/registry.sh
if [ "${APP_RUNTIME_REGISTRY_TESTS:-}" != 1 ]; then
  if [ -n "${CI:-}" ]; then
    echo "The npm registry (registry.npmjs.org) did not answer \`npm ping\`: CI must run the app runtime's registry tests, not skip them." >&2
    exit 1
  fi
  skipped+=("the app runtime's registry tests (vitest vite.http.test.ts, Playwright app-runtime-vite.spec.ts)")
  remedies+=("Reach registry.npmjs.org (npm ping) to run the registry tests (docs/app-runtime.md, Tests).")
fi

# The checks are short and mostly one core each: side by side. The build (mostly one core) beside vitest.
together lint typecheck format deadcode migrations cycles
together unit build
step "browser tests (Playwright: scripts/e2e.sh, three runs side by side)" bash scripts/e2e.sh
