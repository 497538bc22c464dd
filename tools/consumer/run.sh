#!/usr/bin/env bash
# A real consumer install of kit-chat-uikit-angular (issues 8 and 14), for CI: `npm run consumer`.
#
# Packs the library with the README's own from-this-repository lines (`npm run pack`, the tarball's full path kept in
# KIT_TGZ; prints the tarball's file list), creates fresh CLI apps OUTSIDE the workspace (a temp dir, one workspace
# with three apps sharing one npm install, at the Angular/Jest versions the workspace uses), and sets the kit up in
# each with the README's `npx ng add "$KIT_TGZ"`, as written, like a user would (no path mapping).
# Then checks:
#   1. `ng add` in a standalone, an NgModule and a server-rendered app: the CDK and Material come in at the app's
#      Angular minor, the kit's providers and theme are written; a second `ng add` changes nothing;
#   2. the NgModule and the server-rendered app build for production as `ng add` left them (the latter prerenders
#      its page on the server at build time, with the kit's providers);
#   3. the code blocks of the README and of docs/*.md marked `<!-- file: ... -->` (readme-blocks.mjs) are written
#      into the standalone app, which builds for production;
#   4. the app's tests after the README's Quick start is pasted (its app.spec.ts replaces the CLI's, which the
#      template has as `ng new` writes it) pass under Jest (jest-preset-angular) and under Vitest (`ng test`, the
#      CLI's default runner);
#   5. the three screens render once on the server (renderApplication, plain node, no window/document);
#   6. the standalone app in Chromium: the incoming title's font stack ends in sans-serif, the theming guide's
#      custom-incoming-call class keeps every text on the screen at a contrast of 4.5:1 or more, the Quick start's
#      calls show video, and the languages guide's menu switches the kit to German at run time.
# The fresh apps are the templates in tools/consumer/template (as `ng new` writes them, without the kit).
#
# Environment: KEEP_CONSUMER=1 keeps the temp dir; CONSUMER_SSR_STRICT=1 also fails the server render when a framework helper reads `document` for the kit.
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
CHECKS=12
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
  failed=$CHECKS
  passed=0
  summary
}

