// SIP push (RFC 8599) through Kamailio's tsilo: a closed tab still rings, by a Web Push notification.
//
// What is real here: Kamailio keeps the INVITE (ts_store) and calls the push hook (http_client); the push sender
// (tools/push-sender.mjs) builds and encrypts the Web Push message with web-push (VAPID, aes128gcm, to the page's own
// P-256 keys); the demo's service worker is kit-call-sw.js, which shows the notification, fetches the decline URL
// and closes the notification on a cancel push; the page that Accept opens registers, gets the kept INVITE
// (ts_append) and answers it, and real media flows.
// What the test stands in for, since no push service can be reached from here: the push service itself
// (PushManager.subscribe is replaced in the page by a subscription with real keys and a made-up endpoint, and the
// message is handed to Chromium with the DevTools protocol's ServiceWorker.deliverPushMessage), and the click on the
// notification (no protocol clicks one: the test dispatches the worker's notificationclick with the action; the
// browser lets only a real click open a window, so for Accept the test opens the URL the worker tried to open, with
// the nonce it made). Grace calls from a browser of her own: a tab of the app open in Linus's browser is one the
// worker would focus (and tell the call id) instead of opening the page.
import webpush from 'web-push';
import {startPushSender, newVapidKeys} from '../../tools/push-sender.mjs';
import {SEL, chooseNotificationAction, expect, inServiceWorker} from '../harness.mjs';
import {launchSipBrowser} from './browser.mjs';
import {freePort} from './proxies.mjs';

/** In a page: a push subscription with real keys (so the message can be encrypted) and no push service. */
function stubPushService() {
  const b64 = bytes =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  let subscription = null;
  const subscribe = async () => {
    const pair = await crypto.subtle.generateKey({name: 'ECDH', namedCurve: 'P-256'}, false, [
      'deriveBits',
    ]);
    const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
    const endpoint = `https://push.invalid/kit-e2e/${crypto.randomUUID()}`;
    subscription = {
      endpoint,
      expirationTime: null,
      toJSON: () => ({endpoint, expirationTime: null, keys: {p256dh, auth}}),
      unsubscribe: async () => true,
    };
    return subscription;
  };
  if (globalThis.PushManager) {
    PushManager.prototype.subscribe = function () {
      return subscription ? Promise.resolve(subscription) : subscribe();
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(subscription);
  }
}

/**
 * The push rig of a run: VAPID keys, the push sender (delivering through the DevTools protocol) and the port of a
 * Kamailio with the push hook, and the caller's browser (Grace's tabs: `callerContext`).
 * @param {{context, base: string, auth: string, spki?: string}} options The callee's browser, the demo, the
 *   credentials endpoint, and the SPKI hash of the proxies' WSS certificate (for the caller's browser).
 * @returns {Promise<{vapid, sender, kamailioPort: number, appUrl: (uid: string) => string, delivered: object[],
 *   callerContext, close: () => Promise<void>}>}
 */
export async function startPushRig({context, base, auth, spki}) {
  const vapid = newVapidKeys();
  const kamailioPort = await freePort();
  const origin = new URL(base).origin;
  // A page of its own holds the DevTools session: the app's tabs come and go.
  const control = await context.newPage();
  const cdp = await context.newCDPSession(control);
  const registrations = new Map();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({registrations: updated}) => {
    for (const registration of updated) {
      if (registration.isDeleted) {
        registrations.delete(registration.scopeURL);
      } else {
        registrations.set(registration.scopeURL, registration.registrationId);
      }
    }
  });
  await cdp.send('ServiceWorker.enable');
  const delivered = [];
  const caller = await launchSipBrowser({spki});
  const rig = {vapid, kamailioPort, delivered, cdp, callerContext: caller.context};
  // The push sender's origin: its decline URL is not the app's, so the app lists it for the worker.
  rig.pushOrigin = () => new URL(rig.sender.url).origin;
  rig.appUrl = uid =>
    `${base}?${new URLSearchParams({
      user: uid,
      sip: `ws://127.0.0.1:${kamailioPort}`,
      sipAuth: auth,
      push: vapid.publicKey,
      pushOrigin: rig.pushOrigin(),
    })}`;
  rig.sender = await startPushSender({
    vapid,
    appUrl: rig.appUrl,
    kamailio: `http://127.0.0.1:${kamailioPort}`,
    // The stand-in push service of stubPushService().
    pushServices: ['push.invalid'],
    deliver: async (subscription, message) => {
      // What a push service would get: an encrypted body and a VAPID signature (web-push computes both).
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: {subject: 'mailto:e2e@kit.test', ...vapid},
        TTL: 60,
      });
      expect(
        request.body.length > 0 && /^vapid t=/.test(request.headers.Authorization),
        'web-push should encrypt and sign the message',
      );
      const registrationId = registrations.get(`${origin}/`);
      expect(registrationId !== undefined, `no service worker registered for ${origin}`);
      delivered.push({at: Date.now(), message});
      rig.lastDelivery = cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(message),
      });
      await rig.lastDelivery;
    },
  });
  rig.close = async () => {
    await rig.sender.close();
    await control.close().catch(() => {});
    await caller.close();
  };
  return rig;
}

