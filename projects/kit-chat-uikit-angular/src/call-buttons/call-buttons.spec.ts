import {Component, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {KitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {KitCallButtonsHarness} from '../../testing/call-buttons-harness';
import {KitOutgoingCallHarness} from '../../testing/outgoing-call-harness';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import {KitRegistration} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallButtonsComponent} from './call-buttons';
import {KitCallButtonsIntl} from './call-buttons-intl';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

@Component({
  imports: [KitCallButtonsComponent],
  template: `
    <kit-call-buttons
      [user]="user()"
      [voice]="voice()"
      [video]="video()"
      [labelled]="labelled()"
      [onError]="onError()"
      (callStarted)="started.push($event)"
      (error)="errors.push($event)"
    />
  `,
})
class Host {
  readonly user = signal<KitUser | null>(ADA);
  readonly voice = signal(true);
  readonly video = signal(true);
  readonly labelled = signal(false);
  readonly onError = signal<((error: KitException) => void) | null>(null);
  readonly started: KitCallOverlayRef[] = [];
  readonly errors: KitException[] = [];
}

describe('KitCallButtonsComponent', () => {
  let calls: KitCallsTestingController;
  let fixture: ComponentFixture<Host>;
  let buttons: KitCallButtonsHarness;
  let initiated: KitCall[];
  let appErrors: KitException[];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function settle(ms = 50): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  /** The app with the buttons; `prepare` runs on the SDK before the buttons are created. */
  async function setup(
    options: {user?: KitUser | null; prepare?: (sdk: KitInMemoryCallsSdk) => void} = {},
  ): Promise<void> {
    appErrors = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          user: options.user,
          config: {onError: error => appErrors.push(error)},
        }),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    options.prepare?.(calls.sdk);
    initiated = [];
    const initiate = calls.sdk.initiateCall.bind(calls.sdk);
    jest.spyOn(calls.sdk, 'initiateCall').mockImplementation(call => {
      initiated.push(call);
      return initiate(call);
    });
    fixture = TestBed.createComponent(Host);
    buttons = await TestbedHarnessEnvironment.loader(fixture).getHarness(KitCallButtonsHarness);
    await settle();
  }

  async function outgoingScreen(): Promise<KitOutgoingCallHarness | null> {
    return TestbedHarnessEnvironment.documentRootLoader(fixture).getHarnessOrNull(
      KitOutgoingCallHarness,
    );
  }

  it('should start a voice call to the user through the overlay, and tell the app once the SDK has it', async () => {
    await setup();

    await buttons.clickVoice();
    await settle();

    expect(initiated.map(call => [call.type, call.receiver.uid])).toEqual([['audio', 'ada']]);
    expect(await (await outgoingScreen())?.getCalleeName()).toBe('Ada Lovelace');
    expect(fixture.componentInstance.started.map(ref => ref.call().type)).toEqual(['audio']);
  });

  it('should start a video call to the user', async () => {
    await setup();

    await buttons.clickVideo();
    await settle();

    expect(initiated.map(call => [call.type, call.receiver.uid])).toEqual([['video', 'ada']]);
    expect(await outgoingScreen()).not.toBeNull();
  });

  it('should name each button with the person, and show labels only when labelled', async () => {
    await setup();

    expect(await buttons.getButtonNames()).toEqual([
      'Voice call Ada Lovelace',
      'Video call Ada Lovelace',
    ]);
    expect(await buttons.getButtonLabels()).toEqual(['', '']);

    fixture.componentInstance.labelled.set(true);
    fixture.componentInstance.voice.set(false);
    await settle();

    expect(await buttons.hasVoice()).toBe(false);
    expect(await buttons.getButtonLabels()).toEqual(['Video']);
  });

  it('should be disabled with the reason while a call with that person is live, and enabled when it ends', async () => {
    await setup();

    await buttons.clickVoice();
    await settle();

    expect(await buttons.isVoiceDisabled()).toBe(true);
    expect(await buttons.isVideoDisabled()).toBe(true);
    expect(await buttons.getDisabledReason()).toBe('Already in a call with Ada Lovelace');
    const host = fixture.nativeElement as HTMLElement;
    const reason = host.querySelector('.kit-call-buttons-reason')!;
    const video = host.querySelector('.kit-call-buttons-video')!;
    expect(video.getAttribute('aria-describedby')).toBe(reason.id);

    // A press on the disabled video button places no second call.
    await buttons.clickVideo();
    await settle();
    expect(initiated.length).toBe(1);

    await (await outgoingScreen())!.endCall();
    await settle(200);

    expect(await outgoingScreen()).toBeNull();
    expect(await buttons.isVoiceDisabled()).toBe(false);
    expect(await buttons.getDisabledReason()).toBeNull();
  });

  it('should let a test find disabled or enabled buttons with the harness filter', async () => {
    await setup();
    const loader = TestbedHarnessEnvironment.loader(fixture);

    expect(await loader.getAllHarnesses(KitCallButtonsHarness.with({disabled: true}))).toEqual([]);
    await buttons.clickVideo();
    await settle();

    expect(
      (await loader.getAllHarnesses(KitCallButtonsHarness.with({disabled: true}))).length,
    ).toBe(1);
    expect(await loader.getAllHarnesses(KitCallButtonsHarness.with({disabled: false}))).toEqual([]);
  });

  it('should be disabled while that person rings here', async () => {
    await setup();

    void calls.farSide.ring(ADA, calls.me, 'video');
    await settle();

    expect(await buttons.getDisabledReason()).toBe('Already in a call with Ada Lovelace');
  });

  it('should be disabled while nobody is logged in, and enabled once someone is', async () => {
    await setup({user: null});

    expect(await buttons.isVoiceDisabled()).toBe(true);
    expect(await buttons.getDisabledReason()).toBe('Calls are not available right now');
    await buttons.clickVoice();
    await settle();
    expect(initiated).toEqual([]);
    expect(await outgoingScreen()).toBeNull();

    calls.sdk.login({uid: 'me', name: 'Me'});
    // The in-memory SDK tells no one: the buttons read it again when the pointer or the focus comes.
    (fixture.nativeElement.querySelector('kit-call-buttons') as HTMLElement).dispatchEvent(
      new Event('pointerenter'),
    );
    await settle();

    expect(await buttons.getDisabledReason()).toBeNull();
  });

  it('should follow an SDK that tells its registration', async () => {
    let registration: KitRegistration = {registered: false, reason: 'connecting'};
    let tell: (registration: KitRegistration) => void = () => {};
    await setup({
      prepare: sdk =>
        Object.assign(sdk, {
          getRegistration: () => registration,
          watchRegistration: (listener: (registration: KitRegistration) => void) => {
            tell = listener;
            return () => {};
          },
        }),
    });

    expect(await buttons.getDisabledReason()).toBe('Calls are not available right now');

    registration = {registered: true, reason: 'registered'};
    tell(registration);
    await settle();

    expect(await buttons.getDisabledReason()).toBeNull();
  });

  it('should be disabled, placing no call, while an SDK that tells its registration throws when asked', async () => {
    await setup({
      prepare: sdk =>
        Object.assign(sdk, {
          getRegistration: () => {
            throw new TypeError('the adapter is not ready');
          },
        }),
    });

    expect(await buttons.getDisabledReason()).toBe('Calls are not available right now');
    await buttons.clickVoice();
    await settle();
    expect(initiated).toEqual([]);
    expect(await outgoingScreen()).toBeNull();
  });

  it('should report a user without an id through onError and the error output, and place no call', async () => {
    await setup();
    const handled: KitException[] = [];
    fixture.componentInstance.onError.set(error => handled.push(error));
    fixture.componentInstance.user.set({name: 'Nobody'} as KitUser);
    await settle();

    await buttons.clickVoice();
    await settle();

    expect(initiated).toEqual([]);
    expect(handled.map(error => error.code)).toEqual(['ERR_INVALID_CALL']);
    expect(fixture.componentInstance.errors).toEqual(handled);
    // onError replaces the kit's default handler.
    expect(appErrors).toEqual([]);
    expect(await outgoingScreen()).toBeNull();
  });

  it("should report to the kit's onError when the app set no handler", async () => {
    await setup();
    fixture.componentInstance.user.set({name: 'Nobody'} as KitUser);
    await settle();

    await buttons.clickVideo();
    await settle();

    expect(appErrors.map(error => error.code)).toEqual(['ERR_INVALID_CALL']);
  });

  it('should start one call on a double click', async () => {
    await setup();
    const voice = fixture.nativeElement.querySelector('.kit-call-buttons-voice') as HTMLElement;

    voice.click();
    voice.click();
    await settle();

    expect(initiated.length).toBe(1);
    expect(fixture.componentInstance.started.length).toBe(1);
  });

  it('should say its words again when they change', async () => {
    await setup();
    const intl = TestBed.inject(KitCallButtonsIntl);
    fixture.componentInstance.labelled.set(true);

    intl.voice = 'Sprachanruf';
    intl.changes.next();
    await settle();

    expect(await buttons.getButtonLabels()).toEqual(['Sprachanruf', 'Video']);
  });
});
