import {HarnessLoader} from '@angular/cdk/testing';
import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {Component, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {
  KitCall,
  KitCallOverlay,
  KitIncomingCallComponent,
  KitOngoingCallComponent,
  KitUser,
} from 'kit-chat-uikit-angular';
import {
  KitCallsTestingController,
  KitCallsTestingOptions,
  provideKitCallsTesting,
} from './calls-testing';
import {KitIncomingCallHarness} from './incoming-call-harness';
import {KitOngoingCallHarness} from './ongoing-call-harness';
import {KitOutgoingCallHarness} from './outgoing-call-harness';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Marley'};

/** Stands for the app under test: the kit's overlay opens above it, outside the fixture. */
@Component({template: '<p>My app</p>'})
class App {}

/** An app that places the screens in its own template instead of the overlay. */
@Component({
  imports: [KitIncomingCallComponent, KitOngoingCallComponent],
  template: `
    @for (call of incoming(); track call.sessionId) {
      <kit-incoming-call [call]="call" />
    }
    @if (ongoing(); as call) {
      <kit-ongoing-call [call]="call" />
    }
  `,
})
class InlineApp {
  readonly incoming = signal<KitCall[]>([]);
  readonly ongoing = signal<KitCall | null>(null);
}

describe('kit-chat-uikit-angular/testing harnesses', () => {
  let fixture: ComponentFixture<unknown>;
  let loader: HarnessLoader;
  let calls: KitCallsTestingController;

  function setup(options: KitCallsTestingOptions = {}, host: typeof App = App): void {
    TestBed.configureTestingModule({providers: [provideKitCallsTesting(options)]});
    fixture = TestBed.createComponent(host);
    loader = TestbedHarnessEnvironment.documentRootLoader(fixture);
    calls = TestBed.inject(KitCallsTestingController);
  }

  const statusOf = (call: KitCall) => calls.switchboard.getCall(call.sessionId)?.status;

  it('should let an app test say "Ada calls me; I accept; the ongoing screen shows Ada" in a few lines', async () => {
    setup();

    await calls.farSide.ring(ADA, calls.me, 'video');
    const incoming = await loader.getHarness(KitIncomingCallHarness);
    expect(await incoming.getCallerName()).toBe('Ada Lovelace');
    await incoming.accept();
    await calls.settle();

    const ongoing = await loader.getHarness(KitOngoingCallHarness);
    expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
    expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).toBeNull();
  });

  describe('KitIncomingCallHarness', () => {
    it('should read the caller, the call type and the labels of a ringing voice call', async () => {
      setup();
      await calls.farSide.ring(ADA, calls.me, 'audio');
      const incoming = await loader.getHarness(KitIncomingCallHarness);

      expect(await incoming.getCallerName()).toBe('Ada Lovelace');
      expect(await incoming.getCallType()).toBe('audio');
      expect(await incoming.isVideoCall()).toBe(false);
      expect(await incoming.getSubtitleText()).toBe('Incoming voice call');
      expect(await incoming.isRinging()).toBe(true);
      expect(await incoming.isPending()).toBe(false);
      expect(await incoming.isAcceptEnabled()).toBe(true);
      expect(await incoming.isRejectEnabled()).toBe(true);
      expect(await incoming.getAcceptLabel()).toBe('Accept voice call from Ada Lovelace');
      expect(await incoming.getRejectLabel()).toBe('Decline voice call from Ada Lovelace');
    });

    it('should tell a video call from a voice call', async () => {
      setup();
      await calls.farSide.ring(ADA, calls.me, 'video');
      const incoming = await loader.getHarness(KitIncomingCallHarness);

      expect(await incoming.getCallType()).toBe('video');
      expect(await incoming.isVideoCall()).toBe(true);
      expect(await incoming.getSubtitleText()).toBe('Incoming video call');
    });

    it('should report ringing as the state of the screen, also when the browser blocks the ringtone', async () => {
      setup();
      calls.audio.refusePlay();
      await calls.farSide.ring(ADA, calls.me);
      const incoming = await loader.getHarness(KitIncomingCallHarness);
      await calls.settle();

      expect(await incoming.isRinging()).toBe(true);
      expect(await incoming.isSoundBlocked()).toBe(true);
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should report the ringtone as not blocked when it plays', async () => {
      setup();
      await calls.farSide.ring(ADA, calls.me);
      const incoming = await loader.getHarness(KitIncomingCallHarness);
      await calls.settle();

      expect(await incoming.isSoundBlocked()).toBe(false);
      expect(calls.audio.playing()).toHaveLength(1);
    });

    it('should disable accept (decline stays possible) and stop ringing while the accept awaits the SDK', async () => {
      setup({latency: 50});
      await calls.farSide.ring(ADA, calls.me);
      const incoming = await loader.getHarness(KitIncomingCallHarness);

      await incoming.accept();
      expect(await incoming.isRinging()).toBe(false);
      expect(await incoming.isPending()).toBe(true);
      expect(await incoming.isAcceptEnabled()).toBe(false);
      expect(await incoming.isRejectEnabled()).toBe(true);

      await calls.settle();
      expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).toBeNull();
      expect(await loader.getHarnessOrNull(KitOngoingCallHarness)).not.toBeNull();
    });

    it('should decline the call and close the screen on reject', async () => {
      setup();
      const call = await calls.farSide.ring(ADA, calls.me);
      const incoming = await loader.getHarness(KitIncomingCallHarness);

      await incoming.reject();
      await calls.settle();

      expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).toBeNull();
      expect(await loader.getHarnessOrNull(KitOngoingCallHarness)).toBeNull();
      expect(statusOf(call)).toBe('rejected');
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should find no screen once the caller cancelled', async () => {
      setup();
      const call = await calls.farSide.ring(ADA, calls.me);
      expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).not.toBeNull();

      await calls.farSide.cancel(call.sessionId);
      await calls.settle();
      expect(await loader.getHarnessOrNull(KitIncomingCallHarness)).toBeNull();
    });

    it('should filter screens by caller name, call type and ringing state', async () => {
      setup();
      await calls.farSide.ring(ADA, calls.me, 'video');
      const find = (filters: Parameters<typeof KitIncomingCallHarness.with>[0]) =>
        loader.getHarnessOrNull(KitIncomingCallHarness.with(filters));

      expect(await find({callerName: 'Ada Lovelace'})).not.toBeNull();
      expect(await find({callerName: /^Ada/})).not.toBeNull();
      expect(await find({callerName: 'Ada'})).toBeNull();
      expect(await find({callerName: 'Bob Marley'})).toBeNull();
      expect(await find({callType: 'video'})).not.toBeNull();
      expect(await find({callType: 'audio'})).toBeNull();
      expect(await find({ringing: true})).not.toBeNull();
      expect(await find({ringing: false})).toBeNull();
    });

    it('should pick the screen of the caller asked for among several on the page', async () => {
      setup({config: {autoRing: false}}, InlineApp);
      const fromAda = await calls.farSide.ring(ADA, calls.me, 'audio');
      const fromBob = await calls.farSide.ring(BOB, calls.me, 'video');
      (fixture.componentInstance as InlineApp).incoming.set([fromAda, fromBob]);

      const bob = await loader.getHarness(KitIncomingCallHarness.with({callerName: /Bob/}));
      expect(await bob.getCallType()).toBe('video');
      const audio = await loader.getHarness(KitIncomingCallHarness.with({callType: 'audio'}));
      expect(await audio.getCallerName()).toBe('Ada Lovelace');
      expect(await loader.getAllHarnesses(KitIncomingCallHarness)).toHaveLength(2);

      await bob.reject();
      await calls.settle();
      expect(statusOf(fromBob)).toBe('rejected');
      expect(statusOf(fromAda)).toBe('initiated');
      expect(
        await loader.getAllHarnesses(KitIncomingCallHarness.with({ringing: true})),
      ).toHaveLength(1);
    });
  });

  describe('KitOutgoingCallHarness', () => {
    async function callAda(options: KitCallsTestingOptions = {}): Promise<KitCall> {
      setup(options);
      const ref = await TestBed.inject(KitCallOverlay).startCall(ADA, 'video');
      return ref.call();
    }

    it('should read the callee and the status while the call rings', async () => {
      await callAda();
      const outgoing = await loader.getHarness(KitOutgoingCallHarness);

      expect(await outgoing.getCalleeName()).toBe('Ada Lovelace');
      expect(await outgoing.getStatusText()).toBe('Calling…');
      expect(await outgoing.isDialing()).toBe(true);
      expect(await outgoing.isEndCallEnabled()).toBe(true);
    });

    it('should say "Ringing…" once a simulated callee with an answer set rings, then go on to the ongoing call', async () => {
      setup();
      calls.farSide.autoAnswer(ADA.uid, 'accept', 500);
      await TestBed.inject(KitCallOverlay).startCall(ADA, 'video');
      const outgoing = await loader.getHarness(KitOutgoingCallHarness);
      await calls.settle();

      expect(await outgoing.getStatusText()).toBe('Ringing…');
      expect(await loader.getAllHarnesses(KitOngoingCallHarness)).toEqual([]);
      const ongoing = await new Promise<KitOngoingCallHarness>((resolve, reject) => {
        const poll = () =>
          loader
            .getHarnessOrNull(KitOngoingCallHarness)
            .then(found => (found ? resolve(found) : setTimeout(poll, 50)), reject);
        poll();
      });
      expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
    });

    it('should cancel the call and close the screen on end call', async () => {
      const call = await callAda({latency: 50});
      const outgoing = await loader.getHarness(KitOutgoingCallHarness);

      await outgoing.endCall();
      expect(await outgoing.isEndCallEnabled()).toBe(false);
      await calls.settle();

      expect(statusOf(call)).toBe('cancelled');
      expect(await loader.getHarnessOrNull(KitOutgoingCallHarness)).toBeNull();
    });

    it('should show the outcome when the callee declines', async () => {
      const call = await callAda({config: {closeDelay: 2000}}); // Testing closes endings at once otherwise.
      const outgoing = await loader.getHarness(KitOutgoingCallHarness);

      await calls.farSide.reject(call.sessionId);
      await calls.settle();

      expect(await outgoing.getStatusText()).toBe('Call declined');
      expect(await outgoing.isDialing()).toBe(false);
    });

    it('should give way to the ongoing screen when the callee accepts', async () => {
      const call = await callAda();
      await calls.farSide.accept(call.sessionId);
      await calls.settle();

      expect(await loader.getHarnessOrNull(KitOutgoingCallHarness)).toBeNull();
      const ongoing = await loader.getHarness(KitOngoingCallHarness);
      expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
    });

    it('should filter screens by callee name', async () => {
      await callAda();

      const find = (calleeName: string | RegExp) =>
        loader.getHarnessOrNull(KitOutgoingCallHarness.with({calleeName}));
      expect(await find('Ada Lovelace')).not.toBeNull();
      expect(await find(/lovelace/i)).not.toBeNull();
      expect(await find('Bob Marley')).toBeNull();
    });
  });

  describe('KitOngoingCallHarness', () => {
    async function inCallWithAda(type: 'audio' | 'video'): Promise<KitOngoingCallHarness> {
      setup();
      await calls.farSide.ring(ADA, calls.me, type);
      await (await loader.getHarness(KitIncomingCallHarness)).accept();
      await calls.settle();
      return loader.getHarness(KitOngoingCallHarness);
    }

    it('should show the other party and a clock that starts at zero', async () => {
      const ongoing = await inCallWithAda('audio');

      expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');
      expect(await ongoing.getElapsedText()).toBe('00:00');
      expect(await ongoing.getStatusText()).toBe('Call duration 00:00');
      expect(await ongoing.isEnded()).toBe(false);
    });

    it('should turn the microphone off and on with mute', async () => {
      const ongoing = await inCallWithAda('audio');

      expect(await ongoing.isMuted()).toBe(false);
      await ongoing.toggleMute();
      expect(await ongoing.isMuted()).toBe(true);
      await ongoing.toggleMute();
      expect(await ongoing.isMuted()).toBe(false);
    });

    it('should have no camera button in a voice call', async () => {
      const ongoing = await inCallWithAda('audio');

      expect(await ongoing.hasCameraToggle()).toBe(false);
      expect(await ongoing.isCameraOff()).toBe(false);
      await expect(ongoing.toggleCamera()).rejects.toThrow(/no camera button/);
    });

    it('should turn the camera off and on in a video call', async () => {
      const ongoing = await inCallWithAda('video');

      expect(await ongoing.hasCameraToggle()).toBe(true);
      expect(await ongoing.isCameraOff()).toBe(false);
      await ongoing.toggleCamera();
      expect(await ongoing.isCameraOff()).toBe(true);
      await ongoing.toggleCamera();
      expect(await ongoing.isCameraOff()).toBe(false);
    });

    it('should end the call through the SDK and close the screen on end call', async () => {
      const ongoing = await inCallWithAda('audio');
      const call = calls.farSide.lastCallOf(ADA.uid)!;
      expect(await ongoing.isEndCallEnabled()).toBe(true);

      await ongoing.endCall();
      await calls.settle();

      expect(statusOf(call)).toBe('ended');
      expect(await loader.getHarnessOrNull(KitOngoingCallHarness)).toBeNull();
    });

    it('should close the screen when the far side hangs up', async () => {
      await inCallWithAda('audio');
      const call = calls.farSide.lastCallOf(ADA.uid)!;

      await calls.farSide.end(call.sessionId);
      await calls.settle();

      expect(await loader.getHarnessOrNull(KitOngoingCallHarness)).toBeNull();
    });

    it('should show why the call ended on a screen the app keeps on the page', async () => {
      setup({config: {autoRing: false}}, InlineApp);
      const ringing = await calls.farSide.ring(ADA, calls.me);
      const accepted = await calls.sdk.acceptCall(ringing.sessionId);
      (fixture.componentInstance as InlineApp).ongoing.set(accepted);
      const ongoing = await loader.getHarness(KitOngoingCallHarness);

      await calls.farSide.end(ringing.sessionId);
      await calls.settle();

      expect(await ongoing.isEnded()).toBe(true);
      expect(await ongoing.getStatusText()).toBe('Call ended');
      expect(await ongoing.getElapsedText()).toBe('');
      expect(await ongoing.isEndCallEnabled()).toBe(false);
    });

    it('should filter screens by the other party name', async () => {
      await inCallWithAda('audio');

      const find = (name: string | RegExp) =>
        loader.getHarnessOrNull(KitOngoingCallHarness.with({name}));
      expect(await find('Ada Lovelace')).not.toBeNull();
      expect(await find(/^Ada /)).not.toBeNull();
      expect(await find('Bob Marley')).toBeNull();
    });
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('should run the same story by advancing the clock instead of settle()', async () => {
      setup();
      const ringing = calls.farSide.ring(ADA, calls.me);
      await jest.advanceTimersByTimeAsync(1);
      await ringing;
      const incoming = await loader.getHarness(KitIncomingCallHarness);
      expect(await incoming.getCallerName()).toBe('Ada Lovelace');

      await incoming.accept();
      await jest.advanceTimersByTimeAsync(1);
      const ongoing = await loader.getHarness(KitOngoingCallHarness);
      expect(await ongoing.getOtherPartyName()).toBe('Ada Lovelace');

      await jest.advanceTimersByTimeAsync(63_000);
      expect(await ongoing.getElapsedText()).toBe('01:03');
    });

    it('should make settle() refuse to run instead of hanging', async () => {
      setup();
      await expect(calls.settle()).rejects.toThrow(/needs real timers/);
    });
  });
});
