#!/usr/bin/env bash
# `npm test`: everything a change must pass, in order.
#   chromium check -> lint (`npm run lint`: Prettier's format check, ESLint, dependency-cruiser's
#   layer and module rules) -> typecheck -> web production build -> unit + api tests (the unit
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

step chromium  bash scripts/ensure-chromium.sh
step lint      npm run lint
step typecheck npm run typecheck
step build     npm run build
step unit+api  npx vitest run --project unit --project api
step browser   npx vitest run --project browser
