import {TestBed} from '@angular/core/testing';
import {KitIncomingCallComponent} from 'kit-chat-uikit-angular';
import {kitInMemoryGroupCalls} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {FakeLockManager} from '../src/sound/fake-lock-manager.spec-helper';
import {KitRingtone} from '../src/sound/ringtone';
import {withGroupCalls} from './group-calls-feature';
import {ADA, ALAN} from './group.spec-helper';

// A group ring obeys the one-ringing-tab rule as a call between two people does (issue 34): of the tabs of one user,
// one rings aloud; the others show the call silently and take the ring over if that one stops first.
describe('A group ring in several tabs of the same user', () => {
  const flush = () => new Promise(resolve => setTimeout(resolve));

  beforeEach(() => {
    Object.defineProperty(window.navigator, 'locks', {
      value: new FakeLockManager(),
      configurable: true,
    });
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false}, features: [withGroupCalls()]}),
      ],
    });
  });

  afterEach(() => {
    delete (window.navigator as {locks?: unknown}).locks;
  });

  it('should ring silently while another tab of the user rings aloud, then aloud once that tab stops', async () => {
    const calls = TestBed.inject(KitCallsTestingController);
    // Another tab of the same user already rings aloud (the lock is the user's, whatever the call).
    const otherTab = TestBed.inject(KitRingtone).start('incoming');
    await flush();
    expect(otherTab.state()).toBe('playing');

    const fixture = TestBed.createComponent(KitIncomingCallComponent);
    await fixture.whenStable();
    await kitInMemoryGroupCalls(calls.switchboard).ringGroup(ADA, [calls.me, ALAN], 'video');
    await calls.settle();
    await fixture.whenStable();
    const host = fixture.nativeElement as HTMLElement;
    expect(host.classList).toContain('kit-group-call');
    // Shown, but only the other tab's ring sounds.
    expect(calls.audio.playing()).toHaveLength(1);

    otherTab.stop();
    await flush();
    // The group ring takes it over: one sound again, this tab's.
    expect(calls.audio.playing()).toHaveLength(1);
    fixture.destroy();
    await flush();
    expect(calls.audio.playing()).toHaveLength(0);
  });
});
