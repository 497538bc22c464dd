// The browser tests (`npm run e2e`): the production build of the demo, served on 127.0.0.1, driven in Debian's
// Chromium (CHROME_PATH or /usr/bin/chromium) through playwright-core.
//
//   node e2e/run.mjs [--build] [--only <regexp>] [--lanes <n>]
//
// Builds the demo (`ng build demo`) only when dist/demo/browser is missing, or with --build. Each test is named and
// has a time limit. Tests run in 2 lanes side by side (--lanes, or KIT_E2E_LANES; 1 runs them one by one), each lane
// with browsers of its own, since the demo's tabs of one browser share calls over a BroadcastChannel. Prints `✓ name` or
// `✗ name: reason`, then `e2e: N passed, N failed`; exit code 1 when a test failed, 2 when the run could not start.
// Screenshots of every screen in the light and the dark theme go to e2e/screenshots/ (ignored by git).
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {DIST, ROOT, ensureDemoBuild} from './demo-build.mjs';
import {axeTests} from './flows/axe.mjs';
import {callLogTests} from './flows/call-log.mjs';
import {callButtonsTests} from './flows/call-buttons.mjs';
import {callTests} from './flows/calls.mjs';
import {closedTabTests} from './flows/closed-tab.mjs';
import {demoTests} from './flows/demo.mjs';
import {dockTests} from './flows/dock.mjs';
import {groupCallTests} from './flows/group-calls.mjs';
import {holdTests} from './flows/hold.mjs';
import {keyboardTests} from './flows/keyboard.mjs';
import {languageTests} from './flows/languages.mjs';
import {layoutTests} from './flows/layout.mjs';
import {lookTests} from './flows/look.mjs';
import {mediaTests} from './flows/media.mjs';
import {pageTests} from './flows/page.mjs';
import {previewTests} from './flows/preview.mjs';
import {readinessTests} from './flows/readiness.mjs';
import {teamTests} from './flows/team.mjs';
import {videoLookTests} from './flows/video-look.mjs';
import {runTests} from './harness.mjs';
import {serve} from './server.mjs';
import {copyScreenshotStrip} from '../tools/screenshot-strip.mjs';

export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');

const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new RegExp(args[onlyIndex + 1], 'i') : undefined;
const lanesIndex = args.indexOf('--lanes');
const lanes = Number(lanesIndex >= 0 ? args[lanesIndex + 1] : (process.env.KIT_E2E_LANES ?? 2));
if (!Number.isInteger(lanes) || lanes < 1) {
  // A lane count that is not a whole number would start no lane at all, and report 0 passed, 0 failed.
  console.error(`e2e: --lanes / KIT_E2E_LANES must be a whole number from 1, not ${lanes}`);
  process.exit(2);
}

async function main() {
  ensureDemoBuild(args, 'e2e');
  mkdirSync(SCREENSHOTS, {recursive: true});
  const server = await serve(DIST);
  const started = Date.now();
  console.log(
    `Demo served at ${server.url}, Chromium ${process.env.CHROME_PATH || '/usr/bin/chromium'}, ${lanes} lane(s)`,
  );
  let result;
  try {
    result = await runTests(
      [
        // The longest first (several tabs each), so that no lane is left with one of them at the end while the
        // other waits.
        ...groupCallTests,
        ...teamTests,
        ...callTests,
        ...lookTests,
        ...layoutTests,
        ...videoLookTests,
        ...demoTests,
        ...dockTests,
        ...keyboardTests,
        ...mediaTests,
        ...pageTests,
        ...readinessTests,
        ...languageTests,
        ...closedTabTests,
        ...callLogTests,
        ...axeTests,
        ...callButtonsTests,
        ...previewTests,
        ...holdTests,
      ],
      {
        base: server.url,
        only,
        lanes,
      },
    );
  } finally {
    await server.close();
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // The README's screenshot strip follows the screens (docs/screenshots/).
  const strip = copyScreenshotStrip(SCREENSHOTS, started);
  if (strip.length) {
    console.log(`screenshot strip: ${strip.join(', ')} → docs/screenshots/`);
  }
  console.log(`e2e: ${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed > 0 ? 1 : 0;
}

main().catch(error => {
  console.error(error);
  console.log('e2e: 0 passed, 1 failed');
  process.exitCode = 2;
});
