import {
  ApplicationRef,
  Component,
  EnvironmentProviders,
  Provider,
  signal,
  viewChild,
} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {
  KitAudioPlayer,
  KitCall,
  KitCallEndReason,
  KitCallEventsService,
  KitCallSettingsBuilder,
  KitException,
  KitOnClick,
  KitUser,
} from 'kit-chat-uikit-angular';
import {
  KitCallsTestingController,
  KitFakeAudioPlayer,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitIncomingCallComponent} from './incoming-call';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};

@Component({
  imports: [KitIncomingCallComponent],
  template: `
    @if (mounted()) {
      <kit-incoming-call
        [call]="call()"
        [onAcceptClick]="onAccept()"
        [onRejectClick]="onReject()"
        [onError]="onError"
        [callSettingsBuilder]="builder()"
        (acceptClick)="acceptClicks = acceptClicks + 1"
        (rejectClick)="rejectClicks = rejectClicks + 1"
        (error)="errors.push($event)"
        (accepted)="accepted.push($event)"
        (closed)="closed.push($event)"
      />
    }
  `,
})
class Host {
  readonly screen = viewChild(KitIncomingCallComponent);
  readonly mounted = signal(true);
  readonly call = signal<KitCall | null | undefined>(undefined);
  readonly onAccept = signal<KitOnClick | null>(null);
  readonly onReject = signal<KitOnClick | null>(null);
  readonly builder = signal<KitCallSettingsBuilder | null>(null);
  readonly onError = jest.fn<void, [KitException]>();
  acceptClicks = 0;
  rejectClicks = 0;
  errors: KitException[] = [];
  accepted: KitCall[] = [];
  closed: KitCallEndReason[] = [];
}

interface Setup {
  fixture: ComponentFixture<Host>;
  host: Host;
  calls: KitCallsTestingController;
  el: HTMLElement;
  settle: () => Promise<void>;
  ring: (from?: KitUser, type?: string) => Promise<KitCall>;
  button: (which: 'accept' | 'reject') => HTMLButtonElement | null;
  events: Record<'accepted' | 'rejected' | 'ended', KitCall[]>;
}

async function setup(providers: (Provider | EnvironmentProviders)[] = []): Promise<Setup> {
  TestBed.configureTestingModule({
    providers: providers.length ? providers : [provideKitCallsTesting({config: {autoRing: false}})],
  });
  const fixture = TestBed.createComponent(Host);
  const events = {accepted: [] as KitCall[], rejected: [] as KitCall[], ended: [] as KitCall[]};
  const service = TestBed.inject(KitCallEventsService);
  service.ccCallAccepted.subscribe(call => events.accepted.push(call));
  service.ccCallRejected.subscribe(call => events.rejected.push(call));
  service.ccCallEnded.subscribe(call => events.ended.push(call));
  await fixture.whenStable();
  // The switchboard answers through setTimeout(latency 0): let those run, then render.
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise(resolve => setTimeout(resolve));
      await fixture.whenStable();
    }
  };
  const el = fixture.nativeElement as HTMLElement;
  const setupResult: Setup = {
    fixture,
    host: fixture.componentInstance,
    calls: providers.length
      ? (null as unknown as KitCallsTestingController)
      : TestBed.inject(KitCallsTestingController),
    el,
    settle,
    events,
    ring: async (from = ADA, type = 'audio') => {
      const call = await setupResult.calls.farSide.ring(from, setupResult.calls.me, type);
      await settle();
      return call;
    },
    button: which => el.querySelector(`.kit-incoming-call-${which}-button`),
  };
  return setupResult;
}

function dialog(el: HTMLElement): HTMLElement | null {
  return el.querySelector('kit-incoming-call[role="alertdialog"]');
}

