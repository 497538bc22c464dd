// The demo's production build that both browser-test runners serve (`npm run e2e`, `npm run e2e:sip`).
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist', 'demo', 'browser');

/** The newest modification time of the sources the demo is built from. */
function newestSource() {
  let newest = 0;
  for (const folder of ['projects/demo/src', 'projects/kit-chat-uikit-angular/src']) {
    for (const file of readdirSync(join(ROOT, folder), {recursive: true})) {
      newest = Math.max(newest, statSync(join(ROOT, folder, String(file))).mtimeMs);
    }
  }
  return newest;
}

/**
 * Builds the demo (`ng build demo`) when dist/demo is missing, or always with `--build`; says so when the build is
 * older than the sources.
 * @param {string[]} args The runner's command-line arguments.
 * @param {string} script The npm script that runs the tests, for the hint.
 */
export function ensureDemoBuild(args, script) {
  if (args.includes('--build') || !existsSync(join(DIST, 'index.html'))) {
    console.log('Building the demo (ng build demo)…');
    execFileSync(join(ROOT, 'node_modules', '.bin', 'ng'), ['build', 'demo'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {...process.env, NG_CLI_ANALYTICS: 'false'},
    });
  }
  if (statSync(join(DIST, 'index.html')).mtimeMs < newestSource()) {
    console.log(
      `Note: dist/demo is older than the sources; \`npm run ${script} -- --build\` tests the current code.`,
    );
  }
}
