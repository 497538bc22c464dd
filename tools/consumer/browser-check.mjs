// The consumer check's browser step: the fresh standalone app, built with `ng add`'s setup and the code of the README
// and the guides, opened in Chromium (CHROME_PATH or /usr/bin/chromium, through the workspace's playwright-core).
//
//   node tools/consumer/browser-check.mjs <the app's dist/.../browser folder>
//
// Rings the app ("Ada calls me", the README's button) and checks what a user sees on the incoming screen:
//   - font: the title's computed font-family ends in sans-serif (ng add's theme never falls back to serif);
//   - contrast: every line of text on the screen, with theming.md's `custom-incoming-call` class on the overlay's
//     panel (as `overlay: {panelClass}` puts it), has a contrast of at least 4.5:1 with what is behind it.
// Then the README's Quick start as a user tries it, with Chromium's fake camera and microphone:
//   - video: Accept on Ada's video call opens the ongoing screen, whose two videos (the far side's drawn picture and
//     my camera) show decoded frames; hang up; "Call Ada" says "Ringing…" before she picks up, and the ongoing
//     call's two videos show frames again.
// Prints one line per figure; exits 1 when a check fails, 2 when the page cannot be reached.
import {chromium} from 'playwright-core';
import {serve} from '../../e2e/server.mjs';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node browser-check.mjs <dist browser folder>');
  process.exit(2);
}
const MIN_CONTRAST = 4.5;

/** In the page: every visible text on the incoming screen, its colour, and the first opaque background behind it. */
function textColours() {
  const parse = value => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match) {
      return null;
    }
    const [r, g, b, a = 1] = match[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return {r, g, b, a};
  };
  const backgroundOf = element => {
    for (let node = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour.a > 0.99) {
        return colour;
      }
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const screen = document.querySelector('.kit-incoming-call');
  const found = [];
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const element = text.parentElement;
    const words = text.textContent.trim();
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (
      !words ||
      style.visibility === 'hidden' ||
      box.width === 0 ||
      element.closest('.cdk-visually-hidden, [class*="visually-hidden"]') ||
      // Decoration nobody reads or sees: the blurred copy of the avatar behind the screen (aria-hidden, its
      // initials transparent).
      (element.closest('[aria-hidden="true"]') && parse(style.color)?.a === 0)
    ) {
      continue;
    }
    found.push({
      text: words.slice(0, 40),
      part: element.className || element.tagName.toLowerCase(),
      colour: parse(style.color),
      background: backgroundOf(element),
    });
  }
  return found;
}

const REMOTE_VIDEO = '.kit-ongoing-call-remote-video';
const LOCAL_VIDEO = '.kit-ongoing-call-local-video';

/**
 * Waits until a video of the ongoing screen has decoded frames, and says what it shows.
 * @returns {Promise<string>} e.g. "640x480, 12 frames"
 */
async function framesOf(page, selector) {
  const handle = await page.waitForFunction(
    sel => {
      const video = document.querySelector(sel);
      const frames = video?.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
      return video && video.videoWidth > 0 && frames > 0
        ? `${video.videoWidth}x${video.videoHeight}, ${frames} frames decoded`
        : false;
    },
    selector,
    {timeout: 15000},
  );
  return handle.jsonValue();
}

/** The Quick start's two video calls: both videos of each ongoing call show frames; "Ringing…" before Ada answers. */
async function quickStartVideo(page) {
  const problems = [];
  const check = async (label, selector, name) => {
    try {
      console.log(`  browser video (${label}): ${name}: ${await framesOf(page, selector)}`);
    } catch {
      problems.push(`${label}: no frames on ${name} (${selector})`);
    }
  };
  // I accept Ada's call (its screen is still up from the checks above).
  await page.click('.kit-incoming-call-accept-button');
  await page.waitForSelector('.kit-ongoing-call', {timeout: 10000});
  await check('Ada calls me, accepted', REMOTE_VIDEO, "Ada's picture");
  await check('Ada calls me, accepted', LOCAL_VIDEO, 'my camera');
  await page.click('.kit-ongoing-call-end-call-button');
  await page.waitForSelector('.kit-ongoing-call', {state: 'detached', timeout: 10000});

  // I call Ada: her phone rings before she picks up (after 2 s, by the Quick start's autoAnswer).
  await page.getByRole('button', {name: 'Call Ada'}).click();
  try {
    await page.waitForFunction(
      () =>
        document.querySelector('.kit-outgoing-call-subtitle')?.textContent?.includes('Ringing') &&
        !document.querySelector('.kit-ongoing-call'),
      null,
      {timeout: 10000},
    );
    console.log('  browser video (Call Ada): "Ringing…" before she picks up');
  } catch {
    const said = await page
      .$eval('.kit-outgoing-call-subtitle', e => e.textContent.trim())
      .catch(() => null);
    problems.push(
      `Call Ada: the outgoing screen never said "Ringing…" (it says ${JSON.stringify(said)})`,
    );
  }
  await page.waitForSelector('.kit-ongoing-call', {timeout: 10000});
  await check('Call Ada, she picked up', REMOTE_VIDEO, "Ada's picture");
  await check('Call Ada, she picked up', LOCAL_VIDEO, 'my camera');
  return problems;
}

