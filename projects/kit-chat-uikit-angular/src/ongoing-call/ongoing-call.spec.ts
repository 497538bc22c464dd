import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Component, PLATFORM_ID, signal} from '@angular/core';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {KitCallsTestingController, provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';
import {KitCallEndReason} from '../session/call-session';
import {KitCallEventsService} from '../events/call-events';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitCallMediaSource} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitOnClick, KitUser} from '../sdk/models';
import {KitOngoingCallComponent} from './ongoing-call';
import {kitFormatCallDuration} from '../intl/call-duration';
import {KitCallsIntl} from '../intl/calls-intl';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

const HOST_TEMPLATE = `
    @if (call(); as call) {
      <kit-ongoing-call
        [call]="call"
        [callSettings]="settings()"
        [onEndCallClick]="handler()"
        (endCallClick)="endClicks = endClicks + 1"
        (error)="errors.push($event)"
        (closed)="closed.push($event)"
      />
    }
  `;

@Component({
  imports: [KitOngoingCallComponent],
  template: HOST_TEMPLATE,
})
class OngoingHost {
  readonly call = signal<KitCall | null>(null);
  readonly settings = signal<KitCallSettings | null>(null);
  readonly handler = signal<KitOnClick | null>(null);
  endClicks = 0;
  readonly errors: KitException[] = [];
  readonly closed: KitCallEndReason[] = [];
}

/** The same host, rendering as on the server. */
@Component({
  imports: [KitOngoingCallComponent],
  template: HOST_TEMPLATE,
  providers: [{provide: PLATFORM_ID, useValue: 'server'}],
})
class ServerHost extends OngoingHost {}

/** A stand-in for a `MediaStream` (jsdom has none): tracks with an `enabled` flag. */
function fakeStream() {
  const audio = {enabled: true};
  const video = {enabled: true};
  const stream = {getAudioTracks: () => [audio], getVideoTracks: () => [video]};
  return {stream: stream as unknown as MediaStream, audio, video};
}

