// Ring readiness (withRingReadiness() and <kit-ring-readiness> in the demo's settings): the prompt going ready as the
// user grants each part, and the fallback when the browser blocks the ringtone (Chromium's default autoplay policy:
// `play()` without a gesture in the page rejects).
import {SEL, expect} from '../harness.mjs';

const RINGING = 'Incoming video call from Ada Lovelace';
const PROMPT = '[data-testid="ring-readiness"]';
const MISSING = part => `${PROMPT} li[data-part="${part}"]`;

/**
 * Runs in the page before its scripts: records the notifications the page shows and closes (`window.__notifications`:
 * title, whether it stays until the user acts, whether it closed; its `instance`, to click it).
 */
export function recordNotifications() {
  const Native = window.Notification;
  const shown = [];
  Object.defineProperty(window, '__notifications', {value: shown});
  window.Notification = class extends Native {
    constructor(title, options) {
      super(title, options);
      const entry = {title, requireInteraction: !!options?.requireInteraction, closed: false};
      Object.defineProperty(entry, 'instance', {value: this});
      shown.push(entry);
      this.addEventListener('close', () => (entry.closed = true));
      const close = this.close.bind(this);
      this.close = () => {
        entry.closed = true;
        close();
      };
    }
  };
}

/** The parts the prompt lists as missing. */
async function missing(me) {
  return me.page.$$eval(`${PROMPT} li[data-part]`, items => items.map(item => item.dataset.part));
}

export const readinessTests = [
  {
    name: 'ring readiness: the prompt goes ready as the user grants each part (notifications, then sound by its button)',
    autoplay: false,
    fn: async ({open, base}) => {
      const me = await open();
      const context = me.page.context();
      try {
        // No gesture yet: the sound is blocked and notifications were never asked; the in-memory SDK is logged in.
        await me.visible(MISSING('sound'));
        expect(
          JSON.stringify(await missing(me)) === '["sound","notifications"]',
          `the prompt should miss sound and notifications, misses ${await missing(me)}`,
        );
        await me.textIs(MISSING('sound'), 'Sound is off until you click');
        // The permission is granted from outside, as a user does in the site settings.
        await context.grantPermissions(['notifications'], {origin: new URL(base).origin});
        await me.gone(MISSING('notifications'));
        // One click on the prompt's button unlocks the sound.
        await me.page.click(`${PROMPT} .kit-ring-readiness-button`);
        await me.gone(MISSING('sound'));
        await me.textIs(PROMPT, 'Calls will ring here');
        await me.gone(`${PROMPT} .kit-ring-readiness-button`);
      } finally {
        await context.clearPermissions();
      }
    },
  },
  {
    name: 'blocked ringtone: the tab title flashes the caller and a notification shows, until the first click',
    autoplay: false,
    fn: async ({open, base}) => {
      const me = await open();
      const context = me.page.context();
      try {
        await context.grantPermissions(['notifications'], {origin: new URL(base).origin});
        await me.page.addInitScript(recordNotifications);
        // The page rings by itself as it loads (no gesture in it): the ringtone is blocked.
        await me.page.goto(`${base}?ring=ada&type=video`, {waitUntil: 'load'});
        await me.visible(SEL.incoming);
        const title = 'Kit call screens: demo';
        // The title flashes: the caller, the page's own title, the caller again.
        for (const want of [RINGING, title, RINGING]) {
          await me.page.waitForFunction(text => document.title === text, want, {timeout: 5000});
        }
        await me.page.waitForFunction(
          text => window.__notifications.some(n => n.title === text && !n.closed),
          RINGING,
          {timeout: 5000},
        );
        // The first click anywhere (the caller's name) starts the ringtone: the fallback stops.
        await me.page.click(SEL.incomingTitle);
        await me.page.waitForFunction(() => window.__e2e.media.some(media => !media.paused), null, {
          timeout: 5000,
        });
        await me.page.waitForFunction(() => window.__notifications.every(n => n.closed), null, {
          timeout: 5000,
        });
        await me.page.waitForFunction(text => document.title === text, title, {timeout: 5000});
        await me.page.click(SEL.reject);
        await me.gone(SEL.incoming);
      } finally {
        await context.clearPermissions();
      }
    },
  },
];