/** A promise whose settlement the test controls. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return {promise, resolve, reject};
}

describe('KitIncomingCallComponent: behaviour', () => {
  describe('SDK listeners (spec §3, §6.2)', () => {
    it('should stay hidden and silent until a call arrives', async () => {
      const {el, calls} = await setup();
      const host = el.querySelector('kit-incoming-call')!;
      expect(host.hasAttribute('hidden')).toBe(true);
      expect(host.getAttribute('role')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should show the incoming call screen when onIncomingCallReceived delivers a call', async () => {
      const {el, ring} = await setup();
      await ring();
      expect(dialog(el)).not.toBeNull();
      expect(el.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
        'Ada Lovelace',
      );
    });

    it('should dismiss the screen and tell why when onIncomingCallCancelled arrives for its call', async () => {
      const {el, host, ring, calls, settle, events} = await setup();
      const call = await ring();
      await calls.farSide.cancel(call.sessionId);
      await settle();
      expect(dialog(el)).toBeNull();
      expect(host.closed).toEqual(['cancelled']);
      expect(events.ended.map(c => c.sessionId)).toEqual([call.sessionId]);
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should ignore onIncomingCallCancelled for another session', async () => {
      const {el, host, ring, calls, settle} = await setup();
      const call = await ring();
      calls.sdk._deliver('onIncomingCallCancelled', {
        ...call,
        sessionId: 'other',
        status: 'cancelled',
      });
      await settle();
      expect(dialog(el)).not.toBeNull();
      expect(host.closed).toEqual([]);
    });

    it('should close with the reason of the status when the call was answered or declined elsewhere', async () => {
      const {host, ring, calls, settle} = await setup();
      const first = await ring();
      calls.sdk._deliver('onIncomingCallCancelled', {...first, status: 'accepted-elsewhere'});
      await settle();
      const second = await ring(GRACE);
      calls.sdk._deliver('onIncomingCallCancelled', {...second, status: 'rejected-elsewhere'});
      await settle();
      const third = await ring();
      calls.sdk._deliver('onIncomingCallCancelled', {...third, status: undefined});
      await settle();
      expect(host.closed).toEqual(['accepted-elsewhere', 'rejected-elsewhere', 'cancelled']);
    });

    it('should keep the call shown and ignore a second incoming call while one rings', async () => {
      const {el, ring} = await setup();
      await ring(ADA);
      await ring(GRACE);
      expect(el.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
        'Ada Lovelace',
      );
    });

    it('should show the next call once the previous one ended', async () => {
      const {el, ring, calls, settle} = await setup();
      const first = await ring(ADA);
      await calls.farSide.cancel(first.sessionId);
      await settle();
      await ring(GRACE);
      expect(el.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
        'Grace Hopper',
      );
    });

    it('should add no SDK listener of its own, so destroying it leaves the one of the kit', async () => {
      const {host, fixture, calls} = await setup();
      const before = calls.sdk.listenerCount;
      host.mounted.set(false);
      await fixture.whenStable();
      expect(calls.sdk.listenerCount).toBe(before); // The kit's one listener stays; the screen had none.
    });

    it('should stop listening after disposeObservers()', async () => {
      const {el, host, ring} = await setup();
      host.screen()!.disposeObservers();
      host.screen()!.disposeObservers();
      await ring();
      expect(dialog(el)).toBeNull();
    });
  });

  describe('accept (spec §3, §6.1)', () => {
    it('should accept through the SDK, publish ccCallAccepted and hand the call over with its settings', async () => {
      const {host, ring, settle, button, calls, events, el} = await setup();
      host.builder.set(
        new KitCallSettingsBuilder().setIsAudioOnly(true).setDefaultAudioMode('EARPIECE'),
      );
      const call = await ring();
      button('accept')!.click();
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
      expect(events.accepted.map(c => c.sessionId)).toEqual([call.sessionId]);
      expect(host.accepted).toHaveLength(1);
      expect(host.accepted[0].settings).toEqual({audioOnly: true, defaultAudioMode: 'EARPIECE'});
      expect(host.acceptClicks).toBe(1);
      expect(host.closed).toEqual([]);
      expect(dialog(el)).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should default the settings to voice only for a voice call and to video for a video call', async () => {
      const {host, ring, settle, button, calls} = await setup();
      const voice = await ring(ADA, 'audio');
      button('accept')!.click();
      await settle();
      await calls.farSide.end(voice.sessionId);
      await settle();
      await ring(GRACE, 'video');
      button('accept')!.click();
      await settle();
      expect(host.accepted.map(c => c.settings?.audioOnly)).toEqual([true, false]);
    });

    it('should run only the onAcceptClick handler when one is set', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      const handler = jest.fn();
      host.onAccept.set(handler);
      const call = await ring();
      button('accept')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(host.acceptClicks).toBe(1);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      expect(events.accepted).toEqual([]);
    });

    it('should run the onAcceptClick handler once on a double click of accept', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      // The handler accepts through the view model, as the README shows; the second press lands while it accepts.
      const handler = jest.fn(() => {
        const viewModel = host.screen()!.getViewModel();
        void viewModel.acceptCall(viewModel.call()!);
      });
      host.onAccept.set(handler);
      await ring();
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      button('accept')!.click();
      button('accept')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(host.acceptClicks).toBe(1);
      expect(accept).toHaveBeenCalledTimes(1);
      expect(events.accepted).toHaveLength(1);
      expect(host.errors).toEqual([]);
    });

    it('should run a handler that decides later (it does not accept yet) once for two presses in one tick', async () => {
      const {host, ring, settle, button} = await setup();
      const handler = jest.fn(); // Asks for the camera first, say: the call still rings after it returned.
      host.onAccept.set(handler);
      await ring();
      button('accept')!.click();
      button('accept')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(host.acceptClicks).toBe(1);
      button('accept')!.click(); // A later press is the user's own again.
      await settle();
      expect(handler).toHaveBeenCalledTimes(2);
    });

    it('should still accept from the handler through getViewModel().acceptCall(call)', async () => {
      const {host, ring, settle, button, calls} = await setup();
      host.onAccept.set(() => {
        const viewModel = host.screen()!.getViewModel();
        void viewModel.acceptCall(viewModel.call()!);
      });
      const call = await ring();
      button('accept')!.click();
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
      expect(host.accepted).toHaveLength(1);
    });

    it('should catch an error thrown by the app handler', async () => {
      const {host, ring, settle, button, el} = await setup();
      const log = jest.spyOn(console, 'error').mockImplementation(() => {});
      host.onAccept.set(() => {
        throw new Error('app bug');
      });
      await ring();
      expect(() => button('accept')!.click()).not.toThrow();
      await settle();
      expect(log).toHaveBeenCalled();
      expect(dialog(el)).not.toBeNull();
      log.mockRestore();
    });
  });

  describe('reject (spec §3, §6.1)', () => {
    it('should reject through the SDK, publish ccCallRejected and close', async () => {
      const {host, ring, settle, button, calls, events, el} = await setup();
      const call = await ring();
      button('reject')!.click();
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('rejected');
      expect(events.rejected.map(c => [c.sessionId, c.status])).toEqual([
        [call.sessionId, 'rejected'],
      ]);
      expect(host.closed).toEqual(['rejected']);
      expect(host.rejectClicks).toBe(1);
      expect(dialog(el)).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should run only the onRejectClick handler when one is set', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      const handler = jest.fn();
      host.onReject.set(handler);
      const call = await ring();
      button('reject')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      expect(events.rejected).toEqual([]);
    });

    it('should reject from code through getViewModel().rejectCall(call)', async () => {
      const {host, ring, settle, calls} = await setup();
      const call = await ring();
      await host.screen()!.getViewModel().rejectCall(call);
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('rejected');
    });
  });

  describe('errors (spec §7)', () => {
    it.each(['accept', 'reject'] as const)(
      'should report a failed %s as ERR_CALL_FAILED with its cause and bring the buttons back',
      async which => {
        const {host, ring, settle, button, calls} = await setup();
        await ring();
        calls.farSide.failNext(which, 'ERR_NETWORK');
        button(which)!.click();
        await settle();
        expect(host.errors.map(e => e.code)).toEqual(['ERR_CALL_FAILED']);
        expect((host.errors[0].details as KitException).code).toBe('ERR_NETWORK');
        expect(host.onError).toHaveBeenCalledWith(host.errors[0]);
        expect(button('accept')!.disabled).toBe(false);
        expect(button('reject')!.disabled).toBe(false);
        expect(calls.audio.playing()).toHaveLength(1);
      },
    );

    it('should say on screen that a failed accept can be tried again, give focus back to accept, and clear it on the next press', async () => {
      const {ring, settle, button, calls, el} = await setup();
      await ring();
      calls.farSide.failNext('accept');
      button('accept')!.click();
      await settle();
      await settle();
      const status = el.querySelector('.kit-incoming-call-status')!;
      expect(status.textContent).toContain('That did not work. Please try again.');
      expect(document.activeElement).toBe(button('accept'));
      button('accept')!.click();
      await settle();
      expect(el.querySelector('.kit-incoming-call-failure')).toBeNull();
    });

    it('should report an SDK that throws synchronously, keeping the cause', async () => {
      const {host, ring, settle, button, calls} = await setup();
      await ring();
      const cause = new Error('boom');
      jest.spyOn(calls.sdk, 'acceptCall').mockImplementation(() => {
        throw cause;
      });
      button('accept')!.click();
      await settle();
      expect(host.errors[0].code).toBe('ERR_CALL_FAILED');
      expect(host.errors[0].details).toBe(cause);
    });

    it('should close when the SDK says the call is over while accepting', async () => {
      const {host, ring, settle, button, calls, el} = await setup();
      const call = await ring();
      jest
        .spyOn(calls.sdk, 'acceptCall')
        .mockRejectedValue(
          new KitException('ERR_CALL_ENDED', 'over', {...call, status: 'cancelled'}),
        );
      button('accept')!.click();
      await settle();
      expect(host.errors.map(e => e.code)).toEqual(['ERR_CALL_FAILED']);
      expect(host.closed).toEqual(['cancelled']);
      expect(dialog(el)).toBeNull();
    });
  });

  describe('bad input', () => {
    it('should report ERR_NOT_INITIALIZED and show nothing without an SDK', async () => {
      const {host, el, fixture} = await setup([
        KitFakeAudioPlayer,
        {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer},
      ]);
      host.call.set({
        sessionId: 's1',
        type: 'audio',
        sender: ADA,
        callInitiator: ADA,
        receiver: GRACE,
        callReceiver: GRACE,
      });
      await fixture.whenStable();
      expect(host.errors.map(e => e.code)).toEqual(['ERR_NOT_INITIALIZED']);
      expect(dialog(el)).toBeNull();
      expect(TestBed.inject(KitFakeAudioPlayer).tracks).toEqual([]);
    });

    it('should report ERR_NOT_LOGGED_IN and show nothing when nobody is logged in', async () => {
      const {host, el, fixture} = await setup([
        provideKitCallsTesting({user: null, config: {autoRing: false}}),
      ]);
      host.call.set({
        sessionId: 's1',
        type: 'audio',
        sender: ADA,
        callInitiator: ADA,
        receiver: GRACE,
        callReceiver: GRACE,
      });
      await fixture.whenStable();
      expect(host.errors.length).toBeGreaterThan(0);
      expect(host.errors.every(e => e.code === 'ERR_NOT_LOGGED_IN')).toBe(true);
      expect(dialog(el)).toBeNull();
      expect(TestBed.inject(KitFakeAudioPlayer).tracks).toEqual([]);
    });

    it('should ring once a user logs in after the screen was created', async () => {
      const {host, el, settle} = await setup([
        provideKitCallsTesting({user: null, config: {autoRing: false}}),
      ]);
      const calls = TestBed.inject(KitCallsTestingController);
      const me: KitUser = {uid: 'me', name: 'Me'};
      calls.sdk.login(me);
      await calls.farSide.ring(ADA, me);
      await settle();
      expect(host.errors.map(e => e.code)).toEqual(['ERR_NOT_LOGGED_IN']);
      expect(dialog(el)).not.toBeNull();
      expect(calls.audio.playing()).toHaveLength(1);
    });

    it.each([
      ['no session id', {sessionId: ''}],
      ['no caller', {sender: undefined, callInitiator: undefined}],
      ['a caller without a name', {sender: {uid: 'x', name: ''}, callInitiator: undefined}],
    ])(
      'should report ERR_INVALID_CALL and ring nothing for a call with %s',
      async (_label, patch) => {
        const {host, el, fixture, calls} = await setup();
        const valid: KitCall = {
          sessionId: 's1',
          type: 'audio',
          sender: ADA,
          callInitiator: ADA,
          receiver: calls.me,
          callReceiver: calls.me,
        };
        host.call.set({...valid, ...patch} as KitCall);
        await fixture.whenStable();
        expect(host.errors.map(e => e.code)).toEqual(['ERR_INVALID_CALL']);
        expect(dialog(el)).toBeNull();
        expect(calls.audio.tracks).toEqual([]);
      },
    );

    it('should take the caller away when the call input turns invalid', async () => {
      const {host, el, fixture, calls} = await setup();
      const call = await calls.farSide.ring(ADA, calls.me);
      host.call.set(call);
      await fixture.whenStable();
      expect(dialog(el)).not.toBeNull();
      host.call.set({
        ...call,
        sessionId: 'x',
        sender: undefined,
        callInitiator: undefined,
      } as unknown as KitCall);
      await fixture.whenStable();
      expect(dialog(el)).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });
  });

  describe('the call input (spec §4.2 setCall)', () => {
    it('should show the call given and update it when its status changes', async () => {
      const {host, el, fixture, calls} = await setup();
      const call = await calls.farSide.ring(ADA, calls.me, 'video');
      host.call.set(call);
      await fixture.whenStable();
      expect(dialog(el)).not.toBeNull();
      host.call.set({...call, status: 'cancelled'});
      await fixture.whenStable();
      expect(dialog(el)).toBeNull();
      expect(host.closed).toEqual(['cancelled']);
    });

    it('should take a cleared call off the screen and stop its ringtone, then show the next call that rings', async () => {
      const {host, el, calls, settle, ring} = await setup();
      const call = await calls.farSide.ring(ADA, calls.me, 'video');
      host.call.set(call);
      await settle();
      expect(dialog(el)).not.toBeNull();
      expect(calls.audio.playing()).not.toEqual([]);
      host.call.set(null);
      await settle();
      expect(dialog(el)).toBeNull();
      expect(el.querySelector('.kit-incoming-call-title')).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
      await ring(GRACE);
      expect(el.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
        'Grace Hopper',
      );
    });

    it('should prefer the call input over calls the SDK rings', async () => {
      const {host, el, fixture, calls, ring} = await setup();
      const call = await calls.farSide.ring(GRACE, calls.me);
      host.call.set(call);
      await fixture.whenStable();
      await ring(ADA);
      expect(el.querySelector('.kit-incoming-call-title')?.textContent?.trim()).toBe(
        'Grace Hopper',
      );
    });
  });

  describe('race cases (LESSONS 1, 2, 5)', () => {
    it('should close with "cancelled" when the caller cancels while accepting, and ignore the late accept', async () => {
      const {host, ring, settle, button, calls, events, el} = await setup();
      const call = await ring();
      const answer = deferred<KitCall>();
      jest.spyOn(calls.sdk, 'acceptCall').mockReturnValue(answer.promise);
      button('accept')!.click();
      await settle();
      expect(button('accept')!.getAttribute('aria-disabled')).toBe('true');
      await calls.farSide.cancel(call.sessionId);
      await settle();
      expect(host.closed).toEqual(['cancelled']);
      expect(dialog(el)).toBeNull();
      answer.resolve({...call, status: 'ongoing'});
      await settle();
      expect(host.accepted).toEqual([]);
      expect(events.accepted).toEqual([]);
      expect(host.errors).toEqual([]);
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should stay quiet when the cancel reaches the switchboard just before the accept', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      const call = await ring();
      void calls.farSide.cancel(call.sessionId);
      button('accept')!.click();
      await settle();
      expect(host.closed).toEqual(['cancelled']);
      expect(host.errors).toEqual([]);
      expect(events.accepted).toEqual([]);
      expect(calls.audio.playing()).toEqual([]);
    });

    it('should make exactly one SDK call and publish one event on a double click of accept', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      await ring();
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      button('accept')!.click();
      button('accept')!.click();
      await settle();
      expect(accept).toHaveBeenCalledTimes(1);
      expect(events.accepted).toHaveLength(1);
      expect(host.accepted).toHaveLength(1);
      expect(host.errors).toEqual([]);
    });

    it('should mark both buttons aria-disabled from the first press until the SDK answers, keep focus on the pressed one and say "Ending…"', async () => {
      const {ring, settle, button, calls, el} = await setup();
      await ring();
      jest.spyOn(calls.sdk, 'rejectCall').mockReturnValue(new Promise(() => {}));
      button('reject')!.focus();
      button('reject')!.click();
      await settle();
      expect(button('accept')!.getAttribute('aria-disabled')).toBe('true');
      expect(button('reject')!.getAttribute('aria-disabled')).toBe('true');
      // Still focusable (not `disabled`): focus stays in the screen instead of falling to the page.
      expect(button('reject')!.disabled).toBe(false);
      expect(document.activeElement).toBe(button('reject'));
      expect(
        el.querySelector('.kit-incoming-call-status[role="status"]')?.textContent?.trim(),
      ).toBe('Ending…');
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      button('accept')!.click();
      await settle();
      expect(accept).not.toHaveBeenCalled();
    });

    it('should say "Connecting…" while an accept is on its way', async () => {
      const {ring, settle, button, calls, el} = await setup();
      await ring();
      jest.spyOn(calls.sdk, 'acceptCall').mockReturnValue(new Promise(() => {}));
      button('accept')!.click();
      await settle();
      expect(
        el.querySelector('.kit-incoming-call-status[role="status"]')?.textContent?.trim(),
      ).toBe('Connecting…');
    });

    it('should let only the first of accept and reject in the same tick reach the SDK', async () => {
      const {host, ring, settle, calls, events} = await setup();
      const call = await ring();
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      const reject = jest.spyOn(calls.sdk, 'rejectCall');
      const viewModel = host.screen()!.getViewModel();
      void viewModel.acceptCall(call);
      void viewModel.rejectCall(call);
      await settle();
      expect(accept).toHaveBeenCalledTimes(1);
      expect(reject).not.toHaveBeenCalled();
      expect(events.accepted.length + events.rejected.length).toBe(1);
    });

    it('should keep decline possible while the accept is in flight, and decline the call with it', async () => {
      const {host, ring, settle, button, calls, events, fixture} = await setup();
      const call = await ring();
      calls.farSide.setLatency(40);
      const accept = jest.spyOn(calls.sdk, 'acceptCall');
      const reject = jest.spyOn(calls.sdk, 'rejectCall');
      button('accept')!.click();
      await fixture.whenStable();
      expect(button('accept')!.getAttribute('aria-disabled')).toBe('true');
      expect(button('reject')!.getAttribute('aria-disabled')).toBeNull();
      button('reject')!.click();
      await new Promise(resolve => setTimeout(resolve, 120));
      await settle();
      expect(accept).toHaveBeenCalledTimes(1);
      expect(reject).toHaveBeenCalledWith(call.sessionId, 'rejected');
      expect(host.rejectClicks).toBe(1);
      expect(host.closed).toEqual(['rejected']);
      expect(events.accepted).toEqual([]);
      // The in-memory SDK takes the accept first: the decline is refused ("ongoing"), so the call is ended.
      expect(reject.mock.invocationCallOrder[0]).toBeGreaterThan(
        accept.mock.invocationCallOrder[0],
      );
      expect([...events.rejected, ...events.ended].map(c => c.sessionId)).toEqual([call.sessionId]);
      // Whichever way the SDK took the two answers, the call is over there too, and nothing shows it any more.
      expect(calls.switchboard.calls().find(c => c.sessionId === call.sessionId)?.status).not.toBe(
        'ongoing',
      );
      expect(button('reject')).toBeNull();
    });

    it('should ignore a reject clicked in the same tick as accept', async () => {
      const {host, ring, settle, button, calls, events} = await setup();
      const call = await ring();
      const reject = jest.spyOn(calls.sdk, 'rejectCall');
      button('accept')!.click();
      button('reject')!.click();
      await settle();
      expect(reject).not.toHaveBeenCalled();
      expect(host.rejectClicks).toBe(0);
      expect(events.rejected).toEqual([]);
      expect(events.accepted.map(c => c.sessionId)).toEqual([call.sessionId]);
    });

    it('should not emit closed when a call it answered ends later (accepted said it already)', async () => {
      const {host, ring, settle, button, calls} = await setup();
      const call = await ring();
      button('accept')!.click();
      await settle();
      expect(host.accepted.map(c => c.sessionId)).toEqual([call.sessionId]);
      await calls.farSide.end(call.sessionId);
      await settle();
      await settle();
      expect(host.closed).toEqual([]);
    });

    it('should never ring again for a duplicate or late ring after accept or after the end', async () => {
      const {el, ring, settle, button, calls} = await setup();
      const accepted = await ring(ADA);
      button('accept')!.click();
      await settle();
      calls.sdk._deliver('onIncomingCallReceived', {...accepted, status: 'initiated'});
      await settle();
      expect(dialog(el)).toBeNull();
      await calls.farSide.end(accepted.sessionId);
      await settle();
      const cancelled = await ring(GRACE);
      await calls.farSide.cancel(cancelled.sessionId);
      await settle();
      calls.sdk._deliver('onIncomingCallReceived', {...cancelled, status: 'initiated'});
      calls.sdk._deliver('onIncomingCallReceived', {...accepted, status: 'initiated'});
      await settle();
      expect(dialog(el)).toBeNull();
      expect(calls.audio.playing()).toEqual([]);
    });
  });
});

describe('KitIncomingCallComponent: a screen the page takes away while its call rings', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  it('should not count the ring time-out while no screen shows the call, and count it again once one does', async () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({config: {autoRing: false, overlay: {ringTimeout: 1_000}}}),
      ],
    });
    const fixture = TestBed.createComponent(Host);
    const calls = TestBed.inject(KitCallsTestingController);
    const el = fixture.nativeElement as HTMLElement;
    const ended: string[] = [];
    const service = TestBed.inject(KitCallEventsService);
    service.ccCallRejected.subscribe(call => ended.push(`rejected ${call.status}`));
    service.ccCallEnded.subscribe(call => ended.push(`ended ${call.status}`));
    // Zoneless under fake timers: let the switchboard's timers run, then render.
    const settle = async (ms = 50) => {
      await jest.advanceTimersByTimeAsync(ms);
      TestBed.inject(ApplicationRef).tick();
      await jest.advanceTimersByTimeAsync(0);
    };
    await settle();
    const ringing = calls.farSide.ring(ADA, calls.me);
    await settle();
    const call = await ringing;
    expect(dialog(el)?.textContent).toContain('Ada Lovelace');
    const reject = jest.spyOn(calls.sdk, 'rejectCall');

    fixture.componentInstance.mounted.set(false);
    await settle();
    expect(el.querySelector('kit-incoming-call')).toBeNull();
    // Nobody sees the call: it must not be declined as unanswered behind the user's back.
    await settle(5_000);
    expect(reject).not.toHaveBeenCalled();
    expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
    expect(calls.audio.playing()).toEqual([]);

    fixture.componentInstance.mounted.set(true);
    await settle();
    expect(dialog(el)?.textContent).toContain('Ada Lovelace');
    await settle(1_100);
    expect(reject.mock.calls).toEqual([[call.sessionId, 'unanswered']]);
    expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('unanswered');
    expect(ended).toEqual(['ended unanswered']);
  });
});
