#!/usr/bin/env bash
# Installs the system packages the tests need (Chromium, PostgreSQL, git: the Git server peer runs `git http-backend`;
# bubblewrap: the agent's commands run in its sandbox, docs/sandbox.md) when running as root with apt-get.
set -euo pipefail
# Without root (or apt-get) a missing PostgreSQL is not fatal outside CI: test.sh then skips the PostgreSQL suites and
# says so at the end. Under CI (CI set) it is.
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
# The browser tests' browser (playwright.config.ts): lighter than the full Chromium, which the benchmarks keep.
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v git >/dev/null || need+=(git)
# The sandbox's tests fail (not skip) under CI without it.
[ -x /usr/bin/bwrap ] || need+=(bubblewrap)
[ -n "${TEST_DATABASE_URL:-}" ] || ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  if [ "${need[*]}" = postgresql ] && [ -z "${CI:-}" ]; then exit 0; fi
  echo "Missing: ${need[*]}. Install them (Debian: apt-get install -y ${need[*]}) or set CHROMIUM_PATH / TEST_DATABASE_URL." >&2
  exit 1
fi
echo "== installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
