// The README's screenshot strip (docs/screenshots/*.png), copied from the browser tests' own screenshots at the end
// of `npm run e2e`, so the pictures show the screens as they are. Only the files the run wrote are copied: a run
// filtered with --only leaves the others as they were.
//
//   node tools/screenshot-strip.mjs     copies what e2e/screenshots/ holds now
import {copyFileSync, existsSync, mkdirSync, statSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STRIP = join(ROOT, 'docs', 'screenshots');

/** The picture of the strip ← the browser tests' screenshot (e2e/flows/axe.mjs, layout.mjs and look.mjs name them). */
export const STRIP_SOURCES = {
  'incoming.png': 'incoming-light.png',
  'outgoing.png': 'outgoing-light.png',
  'outcome.png': 'look-no-answer.png',
  'ongoing.png': 'ongoing-voice-light.png',
  'ongoing-video.png': 'layout-ongoing-video-1280.png',
  'waiting.png': 'call-waiting-light.png',
  'dark.png': 'incoming-dark.png',
  'brand.png': 'incoming-brand.png',
  'incoming-ar.png': 'language-incoming-ar.png',
  'light.png': 'light-incoming.png',
  'light-ongoing.png': 'light-ongoing.png',
  'phone.png': 'layout-incoming-390.png',
  'docked.png': 'dock-voice-dragged.png',
  'group-incoming.png': 'group-incoming.png',
  'group-outgoing.png': 'group-outgoing-chips.png',
  'group-grid.png': 'group-grid.png',
};

/**
 * Copies the strip's screenshots written since `since`.
 * @param {string} screenshots The browser tests' screenshot folder.
 * @param {number} since Time (ms) from which a screenshot counts as this run's.
 * @returns {string[]} The pictures copied.
 */
export function copyScreenshotStrip(screenshots, since = 0) {
  const copied = [];
  for (const [picture, source] of Object.entries(STRIP_SOURCES)) {
    const from = join(screenshots, source);
    if (existsSync(from) && statSync(from).mtimeMs >= since) {
      mkdirSync(STRIP, {recursive: true});
      copyFileSync(from, join(STRIP, picture));
      copied.push(picture);
    }
  }
  return copied;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const copied = copyScreenshotStrip(join(ROOT, 'e2e', 'screenshots'));
  console.log(`screenshot strip: ${copied.length ? copied.join(', ') : 'nothing to copy'}`);
}
