import {webcrypto} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

interface FakeNotification {
  title: string;
  tag: string;
  data: unknown;
  options: NotificationOptions & {actions?: {action: string; title: string}[]};
  close: () => void;
}

interface FakeTab {
  url: string;
  postMessage: jest.Mock;
  focus: jest.Mock;
}

type Listener = (event: unknown) => void;

interface KitCallWorker {
  receive: (message: unknown) => Promise<void> | null;
  click: (notification: FakeNotification, action: string) => Promise<string | null>;
}

/**
 * kit-call-sw.js run against a fake worker scope: its notifications, tabs, requests and event listeners.
 * @param setup What the app's worker sets before importing it (`kitCallWorkerOptions`), and its script URL.
 */
function loadWorker(
  setup: {options?: unknown; script?: string; tabs?: FakeTab[]} = {},
): ReturnType<typeof makeScope> {
  const loaded = makeScope(setup);
  const source = readFileSync(join(__dirname, 'kit-call-sw.js'), 'utf8');
  new Function('self', source)(loaded.scope);
  return loaded;
}

function makeScope({
  options,
  script,
  tabs = [],
}: {
  options?: unknown;
  script?: string;
  tabs?: FakeTab[];
}) {
  const shown: FakeNotification[] = [];
  const listeners: Record<string, Listener> = {};
  const scope = {
    location: {href: script ?? 'https://app.test/kit-call-sw.js'},
    crypto: webcrypto,
    kitCallWorkerOptions: options,
    registration: {
      scope: 'https://app.test/',
      showNotification: jest.fn(async (title: string, options: FakeNotification['options']) => {
        const notification: FakeNotification = {
          title,
          tag: options.tag ?? '',
          data: options.data,
          options,
          close: () => shown.splice(shown.indexOf(notification), 1),
        };
        shown.push(notification);
      }),
      getNotifications: async ({tag}: {tag?: string} = {}) =>
        shown.filter(notification => !tag || notification.tag === tag),
    },
    clients: {matchAll: jest.fn(async () => tabs), openWindow: jest.fn(async () => null)},
    fetch: jest.fn(async () => new Response(null, {status: 204})),
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    kitCallWorker: undefined as KitCallWorker | undefined,
  };
  const worker = () => scope.kitCallWorker!;
  return {
    scope,
    shown,
    listeners,
    get worker() {
      return worker();
    },
  };
}

/** A tab of the app, open and controlled by the worker. */
function tab(url = 'https://app.test/call'): FakeTab {
  return {url, postMessage: jest.fn(), focus: jest.fn(async () => undefined)};
}

