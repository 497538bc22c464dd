// "Close this tab, then ring me": the demo on the in-memory SDK rings a closed tab with the kit's incoming-call
// notification (kit-call-sw.js of `kit-chat-uikit-angular/push`, imported by the demo's worker demo-sw.js).
//
// Real here: the demo's button, its worker waiting for the tab to close (event.waitUntil), kit-call-sw.js showing the
// notification from the same `kitCall` ring message a push carries, its Accept URL and its decline POST, the page
// that Accept opens answering at once (withPushCalls), and the log of the next page. Stood in for: the click on the
// notification (no protocol clicks one: the test dispatches the worker's notificationclick with the action, as
// e2e/sip/push.mjs does; the browser lets only a real click open a window, so for Accept the test opens the URL the
// worker tried to open, with its nonce), and, in the demo itself, the push service and the backend (the worker
// plays both). A link that pretends to come from Accept (a caller's uid, a made-up nonce) answers nothing.
import {join} from 'node:path';
import {SEL, chooseNotificationAction, expect, inServiceWorker} from '../harness.mjs';
import {ROOT} from '../demo-build.mjs';

const WORKER = '/demo-sw.js';

/** Runs `fn` in the demo's worker (see inServiceWorker). */
const inWorker = (context, fn, arg, timeout) => inServiceWorker(context, WORKER, fn, arg, timeout);

/** The call notifications the worker shows (`kit-missed-`: the missed calls'). */
function callNotifications(context, prefix = 'kit-call-') {
  return inWorker(
    context,
    async tag =>
      (await self.registration.getNotifications())
        .filter(n => n.tag.startsWith(tag))
        .map(n => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          actions: n.actions.map(action => action.action),
          actionTitles: n.actions.map(action => action.title),
          requireInteraction: n.requireInteraction,
        })),
    prefix,
  );
}

/** Polls (every 50 ms) until `check` gives a value, or fails with `what`. */
async function until(check, what, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) {
      return value;
    }
    expect(Date.now() < deadline, what);
    await new Promise(done => setTimeout(done, 50));
  }
}

/**
 * Grace presses "Close this tab, then ring me" and closes the tab; Ada's notification shows a few seconds later.
 * @returns {Promise<{pages: number, notification: object, toNotification: number}>}
 */
async function graceClosesTheTab(grace, base) {
  const context = grace.page.context();
  await context.grantPermissions(['notifications'], {origin: new URL(base).origin});
  await grace.click('ring-when-closed');
  await grace.textIs(SEL.testId('ring-when-closed-status'), 'Close this tab now', 10000);
  await grace.page.close();
  const closed = Date.now();
  // The notification comes about 3 s after the tab closed (the worker polls the tabs every 250 ms).
  const [notification] = await until(
    async () => {
      const shown = await callNotifications(context);
      return shown.length ? shown : null;
    },
    'no call notification 15 s after the tab closed',
    15000,
  );
  return {notification, toNotification: Date.now() - closed, pages: context.pages().length};
}

/** The kit's incoming-call notification for Ada's video call. */
function expectAdasNotification(notification) {
  expect(notification.title === 'Ada Lovelace', `the notification names "${notification.title}"`);
  expect(
    notification.body === 'Incoming video call',
    `the notification says "${notification.body}"`,
  );
  expect(
    notification.actions.join() === 'accept,decline',
    `the notification's actions are ${notification.actions.join()}`,
  );
  expect(notification.requireInteraction, 'the notification should stay until the user chooses');
  expect(
    /^data:image\/png/.test(notification.icon),
    `the notification's icon is ${notification.icon}`,
  );
}

/** A click on the notification's action (see chooseNotificationAction): the URL the worker opens for it. */
const choose = (context, action) => chooseNotificationAction(context, WORKER, action);

/** What the worker kept for the demo's next page (Cache Storage), or null. */
function keptOutcomes(context) {
  return inWorker(context, async () => {
    const stored = await (await caches.open('kit-demo-push')).match('outcomes');
    return stored ? stored.json() : null;
  });
}

