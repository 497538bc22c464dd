import {OverlayContainer} from '@angular/cdk/overlay';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitCallsFeature} from '../core/calls-feature';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitCallRegistry} from '../registry/call-registry';
import {KitUser} from '../sdk/models';
import {KitCallControlsOptions} from './call-controls';
import {withCallControls} from './controls-feature';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://example.com/ada.png'};

/** What the page gives the browser: a Media Session and a Screen Wake Lock that record. */
function fakePlatform() {
  const handlers = new Map<string, (() => void) | null>();
  const mediaSession = {
    metadata: null as {title: string; artwork: {src: string}[]} | null,
    microphone: [] as boolean[],
    camera: [] as boolean[],
    setActionHandler: (action: string, handler: (() => void) | null) => {
      if (action === 'togglecamera' && !fakes.knowsCamera) {
        throw new TypeError(`'${action}' is not a valid MediaSessionAction`);
      }
      handlers.set(action, handler);
    },
    setMicrophoneActive: (active: boolean) => mediaSession.microphone.push(active),
    setCameraActive: (active: boolean) => mediaSession.camera.push(active),
  };
  const locks: {released: boolean; release: () => Promise<void>}[] = [];
  const wakeLock = {
    request: jest.fn(async () => {
      const lock = {
        released: false,
        release: async () => {
          lock.released = true;
        },
      };
      locks.push(lock);
      return lock;
    }),
  };
  const fakes = {handlers, mediaSession, locks, wakeLock, knowsCamera: true};
  Object.defineProperty(navigator, 'mediaSession', {value: mediaSession, configurable: true});
  Object.defineProperty(navigator, 'wakeLock', {value: wakeLock, configurable: true});
  (window as {MediaMetadata?: unknown}).MediaMetadata = class {
    constructor(init: object) {
      Object.assign(this, init);
    }
  };
  return fakes;
}

