import {TestBed} from '@angular/core/testing';
import {KitFakeAudioPlayer} from '../../testing/fake-audio-player';
import {provideKitCalls} from '../provide/provide-kit-calls';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitAudioPlayer} from '../sound/audio-player';
import {withRingReadiness} from './ring-readiness-feature';
import {KitRingReadiness} from './ring-readiness';
import {KitSdkResume} from './sdk-resume';
import {
  FakeNotification,
  RegisteringSdk,
  installFakeNotification,
} from './readiness-fakes.spec-helper';

const flush = () => new Promise(resolve => setTimeout(resolve));

describe('KitRingReadiness', () => {
  let player: KitFakeAudioPlayer;
  let sdk: RegisteringSdk;
  let uninstall: () => void;

  /** @param refuse Whether the silent sound is refused, or the name of the error it is refused with. */
  function setup(
    permission: NotificationPermission = 'default',
    refuse: boolean | string = false,
  ): KitRingReadiness {
    uninstall = installFakeNotification(permission);
    sdk = new RegisteringSdk();
    TestBed.configureTestingModule({
      providers: [
        provideKitCalls({callsSdk: () => sdk}, withRingReadiness()),
        KitFakeAudioPlayer,
        {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer},
      ],
    });
    player = TestBed.inject(KitFakeAudioPlayer);
    if (refuse) {
      player.refusePlay(refuse === true ? 'NotAllowedError' : refuse);
    }
    return TestBed.inject(KitRingReadiness);
  }

  afterEach(() => uninstall());

  it('should say the sound is unlocked when the browser lets a silent sound play, and stop that sound', async () => {
    const readiness = setup();
    await flush();
    expect(readiness.ringReadiness().sound).toEqual({ready: true, reason: 'unlocked'});
    expect(player.tracks.map(track => track.stopped)).toEqual([true]);
  });

  it('should say the sound is blocked under the autoplay policy, and unlock it at the first click', async () => {
    const readiness = setup('granted', true);
    await flush();
    expect(readiness.ringReadiness().sound).toEqual({
      ready: false,
      reason: 'blocked until the user clicks or types on the page',
    });
    player.refusePlay(null); // What the browser does once the user interacted.
    document.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(readiness.ringReadiness().sound.ready).toBe(true);
    // Unlocked once: later clicks play nothing more.
    const tracks = player.tracks.length;
    document.dispatchEvent(new Event('keydown'));
    await flush();
    expect(player.tracks.length).toBe(tracks);
  });

  it('should keep trying at each gesture until one unlocks the sound', async () => {
    const readiness = setup('granted', true);
    await flush();
    // A key that gives no activation (Shift alone): the silent sound is still refused.
    document.dispatchEvent(new Event('keydown'));
    await flush();
    expect(readiness.ringReadiness().sound.ready).toBe(false);
    player.refusePlay(null);
    document.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(readiness.ringReadiness().sound).toEqual({ready: true, reason: 'unlocked'});
  });

  it.each([
    [false, {ready: false, reason: 'blocked until the user clicks or types on the page'}],
    [true, {ready: true, reason: 'the user interacted with the page'}],
  ])(
    'should read the page activation when a policy refuses the silent sound itself (active: %s)',
    async (hasBeenActive, sound) => {
      const activation = Object.getOwnPropertyDescriptor(navigator, 'userActivation');
      Object.defineProperty(navigator, 'userActivation', {
        value: {hasBeenActive, isActive: false},
        configurable: true,
      });
      try {
        // A CSP `media-src` that refuses data: URLs: NotSupportedError, not the autoplay policy.
        const readiness = setup('granted', 'NotSupportedError');
        await flush();
        expect(readiness.ringReadiness().sound).toEqual(sound);
      } finally {
        if (activation) {
          Object.defineProperty(navigator, 'userActivation', activation);
        } else {
          delete (navigator as {userActivation?: unknown}).userActivation;
        }
      }
    },
  );

  it('should play one silent sound for a click on a button that calls unlock(), not one per listener', async () => {
    const readiness = setup('granted', true);
    await flush();
    const tracks = player.tracks.length;
    player.refusePlay(null);
    // The click reaches the kit's own gesture listener, then the app's handler, which calls unlock().
    document.dispatchEvent(new Event('pointerdown'));
    const unlocked = readiness.unlock();
    await unlocked;
    await flush();
    expect(readiness.ringReadiness().sound.ready).toBe(true);
    expect(player.tracks.length).toBe(tracks + 1);
    expect(player.tracks.every(track => track.stopped)).toBe(true);
  });

  it('should follow the notification permission: not asked, then granted by unlock()', async () => {
    const readiness = setup('default');
    expect(readiness.ringReadiness().notifications).toEqual({
      ready: false,
      reason: 'not asked yet',
    });
    await readiness.unlock();
    expect(FakeNotification.asked).toBe(1);
    expect(readiness.ringReadiness().notifications).toEqual({ready: true, reason: 'granted'});
  });

  it('should not ask again for a permission the user denied', async () => {
    const readiness = setup('denied');
    await readiness.unlock();
    expect(FakeNotification.asked).toBe(0);
    expect(readiness.ringReadiness().notifications.ready).toBe(false);
  });

  it('should follow the registration the SDK tells', () => {
    const readiness = setup('granted');
    expect(readiness.ringReadiness().registered).toEqual({ready: false, reason: 'connecting'});
    sdk.set({registered: true, reason: 'registered'});
    expect(readiness.ringReadiness().registered).toEqual({ready: true, reason: 'registered'});
    sdk.set({registered: false, reason: 'connection lost'});
    expect(readiness.ringReadiness().registered.ready).toBe(false);
  });

  it('should take a logged-in user for registered with an SDK that does not tell', () => {
    uninstall = installFakeNotification('granted');
    TestBed.configureTestingModule({
      providers: [
        {provide: KitCallsSdk, useValue: {getLoggedInUser: () => ({uid: 'me', name: 'Me'})}},
      ],
    });
    expect(TestBed.inject(KitRingReadiness).ringReadiness().registered.ready).toBe(true);
  });

  it('should be ready once every part is, the service worker counting only once reported', async () => {
    const readiness = setup('granted');
    sdk.set({registered: true, reason: 'registered'});
    await flush();
    expect(readiness.ringReadiness().serviceWorker).toEqual({
      ready: false,
      reason: 'not configured',
    });
    expect(readiness.ringReadiness().ready).toBe(true);
    readiness.report('serviceWorker', {ready: false, reason: 'no push subscription'});
    expect(readiness.ringReadiness().ready).toBe(false);
    readiness.report('serviceWorker', {ready: true, reason: 'subscribed'});
    expect(readiness.ringReadiness().ready).toBe(true);
  });

  it('should ask the SDK to resume once when the tab comes back, and on the Page Lifecycle resume and online', async () => {
    setup('granted');
    TestBed.inject(KitSdkResume); // Started by the feature at bootstrap.
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('resume'));
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(sdk.resumed).toBe(1); // Both came together: one check.
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(sdk.resumed).toBe(2);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(sdk.resumed).toBe(2);
    visibility.mockRestore();
  });

  it('should report a resume() that rejects through onError, never into the app', async () => {
    uninstall = installFakeNotification('granted');
    const errors: unknown[] = [];
    sdk = new RegisteringSdk();
    sdk.resume = () => {
      throw new Error('socket gone');
    };
    TestBed.configureTestingModule({
      providers: [
        provideKitCalls(
          {callsSdk: () => sdk, onError: error => errors.push(error)},
          withRingReadiness(),
        ),
        {provide: KitAudioPlayer, useClass: KitFakeAudioPlayer},
      ],
    });
    TestBed.inject(KitRingReadiness);
    TestBed.inject(KitSdkResume).wake();
    await flush();
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'ERR_NETWORK',
        message: 'The call SDK could not resume: socket gone',
      }),
    ]);
  });
});