/** Leaves the lane's browser as it found it: no worker, no kept outcomes, no permission. */
async function cleanUp(context, base) {
  const page = await context.newPage();
  try {
    await page.goto(`${base}favicon.svg`);
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
      }
      await caches.delete('kit-demo-push');
    });
  } finally {
    await page.close();
    await context.clearPermissions();
  }
}

/** The demo's worker registered and controlling the tabs opened next, as after "Close this tab, then ring me". */
async function registerWorker(page) {
  await page.evaluate(async script => {
    await navigator.serviceWorker.register(script.slice(1));
    await navigator.serviceWorker.ready;
  }, WORKER);
}

export const closedTabTests = [
  {
    name: 'closed tab: a link that names a caller and a made-up nonce answers nothing; the call rings as usual',
    timeout: 30000,
    fn: async ({open, base}) => {
      const first = await open({user: 'grace'});
      const context = first.page.context();
      try {
        await registerWorker(first.page);
        // What an attacker sends: the old Accept parameters, a nonce the worker never made; then Ada calls.
        const link = {
          ring: 'ada',
          type: 'video',
          call: 'attacker-call-1',
          kitCallAction: 'accept',
          kitCallCaller: 'ada',
          kitCallAccept: 'f'.repeat(32),
        };
        const grace = await open({user: 'grace', query: link});
        expect(
          await grace.page.evaluate(() => navigator.serviceWorker.controller !== null),
          "the page should be under the demo's worker, which refuses the nonce",
        );
        // Ada's call reached the page, and the worker answered it: the nonce is not one of its own (the demo logs
        // onError's code).
        await grace.visible(SEL.anyScreen, 10000);
        await grace.event('ERR_INVALID_CALL', 5000);
        expect((await grace.page.$(SEL.ongoing)) === null, 'the link answered the call');
        await grace.textIs(SEL.incomingTitle, 'Ada Lovelace');
        expect(
          !/kitCall/.test(await grace.page.evaluate(() => location.search)),
          'the parameters should leave the address bar',
        );
        expect(!(await grace.events()).includes('ccCallAccepted'), 'the call was accepted');
        expect(
          (await grace.page.evaluate(() => window.__e2e.userMedia)) === 0,
          'the page asked for the camera or microphone',
        );
        await grace.visible(SEL.incoming);
      } finally {
        await cleanUp(context, base);
      }
    },
  },
  {
    name: 'closed tab: "Close this tab, then ring me" shows the kit notification; Accept opens the demo on the ongoing call',
    timeout: 45000,
    fn: async ({open, base}) => {
      const grace = await open({user: 'grace'});
      const context = grace.page.context();
      try {
        const {notification, toNotification} = await graceClosesTheTab(grace, base);
        console.log(`    the tab closed → the notification: ${toNotification} ms`);
        expectAdasNotification(notification);
        const url = await choose(context, 'accept');
        const params = new URL(url ?? 'about:blank').searchParams;
        // The worker's one-time nonce for this call (the page redeems it with the worker), never the caller.
        expect(
          /^[0-9a-f]{32}$/.test(params.get('kitCallAccept') ?? '') && !params.has('kitCallCaller'),
          `Accept opens ${url}`,
        );
        const {user, ...query} = Object.fromEntries(params);
        const opened = await open({user, query});
        await opened.visible(SEL.ongoing, 10000);
        await opened.textIs('.kit-ongoing-call-name', 'Ada Lovelace');
        await opened.event('ccCallAccepted');
        expect(
          !/kitCall/.test(await opened.page.evaluate(() => location.search)),
          'the choice should leave the address bar',
        );
        await until(
          async () => (await callNotifications(context)).length === 0,
          'the notification stays after Accept',
          5000,
        );
        await opened.page.screenshot({
          path: join(ROOT, 'e2e', 'screenshots', 'closed-tab-accepted.png'),
        });
      } finally {
        await cleanUp(context, base);
      }
    },
  },
  {
    name: 'closed tab: Decline on the notification ends the call without opening the demo; its next page logs it',
    timeout: 45000,
    fn: async ({open, base}) => {
      const first = await open({user: 'grace'});
      const context = first.page.context();
      try {
        const {notification, pages} = await graceClosesTheTab(first, base);
        expectAdasNotification(notification);
        await choose(context, 'decline');
        await until(
          async () => (await callNotifications(context)).length === 0,
          'the notification stays after Decline',
          5000,
        );
        // The far side (the worker's stand-in backend) got the decline POST.
        const outcomes = await until(
          () => keptOutcomes(context),
          'the decline never reached the far side',
          5000,
        );
        expect(
          outcomes.length === 1 && outcomes[0].outcome === 'declined',
          `the far side saw ${JSON.stringify(outcomes)}`,
        );
        expect(context.pages().length === pages, 'Decline should open no page');
        const grace = await open({user: 'grace'});
        await grace.textIs(
          SEL.testId('event-log'),
          "you declined Ada Lovelace's video call on its notification",
        );
        expect((await grace.page.$(SEL.anyScreen)) === null, 'a call screen opened after Decline');
      } finally {
        await cleanUp(context, base);
      }
    },
  },
  {
    name: 'closed tab: a call nobody answers leaves a missed-call notification; its Call back calls the caller, and the log has it',
    timeout: 45000,
    fn: async ({open, base}) => {
      // The caller gives up after the kit's ring time-out, here 3 s.
      const first = await open({user: 'grace', query: {ringTimeout: '3000'}});
      const context = first.page.context();
      try {
        const {notification, pages} = await graceClosesTheTab(first, base);
        expectAdasNotification(notification);
        await until(
          async () => (await callNotifications(context)).length === 0,
          'the notification stays after the caller gave up',
          10000,
        );
        const outcomes = await until(() => keptOutcomes(context), 'no outcome kept', 5000);
        expect(
          outcomes.length === 1 && outcomes[0].outcome === 'missed',
          `the far side saw ${JSON.stringify(outcomes)}`,
        );
        expect(context.pages().length === pages, 'a missed call should open no page');
        // The ring's notification gave way to a missed-call one that stays, with Call back.
        const [missed] = await until(
          async () => {
            const shown = await callNotifications(context, 'kit-missed-');
            return shown.length ? shown : null;
          },
          'no missed-call notification',
          // The worker shows it once it hears the call ended: on a busy machine that takes more than a few seconds.
          15000,
        );
        expect(
          missed.title === 'Ada Lovelace' &&
            missed.body === 'Missed video call' &&
            missed.actionTitles.join() === 'Call back' &&
            missed.requireInteraction,
          `the missed-call notification: ${JSON.stringify(missed)}`,
        );
        const url = await choose(context, 'callBack');
        const params = new URL(url ?? 'about:blank').searchParams;
        expect(/^[0-9a-f]{32}$/.test(params.get('kitCallBack') ?? ''), `Call back opens ${url}`);
        const {user, ...query} = Object.fromEntries(params);
        const grace = await open({user, query});
        // The page calls Ada back by video, and its log has the missed call (seen: its notification was clicked).
        await grace.visible(SEL.outgoing, 10000);
        await grace.textIs(SEL.outgoingTitle, 'Ada Lovelace');
        await grace.textIs(SEL.testId('event-log'), "you missed Ada Lovelace's video call");
        await grace.visible('[data-testid="call-log"] .kit-call-log-item', 10000);
        expect(
          (await grace.page.textContent('[data-testid="call-log"]')).includes('Ada Lovelace'),
          'the call log should list the missed call',
        );
      } finally {
        await cleanUp(context, base);
      }
    },
  },
  {
    name: 'closed tab: in German (?lang=de) the notification speaks German, from the words on the worker URL',
    timeout: 45000,
    fn: async ({open, base}) => {
      const grace = await open({user: 'grace', query: {lang: 'de'}});
      const context = grace.page.context();
      try {
        const {notification} = await graceClosesTheTab(grace, base);
        expect(
          notification.title === 'Ada Lovelace',
          `the notification names "${notification.title}"`,
        );
        expect(
          notification.body === 'Eingehender Videoanruf',
          `the notification says "${notification.body}"`,
        );
        expect(
          notification.actionTitles.join() === 'Annehmen,Ablehnen',
          `the notification's buttons say ${notification.actionTitles.join()}`,
        );
        await choose(context, 'decline');
        await until(
          async () => (await callNotifications(context)).length === 0,
          'the notification stays after Ablehnen',
          5000,
        );
      } finally {
        await cleanUp(context, base);
      }
    },
  },
];