# 1. The tarball, made and installed with the README's own from-this-repository lines, each as written: in the
#    repository (the clone) `npm run pack` and the lines after it up to `cd ..` (the one that keeps the tarball's full
#    path), then in each app the `npx ng add` line. The clone, `ng new` and `cd my-app` are this check's own.
install_json="$(node "$here/readme-blocks.mjs" --install)" || abort "the README's from-this-repository lines are missing"
pack_command="$(node -p "JSON.parse(process.argv[1]).pack" "$install_json")"
in_clone="$(node -p "JSON.parse(process.argv[1]).inClone.join(' && ') || 'true'" "$install_json")"
ng_add_line="$(node -p "JSON.parse(process.argv[1]).ngAdd" "$install_json")"
ng_add_arg="$(node -p "JSON.parse(process.argv[1]).tarball" "$install_json")"
say "README: '$pack_command', '$in_clone', then in the app '$ng_add_line'"
rm -f "$root"/kit-chat-uikit-angular-*.tgz
step pack bash -c "cd '$root' && $pack_command" || abort "'$pack_command' failed in the repository"
# What the README's `ng add` argument names, after its lines in the clone (a path that no folder name decides).
tarball="$(cd "$root" && bash -c "$in_clone && printf '%s' $ng_add_arg")"
[[ "$tarball" == /* && -f "$tarball" ]] || abort "the README's lines name '$tarball' as the tarball, not a file that '$pack_command' wrote: $(ls "$root"/*.tgz 2>/dev/null)"
say "packed $(basename "$tarball") ($(tar tzf "$tarball" | wc -l) files, $(du -kL "$tarball" | cut -f1) KB):"
tar tzvf "$tarball" | awk '{printf "  %8s  %s\n", $3, $6}' | sed 's# package/# #' | sort -k2
files="$(tar tzf "$tarball")"
for must in README.md LICENSE schematics/collection.json schematics/package.json schematics/ng-add/index.js; do
  grep -qx "package/$must" <<<"$files" || abort "the tarball has no $must"
done

# 3. Fresh apps outside the workspace, one npm install for all three (no kit, no CDK, no Material yet).
cp -R "$here/template/." "$app/"
node "$here/write-package-json.mjs" "$root" "$tarball" "$app" || abort "could not write the apps' package.json"
step install bash -c "cd '$app' && npm install --no-audit --no-fund" || abort "npm install of the apps failed"
say "installed the fresh apps in $(elapsed)"

cd "$app" || abort "no app dir"
ng="$app/node_modules/.bin/ng"
core_minor="$(node -p "require('./node_modules/@angular/core/package.json').version.split('.').slice(0, 2).join('.')")"

# 4. `ng add <tarball>` in each app, as a user would (non-interactive). The first one installs the kit, the CDK and
#    Material; each writes its app's providers and theme.
# The README's lines as written: those of the clone in the repository, then `npx ng add …` in the app, plus the
# answers a terminal would ask for (no prompt, which project of the three).
readme_ng_add() {
  local project="$1"
  bash -c "cd '$root' && $in_clone && cd '$app' && $ng_add_line --skip-confirmation --project '$project'"
}
ng_add() {
  local project="$1" providers_file="$2" providers="$3" styles_file="$4"
  if ! step "ng-add-$project" readme_ng_add "$project"; then
    fail "ng add in the $project"
    return
  fi
  local problems=()
  grep -q "$providers" "$providers_file" || problems+=("no $providers in ${providers_file#projects/}")
  grep -q 'mat.theme(' "$styles_file" || problems+=("no mat.theme() in ${styles_file#projects/}")
  grep -q "@use 'kit-chat-uikit-angular' as kit;" "$styles_file" || problems+=("no kit Sass entry in ${styles_file#projects/}")
  for package in cdk material; do
    local version
    version="$(node -p "require('./node_modules/@angular/$package/package.json').version" 2>/dev/null)"
    [[ "$version" == "$core_minor".* ]] || problems+=("@angular/$package ${version:-missing}, not $core_minor.x")
  done
  if ((${#problems[@]})); then
    fail "ng add in the $project: $(IFS=';'; echo "${problems[*]}")"
  else
    pass "ng add in the $project: $providers in ${providers_file##*/}, mat.theme() and the kit in ${styles_file##*/}, CDK and Material $core_minor.x ($(elapsed))"
  fi
}
ng_add standalone-app projects/standalone-app/src/app/app.config.ts provideKitUIKit projects/standalone-app/src/styles.scss
ng_add ngmodule-app projects/ngmodule-app/src/app/app-module.ts 'KitCallsModule.forRoot' projects/ngmodule-app/src/kit-theme.scss
ng_add ssr-app projects/ssr-app/src/app/app.config.ts provideKitUIKit projects/ssr-app/src/styles.scss

# A second `ng add` changes nothing: the sources, angular.json and the dependencies stay as they are.
fingerprint() { find projects angular.json -type f -print0 | sort -z | xargs -0 sha1sum; node -p "JSON.stringify(require('./package.json').dependencies)"; }
fingerprint >"$work/before-second-ng-add.txt"
if step ng-add-again readme_ng_add standalone-app \
  && fingerprint | diff "$work/before-second-ng-add.txt" - >"$logs/ng-add-again.diff"; then
  pass "a second ng add changes nothing ($(elapsed))"
else
  fail "a second ng add changed the app:"
  head -n 20 "$logs/ng-add-again.diff"
fi

# 5. Production builds of the apps as `ng add` left them.
build() {
  local project="$1" label="$2"
  if ! step "build-$project" "$ng" build "$project" --configuration production; then
    fail "$label build"
    return 1
  fi
  pass "$label built ($(grep -o 'Initial total.*' "$logs/build-$project.log" | tr -s ' ' | head -n 1)) in $(elapsed)"
}
build ngmodule-app "NgModule app (KitCallsModule.forRoot from ng add, CSS app with kit-theme.scss)"
if build ssr-app "server-rendered app (provideKitUIKit from ng add, prerendered)"; then
  if ! grep -q 'Hello, ssr-app' "$app/dist/ssr-app/browser/index.html" 2>/dev/null; then
    fail "the server-rendered app's prerendered index.html lacks the page's content"
  fi
fi

# 6. The code blocks of the README and of docs/*.md, as pasted, in the standalone app (over what `ng add` wrote), then
#    built. A stylesheet block (theming.md's) is added to the build's styles, as the guide tells the reader to.
if node "$root/tools/consumer/readme-blocks.mjs" --app "$app/projects/standalone-app" >"$logs/readme.log" 2>&1; then
  cat "$logs/readme.log"
  node -e "
    const fs = require('fs');
    const config = JSON.parse(fs.readFileSync('angular.json', 'utf8'));
    const styles = config.projects['standalone-app'].architect.build.options.styles;
    for (const name of fs.readdirSync('projects/standalone-app/src')) {
      const path = 'projects/standalone-app/src/' + name;
      if (/\\.s?css$/.test(name) && !styles.includes(path)) styles.push(path);
    }
    // The guides' angular.json asset entries (<!-- asset: -->), as a user adds them.
    const options = config.projects['standalone-app'].architect.build.options;
    options.assets = [...(options.assets ?? []), ...require('./projects/standalone-app/readme-assets.json')];
    fs.writeFileSync('angular.json', JSON.stringify(config, null, 2));"
  # The languages guide's menu on the Quick start's page, as the guide says to put it there (the browser check
  # switches the kit to German with it).
  node -e "
    const fs = require('fs');
    const path = 'projects/standalone-app/src/app/app.ts';
    const page = fs.readFileSync(path, 'utf8');
    const withMenu = page.replace('template: \`', 'imports: [LanguageMenu],\n  template: \`\n    <app-language-menu />');
    if (withMenu === page || !fs.existsSync('projects/standalone-app/src/app/language-menu.ts')) process.exit(1);
    fs.writeFileSync(path, \"import {LanguageMenu} from './language-menu';\n\" + withMenu);" ||
    fail "the languages guide's menu could not be put on the Quick start's page"
  if build standalone-app "standalone app with the code blocks of the README and the guides"; then
    # Each asset entry of the guides puts its file in the build's output (e.g. the push worker, kit-call-sw.js).
    missing="$(node -e "
      const fs = require('fs');
      for (const a of require('./projects/standalone-app/readme-assets.json')) {
        const out = 'dist/standalone-app/browser/' + (a.output ?? '/').replace(/^\\/+/, '') + '/' + a.glob;
        if (!fs.existsSync(out.replace(/\\/+/g, '/'))) console.log(a.input + '/' + a.glob);
      }")"
    if [[ -n "$missing" ]]; then
      fail "the guides' asset entries name files the package does not ship: $missing"
    else
      pass "the guides' asset entries are in the build ($(node -e "console.log(require('./projects/standalone-app/readme-assets.json').map(a => a.glob).join(', ') || 'none')"))"
    fi
  fi
else
  cat "$logs/readme.log"
  fail "the README's code blocks are not marked right"
fi

# 6b. The standalone app in Chromium: the incoming screen's title is in a sans-serif stack after `ng add`, and
#     theming.md's custom-incoming-call class keeps every text at 4.5:1 or more (tools/consumer/browser-check.mjs).
if [[ -f "$app/dist/standalone-app/browser/index.html" ]]; then
  node "$root/tools/consumer/browser-check.mjs" "$app/dist/standalone-app/browser" >"$logs/browser.log" 2>&1
  browser_status=$?
  cat "$logs/browser.log"
  if ((browser_status == 0)); then
    pass "browser: $(grep -o 'font .*' "$logs/browser.log" | tail -n 1)"
  else
    fail "browser: the incoming screen's font or text contrast, or the Quick start's video (see above)"
  fi
else
  fail "browser: no standalone app build to open"
fi

# 7. The README's testing example (src/app/app.spec.ts), under Jest and under Vitest.
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

step vitest "$ng" test standalone-app --watch=false
vitest_status=$?
grep -E '^\s*(✓|×|✗|FAIL|Test Files|Tests)\b' "$logs/vitest.log" | sed 's/^\s*/  /' | head -n 20
vitest_line="$(grep -E '^\s*Tests\s' "$logs/vitest.log" | tail -n 1 | tr -s ' ')"
if ((vitest_status == 0)) && [[ "$vitest_line" == *passed* && "$vitest_line" != *failed* ]]; then
  pass "vitest (ng test):${vitest_line#*Tests}"
else
  fail "vitest (ng test): ${vitest_line:-no result}"
fi

# 8. The screens rendered once on the server.
node --enable-source-maps server-render.mjs >"$logs/server-render.log" 2>&1
render_status=$?
cat "$logs/server-render.log"
if ((render_status == 0)); then
  pass "server render ok"
else
  fail "server render"
fi

summary
