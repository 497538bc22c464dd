#!/usr/bin/env bash
# A real consumer install of kit-chat-uikit-angular (issue 8), for CI: `npm run consumer`.
#
# Packs the built library with `npm pack`, creates a fresh app OUTSIDE the workspace (a temp dir), installs the
# tarball there like a user would (no path mapping), with the Angular/CDK/Material/Jest versions the workspace
# uses, then checks:
#   1. an NgModule app (KitCallsModule.forRoot, platformBrowser().bootstrapModule) builds for production;
#   2. a standalone app (provideKitUIKit, bootstrapApplication) builds for production;
#      both zoneless, both styled with `@use 'kit-chat-uikit-angular' as kit;`, mat.theme and kit.*-overrides;
#   3. the app's Jest specs (jest-preset-angular, zoneless) pass with the kit's testing entry and harnesses;
#   4. the three screens render once on the server (renderApplication, plain node, no window/document).
# The app's files are the templates in tools/consumer/template.
#
# Environment: KEEP_CONSUMER=1 keeps the temp dir; CONSUMER_REBUILD=1 rebuilds the library even when dist/ is up
# to date; CONSUMER_SSR_STRICT=1 also fails the server render when a framework helper reads `document` for the kit.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
lib="$root/dist/kit-chat-uikit-angular"
work="$(mktemp -d "${TMPDIR:-/tmp}/kit-consumer-XXXX")"
app="$work/app"
logs="$work/logs"
mkdir -p "$app" "$logs"
export NG_CLI_ANALYTICS=false CI="${CI:-true}" NO_COLOR=1 FORCE_COLOR=0
start=$SECONDS
passed=0
failed=0

cleanup() {
  if [[ "${KEEP_CONSUMER:-}" == "1" ]]; then
    echo "consumer: kept $work (logs in $logs)"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

say() { echo "consumer: $*"; }
elapsed() { echo "$((SECONDS - start))s"; }
# Runs a step with its output in a log; on failure prints the log's end.
step() {
  local name="$1"
  shift
  if "$@" >"$logs/$name.log" 2>&1; then
    return 0
  fi
  echo "---- last lines of $name.log ----"
  grep -v 'Unknown user config "nodedir"' "$logs/$name.log" | tail -n 40
  echo "----"
  return 1
}
pass() { passed=$((passed + 1)); say "$*"; }
fail() { failed=$((failed + 1)); say "FAILED: $*"; }
summary() {
  say "total time $(elapsed)"
  say "$passed passed, $failed failed"
  if ((failed > 0)); then exit 1; fi
  exit 0
}
# Setup failures (no library, no install): every check counts as failed.
abort() {
  fail "$1"
  failed=4
  passed=0
  summary
}

# 1. The library: built if dist/ is missing or older than its sources.
stale=""
if [[ -f "$lib/package.json" ]]; then
  stale="$(find "$root/projects/kit-chat-uikit-angular" -type f ! -name '*.spec.ts' -newer "$lib/package.json" \
    -print -quit)"
fi
if [[ ! -f "$lib/package.json" || -n "$stale" || "${CONSUMER_REBUILD:-}" == "1" ]]; then
  reason="dist missing or CONSUMER_REBUILD=1"
  [[ -n "$stale" ]] && reason="dist older than ${stale#"$root"/}"
  say "building the library ($reason)"
  step library-build bash -c "cd '$root' && npm run build" || abort "the library does not build"
fi

# 2. The tarball, as `npm publish` would upload it.
step pack bash -c "cd '$lib' && npm pack --pack-destination '$work'" || abort "npm pack failed"
tarball="$(ls "$work"/kit-chat-uikit-angular-*.tgz 2>/dev/null | head -n 1)"
[[ -n "$tarball" ]] || abort "npm pack wrote no tarball"
say "packed $(basename "$tarball") ($(tar tzf "$tarball" | wc -l) files) into $work"

# 3. A fresh app outside the workspace, installing the tarball like a user (no path mapping anywhere).
cp -R "$here/template/." "$app/"
node "$here/write-package-json.mjs" "$root" "$tarball" "$app" || abort "could not write the app's package.json"
step install bash -c "cd '$app' && npm install --no-audit --no-fund" || abort "npm install of the app failed"
installed="$app/node_modules/kit-chat-uikit-angular"
if [[ -L "$installed" || ! -f "$installed/package.json" ]]; then
  abort "node_modules/kit-chat-uikit-angular is not an installed copy of the tarball"
fi
say "installed kit-chat-uikit-angular@$(node -p "require('$installed/package.json').version") from the tarball in $(elapsed)"

cd "$app" || abort "no app dir"
ng="$app/node_modules/.bin/ng"

# 4. Production builds; each also checks that the kit's Sass entry reached the CSS (an override's token).
build() {
  local project="$1" label="$2" token="$3"
  if ! step "build-$project" "$ng" build "$project" --configuration production; then
    fail "$label app build"
    return
  fi
  if ! grep -q -- "$token" "$app/dist/$project"/browser/styles-*.css; then
    fail "$label app built, but its CSS lacks $token (the kit's overrides did not apply)"
    return
  fi
  pass "$label app built ($(grep -o 'Initial total.*' "$logs/build-$project.log" | tr -s ' ' | head -n 1)) in $(elapsed)"
}
build ngmodule-app ngmodule --kit-incoming-call-accept-button-background-color
build standalone-app standalone --kit-outgoing-call-end-call-button-background-color

# 5. The app's Jest specs.
step jest "$app/node_modules/.bin/jest" --ci --json --outputFile="$work/jest.json"
jest_status=$?
read -r jest_passed jest_failed < <(node -e "
  try { const r = require('$work/jest.json'); console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites); }
  catch { console.log(0, 1); }")
node -e "
  try {
    for (const file of require('$work/jest.json').testResults)
      for (const t of file.assertionResults) console.log('  ' + (t.status === 'passed' ? 'ok  ' : t.status.toUpperCase() + ' ') + t.fullName);
  } catch {}"
if ((jest_status == 0 && jest_failed == 0 && jest_passed > 0)); then
  pass "jest $jest_passed passed, $jest_failed failed"
else
  if ((jest_status != 0)); then
    grep -E '✓|✕|●' "$logs/jest.log" | head -n 20
  fi
  fail "jest $jest_passed passed, $jest_failed failed"
fi

# 6. The screens rendered once on the server.
node --enable-source-maps server-render.mjs >"$logs/server-render.log" 2>&1
render_status=$?
cat "$logs/server-render.log"
if ((render_status == 0)); then
  pass "server render ok"
else
  fail "server render"
fi

summary
