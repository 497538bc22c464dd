// The browser tests (`npm run e2e`): the production build of the demo, served on 127.0.0.1, driven in Debian's
// Chromium (CHROME_PATH or /usr/bin/chromium) through playwright-core.
//
//   node e2e/run.mjs [--build] [--only <regexp>]
//
// Builds the demo (`ng build demo`) only when dist/demo/browser is missing, or with --build. Each test is named,
// has a time limit, and runs alone (the demo's tabs share calls over a BroadcastChannel). Prints `✓ name` or
// `✗ name: reason`, then `e2e: N passed, N failed`; exit code 1 when a test failed, 2 when the run could not start.
// Screenshots of every screen in the light and the dark theme go to e2e/screenshots/ (ignored by git).
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {axeTests} from './flows/axe.mjs';
import {callTests} from './flows/calls.mjs';
import {keyboardTests} from './flows/keyboard.mjs';
import {pageTests} from './flows/page.mjs';
import {runTests} from './harness.mjs';
import {serve} from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist', 'demo', 'browser');
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new RegExp(args[onlyIndex + 1], 'i') : undefined;

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

async function main() {
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
      'Note: dist/demo is older than the sources; `npm run e2e -- --build` tests the current code.',
    );
  }
  mkdirSync(SCREENSHOTS, {recursive: true});
  const server = await serve(DIST);
  const started = Date.now();
  console.log(
    `Demo served at ${server.url}, Chromium ${process.env.CHROME_PATH || '/usr/bin/chromium'}`,
  );
  let result;
  try {
    result = await runTests([...callTests, ...keyboardTests, ...pageTests, ...axeTests], {
      base: server.url,
      only,
    });
  } finally {
    await server.close();
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`e2e: ${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed > 0 ? 1 : 0;
}

main().catch(error => {
  console.error(error);
  console.log('e2e: 0 passed, 1 failed');
  process.exitCode = 2;
});
