// The video call's optional look, which the demo turns on (withHidingControls(), withDraggableSelfView()): the
// control bar steps aside after a still mouse on a wide screen and comes back on a move or a key, never on touch or
// on a phone; the self view drags to every corner, snaps, and stays clear of the name and the controls at 320, 390
// and 1280 px; the arrow keys move it, said to screen readers, right to left too. Without the features (the demo's
// ?look=still) the bar never hides and the self view does not move. Delays are the demo's ?hideControlsAfter=<ms>.
import AxeBuilder from '@axe-core/playwright';
import {SEL, expect} from '../harness.mjs';
import {settle} from './axe.mjs';
import {videoCall} from './layout.mjs';

const BAR = '.kit-ongoing-call-controls';
const TILE = '.kit-ongoing-call-local-video';
/** How long the demo's bar waits here, in ms. */
const DELAY = 400;
const HEIGHT = {320: 640, 390: 844, 1280: 800};

/** A video call with Ada in a fresh tab, at a width. */
async function call(open, width = 1280, query = {}) {
  const demo = await open({query: {hideControlsAfter: DELAY, ...query}});
  await demo.page.setViewportSize({width, height: HEIGHT[width]});
  await videoCall(demo);
  await settle(demo.page);
  return demo;
}

/** Waits until the bar's opacity is `want` (it fades, so the end of the fade). */
async function barOpacity(demo, want, why) {
  try {
    await demo.page.waitForFunction(
      ([sel, value]) => getComputedStyle(document.querySelector(sel)).opacity === value,
      [BAR, want],
      {timeout: 5000},
    );
  } catch {
    const now = await demo.page.$eval(BAR, bar => getComputedStyle(bar).opacity);
    throw new Error(`${why}: the bar's opacity should be ${want}, is ${now}`);
  }
}

/** Moves the mouse over the far side's video (the middle of the window), a little. */
async function wiggle(demo, by = 0) {
  const {width, height} = demo.page.viewportSize();
  await demo.page.mouse.move(width / 2 + by, height / 3);
  await demo.page.mouse.move(width / 2 + by + 10, height / 3 + 5, {steps: 2});
}

/**
 * Watches the bar for `ms` (several times the delay): fails when it fades at any frame. A check that something does
 * not happen cannot wait on a state; the delay is short, so the watch is too.
 */
async function expectBarStays(demo, ms, why) {
  const faded = await demo.page.evaluate(
    async ([sel, time]) => {
      const end = performance.now() + time;
      while (performance.now() < end) {
        if (Number(getComputedStyle(document.querySelector(sel)).opacity) < 1) {
          return true;
        }
        await new Promise(done => requestAnimationFrame(done));
      }
      return false;
    },
    [BAR, ms],
  );
  expect(!faded, `${why}: the bar faded`);
}

/** The boxes of the self view, its stage, the name, the status and the bar. */
function boxes(demo) {
  return demo.page.evaluate(
    ([tile, bar]) => {
      const rect = sel => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
      };
      const element = document.querySelector(tile);
      return {
        tile: rect(tile),
        stage: element.parentElement.getBoundingClientRect().toJSON(),
        place: element.style.placeSelf,
        others: {
          name: rect('.kit-ongoing-call-name'),
          status: rect('.kit-ongoing-call-status'),
          controls: rect(bar),
        },
      };
    },
    [TILE, BAR],
  );
}

const overlap = (a, b) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

/** Fails when the self view covers the name, the status or the controls, or leaves its corner of the stage. */
function expectCornerClear(at, corner, where) {
  const [vertical, horizontal] = corner.split(' ');
  for (const [what, rect] of Object.entries(at.others)) {
    expect(!overlap(at.tile, rect), `${where}: the self view covers the ${what}`);
  }
  const edge = (a, b) => Math.abs(a - b) <= 1;
  const inCorner =
    edge(at.tile[vertical], at.stage[vertical]) && edge(at.tile[horizontal], at.stage[horizontal]);
  expect(inCorner, `${where}: the self view is not in the ${corner} corner: ${JSON.stringify(at)}`);
}

/** Drags the self view with the mouse to a point near a corner of the stage, and lets go. */
async function drag(demo, corner) {
  const {tile, stage} = await boxes(demo);
  const [vertical, horizontal] = corner.split(' ');
  const x = horizontal === 'left' ? stage.left + 20 : stage.right - 20;
  const y = vertical === 'top' ? stage.top + 20 : stage.bottom - 20;
  await demo.page.mouse.move((tile.left + tile.right) / 2, (tile.top + tile.bottom) / 2);
  await demo.page.mouse.down();
  await demo.page.mouse.move(x, y, {steps: 8});
  await demo.page.mouse.up();
  const place = `${vertical === 'top' ? 'start' : 'end'} ${horizontal}`;
  await demo.page.waitForFunction(
    ([sel, want]) => document.querySelector(sel).style.placeSelf === want,
    [TILE, place],
    {timeout: 3000},
  );
  await settle(demo.page);
}