describe('withCallControls: the platform drives the call on screen', () => {
  let calls: KitCallsTestingController;
  let overlay: KitCallOverlay;
  let container: HTMLElement;
  let platform: ReturnType<typeof fakePlatform>;

  async function setup(options?: KitCallControlsOptions, ...features: KitCallsFeature[]) {
    platform = fakePlatform();
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({features: [withCallControls(options), ...features]})],
    });
    calls = TestBed.inject(KitCallsTestingController);
    overlay = TestBed.inject(KitCallOverlay);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    await settle();
  }

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function callAda(type: 'audio' | 'video' = 'video'): Promise<KitCallOverlayRef> {
    calls.farSide.autoAnswer(ADA.uid, 'accept', 10);
    const placed = overlay.startCall(ADA, type);
    await settle();
    await settle();
    return placed;
  }

  /** Whether leaving the page asks first. */
  const leavingAsks = () => {
    const event = new Event('beforeunload', {cancelable: true});
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const live = () => [...platform.handlers].filter(([, handler]) => handler).map(([a]) => a);
  const label = (selector: string) => container.querySelector(selector)?.getAttribute('aria-label');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
    delete (navigator as {mediaSession?: unknown}).mediaSession;
    delete (navigator as {wakeLock?: unknown}).wakeLock;
  });

  it("should let the browser's media controls mute, turn the camera off and hang up, then clear them", async () => {
    await setup();
    const dialing = overlay.startCall(ADA, 'video');
    await settle(1);
    expect(live()).toEqual([]); // Not while it rings.
    calls.farSide.accept((await dialing).call().sessionId);
    await settle();
    await settle();
    expect(live()).toEqual(['hangup', 'togglemicrophone', 'togglecamera']);
    expect(platform.mediaSession.metadata).toEqual({
      title: 'Ada Lovelace',
      artwork: [{src: ADA.avatar}],
    });
    expect(platform.mediaSession.microphone.at(-1)).toBe(true);

    platform.handlers.get('togglemicrophone')!();
    await settle();
    expect(label('.kit-ongoing-call-mute-button')).toBe('Unmute');
    expect(platform.mediaSession.microphone.at(-1)).toBe(false);
    platform.handlers.get('togglecamera')!();
    await settle();
    expect(label('.kit-ongoing-call-camera-button')).toBe('Turn camera on');
    expect(platform.mediaSession.camera.at(-1)).toBe(false);

    platform.handlers.get('hangup')!();
    await settle();
    await settle();
    expect(container.querySelector('kit-ongoing-call')).toBeNull();
    expect(calls.switchboard.getCall((await dialing).call().sessionId)?.status).toBe('ended');
    expect(live()).toEqual([]);
    expect(platform.mediaSession.metadata).toBeNull();
  });

  it('should keep the controls a browser knows when it refuses one action', async () => {
    await setup();
    platform.knowsCamera = false;
    await callAda();
    expect(live()).toEqual(['hangup', 'togglemicrophone']);
  });

  it('should keep the screen awake during a video call, take the lock again when the tab is back, and let go at the end', async () => {
    await setup();
    const ref = await callAda('video');
    expect(platform.locks).toHaveLength(1);
    // Hidden, the browser lets go of the lock; visible again, the kit takes a new one.
    platform.locks[0].released = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(platform.locks).toHaveLength(2);
    expect(ref.stage()).toBe('ongoing');
    container.querySelector<HTMLElement>('.kit-ongoing-call-end-call-button')!.click();
    await settle();
    await settle();
    expect(platform.locks.every(lock => lock.released)).toBe(true);
  });

  it('should let go of a lock the browser grants only after the call ended', async () => {
    await setup();
    let grant!: () => void;
    const late = {released: false, release: async () => void (late.released = true)};
    platform.wakeLock.request.mockImplementationOnce(
      () => new Promise(resolve => (grant = () => resolve(late))),
    );
    await callAda('video');
    expect(platform.wakeLock.request).toHaveBeenCalledTimes(1);
    container.querySelector<HTMLElement>('.kit-ongoing-call-end-call-button')!.click();
    await settle();
    await settle();
    grant();
    await settle();
    expect(late.released).toBe(true);
  });

  it('should ask for the lock only while the tab is visible', async () => {
    await setup();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await callAda('video');
      expect(platform.wakeLock.request).not.toHaveBeenCalled();
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await settle();
      expect(platform.locks).toHaveLength(1);
    } finally {
      visibility.mockRestore();
    }
  });

  it('should keep driving the call on screen when another call of the overlay closes', async () => {
    await setup();
    await callAda('video');
    expect(live()).toEqual(['hangup', 'togglemicrophone', 'togglecamera']);
    // The user places another call and gives it up while it dials.
    const placed = overlay.startCall({uid: 'zed', name: 'Zed Shaw'}, 'audio');
    await settle();
    const other = await placed;
    other.close();
    await settle();
    await settle();
    expect(other.stage()).toBe('closed');
    expect(live()).toEqual(['hangup', 'togglemicrophone', 'togglecamera']);
    expect(leavingAsks()).toBe(true);
  });

  it('should treat a video call answered as voice as a voice call: no camera control, no lock', async () => {
    await setup();
    const ringing = calls.farSide.ring(ADA, calls.me, 'video');
    await settle();
    const call = await ringing;
    void TestBed.inject(KitCallRegistry)
      .find(call.sessionId)!
      .accept({audioOnly: true, defaultAudioMode: 'SPEAKER'});
    await settle();
    await settle();
    expect(live()).toEqual(['hangup', 'togglemicrophone']);
    expect(platform.wakeLock.request).not.toHaveBeenCalled();
  });

  it('should not keep the screen awake during a voice call', async () => {
    await setup();
    await callAda('audio');
    expect(platform.wakeLock.request).not.toHaveBeenCalled();
    expect(live()).toContain('hangup');
  });

  it('should ask before the page is left during a call only, unless the app turned the guard off', async () => {
    await setup();
    expect(leavingAsks()).toBe(false);
    const ref = await callAda();
    expect(ref.stage()).toBe('ongoing');
    expect(leavingAsks()).toBe(true);
    container.querySelector<HTMLElement>('.kit-ongoing-call-end-call-button')!.click();
    await settle();
    await settle();
    expect(leavingAsks()).toBe(false);
  });

  it('should leave out the parts the app turned off', async () => {
    await setup({unloadGuard: false, mediaSession: false, wakeLock: false});
    await callAda();
    expect(leavingAsks()).toBe(false);
    expect(live()).toEqual([]);
    expect(platform.wakeLock.request).not.toHaveBeenCalled();
  });
});
