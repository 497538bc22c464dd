// The little test harness of the browser tests: Chromium through playwright-core, a page helper for the demo, and
// a runner that runs named tests one after the other in each lane (the demo's tabs talk over a BroadcastChannel, so
// two tests in the same browser at once would ring each other: each lane has browsers of its own), each with a time
// limit, a failure never stopping the others.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';

/** The settings the demo starts with in every test (`localStorage['kit-demo-settings']`). */
export const DEFAULT_STATE = Object.freeze({
  sound: true,
  customRingtone: false,
  slot: false,
  theme: 'light',
  latency: 0,
  callerCancelsAfter: 0,
  hangUpAfter: 0,
  answers: {ada: 'accept', alan: 'reject', katherine: 'busy'},
});

/** Selectors of the library's screens. */
export const SEL = {
  incoming: '.kit-incoming-call',
  // The one dialog of a ringing screen: the CDK container, named "Incoming … call from …".
  ringingDialog: '.cdk-dialog-container[role="alertdialog"]',
  accept: '.kit-incoming-call-accept-button',
  reject: '.kit-incoming-call-reject-button',
  incomingTitle: '.kit-incoming-call-title',
  incomingStatus: '.kit-incoming-call-status',
  outgoing: '.kit-outgoing-call',
  outgoingEnd: '.kit-outgoing-call-end-call-button',
  outgoingStatus: '.kit-outgoing-call-subtitle',
  outgoingTitle: '.kit-outgoing-call-title',
  ongoing: '.kit-ongoing-call',
  ongoingEnd: '.kit-ongoing-call-end-call-button',
  ongoingStatus: '.kit-ongoing-call-status',
  mute: '.kit-ongoing-call-mute-button',
  camera: '.kit-ongoing-call-camera-button',
  waiting: '.kit-call-waiting',
  waitingDecline: '.kit-call-waiting-decline',
  waitingEndAndAccept: '.kit-call-waiting-end-and-accept',
  callAgain: '.kit-outgoing-call-again-button',
  anyScreen: '.kit-incoming-call, .kit-outgoing-call, .kit-ongoing-call',
  // The demo's contacts are `<kit-call-buttons data-testid="call-<uid>">`: `call-voice-<uid>` is its voice button.
  testId: id => {
    const call = /^call-(voice|video)-(.+)$/.exec(id);
    return call
      ? `[data-testid="call-${call[2]}"] .kit-call-buttons-${call[1]}`
      : `[data-testid="${id}"]`;
  },
};

/** Chromium's flags for every browser test: no network of its own, fake camera and microphone. */
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Two fake cameras (and, as always, three microphones and three outputs): the device pickers have a choice.
  '--use-fake-device-for-media-stream=device-count=2',
  '--use-fake-ui-for-media-stream',
];

/**
 * Starts Chromium with its own profile.
 * @param {{autoplay: boolean}} options `autoplay`: sound may play without a user gesture (the ringing flows);
 *   without it, Chromium's default policy makes `play()` reject until the user interacts.
 */
export async function launch({autoplay}) {
  const profile = mkdtempSync(join(tmpdir(), 'kit-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    viewport: {width: 1280, height: 800},
    args: [...BASE_ARGS, ...(autoplay ? ['--autoplay-policy=no-user-gesture-required'] : [])],
  });
  // The persistent context opens a blank page: it stays, so the browser lives between tests.
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, {recursive: true, force: true});
    },
  };
}

/**
 * Runs in the page before its scripts: the demo's settings, and a record of the sounds played (every
 * `HTMLMediaElement.play()` and how its promise settled) and of unhandled promise rejections.
 */