export const videoLookTests = [
  {
    name: 'video look: a still mouse hides the bar on a wide screen (axe clean), a move or Tab shows it',
    timeout: 40000,
    fn: async ({open}) => {
      const demo = await call(open);
      // Reduced motion: the bar fades without a transition.
      const duration = () => demo.page.$eval(BAR, bar => getComputedStyle(bar).transitionDuration);
      expect((await duration()) === '0.3s', `the bar's fade: ${await duration()}`);
      await demo.page.emulateMedia({reducedMotion: 'reduce'});
      expect((await duration()) === '0s', `the fade under reduced motion: ${await duration()}`);
      await demo.page.emulateMedia({reducedMotion: null});

      await wiggle(demo);
      await barOpacity(demo, '0', 'a still mouse');
      // Faded, not gone: still in the accessibility tree, and axe finds nothing.
      const end = await demo.page.$eval(SEL.ongoingEnd, button => ({
        hidden: !!button.closest('[aria-hidden="true"]'),
        visibility: getComputedStyle(button).visibility,
        display: getComputedStyle(button.closest('.kit-ongoing-call-controls')).display,
      }));
      expect(
        !end.hidden && end.visibility === 'visible' && end.display !== 'none',
        `the faded bar left the accessibility tree: ${JSON.stringify(end)}`,
      );
      const {violations} = await new AxeBuilder({page: demo.page}).analyze();
      expect(violations.length === 0, `axe: ${violations.map(v => v.id).join(', ')}`);

      await wiggle(demo, 40);
      await barOpacity(demo, '1', 'the mouse moved');
      await barOpacity(demo, '0', 'a still mouse again');
      await demo.page.keyboard.press('Tab');
      await barOpacity(demo, '1', 'Tab');
      await expectBarStays(demo, DELAY * 3, 'after Tab, with the mouse still');
      // The focus in the bar keeps it, even when the mouse moves and stays still after.
      await demo.tabTo(SEL.mute);
      await wiggle(demo);
      await expectBarStays(demo, DELAY * 3, 'with the focus on Mute');
    },
  },
  {
    name: 'video look: the bar never hides on a phone or on a touch screen',
    timeout: 40000,
    fn: async ({open}) => {
      const phone = await call(open, 390);
      await wiggle(phone);
      // The screen takes its idle state (the script knows no width); the stylesheet keeps the bar.
      await phone.page.waitForSelector('.kit-ongoing-call-idle', {timeout: 5000});
      await expectBarStays(phone, DELAY * 2, 'at 390 px');

      const touch = await call(open, 1280);
      const cdp = await touch.page.context().newCDPSession(touch.page);
      await cdp.send('Emulation.setTouchEmulationEnabled', {enabled: true, maxTouchPoints: 5});
      const coarse = await touch.page.evaluate(() => matchMedia('(pointer: coarse)').matches);
      expect(coarse, 'the touch emulation did not make the pointer coarse');
      await wiggle(touch);
      await touch.page.waitForSelector('.kit-ongoing-call-idle', {timeout: 5000});
      await expectBarStays(touch, DELAY * 2, 'on a touch screen');
      await cdp.detach();
    },
  },
  {
    name: 'video look: the self view drags to each corner, snaps, clear of the name and the controls',
    timeout: 60000,
    fn: async ({open}) => {
      for (const width of [320, 390, 1280]) {
        const demo = await call(open, width);
        const first = await boxes(demo);
        expect(first.place === '', `${width} px: the self view starts placed: ${first.place}`);
        for (const corner of ['top left', 'top right', 'bottom left', 'bottom right']) {
          await drag(demo, corner);
          expectCornerClear(await boxes(demo), corner, `${width} px, dragged ${corner}`);
        }
        await demo.page.close();
      }
    },
  },
  {
    name: 'video look: the arrow keys move the self view, said to screen readers, right to left too',
    timeout: 40000,
    fn: async ({open}) => {
      const demo = await call(open);
      await demo.tabTo(TILE);
      await demo.page.keyboard.press('ArrowUp');
      await demo.said('Your video moved to the top right corner');
      await settle(demo.page);
      expectCornerClear(await boxes(demo), 'top right', 'ArrowUp');
      await demo.page.keyboard.press('ArrowLeft');
      await demo.said('Your video moved to the top left corner');
      await settle(demo.page);
      expectCornerClear(await boxes(demo), 'top left', 'then ArrowLeft');

      // Right to left: it starts in the bottom end corner, the left; ArrowRight sends it to the screen's right.
      const arabic = await call(open, 390, {lang: 'ar'});
      await settle(arabic.page);
      expectCornerClear(await boxes(arabic), 'bottom left', 'rtl, at first');
      await arabic.tabTo(TILE);
      await arabic.page.keyboard.press('ArrowRight');
      await arabic.page.waitForFunction(
        sel => document.querySelector(sel).style.placeSelf === 'end right',
        TILE,
      );
      await settle(arabic.page);
      expectCornerClear(await boxes(arabic), 'bottom right', 'rtl, ArrowRight');
    },
  },
  {
    name: 'video look: without the features the bar never hides and the self view stays',
    timeout: 40000,
    fn: async ({open}) => {
      const demo = await call(open, 1280, {look: 'still'});
      await wiggle(demo);
      await expectBarStays(demo, DELAY * 3, 'without withHidingControls()');
      const before = await boxes(demo);
      const tile = await demo.page.$eval(TILE, video => ({
        tabindex: video.getAttribute('tabindex'),
        hidden: video.getAttribute('aria-hidden'),
      }));
      expect(
        tile.tabindex === null && tile.hidden === 'true',
        `the still self view is in the tab order: ${JSON.stringify(tile)}`,
      );
      const {stage} = before;
      await demo.page.mouse.move((before.tile.left + before.tile.right) / 2, before.tile.top + 20);
      await demo.page.mouse.down();
      await demo.page.mouse.move(stage.left + 20, stage.top + 20, {steps: 8});
      await demo.page.mouse.up();
      await settle(demo.page);
      const after = await boxes(demo);
      expect(
        JSON.stringify(after.tile) === JSON.stringify(before.tile),
        `the self view moved: ${JSON.stringify(before.tile)} → ${JSON.stringify(after.tile)}`,
      );
    },
  },
];
