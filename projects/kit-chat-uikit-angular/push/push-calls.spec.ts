import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallOverlay, KitException} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitPushCalls, withPushCalls} from './push-calls';
import {KitPushCallsOptions} from './push-options';

@Component({template: ''})
class TestApp {}

const ADA = {uid: 'ada', name: 'Ada Lovelace'};
const LINUS = {uid: 'linus', name: 'Linus Torvalds'};
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/abc',
  keys: {p256dh: 'BPkey', auth: 'authkey'},
};

/** The browser's service worker container and push manager, without a push service. */
function stubServiceWorker(subscribe: () => Promise<unknown>, existing: unknown = null) {
  const pushManager = {getSubscription: async () => existing, subscribe: jest.fn(subscribe)};
  const container = Object.assign(new EventTarget(), {
    register: jest.fn(async () => ({})),
    ready: Promise.resolve({pushManager}),
    pushManager,
  });
  Object.defineProperty(navigator, 'serviceWorker', {value: container, configurable: true});
  return container;
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
    errors = [];
    history.replaceState(null, '', '/call');
  });

  afterEach(() => {
    delete (navigator as {serviceWorker?: unknown}).serviceWorker;
    delete (globalThis as {Notification?: unknown}).Notification;
    delete (globalThis as {PushManager?: unknown}).PushManager;
  });

  describe('a page opened by Accept on the notification', () => {
    it("should answer that caller's call as soon as it rings, and take the choice out of the URL", async () => {
      history.replaceState(null, '', '/call?user=me&kitCallAction=accept&kitCallCaller=ada');
      const {calls, overlay, push} = setUp();
      expect(location.search).toBe('?user=me');
      expect(push.pendingChoice()).toEqual(expect.objectContaining({caller: 'ada'}));

      await calls.farSide.ring(ADA, calls.me, 'audio');
      await calls.settle();
      await calls.settle();

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ongoing']);
      expect(push.pendingChoice()).toBeNull();
    });

    it('should let a call from someone else ring as usual', async () => {
      history.replaceState(null, '', '/call?kitCallAction=accept&kitCallCaller=ada');
      const {calls, overlay} = setUp();

      await calls.farSide.ring(LINUS, calls.me, 'audio');
      await calls.settle();
      await calls.settle();

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
    });

    it('should give up the choice once acceptWithin has passed', async () => {
      history.replaceState(null, '', '/call?kitCallAction=accept&kitCallCaller=ada');
      const {calls, overlay, push} = setUp({acceptWithin: -1});

      await calls.farSide.ring(ADA, calls.me, 'audio');
      await calls.settle();
      await calls.settle();

      expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ringing']);
      expect(push.pendingChoice()).toBeNull();
    });
  });

  it('should answer the call when the worker tells an open tab that Accept was pressed', async () => {
    const worker = stubServiceWorker(async () => SUBSCRIPTION);
    const {calls, overlay} = setUp();

    worker.dispatchEvent(
      new MessageEvent('message', {data: {kitCall: {action: 'accept', caller: 'ada'}}}),
    );
    await calls.farSide.ring(ADA, calls.me, 'video');
    await calls.settle();
    await calls.settle();

    expect(overlay.openCalls.map(ref => ref.stage())).toEqual(['ongoing']);
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
  });
});