function initPage({state, busyPolicy, cameraAllowed}) {
  try {
    localStorage.setItem('kit-demo-settings', JSON.stringify(state));
    if (busyPolicy) {
      localStorage.setItem('kit-demo-busy-policy', busyPolicy);
    } else {
      localStorage.removeItem('kit-demo-busy-policy');
    }
  } catch {
    // No storage: the demo uses its defaults.
  }
  const record = {
    plays: [],
    media: [],
    rejections: [],
    userMedia: 0,
    userMediaAsked: [],
    peers: [],
  };
  // Chromium's fake media UI says the camera is granted before anything asked: a page says 'prompt' instead, as a
  // profile where the user never allowed it (no preview behind a ringing call), unless the test allows the camera.
  const query = navigator.permissions?.query;
  if (query && !cameraAllowed) {
    navigator.permissions.query = function (descriptor) {
      return descriptor?.name === 'camera'
        ? Promise.resolve({name: 'camera', state: 'prompt', onchange: null})
        : query.call(this, descriptor);
    };
  }
  Object.defineProperty(window, '__e2e', {value: record});
  // Every RTCPeerConnection the page makes (the in-memory SDK's mesh between tabs), for the tests to look into.
  const PeerConnection = window.RTCPeerConnection;
  if (PeerConnection) {
    window.RTCPeerConnection = class extends PeerConnection {
      constructor(...args) {
        super(...args);
        record.peers.push(this);
      }
    };
  }
  const getUserMedia = navigator.mediaDevices?.getUserMedia;
  if (getUserMedia) {
    // Counted: a call answered behind the user's back asks for the camera or the microphone.
    navigator.mediaDevices.getUserMedia = function (...args) {
      record.userMedia++;
      record.userMediaAsked.push(JSON.stringify(args[0] ?? null));
      return getUserMedia.apply(this, args);
    };
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (String(this.currentSrc || this.src).startsWith('data:audio/wav')) {
      // The ring readiness plays a moment of silence to learn whether sound may play: not a call's sound.
      return play.call(this);
    }
    const entry = {src: String(this.currentSrc || this.src).slice(0, 60), result: 'pending'};
    record.plays.push(entry);
    if (!record.media.includes(this)) {
      record.media.push(this);
    }
    let started;
    try {
      started = play.call(this);
    } catch (error) {
      entry.result = `threw ${error?.name}`;
      throw error;
    }
    // The caller gets a promise that settles like the original one: a rejection it leaves unhandled stays
    // unhandled (and is recorded below).
    return started.then(
      value => {
        entry.result = 'resolved';
        return value;
      },
      error => {
        entry.result = `rejected ${error?.name}`;
        throw error;
      },
    );
  };
  window.addEventListener('unhandledrejection', event => {
    const reason = event.reason;
    record.rejections.push(String(reason?.stack ?? reason?.message ?? reason));
  });
}

/** A tab of the demo. */
export class DemoPage {
  constructor(page, errors) {
    this.page = page;
    /** Console errors and page errors of this tab. */
    this.errors = errors;
  }

  /** Clicks a demo control (the page must not be behind a call screen). */
  async click(testId) {
    await this.page.click(SEL.testId(testId), {timeout: 5000});
  }

  /** Clicks a far-side button from a script: the page behind a call screen is inert. */
  async far(testId) {
    await this.page.evaluate(selector => {
      const button = document.querySelector(selector);
      if (!button) {
        throw new Error(`no ${selector}`);
      }
      button.click();
    }, SEL.testId(testId));
  }

  /** Sets the demo's network delay (its far-side select) from a script, as `far` clicks: the page may be inert. */
  async latency(ms) {
    await this.page.evaluate(value => {
      const select = document.querySelector('[data-testid="far-latency"]');
      select.value = String(value);
      select.dispatchEvent(new Event('change'));
    }, ms);
  }

  /** Waits for a selector to be visible. */
  async visible(selector, timeout = 5000) {
    return this.page.waitForSelector(selector, {state: 'visible', timeout});
  }

  /** Waits for a selector to leave the page. */
  async gone(selector, timeout = 5000) {
    await this.page.waitForSelector(selector, {state: 'detached', timeout});
  }

  /** The text of an element, trimmed, or null. */
  async text(selector) {
    const element = await this.page.$(selector);
    return element ? (await element.textContent()).replace(/\s+/g, ' ').trim() : null;
  }

  /** Waits until an element's text contains `expected`. */
  async textIs(selector, expected, timeout = 5000) {
    try {
      await this.page.waitForFunction(
        ([sel, want]) => document.querySelector(sel)?.textContent?.includes(want),
        [selector, expected],
        {timeout},
      );
    } catch {
      const actual = await this.text(selector);
      throw new Error(
        `${selector} should say "${expected}", ${actual === null ? 'is not on the page' : `says "${actual}"`}`,
      );
    }
  }