describe('KitOngoingCallComponent', () => {
  let calls: KitCallsTestingController;
  let fixture: ComponentFixture<OngoingHost>;
  let ended: KitCall[];

  beforeEach(() => {
    jest.useFakeTimers();
    TestBed.configureTestingModule({
      providers: [provideKitCallsTesting({config: {autoRing: false}})],
    });
    calls = TestBed.inject(KitCallsTestingController);
    ended = [];
    TestBed.inject(KitCallEventsService).ccCallEnded.subscribe(call => ended.push(call));
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture?.detectChanges();
  }

  /** Ada calls me and I accept: the call as the accept returned it. */
  async function incomingCall(type = 'video'): Promise<KitCall> {
    const ringing = calls.farSide.ring(ADA, calls.me, type);
    await settle();
    const call = await ringing;
    const accepted = calls.sdk.acceptCall(call.sessionId);
    await settle();
    return accepted;
  }

  /** I call Ada and she accepts. */
  async function outgoingCall(type = 'video'): Promise<KitCall> {
    const me = calls.me;
    calls.farSide.addUsers(ADA);
    const started = calls.sdk.initiateCall({
      sessionId: '',
      type,
      sender: me,
      callInitiator: me,
      receiver: ADA,
      callReceiver: ADA,
    });
    await settle();
    const call = await started;
    calls.farSide.accept(call.sessionId);
    await settle();
    return calls.switchboard.getCall(call.sessionId)!;
  }

  async function render(
    call: KitCall,
    settings: KitCallSettings | null = null,
    hostType: typeof OngoingHost = OngoingHost,
  ) {
    fixture = TestBed.createComponent(hostType);
    fixture.componentInstance.call.set(call);
    fixture.componentInstance.settings.set(settings);
    fixture.detectChanges();
    await settle(0);
    const host: HTMLElement = fixture.nativeElement.querySelector('kit-ongoing-call');
    return {host, component: fixture.componentInstance};
  }

  function button(
    host: HTMLElement,
    part: 'mute' | 'camera' | 'end-call',
  ): HTMLButtonElement | null {
    return host.querySelector(`.kit-ongoing-call-${part}-button`);
  }

  function clock(host: HTMLElement): string {
    return host.querySelector('.kit-ongoing-call-duration')?.textContent?.trim() ?? '';
  }

  describe('the other person', () => {
    it('should show the caller when I accepted an incoming call', async () => {
      const {host} = await render(await incomingCall());
      expect(host.querySelector('.kit-ongoing-call-name')?.textContent?.trim()).toBe(
        'Ada Lovelace',
      );
      expect(host.querySelector('kit-avatar')?.getAttribute('aria-label')).toBe('Ada Lovelace');
    });

    it('should show the callee when my outgoing call was accepted', async () => {
      const {host} = await render(await outgoingCall());
      expect(host.querySelector('.kit-ongoing-call-name')?.textContent?.trim()).toBe(
        'Ada Lovelace',
      );
      expect(host.textContent).not.toContain('Me');
    });

    it('should be a modal dialog labelled "In call with" the other person, with per-instance ids', async () => {
      const {host} = await render(await incomingCall());
      expect(host.getAttribute('role')).toBe('dialog');
      expect(host.getAttribute('aria-modal')).toBe('true');
      const labelId = host.getAttribute('aria-labelledby')!;
      expect(labelId).toMatch(/^kit-ongoing-call-/);
      const label = host.querySelector<HTMLElement>(`[id="${labelId}"]`)!;
      expect(label.textContent?.trim()).toBe('In call with Ada Lovelace');
      // Out of sight: clipped to 1 px by the CDK's visually-hidden styles, which the screen loads.
      expect(getComputedStyle(label).position).toBe('absolute');
      expect(getComputedStyle(label).width).toBe('1px');
      const second = TestBed.createComponent(OngoingHost);
      second.componentInstance.call.set(fixture.componentInstance.call());
      second.detectChanges();
      const other = second.nativeElement.querySelector('kit-ongoing-call') as HTMLElement;
      expect(other.getAttribute('aria-labelledby')).not.toBe(labelId);
      second.destroy();
    });

    it('should label the end-call button with the name', async () => {
      const {host} = await render(await incomingCall());
      expect(button(host, 'end-call')?.getAttribute('aria-label')).toBe(
        'End call with Ada Lovelace',
      );
    });
  });

  describe('elapsed time', () => {
    it('should count the seconds as mm:ss', async () => {
      const {host} = await render(await incomingCall());
      expect(clock(host)).toBe('00:00');
      await settle(1000);
      expect(clock(host)).toBe('00:01');
      await settle(64_000);
      expect(clock(host)).toBe('01:05');
    });

    it('should not put the clock in a live region', async () => {
      const {host} = await render(await incomingCall());
      const time = host.querySelector('.kit-ongoing-call-duration')!;
      expect(time.closest('[aria-live], [role="status"], [role="timer"], [role="log"]')).toBeNull();
    });

    it("should say the time in the language's digits when KitCallsIntl.duration is changed", async () => {
      const {host} = await render(await incomingCall());
      const intl = TestBed.inject(KitCallsIntl);
      intl.duration = seconds => `${seconds} s`;
      intl.changes.next();
      await settle(1000);
      expect(clock(host)).toBe('1 s');
      intl.duration = null;
      intl.changes.next();
      await settle(0);
      expect(clock(host)).toBe('00:01');
    });

    it('should format hours as h:mm:ss', () => {
      expect(kitFormatCallDuration(0)).toBe('00:00');
      expect(kitFormatCallDuration(59)).toBe('00:59');
      expect(kitFormatCallDuration(3599)).toBe('59:59');
      expect(kitFormatCallDuration(3600 + 2 * 60 + 9)).toBe('1:02:09');
      expect(kitFormatCallDuration(-5)).toBe('00:00');
    });
  });

  describe('toggles', () => {
    it('should name the mute toggle by what a press does: Mute, then Unmute', async () => {
      const {host} = await render(await incomingCall());
      const mute = button(host, 'mute')!;
      expect(mute.getAttribute('aria-label')).toBe('Mute');
      // A label that follows the state and aria-pressed would contradict each other ("Unmute, pressed").
      expect(mute.hasAttribute('aria-pressed')).toBe(false);
      mute.click();
      await settle(0);
      expect(mute.getAttribute('aria-label')).toBe('Unmute');
      expect(mute.parentElement?.textContent?.trim()).toBe('Unmute');
      mute.click();
      await settle(0);
      expect(mute.getAttribute('aria-label')).toBe('Mute');
    });

    it('should show the camera toggle for a video call, named Turn camera off, then on, labelled Camera', async () => {
      const {host} = await render(await incomingCall('video'));
      const camera = button(host, 'camera')!;
      expect(camera.getAttribute('aria-label')).toBe('Turn camera off');
      camera.click();
      await settle(0);
      expect(camera.getAttribute('aria-label')).toBe('Turn camera on');
      // The short visible label keeps the row even; the full name stays in the accessible name.
      expect(camera.parentElement?.textContent?.trim()).toBe('Camera');
    });

    it('should hide the camera toggle when the settings say audio only', async () => {
      const call = await incomingCall('video');
      const {host} = await render({...call, settings: new KitCallSettingsBuilder(true).build()});
      expect(button(host, 'camera')).toBeNull();
      expect(button(host, 'mute')).not.toBeNull();
    });

    it('should let callSettings override the settings of the call', async () => {
      const call = await incomingCall('video');
      const {host} = await render(
        {...call, settings: new KitCallSettingsBuilder(false).build()},
        new KitCallSettingsBuilder().setIsAudioOnly(true).build(),
      );
      expect(button(host, 'camera')).toBeNull();
    });

    it('should hide the camera toggle for a voice call', async () => {
      const {host} = await render(await incomingCall('audio'));
      expect(button(host, 'camera')).toBeNull();
    });
  });

  describe('end call', () => {
    it('should end the call through the SDK, publish ccCallEnded once and close', async () => {
      const call = await incomingCall();
      const {host, component} = await render(call);
      button(host, 'end-call')!.click();
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ended');
      expect(ended).toHaveLength(1);
      expect(ended[0]).toEqual(
        expect.objectContaining({sessionId: call.sessionId, status: 'ended'}),
      );
      expect(component.closed).toEqual(['ended']);
      expect(component.endClicks).toBe(1);
      expect(component.errors).toEqual([]);
    });

    it('should end once on a double click', async () => {
      const call = await incomingCall();
      const {host, component} = await render(call);
      const endCall = jest.spyOn(calls.sdk, 'endCall');
      button(host, 'end-call')!.click();
      button(host, 'end-call')!.click();
      await settle();
      button(host, 'end-call')!.click();
      await settle();
      expect(endCall).toHaveBeenCalledTimes(1);
      expect(ended).toHaveLength(1);
      expect(component.closed).toEqual(['ended']);
      expect(component.errors).toEqual([]);
    });

    it('should emit endCallClick once when End is pressed twice in one tick', async () => {
      const call = await incomingCall();
      const {host, component} = await render(call);
      button(host, 'end-call')!.click();
      button(host, 'end-call')!.click();
      await settle();
      expect(component.endClicks).toBe(1);
      expect(component.closed).toEqual(['ended']);
    });

    it('should show End as disabled while the hang-up is on its way', async () => {
      const call = await incomingCall();
      const {host, component} = await render(call);
      const endCall = calls.sdk.endCall.bind(calls.sdk);
      let answer!: () => void;
      jest
        .spyOn(calls.sdk, 'endCall')
        .mockImplementation(id => new Promise<void>(go => (answer = go)).then(() => endCall(id)));
      button(host, 'end-call')!.click();
      await settle();
      expect(button(host, 'end-call')?.getAttribute('aria-disabled')).toBe('true');
      answer();
      await settle();
      expect(component.closed).toEqual(['ended']);
      expect(component.endClicks).toBe(1);
    });

    it('should run onEndCallClick instead of ending the call when it is set', async () => {
      const {call, handler, host} = await renderWithHandler();
      button(host, 'end-call')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(fixture.componentInstance.endClicks).toBe(1);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
      expect(ended).toHaveLength(0);
      expect(fixture.componentInstance.closed).toEqual([]);
    });

    /** The ongoing screen of an accepted call, with an app's `onEndCallClick`. */
    async function renderWithHandler() {
      const call = await incomingCall();
      const handler = jest.fn();
      fixture = TestBed.createComponent(OngoingHost);
      fixture.componentInstance.call.set(call);
      fixture.componentInstance.handler.set(handler);
      fixture.detectChanges();
      await settle(0);
      const host: HTMLElement = fixture.nativeElement.querySelector('kit-ongoing-call');
      return {call, handler, host};
    }

    it('should run onEndCallClick once when End is pressed twice in one tick, and again later', async () => {
      const {handler, host} = await renderWithHandler();
      button(host, 'end-call')!.click();
      button(host, 'end-call')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(fixture.componentInstance.endClicks).toBe(1);
      // The app's handler left the call on: a later press is a new gesture.
      button(host, 'end-call')!.click();
      await settle();
      expect(handler).toHaveBeenCalledTimes(2);
      expect(fixture.componentInstance.endClicks).toBe(2);
    });

    it('should report ERR_CALL_FAILED when ending fails, and stay usable', async () => {
      const call = await incomingCall();
      const {host, component} = await render(call);
      calls.farSide.failNext('end');
      button(host, 'end-call')!.click();
      await settle();
      expect(component.errors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
      expect(component.closed).toEqual([]);
      expect(ended).toHaveLength(0);
      expect(button(host, 'end-call')?.getAttribute('aria-disabled')).toBeNull();
      const before = clock(host);
      await settle(1000);
      expect(clock(host)).not.toBe(before);

      button(host, 'end-call')!.click();
      await settle();
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ended');
      expect(component.closed).toEqual(['ended']);
      expect(ended).toHaveLength(1);
    });
  });

  describe('the far side', () => {
    it('should close and publish ccCallEnded once when the other person hangs up', async () => {
      const call = await outgoingCall();
      const {host, component} = await render(call);
      calls.farSide.end(call.sessionId);
      await settle();
      expect(component.closed).toEqual(['ended']);
      expect(ended).toHaveLength(1);
      expect(ended[0].sessionId).toBe(call.sessionId);
      expect(host.querySelector('.kit-ongoing-call-status')?.textContent?.trim()).toBe(
        'Call ended',
      );
      expect(button(host, 'end-call')?.getAttribute('aria-disabled')).toBe('true');
    });

    it('should say "Reconnecting…" and "Connected again" once each, and no "Connected again" for a call that ends while reconnecting', async () => {
      const said: string[] = [];
      jest
        .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
        .mockImplementation(async message => void said.push(String(message)));
      const call = await outgoingCall();
      const {host} = await render(call);
      calls.farSide.dropConnection(call.sessionId);
      await settle();
      expect(host.querySelector('.kit-ongoing-call-status')?.textContent?.trim()).toBe(
        'Reconnecting…',
      );
      calls.farSide.restoreConnection(call.sessionId);
      await settle();
      expect(said.filter(text => /Reconnecting|Connected again/.test(text))).toEqual([
        'Reconnecting…',
        'Connected again',
      ]);
      said.length = 0;
      calls.farSide.dropConnection(call.sessionId);
      await settle();
      calls.farSide.end(call.sessionId);
      await settle();
      expect(said).toContain('Reconnecting…');
      expect(said).not.toContain('Connected again');
    });

    it('should ignore the end of another session', async () => {
      const call = await incomingCall();
      const {component} = await render(call);
      // The SDK reports the end of a call on another session id (another call of this device).
      calls.sdk._deliver('onCallEnded', {...call, sessionId: 'another-session', status: 'ended'});
      await settle();
      expect(component.closed).toEqual([]);
      expect(ended).toHaveLength(0);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
    });
  });

  it('should close when the far side hung up before the screen first rendered', async () => {
    const call = await incomingCall();
    const screen = TestBed.createComponent(KitOngoingCallComponent);
    const closed: KitCallEndReason[] = [];
    screen.componentInstance.closed.subscribe(reason => closed.push(reason));
    screen.componentRef.setInput('call', call);
    // The hang-up arrives between the screen's creation and its first change detection.
    calls.sdk._deliver('onCallEnded', {...call, status: 'ended'});
    screen.detectChanges();
    await jest.advanceTimersByTimeAsync(10);
    expect(closed).toEqual(['ended']);
    expect(ended.map(end => end.sessionId)).toEqual([call.sessionId]);
    screen.destroy();
    expect(calls.sdk.listenerCount).toBe(1); // The kit's one listener, the call registry's.
  });

  describe('cleanup', () => {
    it('should leave no timer and no listener after the call ends', async () => {
      const listenersBefore = calls.sdk.listenerCount;
      const call = await incomingCall();
      const {host} = await render(call);
      expect(calls.sdk.listenerCount).toBe(listenersBefore); // Screens add no listener.
      expect(jest.getTimerCount()).toBeGreaterThan(0);
      button(host, 'end-call')!.click();
      await settle();
      await settle();
      expect(calls.sdk.listenerCount).toBe(listenersBefore);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('should leave no timer and no listener after the far side hangs up', async () => {
      const listenersBefore = calls.sdk.listenerCount;
      const call = await incomingCall();
      await render(call);
      calls.farSide.end(call.sessionId);
      await settle();
      await settle();
      expect(calls.sdk.listenerCount).toBe(listenersBefore);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('should leave no timer and no listener when destroyed during the call, without ending it', async () => {
      const listenersBefore = calls.sdk.listenerCount;
      const call = await incomingCall();
      const {component} = await render(call);
      fixture.destroy();
      await jest.advanceTimersByTimeAsync(10);
      expect(calls.sdk.listenerCount).toBe(listenersBefore);
      expect(jest.getTimerCount()).toBe(0);
      expect(component.closed).toEqual([]);
      expect(calls.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
    });
  });

  describe('media streams', () => {
    it('should show the avatar and no video when the SDK has no streams', async () => {
      const {host} = await render(await incomingCall());
      expect(host.querySelector('video')).toBeNull();
      expect(host.querySelector('kit-avatar')).not.toBeNull();
    });

    it('should show the remote and local streams, and the toggles should switch the tracks', async () => {
      const remote = fakeStream();
      const local = fakeStream();
      const media = calls.sdk as unknown as KitCallMediaSource;
      media.getRemoteStream = jest.fn(() => remote.stream);
      media.getLocalStream = jest.fn(() => local.stream);
      const call = await incomingCall('video');
      const {host} = await render(call);

      expect(media.getRemoteStream).toHaveBeenCalledWith(call.sessionId);
      const remoteVideo = host.querySelector<HTMLVideoElement>('.kit-ongoing-call-remote-video')!;
      const localVideo = host.querySelector<HTMLVideoElement>('.kit-ongoing-call-local-video')!;
      expect(remoteVideo.srcObject).toBe(remote.stream);
      expect(localVideo.srcObject).toBe(local.stream);
      expect(localVideo.muted).toBe(true);
      expect(remoteVideo.muted).toBe(false);
      expect(host.querySelector('kit-avatar')).toBeNull();

      button(host, 'mute')!.click();
      await settle(0);
      expect(local.audio.enabled).toBe(false);
      expect(remote.audio.enabled).toBe(true);
      button(host, 'camera')!.click();
      await settle(0);
      expect(local.video.enabled).toBe(false);
      expect(host.querySelector('.kit-ongoing-call-local-video')).toBeNull();
      button(host, 'mute')!.click();
      button(host, 'camera')!.click();
      await settle(0);
      expect(local.audio.enabled).toBe(true);
      expect(local.video.enabled).toBe(true);
    });

    it('should keep the avatar for a voice call with a remote stream, still playing its sound', async () => {
      const remote = fakeStream();
      (calls.sdk as unknown as KitCallMediaSource).getRemoteStream = () => remote.stream;
      const {host} = await render(await incomingCall('audio'));
      const remoteVideo = host.querySelector<HTMLVideoElement>('.kit-ongoing-call-remote-video')!;
      expect(remoteVideo.srcObject).toBe(remote.stream);
      expect(remoteVideo.classList).toContain('kit-ongoing-call-remote-video-hidden');
      expect(host.querySelector('kit-avatar')).not.toBeNull();
    });

    it('should show a stream that arrives after the screen opened', async () => {
      const remote = fakeStream();
      let ready = false;
      (calls.sdk as unknown as KitCallMediaSource).getRemoteStream = () =>
        ready ? remote.stream : null;
      const {host} = await render(await incomingCall('video'));
      expect(host.querySelector('video')).toBeNull();
      ready = true;
      await settle(1000);
      expect(
        host.querySelector<HTMLVideoElement>('.kit-ongoing-call-remote-video')?.srcObject,
      ).toBe(remote.stream);
    });
  });

  describe('platform', () => {
    it('should move focus into the dialog when it opens', async () => {
      const {host} = await render(await incomingCall());
      expect(host.contains(document.activeElement)).toBe(true);
    });

    it('should start no timer and ask for no media on the server', async () => {
      const getRemoteStream = jest.fn(() => fakeStream().stream);
      (calls.sdk as unknown as KitCallMediaSource).getRemoteStream = getRemoteStream;
      const call = await incomingCall();
      await settle();
      expect(jest.getTimerCount()).toBe(0);
      const {host} = await render(call, null, ServerHost);
      await settle(3000);
      expect(clock(host)).toBe('00:00');
      expect(getRemoteStream).not.toHaveBeenCalled();
      expect(host.querySelector('video')).toBeNull();
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  describe('errors', () => {
    it('should report ERR_NOT_LOGGED_IN when nobody is logged in', async () => {
      const call = await incomingCall();
      calls.sdk.logout();
      const {host, component} = await render(call);
      expect(component.errors.map(error => error.code)).toEqual([KitErrorCodes.NOT_LOGGED_IN]);
      button(host, 'end-call')!.click();
      await settle();
      expect(component.closed).toEqual([]);
    });
  });
});
