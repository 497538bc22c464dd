import {TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {FakeLockManager} from './fake-lock-manager.spec-helper';
import {KitRingtone} from './ringtone';

describe('KitRingtone across tabs of the same user (KitRingerLock)', () => {
  let calls: KitCallsTestingController;
  let ringtone: KitRingtone;
  const flush = () => new Promise(resolve => setTimeout(resolve));

  beforeEach(() => {
    Object.defineProperty(window.navigator, 'locks', {
      value: new FakeLockManager(),
      configurable: true,
    });
    TestBed.configureTestingModule({providers: [provideKitCallsTesting()]});
    calls = TestBed.inject(KitCallsTestingController);
    ringtone = TestBed.inject(KitRingtone);
  });

  afterEach(() => {
    delete (window.navigator as {locks?: unknown}).locks;
  });

  it('should ring aloud in one tab only, and hand over when that tab stops first', async () => {
    const firstTab = ringtone.start('incoming');
    const secondTab = ringtone.start('incoming');
    await flush();
    expect(firstTab.state()).toBe('playing');
    expect(secondTab.state()).toBe('silent');
    expect(calls.audio.playing()).toHaveLength(1);

    firstTab.stop();
    await flush();
    expect(secondTab.state()).toBe('playing');
    expect(calls.audio.playing()).toHaveLength(1);
  });

  it('should hand the ring to another tab when its sound is blocked, and ask again on a gesture', async () => {
    calls.audio.refusePlay('NotAllowedError');
    const blockedTab = ringtone.start('incoming');
    calls.audio.refusePlay(null); // The other tab may play.
    const otherTab = ringtone.start('incoming');
    await flush();
    expect(blockedTab.state()).toBe('blocked');
    expect(otherTab.state()).toBe('playing');
    expect(calls.audio.playing()).toHaveLength(1);

    // A gesture in the blocked tab: it asks again, and waits while the other tab rings aloud.
    document.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(blockedTab.state()).toBe('silent');
    expect(calls.audio.playing()).toHaveLength(1);

    otherTab.stop();
    await flush();
    expect(blockedTab.state()).toBe('playing');
    expect(calls.audio.playing()).toHaveLength(1);
  });

  it('should leave the line without ever playing when the silent tab stops first', async () => {
    const firstTab = ringtone.start('incoming');
    const secondTab = ringtone.start('incoming');
    await flush();
    secondTab.stop();
    firstTab.stop();
    await flush();
    expect(calls.audio.playing()).toEqual([]);
    expect(calls.audio.tracks.filter(track => track.playing)).toHaveLength(0);
  });

  it('should not hold the lock for outgoing ringback', async () => {
    const incoming = ringtone.start('incoming');
    const outgoing = ringtone.start('outgoing');
    await flush();
    expect(incoming.state()).toBe('playing');
    expect(outgoing.state()).toBe('playing');
  });

  it('should ring aloud when the browser refuses the lock (a sandboxed frame)', async () => {
    Object.defineProperty(window.navigator, 'locks', {
      value: {request: () => Promise.reject(new DOMException('sandboxed', 'SecurityError'))},
      configurable: true,
    });
    const sound = ringtone.start('incoming');
    await flush();
    expect(sound.state()).toBe('playing');
    expect(calls.audio.playing()).toHaveLength(1);
  });

  it('should ring aloud when asking for the lock throws', async () => {
    Object.defineProperty(window.navigator, 'locks', {
      value: {
        request: () => {
          throw new DOMException('sandboxed', 'SecurityError');
        },
      },
      configurable: true,
    });
    const sound = ringtone.start('incoming');
    await flush();
    expect(sound.state()).toBe('playing');
  });
});
