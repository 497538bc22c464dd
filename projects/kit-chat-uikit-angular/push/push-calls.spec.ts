import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallOverlay, KitException} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitPushCalls, withPushCalls} from './push-calls';
import {KitPushCallsOptions} from './push-options';

@Component({template: ''})
class TestApp {}

const ADA = {uid: 'ada', name: 'Ada Lovelace'};
/** A nonce as kit-call-sw.js makes them (16 random bytes, hex). */
const NONCE = '0123456789abcdef0123456789abcdef';
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/abc',
  keys: {p256dh: 'BPkey', auth: 'authkey'},
};

/** The browser's service worker container and push manager, without a push service. */
function stubServiceWorker(
  subscribe: () => Promise<unknown>,
  existing: unknown = null,
  controller: unknown = null,
) {
  const pushManager = {
    getSubscription: jest.fn(async () => existing),
    subscribe: jest.fn(subscribe),
  };
  const registration = {pushManager};
  const container = Object.assign(new EventTarget(), {
    register: jest.fn(async () => registration),
    getRegistration: jest.fn(async () => registration),
    ready: Promise.resolve(registration),
    pushManager,
    controller,
  });
  Object.defineProperty(navigator, 'serviceWorker', {value: container, configurable: true});
  return container;
}

/** A MessageChannel (jsdom has none): what one port posts reaches the other's `onmessage`, a task later. */
class FakeMessageChannel {
  readonly port1 = new FakePort();
  readonly port2 = new FakePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

class FakePort {
  other: FakePort | null = null;
  onmessage: ((event: {data: unknown}) => void) | null = null;
  postMessage(data: unknown): void {
    setTimeout(() => this.other?.onmessage?.({data}));
  }
  close(): void {
    this.onmessage = null;
  }
}

/**
 * The app's service worker as the page's controller: it redeems the nonces it made (each once) for what they stand
 * for, as kit-call-sw.js does: a call id (an Accept) or a choice (a Call back).
 */
function stubWorker(nonces: Record<string, string | object>) {
  const worker = {
    postMessage: jest.fn((data: {kitCallRedeem?: string}, [port]: MessagePort[]) => {
      const nonce = data.kitCallRedeem ?? '';
      const made = nonces[nonce];
      delete nonces[nonce];
      port.postMessage({
        kitCall:
          typeof made === 'string' ? {action: 'accept', callId: made} : (made ?? {callId: null}),
      });
    }),
  };
  stubServiceWorker(async () => SUBSCRIPTION, null, worker);
  return worker;
}

/** A message on the page's service worker container, from `source`. */
function workerMessage(source: unknown, data: unknown): MessageEvent {
  const event = new MessageEvent('message', {data});
  Object.defineProperty(event, 'source', {value: source});
  return event;
}

describe('withPushCalls', () => {
  let errors: KitException[];

  function setUp(options: Partial<KitPushCallsOptions> = {}) {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => errors.push(error)},
          features: [withPushCalls({vapidPublicKey: 'BVapidKey', ...options})],
        }),
      ],
    });
    TestBed.createComponent(TestApp);
    return {
      calls: TestBed.inject(KitCallsTestingController),
      overlay: TestBed.inject(KitCallOverlay),
      push: TestBed.inject(KitPushCalls),
    };
  }

  beforeEach(() => {
    (globalThis as {MessageChannel?: unknown}).MessageChannel = FakeMessageChannel;
    errors = [];
    history.replaceState(null, '', '/call');
  });

  afterEach(() => {
    delete (navigator as {serviceWorker?: unknown}).serviceWorker;
    delete (globalThis as {Notification?: unknown}).Notification;
    delete (globalThis as {PushManager?: unknown}).PushManager;
    delete (globalThis as {MessageChannel?: unknown}).MessageChannel;
  });

  /** Rings a call from `caller` with the given id, and lets the kit open (and maybe answer) it. */
  async function ring(
    calls: KitCallsTestingController,
    caller: typeof ADA,
    sessionId: string,
  ): Promise<void> {
    await calls.farSide.ring(caller, calls.me, 'audio', sessionId);
    await calls.settle();
    await calls.settle();
  }

  describe('a page opened on a link that names a caller', () => {
    it('should let that caller ring as usual: a link alone never answers a call', async () => {
      history.replaceState(null, '', '/call?user=me&kitCallAction=accept&kitCallCaller=ada');
      stubWorker({});
      const {calls, overlay, push} = setUp();

      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
      expect(push.pendingChoice()).toBeNull();
      expect(location.search).toBe('?user=me');
    });

    it('should answer nothing for a nonce its worker did not make, and say so to onError', async () => {
      history.replaceState(null, '', `/call?kitCallAccept=${'f'.repeat(32)}`);
      const worker = stubWorker({[NONCE]: 'c1'});
      const {calls, overlay, push} = setUp();

      await ring(calls, ADA, 'c1');

      expect(worker.postMessage).toHaveBeenCalled();
      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
      expect(push.pendingChoice()).toBeNull();
      expect(errors.map(error => error.code)).toEqual(['ERR_INVALID_CALL']);
    });
  });

  describe('a page opened by Accept on the notification', () => {
    it('should answer the call its worker redeemed the nonce for, and take the nonce out of the URL', async () => {
      history.replaceState(null, '', `/call?user=me&kitCallAccept=${NONCE}`);
      stubWorker({[NONCE]: 'c1'});
      const {calls, overlay, push} = setUp();
      expect(location.search).toBe('?user=me');
      await calls.settle();
      expect(push.pendingChoice()).toEqual(expect.objectContaining({callId: 'c1'}));

      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ongoing']);
      expect(push.pendingChoice()).toBeNull();
      expect(errors).toEqual([]);
    });

    it('should let another call of the same caller ring as usual', async () => {
      history.replaceState(null, '', `/call?kitCallAccept=${NONCE}`);
      stubWorker({[NONCE]: 'c1'});
      const {calls, overlay} = setUp();
      await calls.settle();

      await ring(calls, ADA, 'c2');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
    });

    it('should give up the choice once acceptWithin has passed', async () => {
      history.replaceState(null, '', `/call?kitCallAccept=${NONCE}`);
      stubWorker({[NONCE]: 'c1'});
      const {calls, overlay, push} = setUp({acceptWithin: -1});
      await calls.settle();

      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
      expect(push.pendingChoice()).toBeNull();
    });
  });

  describe('an open tab that the worker tells of Accept', () => {
    it('should answer the call of that id', async () => {
      const worker = stubWorker({});
      const {calls, overlay} = setUp();

      navigator.serviceWorker.dispatchEvent(
        workerMessage(worker, {kitCall: {action: 'accept', callId: 'c1'}}),
      );
      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ongoing']);
    });

    it('should let a call of another id ring as usual, whoever calls', async () => {
      const worker = stubWorker({});
      const {calls, overlay} = setUp();

      navigator.serviceWorker.dispatchEvent(
        workerMessage(worker, {kitCall: {action: 'accept', callId: 'c9'}}),
      );
      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
    });

    it('should ignore a message that does not come from the worker controlling the page', async () => {
      stubWorker({});
      const {calls, overlay} = setUp();

      navigator.serviceWorker.dispatchEvent(
        workerMessage(null, {kitCall: {action: 'accept', callId: 'c1'}}),
      );
      navigator.serviceWorker.dispatchEvent(
        workerMessage({postMessage: () => {}}, {kitCall: {action: 'accept', callId: 'c1'}}),
      );
      await ring(calls, ADA, 'c1');

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
    });
  });

  describe('Call back on a missed call', () => {
    const BACK = {action: 'callBack', callId: 'c7', caller: {uid: 'ada', name: 'Ada Lovelace'}};

    it('should call back the caller the worker redeemed the nonce for, by video when the call was', async () => {
      history.replaceState(null, '', `/call?user=me&kitCallBack=${NONCE}`);
      stubWorker({[NONCE]: {...BACK, video: true}});
      const {calls, overlay} = setUp();
      calls.farSide.addUsers(ADA);
      calls.farSide.neverAnswer(ADA.uid);
      expect(location.search).toBe('?user=me');
      await calls.settle();
      await calls.settle();

      expect(
        overlay.openCalls.map(ref => [ref.direction, ref.call().receiver.uid, ref.call().type]),
      ).toEqual([['outgoing', 'ada', 'video']]);
      expect(errors).toEqual([]);
    });

    it('should call nobody for a nonce the worker did not make, or made for an Accept', async () => {
      history.replaceState(null, '', `/call?kitCallBack=${NONCE}`);
      stubWorker({[NONCE]: 'c1'});
      const {calls, overlay} = setUp();
      await calls.settle();
      await calls.settle();

      expect(overlay.openCalls).toEqual([]);
      expect(errors.map(error => error.code)).toEqual(['ERR_INVALID_CALL']);
    });

    it('should call back from an open tab only when the worker controlling the page says so', async () => {
      const worker = stubWorker({});
      const {calls, overlay} = setUp();
      calls.farSide.addUsers(ADA);
      calls.farSide.neverAnswer(ADA.uid);

      navigator.serviceWorker.dispatchEvent(
        workerMessage({postMessage: () => {}}, {kitCall: BACK}),
      );
      await calls.settle();
      expect(overlay.openCalls).toEqual([]);

      navigator.serviceWorker.dispatchEvent(workerMessage(worker, {kitCall: BACK}));
      await calls.settle();
      expect(
        overlay.openCalls.map(ref => [ref.direction, ref.call().receiver.uid, ref.call().type]),
      ).toEqual([['outgoing', 'ada', 'audio']]);
    });
  });

  describe('unsubscribe', () => {
    it('should remove the subscription, clear the signal and hand it to onUnsubscribe', async () => {
      (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
      (globalThis as {PushManager?: unknown}).PushManager = class {};
      const subscription = {toJSON: () => SUBSCRIPTION, unsubscribe: jest.fn(async () => true)};
      stubServiceWorker(async () => subscription);
      const onUnsubscribe = jest.fn();
      const {push} = setUp({onUnsubscribe});
      await push.subscribe();
      (
        navigator.serviceWorker as unknown as {pushManager: {getSubscription: jest.Mock}}
      ).pushManager.getSubscription.mockResolvedValue(subscription);

      await push.unsubscribe();

      expect(subscription.unsubscribe).toHaveBeenCalled();
      expect(push.subscription()).toBeNull();
      expect(onUnsubscribe).toHaveBeenCalledWith(SUBSCRIPTION);
      expect(errors).toEqual([]);
    });

    it('should never reject: a failure reaches onError, and the backend still hears of it', async () => {
      jest.useFakeTimers();
      try {
        const subscription = {
          toJSON: () => SUBSCRIPTION,
          unsubscribe: jest.fn(async () => Promise.reject(new Error('push service down'))),
        };
        stubServiceWorker(async () => subscription, subscription);
        const onUnsubscribe = jest.fn();
        const {push} = setUp({onUnsubscribe});

        await expect(push.unsubscribe()).resolves.toBeUndefined();
        await jest.advanceTimersByTimeAsync(0);

        expect(onUnsubscribe).toHaveBeenCalledWith(SUBSCRIPTION);
        expect(errors.map(error => error.code)).toEqual(['ERR_NETWORK']);
      } finally {
        jest.useRealTimers();
      }
    });

    it('should do nothing, and report nothing, when there is no subscription', async () => {
      jest.useFakeTimers();
      try {
        stubServiceWorker(async () => SUBSCRIPTION);
        const onUnsubscribe = jest.fn();
        const {push} = setUp({onUnsubscribe});

        await push.unsubscribe();
        await jest.advanceTimersByTimeAsync(0);

        expect(onUnsubscribe).not.toHaveBeenCalled();
        expect(errors).toEqual([]);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('contactParams', () => {
    beforeEach(() => {
      (globalThis as {PushManager?: unknown}).PushManager = class {};
    });

    it('should give the subscription as RFC 8599 Web Push parameters, and hand it to the app', async () => {
      (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
      const worker = stubServiceWorker(async () => ({toJSON: () => SUBSCRIPTION}));
      const onSubscription = jest.fn();
      const {push} = setUp({serviceWorker: 'app-sw.js', onSubscription});

      const params = await push.contactParams();

      expect(params).toEqual({
        'pn-provider': 'webpush',
        'pn-prid': 'aHR0cHM6Ly9wdXNoLmV4YW1wbGUvc2VuZC9hYmM', // base64url of the endpoint
        'pn-param': 'BPkey.authkey',
      });
      expect(worker.register).toHaveBeenCalledWith('app-sw.js', {});
      expect(onSubscription).toHaveBeenCalledWith(SUBSCRIPTION);
      expect(push.subscription()).toEqual(SUBSCRIPTION);
    });

    it('should give the worker the origins the app lets pushes name, on its script URL', async () => {
      (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
      const worker = stubServiceWorker(async () => ({toJSON: () => SUBSCRIPTION}));
      const {push} = setUp({origins: ['https://api.example.com', 'https://cdn.example.com']});

      await push.subscribe();

      expect(worker.register).toHaveBeenCalledWith(
        'kit-call-sw.js?origin=https%3A%2F%2Fapi.example.com&origin=https%3A%2F%2Fcdn.example.com',
        {},
      );
    });

    it('should subscribe again when the subscription was made for another VAPID key', async () => {
      (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
      const old = {
        options: {applicationServerKey: new Uint8Array([1, 2, 3]).buffer},
        unsubscribe: jest.fn(async () => true),
        toJSON: () => ({...SUBSCRIPTION, endpoint: 'https://push.example/send/old'}),
      };
      const worker = stubServiceWorker(async () => ({toJSON: () => SUBSCRIPTION}), old);
      const {push} = setUp();

      await push.contactParams();

      expect(old.unsubscribe).toHaveBeenCalled();
      expect(worker.pushManager.subscribe).toHaveBeenCalledWith({
        userVisibleOnly: true,
        applicationServerKey: 'BVapidKey',
      });
      expect(push.subscription()).toEqual(SUBSCRIPTION);
    });

    it('should give none, and never prompt, while notifications are not allowed', async () => {
      (globalThis as {Notification?: unknown}).Notification = {permission: 'default'};
      const worker = stubServiceWorker(async () => ({toJSON: () => SUBSCRIPTION}));
      const {push} = setUp();

      expect(await push.contactParams()).toBeNull();
      expect(worker.register).not.toHaveBeenCalled();
    });

    it('should give none and report ERR_NETWORK when the push service does not answer', async () => {
      jest.useFakeTimers();
      try {
        (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
        stubServiceWorker(() => new Promise(() => {}));
        const {push} = setUp();

        const params = push.contactParams();
        await jest.advanceTimersByTimeAsync(5001);

        expect(await params).toBeNull();
        expect(errors.map(error => error.code)).toEqual(['ERR_NETWORK']);
      } finally {
        jest.useRealTimers();
      }
    });

    it('should report nothing later when the push service answered in time', async () => {
      jest.useFakeTimers();
      try {
        (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
        stubServiceWorker(async () => ({toJSON: () => SUBSCRIPTION}));
        const {push} = setUp();

        expect(await push.contactParams()).not.toBeNull();
        await jest.advanceTimersByTimeAsync(10000);

        expect(errors).toEqual([]);
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
