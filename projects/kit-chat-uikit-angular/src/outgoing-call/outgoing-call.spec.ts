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
  KitFakeAudioPlayer,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitOutgoingCallComponent} from './outgoing-call';

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
  TestBed.configureTestingModule({providers: [provideKitCallsTesting(options.testing)]});
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
    expect(t.calls.sdk.listenerCount).toBe(0);
  });

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
    expect(() => t.endButton().click()).not.toThrow();
    expect(consoleError).toHaveBeenCalled();
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