  /** Waits until an attribute has a value. */
  async attribute(selector, name, value, timeout = 3000) {
    try {
      await this.page.waitForFunction(
        ([sel, attr, want]) => document.querySelector(sel)?.getAttribute(attr) === want,
        [selector, name, value],
        {timeout},
      );
    } catch {
      const actual = await this.page.getAttribute(selector, name).catch(() => 'no element');
      throw new Error(`${selector} should have ${name}="${value}", has "${actual}"`);
    }
  }

  /** The names of the event log's lines, oldest first. */
  async events() {
    const names = await this.page.$$eval('[data-testid="event-log"] li[data-event]', items =>
      items.map(item => item.dataset.event),
    );
    return names.reverse();
  }

  /** Waits for an event in the log. */
  async event(name, timeout = 5000) {
    try {
      await this.page.waitForFunction(
        want => !!document.querySelector(`[data-testid="event-log"] li[data-event="${want}"]`),
        name,
        {timeout},
      );
    } catch {
      throw new Error(
        `no "${name}" in the event log: ${(await this.events()).join(', ') || '(empty)'}`,
      );
    }
  }

  /** Whether the focused element matches a selector. */
  async focused(selector) {
    return this.page.evaluate(sel => !!document.activeElement?.matches(sel), selector);
  }

  /** A description of the focused element, for messages. */
  async focusName() {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) {
        return 'body';
      }
      const id = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}.${[...element.classList].join('.')}`;
    });
  }

  /** Fails unless the focus is on `selector`, waiting a little for it to move there. */
  async expectFocus(selector, what) {
    try {
      await this.page.waitForFunction(sel => !!document.activeElement?.matches(sel), selector, {
        timeout: 3000,
      });
    } catch {
      throw new Error(`focus should be on ${what ?? selector}, is on ${await this.focusName()}`);
    }
  }

  /** Fails unless the CDK LiveAnnouncer says `text` (its live region), waiting a little for it. */
  async said(text) {
    try {
      await this.page.waitForFunction(
        t => document.querySelector('.cdk-live-announcer-element')?.textContent?.trim() === t,
        text,
        {timeout: 3000},
      );
    } catch {
      const now = await this.page.evaluate(
        () => document.querySelector('.cdk-live-announcer-element')?.textContent ?? '(nothing)',
      );
      throw new Error(`the announcer should say "${text}", says "${now}"`);
    }
  }

  /** Presses Tab until the focus is on `selector` (keyboard only). */
  async tabTo(selector, max = 80) {
    for (let presses = 0; presses <= max; presses++) {
      if (await this.focused(selector)) {
        return;
      }
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${selector} (focus on ${await this.focusName()})`);
  }

  /** What the sound record says. */
  async sound() {
    return this.page.evaluate(() => ({
      plays: window.__e2e.plays.map(entry => ({...entry})),
      playing: window.__e2e.media.filter(media => !media.paused).length,
      rejections: [...window.__e2e.rejections],
    }));
  }

  /** Unhandled rejections seen by the page. */
  async rejections() {
    return this.page.evaluate(() => [...window.__e2e.rejections]);
  }
}

/** A small assertion. */
export function expect(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

/**
 * Runs `fn` in a page's service worker, the one whose script URL ends with `script`. The browser stops and restarts
 * a worker as it likes (a push or a message starts a new one): the newest is used, and a stopped one is tried again
 * until `timeout` ms have passed.
 */
export async function inServiceWorker(context, script, fn, arg, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    // The script's URL may carry a query (kit-call-sw.js?origin=...): its path is compared.
    const sw = context
      .serviceWorkers()
      .filter(worker => new URL(worker.url()).pathname.endsWith(script))
      .at(-1);
    try {
      expect(sw, `the service worker ${script} is not running`);
      return await sw.evaluate(fn, arg);
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise(done => setTimeout(done, 50));
    }
  }
}

/**
 * A click on the first notification's `action` (`''` for its body), as the worker `script` sees it: no protocol clicks
 * a notification, so its `notificationclick` event is dispatched, and every handler runs (kit-call-sw.js's own, which
 * is `self.kitCallWorker.click`, and the demo's). Such an event is not trusted, so its `waitUntil` is replaced by one
 * that keeps what the handlers wait for; and the browser lets only a real click open a window, so the test opens the
 * URL that kit-call-sw.js tried to open (with the nonce it made, for Accept) itself.
 * @returns {Promise<string | null>} The URL that kit-call-sw.js opened for that choice, `null` when it opened none.
 */