/**
 * The languages guide's menu (docs/languages.md, put on the Quick start's page by run.sh): after "Deutsch", the page
 * is `lang="de"` and Ada's next call rings in German.
 */
async function germanAtRunTime(page) {
  await page.click('.kit-ongoing-call-end-call-button');
  await page.waitForSelector('.kit-ongoing-call', {state: 'detached', timeout: 10000});
  await page.getByRole('button', {name: 'Deutsch'}).click();
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, {timeout: 10000});
  await page.getByRole('button', {name: 'Ada calls me'}).click();
  const accept = page.locator('.kit-incoming-call-accept-button');
  await accept.waitFor({timeout: 10000});
  const said = async () => (await accept.innerText()).trim();
  try {
    await page.waitForFunction(
      () =>
        document
          .querySelector('.kit-incoming-call-accept-button')
          ?.textContent?.includes('Annehmen'),
      null,
      {timeout: 10000},
    );
  } catch {
    return [`after "Deutsch", Ada's call says ${JSON.stringify(await said())}, not "Annehmen"`];
  }
  const subtitle = await page.$eval('.kit-incoming-call-subtitle', e => e.textContent.trim());
  console.log(`  browser German: lang="de", Accept says "${await said()}", "${subtitle}"`);
  await page.click('.kit-incoming-call-reject-button');
  await page.waitForSelector('.kit-incoming-call', {state: 'detached', timeout: 10000});
  return [];
}

function luminance({r, g, b}) {
  const channel = value => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

async function main() {
  const server = await serve(folder);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
      // A camera and a microphone, allowed without a prompt, as a user who pressed Allow.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  let failed = 0;
  try {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}});
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    // The page's font stylesheet lives on the network, which a CI box may not have: the DOM is enough.
    await page.goto(server.url, {waitUntil: 'domcontentloaded'});
    await page.getByRole('button', {name: 'Ada calls me'}).click();
    await page.waitForSelector('.kit-incoming-call-title', {timeout: 10000});

    const font = await page.$eval(
      '.kit-incoming-call-title',
      title => getComputedStyle(title).fontFamily,
    );
    const sans = /(^|,)\s*sans-serif\s*$/.test(font);
    console.log(`  browser font: the incoming title's font-family is ${font}`);
    if (!sans) {
      failed++;
      console.log(
        '  browser FAILED: the font stack does not end in sans-serif (the screens could fall back to serif)',
      );
    }

    await page.$eval('.cdk-overlay-pane', pane => pane.classList.add('custom-incoming-call'));
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('.kit-incoming-call')).backgroundColor ===
        'rgb(28, 27, 31)',
      null,
      {timeout: 5000},
    );
    const texts = await page.evaluate(textColours);
    let lowest = Infinity;
    for (const {text, part, colour, background} of texts) {
      const ratio = contrast(colour, background);
      lowest = Math.min(lowest, ratio);
      const rgb = c => `rgb(${c.r}, ${c.g}, ${c.b})`;
      console.log(
        `  browser contrast (custom-incoming-call): ${ratio.toFixed(2)}:1 "${text}" (${part}) ` +
          `${rgb(colour)} on ${rgb(background)}`,
      );
    }
    if (!texts.length || lowest < MIN_CONTRAST) {
      failed++;
      console.log(
        `  browser FAILED: lowest text contrast ${lowest.toFixed(2)}:1, below ${MIN_CONTRAST}:1`,
      );
    }
    let video = [];
    try {
      video = await quickStartVideo(page);
    } catch (error) {
      video = [`the Quick start's calls: ${error?.message ?? error}`];
    }
    for (const problem of video) {
      failed++;
      console.log(`  browser FAILED: video: ${problem}`);
    }
    let german = [];
    try {
      german = await germanAtRunTime(page);
    } catch (error) {
      german = [`the switch to German: ${error?.message ?? error}`];
    }
    for (const problem of german) {
      failed++;
      console.log(`  browser FAILED: language: ${problem}`);
    }
    if (errors.length) {
      failed++;
      console.log(`  browser FAILED: page error: ${errors[0]}`);
    }
    console.log(
      `  browser: font ${sans ? 'sans-serif' : 'NOT sans-serif'}, lowest contrast ${lowest.toFixed(2)}:1 over ` +
        `${texts.length} texts; Quick start video ${video.length ? 'FAILED' : 'frames on both sides of both calls, "Ringing…" first'}; ` +
        `German at run time ${german.length ? 'FAILED' : 'ok'}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
  return failed ? 1 : 0;
}

main().then(
  code => (process.exitCode = code),
  error => {
    console.error(`  browser FAILED: ${error?.message ?? error}`);
    process.exitCode = 2;
  },
);