/** Runs `fn` in the app's service worker, kit-call-sw.js (see inServiceWorker). */
const inWorker = (context, fn, arg, timeout) =>
  inServiceWorker(context, '/kit-call-sw.js', fn, arg, timeout);

/** The notifications the worker shows. */
function notifications(context) {
  return inWorker(context, async () =>
    (await self.registration.getNotifications()).map(n => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: n.actions.map(action => action.action),
      requireInteraction: n.requireInteraction,
      vibrate: [...n.vibrate],
      data: n.data,
    })),
  );
}

/** Waits until the worker shows a call's notification (polled every 20 ms), and returns it. */
async function notificationShown(context, push, timeout = 20000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const [shown] = (await notifications(context)).filter(n => n.tag.startsWith('kit-call-'));
    if (shown) {
      return {shown, at: Date.now()};
    }
    if (Date.now() > deadline) {
      const permission = await inWorker(context, () => Notification.permission).catch(
        e => e.message,
      );
      const delivery = await push.lastDelivery?.then(
        () => 'delivered',
        error => `not delivered: ${error.message}`,
      );
      throw new Error(
        `no call notification was shown (${push.sender.sent.length} pushes sent, the last ${delivery}; notifications in the worker: ${permission})`,
      );
    }
    await new Promise(done => setTimeout(done, 20));
  }
}

/** Waits until the worker shows no call notification any more. */
async function notificationGone(context, timeout = 8000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = (await notifications(context)).filter(n => n.tag.startsWith('kit-call-'));
    if (shown.length === 0) {
      return;
    }
    expect(Date.now() < deadline, `the notification stays: ${shown[0].title}`);
    await new Promise(done => setTimeout(done, 50));
  }
}

/** A click on the notification's action (see chooseNotificationAction): the URL the worker opens for it. */
const choose = (context, action) => chooseNotificationAction(context, '/kit-call-sw.js', action);

/** Linus's tab with push on, registered with his push binding, then closed: only the binding is left. */
async function linusClosesHisTab({open, proxies, push}) {
  const linus = await open('linus', {
    proxy: proxies.running.get('push').url,
    query: {push: push.vapid.publicKey, pushOrigin: push.pushOrigin()},
    init: stubPushService,
  });
  // pn-prid is the endpoint in base64url: "https://" is "aHR0cHM6Ly9".
  const bound = () => /aHR0cHM6Ly9/.test(proxies.rpc('push', 'htable.get', 'push', 'linus'));
  for (let tries = 0; !bound(); tries++) {
    expect(tries < 50, 'Kamailio holds no push binding for Linus after his REGISTER');
    await new Promise(done => setTimeout(done, 100));
  }
  await linus.page.evaluate(() => navigator.serviceWorker.ready);
  await linus.page.close();
  // The WebSocket closed: Kamailio drops the contact (usrloc handle_lost_tcp).
  const live = () =>
    !/not found|no contacts/i.test(proxies.rpc('push', 'ul.lookup', 'location', 'linus@kit.test'));
  for (let tries = 0; live(); tries++) {
    expect(tries < 50, "Linus's contact stays after his tab closed");
    await new Promise(done => setTimeout(done, 100));
  }
}

/** Grace (her tab open, in her own browser) calls Linus, whose tab is closed. */
async function graceCallsLinus({open, proxies, push}) {
  const grace = await open('grace', {
    proxy: proxies.running.get('push').url,
    context: push.callerContext,
  });
  const started = Date.now();
  await grace.click('call-voice-linus');
  await grace.visible(SEL.outgoing);
  return {grace, started};
}