export function chooseNotificationAction(context, script, action) {
  return inServiceWorker(
    context,
    script,
    async wanted => {
      const [notification] = await self.registration.getNotifications();
      const event = new NotificationEvent('notificationclick', {notification, action: wanted});
      const kept = [];
      Object.defineProperty(event, 'waitUntil', {value: done => kept.push(done)});
      self.dispatchEvent(event);
      const outcomes = await Promise.all(kept);
      return outcomes.find(outcome => typeof outcome === 'string') ?? null;
    },
    action,
  );
}

/**
 * Runs the tests in order, in `lanes` runs side by side; prints `✓ name` or `✗ name: reason` as each ends.
 * @param {{name: string, fn: Function, timeout?: number, autoplay?: boolean}[]} tests The tests.
 * @param {{base: string, only?: RegExp, lanes?: number}} options The demo's base URL, a filter, and how many
 *   tests run at once (each lane in its own browsers: the demo's tabs of two lanes never meet).
 * @returns {Promise<{passed: number, failed: number}>}
 */
export async function runTests(tests, {base, only, lanes = 1}) {
  const queue = tests.filter(test => !only || only.test(test.name));
  let passed = 0;
  let failed = 0;
  // Each lane has its own Chromium profiles (so its own BroadcastChannel and storage) and runs its tests one after
  // the other; the lanes take the next test from one queue.
  const lane = async () => {
    const browsers = {};
    const browser = async autoplay => {
      const key = autoplay ? 'autoplay' : 'gesture';
      browsers[key] ??= await launch({autoplay});
      return browsers[key].context;
    };
    try {
      for (let test = queue.shift(); test; test = queue.shift()) {
        const result = await runOne(test, base, browser);
        passed += result ? 1 : 0;
        failed += result ? 0 : 1;
      }
    } finally {
      for (const entry of Object.values(browsers)) {
        await entry.close();
      }
    }
  };
  await Promise.all(Array.from({length: Math.max(1, lanes)}, lane));
  return {passed, failed};
}

/** Runs one test in a context of `browser`; prints its line; resolves whether it passed. */
async function runOne(test, base, browser) {
  const started = Date.now();
  const context = await browser(test.autoplay !== false);
  const pages = [];
  const open = async ({user, query = {}, state = {}, busyPolicy, cameraAllowed = false} = {}) => {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', error => errors.push(`page error: ${error.message}`));
    page.on('console', message => {
      if (message.type() === 'error') {
        errors.push(`console error: ${message.text()}`);
      }
    });
    await page.addInitScript(initPage, {
      state: {
        ...DEFAULT_STATE,
        ...state,
        answers: {...DEFAULT_STATE.answers, ...state.answers},
      },
      busyPolicy,
      cameraAllowed,
    });
    const demo = new DemoPage(page, errors);
    pages.push(demo);
    const params = new URLSearchParams({...(user ? {user} : {}), ...query});
    await page.goto(`${base}${params.size ? `?${params}` : ''}`, {waitUntil: 'load'});
    await page.waitForSelector(SEL.testId('me'), {timeout: 10000});
    return demo;
  };
  let timer;
  try {
    await Promise.race([
      (async () => {
        await test.fn({open, base});
        // Every tab of the test ends without an error in the console or an unhandled rejection.
        for (const demo of pages) {
          // A tab the test closed (a closed tab still rings) had its errors recorded; its rejections are gone.
          const rejections = demo.page.isClosed() ? [] : await demo.rejections();
          expect(rejections.length === 0, `unhandled rejection: ${rejections[0]}`);
          expect(demo.errors.length === 0, demo.errors[0]);
        }
      })(),
      new Promise((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`timed out after ${test.timeout ?? 20000} ms`)),
          test.timeout ?? 20000,
        );
      }),
    ]);
    console.log(`✓ ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  } catch (error) {
    const reason = String(error?.message ?? error).replace(/\n/g, '\n    ');
    console.log(`✗ ${test.name}: ${reason} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return false;
  } finally {
    clearTimeout(timer);
    for (const demo of pages) {
      await demo.page.close().catch(() => {});
    }
  }
}
