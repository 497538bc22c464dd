import {Component, signal, viewChild} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {
  KitAudioPlayer,
  KitCall,
  KitCallEndReason,
  KitCallEventsService,
  KitCallSettingsBuilder,
  KitErrorCodes,
  KitException,
  KitOnClick,
  KitOnError,
  KitUser,
} from 'kit-chat-uikit-angular';
import {
  KitCallsTestingController,
  KitCallsTestingOptions,
  KIT_TESTING_ME as KIT_ME,
  KitFakeAudioPlayer,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitOutgoingCallComponent} from './outgoing-call';

/** The library's only SDK listener, the call registry's: screens add none of their own. */
const KIT_ONE_LISTENER = 1;

const ada: KitUser = {uid: 'ada', name: 'Ada Lovelace', avatar: 'https://example.test/ada.png'};
const grace: KitUser = {uid: 'grace', name: 'Grace Hopper'};

@Component({
  imports: [KitOutgoingCallComponent],
  template: `
    <kit-outgoing-call
      [call]="call()"
      [user]="user()"
      [onEndCallClick]="onEndCallClick()"
      [onError]="onError()"
      [disableSoundForCall]="muted()"
      [customSoundForCalls]="sound()"
      [callSettingsBuilder]="builder()"
      [closeDelay]="closeDelay()"
      (endCallClick)="clicks = clicks + 1"
      (error)="errors.push($event)"
      (accepted)="accepted.push($event)"
      (closed)="closed.push($event)"
    />
  `,
})
class Host {
  readonly call = signal<KitCall | null | undefined>(undefined);
  readonly user = signal<KitUser | null | undefined>(undefined);
  readonly onEndCallClick = signal<KitOnClick | null>(null);
  readonly onError = signal<KitOnError | null>(null);
  readonly muted = signal(false);
  readonly sound = signal<string | null>(null);
  readonly builder = signal<KitCallSettingsBuilder | null>(null);
  readonly closeDelay = signal(30);
  readonly screen = viewChild.required(KitOutgoingCallComponent);
  clicks = 0;
  readonly errors: KitException[] = [];
  readonly accepted: KitCall[] = [];
  readonly closed: KitCallEndReason[] = [];
}

/** Lets the switchboard (setTimeout 0) and Angular's scheduler run. */
async function settle(fixture: ComponentFixture<unknown>, ms = 0): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise(resolve => setTimeout(resolve, ms));
    await fixture.whenStable();
  }
}

async function setup(
  options: {testing?: KitCallsTestingOptions; start?: (host: Host) => void} = {},
) {
  TestBed.configureTestingModule({
    providers: [provideKitCallsTesting({...options.testing, config: {autoRing: false}})],
  });
  const calls = TestBed.inject(KitCallsTestingController);
  const events = TestBed.inject(KitCallEventsService);
  const published = {accepted: [] as KitCall[], rejected: [] as KitCall[], ended: [] as KitCall[]};
  events.ccCallAccepted.subscribe(call => published.accepted.push(call));
  events.ccCallRejected.subscribe(call => published.rejected.push(call));
  events.ccCallEnded.subscribe(call => published.ended.push(call));
  const call = options.start
    ? null
    : await calls.sdk.initiateCall({
        sessionId: '',
        type: 'audio',
        sender: calls.me,
        callInitiator: calls.me,
        receiver: ada,
        callReceiver: ada,
      });
  const fixture = TestBed.createComponent(Host);
  const host = fixture.componentInstance;
  if (options.start) {
    options.start(host);
  } else {
    host.call.set(call);
  }
  await settle(fixture);
  const element: HTMLElement = fixture.nativeElement.querySelector('kit-outgoing-call');
  const endButton = () =>
    element.querySelector<HTMLButtonElement>('.kit-outgoing-call-end-call-button')!;
  const status = () => element.querySelector('.kit-outgoing-call-subtitle')?.textContent?.trim();
  const sessionId = call?.sessionId ?? '';
  const statusOfCall = () => calls.switchboard.getCall(sessionId)?.status;
  return {fixture, host, calls, published, element, endButton, status, sessionId, statusOfCall};
}