const RING = {
  kitCall: {
    type: 'ring',
    callId: 'c1',
    video: true,
    caller: {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://app.test/ada.png'},
    url: 'https://app.test/call',
    declineUrl: 'https://app.test/decline?t=1',
  },
};

/** A ring whose `kitCall` has these fields changed. */
function ring(fields: Record<string, unknown>) {
  return {kitCall: {...RING.kitCall, ...fields}};
}

/** Clicks the shown notification through the worker's notificationclick listener; resolves what it kept alive. */
async function clickShown(
  loaded: ReturnType<typeof loadWorker>,
  action: string,
): Promise<string | null> {
  const kept: Promise<string | null>[] = [];
  loaded.listeners['notificationclick']({
    notification: loaded.shown[0],
    action,
    waitUntil: (done: Promise<string | null>) => kept.push(done),
  });
  expect(kept.length).toBe(1);
  return kept[0];
}

/** The page redeems a nonce with the worker, as `withPushCalls()` does; resolves the call id it got. */
function redeem(loaded: ReturnType<typeof loadWorker>, nonce: unknown): unknown {
  return redeemed(loaded, nonce)?.callId;
}

/** The whole answer to a nonce: the action, the call id, and for Call back whom to call. */
function redeemed(
  loaded: ReturnType<typeof loadWorker>,
  nonce: unknown,
): {action?: string; callId: string | null; caller?: object; video?: boolean} {
  const port = {postMessage: jest.fn()};
  loaded.listeners['message']({data: {kitCallRedeem: nonce}, ports: [port]});
  return port.postMessage.mock.calls[0]?.[0]?.kitCall;
}

describe('kit-call-sw.js', () => {
  it('should show the call notification for a ring message given to receive(), as a push would', async () => {
    const {shown, worker} = loadWorker();

    await worker.receive(RING);

    expect(shown.length).toBe(1);
    const [notification] = shown;
    expect(notification.title).toBe('Ada Lovelace');
    expect(notification.tag).toBe('kit-call-c1');
    expect(notification.options.body).toBe('Incoming video call');
    expect(notification.options.icon).toBe('https://app.test/ada.png');
    expect(notification.options.requireInteraction).toBe(true);
    expect(notification.options.actions?.map(action => action.action)).toEqual([
      'accept',
      'decline',
    ]);
  });

  it('should say the app’s language given on its script URL, unless the push names its own words', async () => {
    const german = '?label-voice=Eingehender%20Sprachanruf&label-accept=Annehmen&label-call=Anruf';
    const {shown, worker} = loadWorker({script: `https://app.test/kit-call-sw.js${german}`});

    await worker.receive(ring({video: false, caller: {}}));
    await worker.receive(ring({callId: 'c2', labels: {accept: 'Rispondi'}}));

    expect(
      shown.map(({title, options}) => [title, options.body, options.actions?.[0].title]),
    ).toEqual([
      ['Anruf', 'Eingehender Sprachanruf', 'Annehmen'],
      ['Ada Lovelace', 'Incoming video call', 'Rispondi'],
    ]);
    expect(shown[0].options.actions?.[1].title).toBe('Decline');
  });

  it('should close that call’s notification for a cancel message, and leave other calls ringing', async () => {
    const {shown, worker} = loadWorker();
    await worker.receive(RING);
    await worker.receive(ring({callId: 'c2'}));

    await worker.receive({kitCall: {type: 'cancel', callId: 'c1'}});

    expect(shown.map(notification => notification.tag)).toEqual(['kit-call-c2']);
  });

  it('should show nothing for a ring whose cancel came first', async () => {
    const {scope, shown, worker} = loadWorker();

    await worker.receive({kitCall: {type: 'cancel', callId: 'c1'}});
    await worker.receive(RING);

    expect(scope.registration.showNotification).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('should leave a message without kitCall to the rest of the app’s worker', () => {
    const {scope, worker} = loadWorker();

    expect(worker.receive({other: true})).toBeNull();
    expect(worker.receive(null)).toBeNull();
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('should take the same path for a real push event, kept alive by waitUntil', async () => {
    const {shown, listeners} = loadWorker();
    const kept: Promise<unknown>[] = [];

    listeners['push']({
      data: {json: () => RING},
      waitUntil: (done: Promise<unknown>) => kept.push(done),
    });
    await Promise.all(kept);

    expect(kept.length).toBe(1);
    expect(shown.map(notification => notification.title)).toEqual(['Ada Lovelace']);
  });

  describe('a payload it does not trust', () => {
    it('should show nothing for a call id that is not a string or is longer than 256', async () => {
      const {scope, worker} = loadWorker();

      await worker.receive(ring({callId: 42}));
      await worker.receive(ring({callId: {toString: () => 'c1'}}));
      await worker.receive(ring({callId: 'x'.repeat(257)}));
      await worker.receive(ring({type: 'other'}));

      expect(scope.registration.showNotification).not.toHaveBeenCalled();
    });

    it('should cut a long name to 128 characters, and show no name or label that is not a string', async () => {
      const {shown, worker} = loadWorker();

      await worker.receive(ring({caller: {uid: 'ada', name: 'A'.repeat(5000)}}));
      await worker.receive(ring({callId: 'c2', caller: {uid: 'ada', name: {html: '<b>'}}}));
      await worker.receive(ring({callId: 'c3', labels: {video: ['Appel']}}));

      expect(shown.map(notification => notification.title)).toEqual([
        'A'.repeat(128),
        'ada',
        'Ada Lovelace',
      ]);
      expect(shown[2].options.body).toBe('Incoming video call');
    });

    it('should show no icon from another origin, and keep an inlined image', async () => {
      const {shown, worker} = loadWorker();

      await worker.receive(ring({caller: {name: 'Ada', avatar: 'https://tracker.evil/ada.png'}}));
      await worker.receive(
        ring({callId: 'c2', caller: {name: 'Ada', avatar: 'data:image/png;base64,iVBORw0KGgo='}}),
      );
      await worker.receive(ring({callId: 'c3', caller: {name: 'Ada', avatar: 'javascript:1'}}));

      expect(shown.map(notification => notification.options.icon)).toEqual([
        undefined,
        'data:image/png;base64,iVBORw0KGgo=',
        undefined,
      ]);
    });

    it('should open the app itself, not a url of another origin, on Accept', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(ring({url: 'https://phish.evil/call'}));

      const opened = await clickShown(loaded, 'accept');

      expect(new URL(opened!).origin).toBe('https://app.test');
      expect(loaded.scope.clients.openWindow).toHaveBeenCalledWith(opened);
    });

    it('should POST a Decline to no declineUrl of another origin, and to nothing without one', async () => {
      const foreign = loadWorker();
      await foreign.worker.receive(ring({declineUrl: 'https://victim-bank.evil/transfer'}));
      await clickShown(foreign, 'decline');
      const missing = loadWorker();
      await missing.worker.receive(ring({declineUrl: undefined}));
      await clickShown(missing, 'decline');

      expect(foreign.scope.fetch).not.toHaveBeenCalled();
      expect(missing.scope.fetch).not.toHaveBeenCalled();
      expect(missing.shown).toEqual([]);
    });

    it('should accept the origins the app lists, by kitCallWorkerOptions or ?origin= on its script', async () => {
      const byOption = loadWorker({options: {origins: ['https://api.test']}});
      await byOption.worker.receive(ring({declineUrl: 'https://api.test/decline?t=1'}));
      await clickShown(byOption, 'decline');
      const byScript = loadWorker({
        script: 'https://app.test/kit-call-sw.js?origin=https%3A%2F%2Fapi.test',
      });
      await byScript.worker.receive(ring({declineUrl: 'https://api.test/decline?t=2'}));
      await clickShown(byScript, 'decline');

      expect(byOption.scope.fetch).toHaveBeenCalledWith(
        'https://api.test/decline?t=1',
        expect.anything(),
      );
      expect(byScript.scope.fetch).toHaveBeenCalledWith(
        'https://api.test/decline?t=2',
        expect.anything(),
      );
    });
  });

  describe('a click on the notification', () => {
    it('should open the app on a tap on its body, and answer nothing', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);

      const opened = await clickShown(loaded, '');

      expect(opened).toBe('https://app.test/call');
      expect(loaded.scope.clients.openWindow).toHaveBeenCalledWith('https://app.test/call');
      expect(loaded.shown).toEqual([]);
    });

    it('should focus an open tab on a tap on its body, and tell it nothing', async () => {
      const open = tab();
      const loaded = loadWorker({tabs: [open]});
      await loaded.worker.receive(RING);

      await clickShown(loaded, '');

      expect(open.focus).toHaveBeenCalled();
      expect(open.postMessage).not.toHaveBeenCalled();
      expect(loaded.scope.clients.openWindow).not.toHaveBeenCalled();
    });

    it('should open the app with a nonce on Accept that the page redeems once for the call id', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);

      const opened = new URL((await clickShown(loaded, 'accept'))!);
      const nonce = opened.searchParams.get('kitCallAccept');

      expect(opened.origin + opened.pathname).toBe('https://app.test/call');
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(opened.searchParams.has('kitCallCaller')).toBe(false);
      expect(redeem(loaded, nonce)).toBe('c1');
      expect(redeem(loaded, nonce)).toBeNull();
    });

    it('should redeem no nonce it did not make, and none past its minute', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);
      const nonce = new URL((await clickShown(loaded, 'accept'))!).searchParams.get(
        'kitCallAccept',
      );

      expect(redeem(loaded, 'f'.repeat(32))).toBeNull();
      expect(redeem(loaded, 'hasOwnProperty')).toBeNull();
      expect(redeem(loaded, {nonce})).toBeNull();
      const now = Date.now();
      jest.spyOn(Date, 'now').mockReturnValue(now + 60001);
      try {
        expect(redeem(loaded, nonce)).toBeNull();
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('should tell an open tab the call id on Accept, and focus it', async () => {
      const open = tab();
      const loaded = loadWorker({tabs: [open]});
      await loaded.worker.receive(RING);

      await clickShown(loaded, 'accept');

      expect(open.postMessage).toHaveBeenCalledWith({kitCall: {action: 'accept', callId: 'c1'}});
      expect(open.focus).toHaveBeenCalled();
      expect(loaded.scope.clients.openWindow).not.toHaveBeenCalled();
    });

    it('should POST Decline without credentials, referrer or redirects, and open nothing', async () => {
      const open = tab();
      const loaded = loadWorker({tabs: [open]});
      await loaded.worker.receive(RING);

      await clickShown(loaded, 'decline');

      expect(loaded.scope.fetch).toHaveBeenCalledWith('https://app.test/decline?t=1', {
        method: 'POST',
        credentials: 'omit',
        redirect: 'error',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
      expect(loaded.scope.clients.openWindow).not.toHaveBeenCalled();
      expect(open.postMessage).not.toHaveBeenCalled();
      expect(open.focus).not.toHaveBeenCalled();
      expect(loaded.shown).toEqual([]);
    });

    it('should give the same outcome through kitCallWorker.click, the hook of the browser tests', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);

      const opened = await loaded.worker.click(loaded.shown[0], 'accept');

      expect(redeem(loaded, new URL(opened!).searchParams.get('kitCallAccept'))).toBe('c1');
    });
  });

  describe('a missed call', () => {
    const MISSED = {kitCall: {type: 'cancel', callId: 'c1', missed: true}};

    it('should leave a missed-call notification that stays, with Call back, where the ring was', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);

      await loaded.worker.receive(MISSED);

      expect(loaded.shown.map(shown => [shown.title, shown.tag, shown.options.body])).toEqual([
        ['Ada Lovelace', 'kit-missed-c1', 'Missed video call'],
      ]);
      expect(loaded.shown[0].options.requireInteraction).toBe(true);
      expect(loaded.shown[0].options.actions).toEqual([{action: 'callBack', title: 'Call back'}]);
      expect(loaded.shown[0].options.icon).toBe('https://app.test/ada.png');
    });

    it('should keep each missed call for the app’s call log in Cache Storage, the newest 50', async () => {
      // jsdom has no Response: a worker's, as far as the cache uses it.
      class FakeResponse {
        constructor(private readonly body: string) {}
        async text(): Promise<string> {
          return this.body;
        }
        async json(): Promise<unknown> {
          return JSON.parse(this.body);
        }
      }
      (globalThis as {Response?: unknown}).Response ??= FakeResponse;
      const loaded = loadWorker();
      const kept = new Map<string, string>([['/kit-call-missed.json', '[]']]);
      Object.assign(loaded.scope, {
        caches: {
          open: async (name: string) => ({
            match: async (key: string) =>
              name === 'kit-call-missed' && kept.has(key) ? new Response(kept.get(key)) : undefined,
            put: async (key: string, response: Response) => kept.set(key, await response.text()),
          }),
        },
      });
      await loaded.worker.receive(RING);
      await loaded.worker.receive(MISSED);
      for (let i = 0; i < 60; i++) {
        await loaded.worker.receive({kitCall: {...MISSED.kitCall, callId: `x${i}`}});
      }

      const calls = JSON.parse(kept.get('/kit-call-missed.json')!);
      expect(calls).toHaveLength(50);
      expect(calls[49]).toEqual(
        expect.objectContaining({
          callId: 'x59',
          caller: expect.any(Object),
          at: expect.any(Number),
        }),
      );
      const first = JSON.parse(kept.get('/kit-call-missed.json')!)[0];
      expect(first.callId).toBe('x10');
    });

    it('should close a ring without a trace for a cancel that does not say missed (answered elsewhere)', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);

      await loaded.worker.receive({kitCall: {type: 'cancel', callId: 'c1'}});

      expect(loaded.shown).toEqual([]);
    });

    it('should name the caller of the cancel when no ring was shown, in the app’s language', async () => {
      const loaded = loadWorker({
        script: 'https://app.test/kit-call-sw.js?label-missed-voice=Verpasster%20Sprachanruf',
      });

      await loaded.worker.receive({
        kitCall: {...MISSED.kitCall, caller: {uid: 'bob', name: 'Bob Kahn'}},
      });

      expect(loaded.shown.map(shown => [shown.title, shown.options.body])).toEqual([
        ['Bob Kahn', 'Verpasster Sprachanruf'],
      ]);
    });

    it('should offer no Call back when nobody is named', async () => {
      const loaded = loadWorker();

      await loaded.worker.receive(MISSED);

      expect(loaded.shown.map(shown => [shown.title, shown.options.actions])).toEqual([
        ['Missed call', []],
      ]);
    });

    it('should open the app on Call back with a nonce that redeems once for the caller, never as an Accept', async () => {
      const loaded = loadWorker();
      await loaded.worker.receive(RING);
      await loaded.worker.receive(MISSED);

      const opened = new URL((await clickShown(loaded, 'callBack'))!);
      const nonce = opened.searchParams.get('kitCallBack');

      expect(opened.searchParams.has('kitCallAccept')).toBe(false);
      expect(redeemed(loaded, nonce)).toEqual({
        action: 'callBack',
        callId: 'c1',
        caller: {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://app.test/ada.png'},
        video: true,
      });
      expect(redeem(loaded, nonce)).toBeNull();
      expect(loaded.shown).toEqual([]);
    });

    it('should tell an open tab whom to call back, and only open the app on a tap on the body', async () => {
      const open = tab();
      const loaded = loadWorker({tabs: [open]});
      await loaded.worker.receive(RING);
      await loaded.worker.receive(MISSED);

      await clickShown(loaded, 'callBack');

      expect(open.postMessage).toHaveBeenCalledWith({
        kitCall: expect.objectContaining({
          action: 'callBack',
          caller: expect.objectContaining({uid: 'ada'}),
        }),
      });

      await loaded.worker.receive(RING);
      await loaded.worker.receive({kitCall: {...MISSED.kitCall, callId: 'c2'}});
      open.postMessage.mockClear();
      await clickShown(loaded, '');
      expect(open.postMessage).not.toHaveBeenCalled();
      expect(open.focus).toHaveBeenCalled();
    });
  });
});