/** The page the worker would open, as the test's own tab (Linus, push on). */
function openChosen(open, url) {
  const params = Object.fromEntries(new URL(url).searchParams);
  const {user, sip, sipAuth, ...query} = params;
  return open(user, {proxy: sip, auth: sipAuth, query, init: stubPushService});
}

/** Checks the notification a call from Grace shows. */
function expectCallNotification(shown) {
  expect(
    shown.title === 'Grace Hopper',
    `the notification names "${shown.title}", not Grace Hopper`,
  );
  expect(shown.body === 'Incoming voice call', `the notification says "${shown.body}"`);
  expect(
    shown.actions.join() === 'accept,decline',
    `the notification's actions are ${shown.actions.join()}`,
  );
  expect(shown.requireInteraction, 'the notification should stay until the user chooses');
  expect(shown.vibrate.length > 4, 'the notification should vibrate like a ring');
}

/**
 * Accept from the notification: the app opens, answers at once, and media flows. Also the benchmark's round
 * (tools/bench-sip.mjs): from Grace's click to the notification shown, and from Accept to Linus's ongoing screen.
 * @returns {Promise<{toNotification: number, toOngoing: number}>}
 */
export async function pushAcceptFlow({open, proxies, push, context}) {
  await linusClosesHisTab({open, proxies, push});
  const {grace, started} = await graceCallsLinus({open, proxies, push});
  const {shown, at} = await notificationShown(context, push);
  expectCallNotification(shown);
  const accepted = Date.now();
  const url = await choose(context, 'accept');
  // A one-time nonce of the worker, for that call; nothing that names the caller.
  expect(
    /[?&]kitCallAccept=[0-9a-f]{32}(&|$)/.test(url ?? '') && !/kitCallCaller|grace/.test(url),
    `Accept opens ${url}`,
  );
  const linus = await openChosen(open, url);
  await linus.visible(SEL.ongoing, 10000);
  const ongoing = Date.now();
  await grace.visible(SEL.ongoing, 8000);
  await linus.mediaFlows('audio');
  await grace.mediaFlows('audio');
  await notificationGone(context);
  return {toNotification: at - started, toOngoing: ongoing - accepted};
}

/** The push flows, for e2e/sip/run.mjs (a Kamailio named `push` with the hook; `push` is the rig). */
export const pushFlows = [
  {
    name: 'push: a closed tab rings by a notification naming the caller; Accept opens the app, answers, media flows',
    timeout: 45000,
    fn: context => pushAcceptFlow(context),
  },
  {
    name: 'push: Decline on the notification reaches the caller as "Call declined" (a made-up token declines nothing), the app never opens',
    timeout: 30000,
    fn: async ({open, proxies, push, context}) => {
      await linusClosesHisTab({open, proxies, push});
      const {grace} = await graceCallsLinus({open, proxies, push});
      const pages = context.pages().length;
      const {shown} = await notificationShown(context, push);
      expectCallNotification(shown);
      // Only the token of this call (an HMAC of its Call-ID under the proxy's secret) declines it.
      const forged = await fetch(`${push.sender.url}/decline?t=${'0'.repeat(64)}`, {
        method: 'POST',
      });
      expect(forged.status === 404, `a made-up decline token is answered ${forged.status}`);
      expect(
        (await grace.text(SEL.outgoingStatus)) !== 'Call declined',
        'a made-up token declined the call',
      );
      await choose(context, 'decline');
      await grace.textIs(SEL.outgoingStatus, 'Call declined', 8000);
      await notificationGone(context);
      expect(context.pages().length === pages, 'Decline should open no page');
    },
  },
  {
    name: 'push: the caller cancels, the notification closes',
    timeout: 30000,
    fn: async ({open, proxies, push, context}) => {
      await linusClosesHisTab({open, proxies, push});
      const {grace} = await graceCallsLinus({open, proxies, push});
      await notificationShown(context, push);
      await grace.page.click(SEL.outgoingEnd);
      const cancels = () => push.sender.sent.filter(sent => sent.message.kitCall.type === 'cancel');
      await notificationGone(context).catch(error => {
        throw new Error(`${error.message} (${cancels().length} cancel pushes sent)`);
      });
    },
  },
];
