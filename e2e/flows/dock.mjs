// The call beside the app (the demo turns on withDockedCalls(), withPictureInPicture() and withCallControls()): a
// call docked in a corner while the app beneath stays usable, moved with the keyboard and by dragging; popped out
// into a Document Picture-in-Picture window with working controls; the browser's media controls (Media Session)
// driving the call; the wake lock and the unload guard. Screenshots: e2e/screenshots/dock-*.png.
import AxeBuilder from '@axe-core/playwright';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SEL, expect} from '../harness.mjs';
import {scan} from './axe.mjs';
import {katherineWaitsWhileAdaRings} from './calls.mjs';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export const DOCK = {
  pane: '.kit-call-overlay-pane',
  docked: '.kit-call-overlay-pane-docked',
  minimize: '.kit-call-dock-minimize',
  restore: '.kit-call-dock-restore',
  popOut: '.kit-call-dock-pop-out',
  back: '.kit-call-dock-back',
  dialog: '.kit-call-overlay-pane .cdk-dialog-container',
};

/** The call pane's box, and what the page says about modality. */
async function paneState(page) {
  return page.evaluate(
    ({pane, dialog}) => {
      const box = document.querySelector(pane)?.getBoundingClientRect();
      return {
        box: box && {x: box.x, y: box.y, width: box.width, height: box.height},
        modal: document.querySelector(dialog)?.getAttribute('aria-modal') ?? null,
        appHidden: document.querySelector('demo-root')?.getAttribute('aria-hidden') ?? null,
        scrollBlocked: document.documentElement.classList.contains('cdk-global-scrollblock'),
      };
    },
    {pane: DOCK.pane, dialog: DOCK.dialog},
  );
}

/** Waits until the docked pane sits in the given corner of the 1280 × 800 window. */
async function inCorner(me, vertical, horizontal) {
  try {
    await me.page.waitForFunction(
      ([selector, v, h]) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        if (!box || box.width > 400) {
          return false;
        }
        const top = box.top < innerHeight / 2;
        const left = box.left < innerWidth / 2;
        return top === (v === 'top') && left === (h === 'left');
      },
      [DOCK.docked, vertical, horizontal],
      {timeout: 3000},
    );
  } catch {
    throw new Error(
      `the docked call should be ${vertical} ${horizontal}: ${JSON.stringify(await paneState(me.page))}`,
    );
  }
}

/** Places a video call to Ada (who answers after 1.5 s) and waits for the ongoing screen. */
export async function ongoingWithAda(me) {
  await me.click('call-video-ada');
  await me.visible(SEL.ongoing, 6000);
}

/** Ada's call is accepted while Katherine's rings in (call waiting), then docked: Katherine's banner shows. */
async function dockedWhileKatherineWaits(open) {
  const me = await katherineWaitsWhileAdaRings(open);
  await me.page.click(SEL.accept);
  await me.visible(SEL.ongoing);
  await me.visible(SEL.waiting);
  await me.page.click(DOCK.minimize);
  await me.visible(DOCK.docked);
  return me;
}

