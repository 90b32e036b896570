#!/usr/bin/env bash
# `npm test`: everything a change must pass, in order.
#   chromium check -> lint (`npm run lint`: Prettier's format check, ESLint, dependency-cruiser's
#   layer and module rules) and the server's types beside the other programs' types (`npm run
#   typecheck` is both type lanes) -> web production build -> unit + api tests (the unit
#   project includes the docs' path check, tests/unit/docs-paths.test.ts) -> browser tests (real
#   chromium against the built app)
# API tests run on embedded PGlite unless DATABASE_URL points at PostgreSQL (see .ci/run).
set -euo pipefail

cd "$(dirname "$0")/.."

started=$SECONDS
current="start"
done_steps=()

summary() {
  local rc=$?
  local total=$((SECONDS - started))
  if [[ $rc -eq 0 ]]; then
    echo "npm test: PASSED (${#done_steps[@]} steps: ${done_steps[*]}) in ${total}s"
  else
    echo "npm test: FAILED at step '${current}' (exit ${rc}) after ${total}s"
  fi
}
trap summary EXIT

step() {
  local name=$1
  shift
  current=$name
  local t0=$SECONDS
  echo
  echo "==> ${name}: $*"
  "$@"
  echo "--- ${name} ok ($((SECONDS - t0))s)"
  done_steps+=("$name")
}

# Lint and typecheck side by side: each is one process on one core, and they share nothing.
# Each one's output is printed whole once both have ended; either failing fails the step.
side_by_side() {
  local out_a out_b rc_a=0 rc_b=0
  out_a=$(mktemp)
  out_b=$(mktemp)
  bash -c "$1" >"$out_a" 2>&1 &
  local pid_a=$!
  bash -c "$2" >"$out_b" 2>&1 &
  local pid_b=$!
  wait "$pid_a" || rc_a=$?
  wait "$pid_b" || rc_b=$?
  echo "--- $1 (exit ${rc_a})"
  cat "$out_a"
  echo "--- $2 (exit ${rc_b})"
  cat "$out_b"
  rm -f "$out_a" "$out_b"
  [[ $rc_a -eq 0 && $rc_b -eq 0 ]]
}

step chromium  bash scripts/ensure-chromium.sh
# Two lanes of about the same length (measured: lint ~45 % of the TypeScript programs' time, the
# server's program the largest of those): lint then the server's types, beside the other programs.
step lint+typecheck side_by_side "npm run lint && npm run typecheck:server" "npm run typecheck:rest"
step build     npm run build
step unit+api  npx vitest run --project unit --project api
step browser   npx vitest run --project browser
