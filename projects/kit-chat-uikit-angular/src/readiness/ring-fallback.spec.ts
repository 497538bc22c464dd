import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitRingReadiness} from './ring-readiness';
import {withRingReadiness} from './ring-readiness-feature';
import {FakeNotification, installFakeNotification} from './readiness-fakes.spec-helper';

@Component({template: '<p>Page</p>'})
class Page {}

const ADA = {uid: 'ada', name: 'Ada Lovelace'};
const RINGING = 'Incoming video call from Ada Lovelace';

/** Fakes only the flash's interval: the switchboard and Angular still run on real timeouts. */
function fakeTheIntervalOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'Date',
      'performance',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
    ],
  });
}

describe('the blocked-ring fallback of withRingReadiness()', () => {
  let calls: KitCallsTestingController;
  let uninstall: () => void;
  let vibrate: jest.Mock;
  let sessionId: string;

  async function setup(features = [withRingReadiness()]): Promise<void> {
    uninstall = installFakeNotification('granted');
    vibrate = jest.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', {configurable: true, value: vibrate});
    document.title = 'My app';
    TestBed.configureTestingModule({providers: [provideKitCallsTesting({features})]});
    TestBed.createComponent(Page);
    calls = TestBed.inject(KitCallsTestingController);
    calls.audio.refusePlay('NotAllowedError'); // Chromium's autoplay policy before any gesture.
    sessionId = (await calls.farSide.ring(ADA, calls.me, 'video')).sessionId;
    await calls.settle();
  }

  afterEach(() => {
    jest.useRealTimers();
    uninstall();
    delete (navigator as {vibrate?: unknown}).vibrate;
  });

  it('should flash the title, vibrate and show a notification while the ringtone is blocked', async () => {
    await setup();
    expect(document.title).toBe(RINGING);
    expect(vibrate).toHaveBeenCalledWith([600, 400, 600]);
    expect(FakeNotification.shown.map(notification => notification.title)).toEqual([RINGING]);
    expect(TestBed.inject(KitRingReadiness).ringReadiness().sound.ready).toBe(false);
  });

  it('should stop the fallback once the ringtone plays after a click', async () => {
    await setup();
    calls.audio.refusePlay(null);
    document.dispatchEvent(new Event('pointerdown'));
    await calls.settle();
    expect(calls.audio.playing()).toEqual([{tone: 'ringtone'}]);
    expect(document.title).toBe('My app');
    expect(FakeNotification.shown[0].closed).toBe(true);
    expect(vibrate).toHaveBeenLastCalledWith(0);
    expect(TestBed.inject(KitRingReadiness).ringReadiness().sound.ready).toBe(true);
  });

  it('should stop the fallback when the caller cancels', async () => {
    await setup();
    await calls.farSide.cancel(sessionId);
    await calls.settle();
    expect(document.title).toBe('My app');
    expect(FakeNotification.shown[0].closed).toBe(true);
  });

  it('should flash in turn with the title the app sets while the call rings, and leave that title after', async () => {
    fakeTheIntervalOnly();
    await setup();
    expect(document.title).toBe(RINGING);
    document.title = '(1) New message'; // The app counts an unread message meanwhile.
    const seen = new Set<string>();
    for (let flash = 0; flash < 3; flash++) {
      jest.advanceTimersByTime(1000);
      seen.add(document.title);
    }
    expect([...seen].sort()).toEqual(['(1) New message', RINGING]);
    expect(document.title).toBe(RINGING);
    await calls.farSide.cancel(sessionId);
    await calls.settle();
    expect(document.title).toBe('(1) New message');
  });

  it('should do nothing of the kind without the feature', async () => {
    await setup([]);
    expect(document.title).toBe('My app');
    expect(FakeNotification.shown).toEqual([]);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