export const dockTests = [
  {
    name: 'dock: minimize an ongoing call, use the app beneath, move it with the keyboard, restore it',
    // Many steps (about 13 s alone): a busy machine took 19 to 23 s of the default 20 s.
    timeout: 45000,
    fn: async ({open}) => {
      const me = await open();
      await ongoingWithAda(me);
      await me.page.click(DOCK.minimize);
      await me.visible(DOCK.docked);
      let state = await paneState(me.page);
      expect(state.box.width <= 400, `the docked call is ${state.box.width} px wide`);
      expect(state.modal === 'false', `aria-modal is ${state.modal} while docked`);
      expect(state.appHidden === null, `the app is aria-hidden="${state.appHidden}" while docked`);
      expect(!state.scrollBlocked, 'the page cannot scroll while the call is docked');
      await inCorner(me, 'bottom', 'right');
      // Focus went back to the button that placed the call.
      await me.expectFocus(SEL.testId('call-video-ada'), 'the button that placed the call');

      // A click on the page reaches the app: the sound setting turns off.
      const toggle = `${SEL.testId('toggle-sound')} button`;
      const before = await me.page.getAttribute(toggle, 'aria-checked');
      await me.page.click(toggle, {timeout: 3000});
      await me.attribute(toggle, 'aria-checked', before === 'true' ? 'false' : 'true');
      expect(await me.page.isVisible(SEL.ongoing), 'the call left the dock');

      // Tab reaches the dock from the page, and leaves it again (no focus trap).
      await me.tabTo(DOCK.restore);
      for (let presses = 0; presses < 10 && (await me.focused(`${DOCK.pane} *`)); presses++) {
        await me.page.keyboard.press('Tab');
      }
      expect(!(await me.focused(`${DOCK.pane} *`)), 'Tab stays trapped in the docked call');

      // The arrow keys move it from corner to corner.
      await me.tabTo(DOCK.restore);
      await me.page.keyboard.press('ArrowUp');
      await inCorner(me, 'top', 'right');
      await me.page.keyboard.press('ArrowLeft');
      await inCorner(me, 'top', 'left');
      await me.said('Call window moved to the top left corner');

      await me.page.screenshot({path: join(SCREENSHOTS, 'dock-docked.png')});
      const axe = await new AxeBuilder({page: me.page}).analyze();
      expect(
        axe.violations.length === 0,
        `axe: ${axe.violations.map(v => `${v.id} ${v.nodes[0]?.target}`).join('; ')}`,
      );

      // One press: full screen and modal again, with focus in the call.
      await me.page.keyboard.press('Enter');
      await me.gone(DOCK.docked);
      state = await paneState(me.page);
      expect(state.box.width === 1280, `the restored call is ${state.box.width} px wide`);
      expect(state.modal === 'true', `aria-modal is ${state.modal} once restored`);
      expect(state.appHidden === 'true', 'the app is not hidden from screen readers once restored');
      await me.expectFocus('.cdk-dialog-container', 'the call dialog');
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
    },
  },
  {
    name: 'dock: hold and accept from a docked call, dock the new one too: the held bar stays whole at the top, Switch works there and from a popped-out window',
    fn: async ({open}) => {
      const me = await dockedWhileKatherineWaits(open);
      // The screens, back to front: docked or not, inert or not, the name, whether on hold, the held bar's text.
      const screens = () =>
        me.page.evaluate(() =>
          [...document.querySelectorAll('.cdk-overlay-pane')].map(pane => {
            const text = selector =>
              pane.querySelector(selector)?.innerText?.replace(/\s+/g, ' ').trim() ?? '';
            return [
              pane.classList.contains('kit-call-overlay-pane-docked') ? 'docked' : 'full',
              pane.parentElement.inert ? 'inert' : 'live',
              text('.kit-ongoing-call-name'),
              text('.kit-ongoing-call-status').includes('On hold') ? 'held' : 'talking',
              text('.kit-held-call'),
            ].join(' | ');
          }),
        );
      const expectScreens = async (want, what, read = screens) => {
        const until = Date.now() + 8000;
        let now = await read();
        while (JSON.stringify(now) !== JSON.stringify(want) && Date.now() < until) {
          await new Promise(done => setTimeout(done, 100));
          now = await read();
        }
        expect(JSON.stringify(now) === JSON.stringify(want), `${what}: ${JSON.stringify(now)}`);
      };
      await me.page.click('.kit-call-waiting-hold-and-accept');
      await expectScreens(
        [
          'docked | inert | Ada Lovelace | held | ',
          'full | live | Katherine Johnson | talking | Ada Lovelace On hold Switch',
        ],
        'hold and accept from the dock',
      );
      await me.page.locator('.cdk-overlay-pane').last().locator(DOCK.minimize).click();
      await expectScreens(
        [
          'docked | inert | Ada Lovelace | held | ',
          'docked | live | Katherine Johnson | talking | Ada Lovelace On hold Switch',
        ],
        'both docked',
      );
      // The bar is not squeezed into the docked window, nor under it.
      const {bar, dock} = await me.page.evaluate(() => {
        const box = element => {
          const rect = element?.getBoundingClientRect();
          return rect && {top: rect.top, bottom: rect.bottom, width: rect.width};
        };
        const panes = document.querySelectorAll('.cdk-overlay-pane');
        return {
          bar: box(document.querySelector('.kit-held-call')),
          dock: box(panes[panes.length - 1]),
        };
      });
      expect(
        bar.width > 400 && bar.top < 100 && bar.bottom <= dock.top,
        `the held bar beside a docked call is ${JSON.stringify(bar)}, the dock ${JSON.stringify(dock)}`,
      );
      await me.page.screenshot({path: join(SCREENSHOTS, 'dock-held.png')});
      await scan(me, 'dock-held', undefined, '.cdk-overlay-container');
      await me.page.click('.kit-held-call-switch');
      await expectScreens(
        [
          'docked | inert | Katherine Johnson | held | ',
          'docked | live | Ada Lovelace | talking | Katherine Johnson On hold Switch',
        ],
        'switched while docked',
      );
      // Popped out (Picture-in-Picture), the call in front takes its bar along, and Switch works from the window:
      // Ada's call there goes on hold, Katherine's, docked in the tab, comes back.
      const opened = me.page.context().waitForEvent('page', {timeout: 5000});
      await me.page.locator(DOCK.popOut).last().click();
      const pip = await opened;
      await pip.waitForSelector(SEL.ongoing, {timeout: 3000});
      const inWindow = await pip.locator('.kit-held-call').innerText();
      expect(
        inWindow.replace(/\s+/g, ' ').trim() === 'Katherine Johnson On hold Switch',
        `the held bar in the window reads ${JSON.stringify(inWindow)}`,
      );
      await pip.click('.kit-held-call-switch');
      await pip.waitForSelector('.kit-hold-toggle[aria-label="Resume"]', {timeout: 8000});
      // The window's call left an empty pane behind in the tab: the one in front is the last.
      await expectScreens(
        ['docked | live | Katherine Johnson | talking | Ada Lovelace On hold Switch'],
        'switched from the window',
        async () => (await screens()).slice(-1),
      );
      await pip.close();
    },
  },
  {
    name: "dock: a waiting call's banner stays whole beside a docked call, clear of it in a top corner, and works there",
    fn: async ({open}) => {
      const me = await dockedWhileKatherineWaits(open);
      const {banner, dock} = await me.page.evaluate(
        ({waiting, pane}) => {
          const box = selector => {
            const rect = document.querySelector(selector)?.getBoundingClientRect();
            return rect && {top: rect.top, bottom: rect.bottom, width: rect.width};
          };
          return {banner: box(waiting), dock: box(pane)};
        },
        {waiting: SEL.waiting, pane: DOCK.pane},
      );
      // Not squeezed into the docked window (at most 400 px wide), and not under it.
      expect(
        banner.width > 400 && banner.top < 100 && banner.bottom <= dock.top,
        `the banner beside a docked call is ${JSON.stringify(banner)}, the dock ${JSON.stringify(dock)}`,
      );
      await me.textIs(SEL.waiting, 'Katherine Johnson');
      await me.page.screenshot({path: join(SCREENSHOTS, 'dock-waiting.png')});
      // Docked in a top corner, the banner moves to the bottom: neither covers the other.
      await me.page.focus(DOCK.restore);
      await me.page.keyboard.press('ArrowUp');
      await me.page.waitForFunction(
        ({waiting, pane}) => {
          const a = document.querySelector(waiting)?.getBoundingClientRect();
          const b = document.querySelector(pane)?.getBoundingClientRect();
          return !!a && !!b && b.top < 100 && (a.top >= b.bottom || a.bottom <= b.top);
        },
        {waiting: SEL.waiting, pane: DOCK.pane},
        {timeout: 5000},
      );
      // Its decline works while docked, and leaves the docked call alone.
      await me.page.click(SEL.waitingDecline);
      await me.gone(SEL.waiting);
      await me.visible(DOCK.docked);
      await me.page.click(DOCK.restore);
      await me.gone(DOCK.docked);
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
    },
  },
  {
    name: 'dock: an outgoing call docks while it rings, connects in the dock without taking focus, and snaps after a drag',
    fn: async ({open}) => {
      // Ada answers only when told (a busy machine could pass her 1.5 s before the call is docked).
      const me = await open({state: {answers: {ada: 'never'}}});
      await me.click('call-voice-ada');
      await me.visible(SEL.outgoing);
      await me.page.click(DOCK.minimize);
      await me.visible(`${DOCK.docked} ${SEL.outgoing}`);
      await me.expectFocus(SEL.testId('call-voice-ada'), 'the button that placed the call');
      // Ada answers: the ongoing screen shows in the dock, and focus stays in the app.
      await me.far('far-accept');
      await me.visible(`${DOCK.docked} ${SEL.ongoing}`, 6000);
      await me.textIs(SEL.ongoingStatus, '00:0');
      expect(
        await me.focused(SEL.testId('call-voice-ada')),
        `the connected call took focus: ${await me.focusName()}`,
      );
      // Dropped near the top left corner, it snaps there.
      const box = (await paneState(me.page)).box;
      await me.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await me.page.mouse.down();
      await me.page.mouse.move(box.x - 200, box.y - 100, {steps: 4});
      await me.page.mouse.move(300, 200, {steps: 4});
      await me.page.mouse.up();
      await inCorner(me, 'top', 'left');
      await me.page.screenshot({path: join(SCREENSHOTS, 'dock-voice-dragged.png')});
      // Mute and end call work in the dock.
      await me.page.click(SEL.mute);
      await me.attribute(SEL.mute, 'aria-label', 'Unmute');
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
    },
  },
  {
    name: 'pop-out: Document Picture-in-Picture with working controls; closing it brings the call back',
    fn: async ({open}) => {
      const me = await open();
      await ongoingWithAda(me);
      await me.page.click(DOCK.minimize);
      await me.visible(DOCK.popOut);
      const opened = me.page.context().waitForEvent('page', {timeout: 5000});
      await me.page.click(DOCK.popOut); // A click: the browser opens the window only with one.
      const pip = await opened;
      await pip.waitForSelector(SEL.ongoing, {timeout: 3000});
      await me.page.waitForSelector(`${DOCK.pane} ${SEL.ongoing}`, {state: 'detached'});
      expect(
        (await paneState(me.page)).appHidden === null,
        'the app is hidden from screen readers during the pop-out',
      );
      // The controls work in the window, with the kit's styles copied over.
      await pip.click(SEL.mute);
      await pip.waitForSelector(`${SEL.mute}[aria-label="Unmute"]`, {timeout: 3000});
      const styled = await pip.evaluate(
        sel => getComputedStyle(document.querySelector(sel)).borderRadius,
        SEL.ongoingEnd,
      );
      expect(styled === '50%', `the end-call button in the window is not round (${styled})`);
      await pip.screenshot({path: join(SCREENSHOTS, 'dock-pip.png')});
      // Closing the window brings the call back into the tab, full screen, still muted.
      await pip.close();
      await me.visible(`${DOCK.pane} ${SEL.ongoing}`);
      await me.gone(DOCK.docked);
      await me.attribute(SEL.mute, 'aria-label', 'Unmute');
      expect((await paneState(me.page)).modal === 'true', 'the call came back non-modal');
      await me.page.click(SEL.ongoingEnd);
      await me.gone(SEL.ongoing);
    },
  },
  {
    name: "call controls: the browser's media controls hang up and toggle; the wake lock and the unload guard follow the call",
    fn: async ({open}) => {
      const me = await open();
      // Record what the page gives the browser: its media-session handlers and states, and its wake locks.
      await me.page.evaluate(() => {
        const record = {handlers: {}, microphone: [], camera: [], locks: []};
        window.__controls = record;
        const session = navigator.mediaSession;
        const setActionHandler = session.setActionHandler.bind(session);
        session.setActionHandler = (action, handler) => {
          record.handlers[action] = handler;
          setActionHandler(action, handler);
        };
        session.setMicrophoneActive = active => record.microphone.push(active);
        session.setCameraActive = active => record.camera.push(active);
        const request = navigator.wakeLock.request.bind(navigator.wakeLock);
        navigator.wakeLock.request = async type => {
          const sentinel = await request(type);
          record.locks.push(sentinel);
          return sentinel;
        };
        window.__leaving = () => {
          const event = new Event('beforeunload', {cancelable: true});
          window.dispatchEvent(event);
          return event.defaultPrevented;
        };
      });
      expect(!(await me.page.evaluate(() => window.__leaving())), 'leaving asks before any call');
      await ongoingWithAda(me);
      await me.page.waitForFunction(() => window.__controls.handlers.hangup, null, {timeout: 3000});
      const state = () =>
        me.page.evaluate(() => ({
          title: navigator.mediaSession.metadata?.title ?? null,
          handlers: Object.entries(window.__controls.handlers)
            .filter(([, handler]) => handler)
            .map(([action]) => action),
          microphone: window.__controls.microphone.at(-1),
          camera: window.__controls.camera.at(-1),
          locked: window.__controls.locks.some(lock => !lock.released),
          asks: window.__leaving(),
        }));
      let now = await state();
      expect(now.title === 'Ada Lovelace', `the media session's title is ${now.title}`);
      expect(now.microphone === true && now.camera === true, `states: ${JSON.stringify(now)}`);
      expect(now.locked, 'the screen is not kept awake during a video call');
      expect(now.asks, 'leaving the page does not ask during a call');

      // The browser's microphone and camera buttons press the screen's.
      await me.page.evaluate(() => window.__controls.handlers.togglemicrophone());
      await me.attribute(SEL.mute, 'aria-label', 'Unmute');
      await me.page.evaluate(() => window.__controls.handlers.togglecamera());
      await me.attribute(SEL.camera, 'aria-label', 'Turn camera on');
      now = await state();
      expect(now.microphone === false && now.camera === false, `states: ${JSON.stringify(now)}`);
      await me.page.screenshot({path: join(SCREENSHOTS, 'dock-media-session.png')});

      // Its hang-up ends the call, and everything is let go.
      await me.page.evaluate(() => window.__controls.handlers.hangup());
      await me.gone(SEL.ongoing);
      await me.page.waitForFunction(() => navigator.mediaSession.metadata === null, null, {
        timeout: 3000,
      });
      now = await state();
      expect(now.handlers.length === 0, `handlers left: ${now.handlers.join(', ')}`);
      expect(!now.locked, 'the wake lock outlived the call');
      expect(!now.asks, 'leaving the page still asks after the call');
    },
  },
];