describe('KitOutgoingCallComponent: ending the call (spec §3, §6.1)', () => {
  it('should cancel the call through the SDK when end call is clicked and no handler is set', async () => {
    const t = await setup();
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
    t.endButton().click();
    await settle(t.fixture);
    expect(t.statusOfCall()).toBe('cancelled');
    expect(t.published.ended.map(call => [call.sessionId, call.status])).toEqual([
      [t.sessionId, 'cancelled'],
    ]);
    expect(t.calls.audio.playing()).toEqual([]);
    expect(t.host.closed).toEqual(['cancelled']);
    expect(t.host.clicks).toBe(1);
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
  });

  // Enter held on the app's "Call" button repeats into End call, which takes the focus at once; Space presses a
  // button as Enter does.
  it.each([
    ['an Enter', 'Enter', 13],
    ['a Space', ' ', 32],
  ])(
    'should not end the call with %s held down since before the screen appeared',
    async (_name, key, keyCode) => {
      const t = await setup();
      const press = (repeat: boolean) => {
        const event = new KeyboardEvent('keydown', {
          key,
          keyCode,
          repeat,
          bubbles: true,
          cancelable: true,
        });
        t.endButton().dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(press(true)).toBe(true);
      expect(press(false)).toBe(false);
    },
  );

  it('should run only the handler when onEndCallClick is set', async () => {
    const t = await setup();
    const handler = jest.fn();
    t.host.onEndCallClick.set(handler);
    await settle(t.fixture);
    t.endButton().click();
    await settle(t.fixture);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(t.host.clicks).toBe(1);
    expect(t.statusOfCall()).toBe('initiated');
    expect(t.published.ended).toEqual([]);
    expect(t.host.closed).toEqual([]);
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
  });

  it('should let a handler run the built-in cancel through getViewModel().endCall()', async () => {
    const t = await setup();
    t.host.onEndCallClick.set(() => t.host.screen().getViewModel().endCall());
    await settle(t.fixture);
    t.endButton().click();
    await settle(t.fixture);
    expect(t.statusOfCall()).toBe('cancelled');
    expect(t.host.closed).toEqual(['cancelled']);
  });

  it('should catch a handler that throws', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const t = await setup();
    t.host.onEndCallClick.set(() => {
      throw new Error('app bug');
    });
    await settle(t.fixture);
    t.endButton().click();
    await settle(t.fixture);
    expect(consoleError).toHaveBeenCalledWith(
      'kit-chat-uikit-angular: an app callback threw',
      expect.any(Error),
    );
    expect(t.host.clicks).toBe(1);
    expect(t.statusOfCall()).toBe('initiated');
    consoleError.mockRestore();
  });

  it('should cancel once when end call is clicked twice (race case 2)', async () => {
    const t = await setup({testing: {latency: 20}});
    const rejectCall = jest.spyOn(t.calls.sdk, 'rejectCall');
    t.endButton().click();
    await t.fixture.whenStable();
    expect(t.endButton().getAttribute('aria-disabled')).toBe('true');
    t.endButton().click();
    await settle(t.fixture, 20);
    expect(rejectCall).toHaveBeenCalledTimes(1);
    expect(rejectCall).toHaveBeenCalledWith(t.sessionId, 'cancelled');
    expect(t.published.ended).toHaveLength(1);
    expect(t.host.closed).toEqual(['cancelled']);
    expect(t.host.errors).toEqual([]);
  });

  it('should report a failing cancel as ERR_CALL_FAILED and keep the screen usable', async () => {
    const t = await setup();
    const onError = jest.fn();
    t.host.onError.set(onError);
    await settle(t.fixture);
    t.calls.farSide.failNext('reject');
    t.endButton().click();
    await settle(t.fixture);
    expect(t.host.errors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
    expect((t.host.errors[0].details as KitException).code).toBe(KitErrorCodes.NETWORK);
    expect(onError).toHaveBeenCalledWith(t.host.errors[0]);
    expect(t.statusOfCall()).toBe('initiated');
    expect(t.status()).toBe('Calling…');
    expect(t.endButton().hasAttribute('aria-disabled')).toBe(false);
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
    expect(t.host.closed).toEqual([]);

    t.endButton().click();
    await settle(t.fixture);
    expect(t.statusOfCall()).toBe('cancelled');
    expect(t.host.closed).toEqual(['cancelled']);
  });
});

describe('KitOutgoingCallComponent: the answer of the callee (spec §3, §6.1, §6.2)', () => {
  it('should hand over to the ongoing call with the settings when the callee accepts', async () => {
    const t = await setup();
    t.host.builder.set(new KitCallSettingsBuilder().setDefaultAudioMode('EARPIECE'));
    await settle(t.fixture);
    await t.calls.farSide.accept(t.sessionId);
    await settle(t.fixture);
    expect(t.host.accepted).toHaveLength(1);
    expect(t.host.accepted[0]).toMatchObject({
      sessionId: t.sessionId,
      status: 'ongoing',
      settings: {audioOnly: false, defaultAudioMode: 'EARPIECE'},
    });
    expect(t.published.accepted.map(call => call.sessionId)).toEqual([t.sessionId]);
    expect(t.calls.audio.playing()).toEqual([]);
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    expect(t.status()).toBe('Connecting…');
    expect(t.host.closed).toEqual([]);
  });

  it('should not emit closed when a call it handed over ends later (accepted said it already)', async () => {
    const t = await setup();
    await t.calls.farSide.accept(t.sessionId);
    await settle(t.fixture);
    expect(t.host.accepted).toHaveLength(1);
    // The app keeps the screen (it shows its own ongoing view beside it); the far side hangs up.
    await t.calls.farSide.end(t.sessionId);
    await settle(t.fixture, 40);
    expect(t.published.ended.map(call => call.sessionId)).toEqual([t.sessionId]);
    expect(t.host.closed).toEqual([]);
  });

  it('should hand over a voice call as audio only when no settings builder is set', async () => {
    const t = await setup();
    await t.calls.farSide.accept(t.sessionId);
    await settle(t.fixture);
    expect(t.host.accepted[0].settings).toEqual({audioOnly: true, defaultAudioMode: 'SPEAKER'});
  });

  it.each([
    ['rejected', 'Call declined'],
    ['busy', 'Busy'],
    ['unanswered', 'No answer'],
    ['unavailable', 'Not available'],
    ['failed', 'Call failed'],
  ] as const)(
    'should show why (%s) for closeDelay, stop the sound at once, then close',
    async (reason, text) => {
      const t = await setup();
      // Long enough for the checks below on a busy machine (60 ms, then 300 ms, closed before them in CI).
      t.host.closeDelay.set(1000);
      await settle(t.fixture);
      await t.calls.switchboard._act(null, ada.uid, t.sessionId, 'reject', reason);
      await settle(t.fixture);
      expect(t.published.rejected.map(call => [call.sessionId, call.status])).toEqual([
        [t.sessionId, reason],
      ]);
      expect(t.status()).toBe(text);
      expect(t.calls.audio.playing()).toEqual([]);
      expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
      expect(t.host.closed).toEqual([]);
      await settle(t.fixture, 400); // Three waits of 400 ms: past the 1000.
      expect(t.host.closed).toEqual([reason]);
      expect(t.host.accepted).toEqual([]);
    },
  );

  it('should hide end call while the outcome shows (its room kept, focus on the screen), and ignore a press', async () => {
    const t = await setup();
    t.host.closeDelay.set(10_000);
    t.endButton().focus();
    await t.calls.farSide.busy(t.sessionId);
    await settle(t.fixture);
    expect(
      t.element.querySelector<HTMLElement>('.kit-outgoing-call-end-call')?.style.visibility,
    ).toBe('hidden');
    expect(document.activeElement).toBe(t.element);
    t.endButton().click();
    await settle(t.fixture);
    expect(t.status()).toBe('Busy');
    expect(t.host.closed).toEqual([]);
    expect(t.published.ended).toEqual([]);
    // Placed in a page there is no overlay to place the call again: no "Call again".
    expect(t.element.querySelector('.kit-outgoing-call-again-button')).toBeNull();
  });

  it('should ignore the events of other calls', async () => {
    const t = await setup();
    const other = await t.calls.sdk.initiateCall({
      sessionId: '',
      type: 'video',
      sender: t.calls.me,
      callInitiator: t.calls.me,
      receiver: grace,
      callReceiver: grace,
    });
    await t.calls.farSide.reject(other.sessionId);
    await settle(t.fixture, 40);
    expect(t.status()).toBe('Calling…');
    expect(t.host.closed).toEqual([]);
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
    t.calls.sdk._deliver('onOutgoingCallAccepted', {...other, status: 'ongoing'});
    await settle(t.fixture);
    expect(t.host.accepted).toEqual([]);
    expect(t.published.accepted).toEqual([]);
  });

  it('should change nothing on a late accept after the cancel (race case 5)', async () => {
    const t = await setup();
    const call = t.host.call()!;
    t.endButton().click();
    await settle(t.fixture);
    await expect(t.calls.farSide.accept(t.sessionId)).rejects.toMatchObject({
      code: KitErrorCodes.CALL_ENDED,
    });
    t.calls.sdk._deliver('onOutgoingCallAccepted', {...call, status: 'ongoing'});
    t.calls.sdk._deliver('onOutgoingCallRejected', {...call, status: 'rejected'});
    await settle(t.fixture);
    expect(t.host.accepted).toEqual([]);
    expect(t.published.accepted).toEqual([]);
    expect(t.published.rejected).toEqual([]);
    expect(t.host.closed).toEqual(['cancelled']);
    expect(t.statusOfCall()).toBe('cancelled');
  });

  it('should handle a duplicate rejection once', async () => {
    const t = await setup();
    const call = t.host.call()!;
    t.calls.sdk._deliver('onOutgoingCallRejected', {...call, status: 'busy'});
    t.calls.sdk._deliver('onOutgoingCallRejected', {...call, status: 'rejected'});
    await settle(t.fixture, 40);
    expect(t.published.rejected).toHaveLength(1);
    expect(t.host.closed).toEqual(['busy']);
  });

  it('should end a call the callee picked up while the user was cancelling it', async () => {
    const t = await setup({testing: {latency: 10}});
    const accepting = t.calls.farSide.accept(t.sessionId);
    t.endButton().click();
    await accepting;
    await settle(t.fixture, 20);
    expect(t.statusOfCall()).toBe('ended');
    expect(t.host.accepted).toEqual([]);
    expect(t.host.closed).toEqual(['cancelled']);
    expect(t.host.errors).toEqual([]);
    expect(t.published.ended.map(call => call.sessionId)).toEqual([t.sessionId]);
  });
});

describe('KitOutgoingCallComponent: sound', () => {
  it('should play the ringback only while dialing, unless disableSoundForCall is set', async () => {
    const t = await setup();
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
    t.host.muted.set(true);
    await settle(t.fixture);
    expect(t.calls.audio.playing()).toEqual([]);
    t.host.muted.set(false);
    await settle(t.fixture);
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
  });

  it('should never ring when disableSoundForCall is set from the start', async () => {
    const t = await setup({
      start: host => {
        host.muted.set(true);
        host.user.set(ada);
      },
    });
    expect(t.calls.audio.tracks).toEqual([]);
  });

  it('should play customSoundForCalls, and switch at once when it changes', async () => {
    const t = await setup({start: host => host.user.set(ada)});
    t.host.sound.set('https://example.test/a.mp3');
    await settle(t.fixture);
    expect(t.calls.audio.playing()).toEqual([{url: 'https://example.test/a.mp3'}]);
    t.host.sound.set('https://example.test/b.mp3');
    await settle(t.fixture);
    expect(t.calls.audio.playing()).toEqual([{url: 'https://example.test/b.mp3'}]);
  });

  it('should report a blocked ringback and show a visible cue', async () => {
    const onError = jest.fn();
    const t = await setup({
      start: host => {
        TestBed.inject(KitFakeAudioPlayer).refusePlay();
        host.onError.set(onError);
        host.user.set(ada);
      },
    });
    expect(t.host.errors.map(error => error.code)).toEqual([KitErrorCodes.SOUND_BLOCKED]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(t.element.querySelector('.kit-outgoing-call-sound-blocked')?.textContent).toContain(
      'Sound is off',
    );
  });
});

describe('KitOutgoingCallComponent: errors and bad input (spec §7)', () => {
  function expectSilentAndFailed(t: Awaited<ReturnType<typeof setup>>, code: string) {
    expect(t.host.errors.map(error => error.code)).toEqual([code]);
    expect(t.calls.audio.tracks).toEqual([]);
    expect(t.status()).toBe('Call failed');
  }

  it('should report ERR_NOT_INITIALIZED when there is no SDK', async () => {
    TestBed.configureTestingModule({
      providers: [KitFakeAudioPlayer, {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer}],
    });
    const fixture = TestBed.createComponent(Host);
    fixture.componentInstance.user.set(ada);
    await settle(fixture, 40);
    expect(fixture.componentInstance.errors.map(error => error.code)).toEqual([
      KitErrorCodes.NOT_INITIALIZED,
    ]);
    expect(TestBed.inject(KitFakeAudioPlayer).tracks).toEqual([]);
    expect(fixture.componentInstance.closed).toEqual(['failed']);
  });

  it('should report ERR_NOT_LOGGED_IN when nobody is logged in', async () => {
    const t = await setup({testing: {user: null}, start: host => host.user.set(ada)});
    expectSilentAndFailed(t, KitErrorCodes.NOT_LOGGED_IN);
  });

  it('should report ERR_INVALID_CALL for a call without a session id, and not listen', async () => {
    const t = await setup({
      start: host =>
        host.call.set({
          sessionId: '',
          type: 'audio',
          sender: KIT_ME,
          callInitiator: KIT_ME,
          receiver: ada,
          callReceiver: ada,
        }),
    });
    expectSilentAndFailed(t, KitErrorCodes.INVALID_CALL);
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    await settle(t.fixture, 40);
    expect(t.host.closed).toEqual(['failed']);
  });

  it('should report ERR_INVALID_USER for a user without a name', async () => {
    const t = await setup({start: host => host.user.set({uid: 'nameless', name: ''})});
    expectSilentAndFailed(t, KitErrorCodes.INVALID_USER);
  });

  it('should close a call that could not start once, also when the app ends it through the view model after its time ran out', async () => {
    const t = await setup({start: host => host.user.set({uid: 'nameless', name: ''})});
    await settle(t.fixture, 40);
    expect(t.host.closed).toEqual(['failed']);
    // An app's own button (the screen's end call does nothing on the outcome) runs the built-in end call.
    t.host.screen().getViewModel().endCall();
    t.host.screen().getViewModel().endCall();
    await settle(t.fixture, 40);
    expect(t.host.closed).toEqual(['failed']);
  });

  it('should report ERR_INVALID_CALL with neither call nor user, and start once a call comes', async () => {
    const t = await setup({start: () => {}});
    expectSilentAndFailed(t, KitErrorCodes.INVALID_CALL);
    await settle(t.fixture, 40);
    expect(t.host.closed).toEqual([]);
    t.host.user.set(ada);
    await settle(t.fixture);
    expect(t.status()).toBe('Calling…');
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
  });

  it('should still emit (error) when the onError callback throws', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const t = await setup({
      start: host => {
        host.onError.set(() => {
          throw new Error('app bug');
        });
        host.user.set({uid: '', name: 'No uid'});
      },
    });
    expect(t.host.errors.map(error => error.code)).toEqual([KitErrorCodes.INVALID_USER]);
    expect(consoleError).toHaveBeenCalledWith(
      'kit-chat-uikit-angular: an app callback threw',
      expect.any(Error),
    );
    consoleError.mockRestore();
  });
});

describe('KitOutgoingCallComponent: getViewModel()', () => {
  it('should expose the call, the callee, the phase and the status text as signals', async () => {
    const t = await setup({testing: {latency: 10}});
    const viewModel = t.host.screen().getViewModel();
    expect(viewModel.call()?.sessionId).toBe(t.sessionId);
    expect(viewModel.user()?.name).toBe('Ada Lovelace');
    expect(viewModel.phase()).toBe('dialing');
    expect(viewModel.statusText()).toBe('Calling…');
    t.endButton().click();
    expect(viewModel.phase()).toBe('cancelling');
    await settle(t.fixture, 20);
    expect(viewModel.phase()).toBe('ended');
    expect(viewModel.endReason()).toBe('cancelled');
    expect(viewModel.statusText()).toBe('Call cancelled');
  });
});

describe('KitOutgoingCallComponent: user without a call, and teardown', () => {
  it('should show a user with no call and close without touching the SDK on end call', async () => {
    const t = await setup({start: host => host.user.set(grace)});
    const rejectCall = jest.spyOn(t.calls.sdk, 'rejectCall');
    expect(t.element.querySelector('.kit-outgoing-call-title')?.textContent?.trim()).toBe(
      'Grace Hopper',
    );
    expect(t.status()).toBe('Calling…');
    t.endButton().click();
    await settle(t.fixture);
    expect(rejectCall).not.toHaveBeenCalled();
    expect(t.host.closed).toEqual(['cancelled']);
    expect(t.calls.audio.playing()).toEqual([]);
  });

  it('should tear everything down on destroy: listener, sound and close timer', async () => {
    const t = await setup();
    // Long enough that a loaded machine still destroys the screen before it closes by itself.
    t.host.closeDelay.set(1000);
    await settle(t.fixture);
    await t.calls.farSide.reject(t.sessionId);
    await settle(t.fixture);
    const closed = t.host.closed;
    expect(closed).toEqual([]);
    t.fixture.destroy();
    await new Promise(resolve => setTimeout(resolve, 1100));
    expect(closed).toEqual([]);
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    expect(t.calls.audio.playing()).toEqual([]);
  });

  it('should stop the sound and the listener when destroyed while dialing', async () => {
    const t = await setup();
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    t.fixture.destroy();
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    expect(t.calls.audio.playing()).toEqual([]);
  });

  it('should stop listening after disposeObservers()', async () => {
    const t = await setup();
    t.host.screen().disposeObservers();
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    await t.calls.farSide.accept(t.sessionId);
    await settle(t.fixture);
    expect(t.host.accepted).toEqual([]);
  });

  it('should start over when a new call is set', async () => {
    const t = await setup();
    const next = await t.calls.sdk.initiateCall({
      sessionId: '',
      type: 'audio',
      sender: t.calls.me,
      callInitiator: t.calls.me,
      receiver: grace,
      callReceiver: grace,
    });
    t.host.call.set(next);
    await settle(t.fixture);
    expect(t.calls.audio.playing()).toEqual([{tone: 'ringback'}]);
    expect(t.calls.sdk.listenerCount).toBe(KIT_ONE_LISTENER);
    await t.calls.farSide.accept(next.sessionId);
    await settle(t.fixture);
    expect(t.host.accepted.map(call => call.sessionId)).toEqual([next.sessionId]);
  });
});
