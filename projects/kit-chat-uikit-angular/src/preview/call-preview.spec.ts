import {OverlayContainer} from '@angular/cdk/overlay';
import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCall, KitCallSettings, KitCallsSdk, KitException, KitUser} from 'kit-chat-uikit-angular';
import {KitCallsTestingController, provideKitCallsTesting} from '../../testing/calls-testing';
import {
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  installFakeMedia,
} from '../devices/fake-media.spec-helper';
import {KitCallsFeature} from '../core/calls-feature';
import {KitCallOverlay} from '../overlay/call-overlay';
import {withCallWaiting} from '../ring/call-features';
import {withCallPreview} from './call-preview-feature';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ZED: KitUser = {uid: 'zed', name: 'Zed Shaw'};

@Component({template: ''})
class Page {}

describe('withCallPreview(): a look before answering', () => {
  let calls: KitCallsTestingController;
  let container: HTMLElement;
  let media: {devices: FakeMediaDevices; restore: () => void};
  let permission: jest.Mock;
  let accepted: [string, KitCallSettings | null | undefined][];
  let errors: KitException[];

  async function setup(
    state: PermissionState | 'throws' | 'none' = 'granted',
    preview = true,
    more: KitCallsFeature[] = [],
  ) {
    media = installFakeMedia();
    errors = [];
    permission = jest.fn(async () => {
      if (state === 'throws') {
        throw new TypeError("'camera' is not a valid PermissionName");
      }
      return {state};
    });
    Object.defineProperty(navigator, 'permissions', {
      value: state === 'none' ? undefined : {query: permission},
      configurable: true,
    });
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          features: [...(preview ? [withCallPreview()] : []), ...more],
          config: {onError: error => errors.push(error)},
        }),
      ],
    });
    calls = TestBed.inject(KitCallsTestingController);
    container = TestBed.inject(OverlayContainer).getContainerElement();
    accepted = [];
    const sdk = TestBed.inject(KitCallsSdk);
    const accept = sdk.acceptCall.bind(sdk);
    jest.spyOn(sdk, 'acceptCall').mockImplementation((id, settings) => {
      accepted.push([id, settings]);
      return accept(id, settings);
    });
    TestBed.createComponent(Page);
    await settle();
  }

  async function settle(ms = 20): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  }

  async function ring(type = 'video'): Promise<KitCall> {
    const call = calls.farSide.ring(ADA, calls.me, type);
    await settle();
    return call;
  }

  const find = <T extends Element = HTMLElement>(selector: string) =>
    container.querySelector<T>(selector);
  const video = () => find<HTMLVideoElement>('.kit-incoming-call .kit-call-preview-video');
  const previewTracks = () =>
    (video()?.srcObject as unknown as FakeStream | null)?.getTracks() ?? [];
  const voiceButton = () => find<HTMLButtonElement>('.kit-answer-as-voice-button');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    TestBed.resetTestingModule();
    media.restore();
    delete (navigator as {permissions?: unknown}).permissions;
    jest.useRealTimers();
  });

  it('should show my camera, mirrored behind the caller, when the camera is already allowed', async () => {
    await setup('granted');
    await ring();
    expect(permission).toHaveBeenCalledWith({name: 'camera'});
    expect(media.devices.asked).toEqual([{video: true}]);
    const shown = video();
    expect(shown?.closest('.kit-incoming-call')).not.toBeNull();
    expect(shown?.muted).toBe(true);
    expect(previewTracks().map(track => track.kind)).toEqual(['video']);
    expect(find('.kit-call-preview .cdk-visually-hidden')?.textContent).toBe(
      'Your camera preview, seen only by you until the call connects',
    );
  });

  it.each(['prompt', 'denied', 'throws', 'none'] as const)(
    'should never ask for the camera while it rings when the permission is %s',
    async state => {
      await setup(state);
      await ring();
      expect(media.devices.asked).toEqual([]);
      expect(video()).toBeNull();
      expect(find('.kit-call-preview')?.hasAttribute('hidden')).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  it('should show no preview for a voice call, nor without withCallPreview()', async () => {
    await setup('granted');
    await ring('audio');
    expect(media.devices.asked).toEqual([]);
    expect(voiceButton()).toBeNull();
    TestBed.resetTestingModule();
    media.restore();
    await setup('granted', false);
    await ring('video');
    expect(media.devices.asked).toEqual([]);
    expect(find('.kit-call-preview')).toBeNull();
  });

  it.each([
    ['declined', () => find<HTMLButtonElement>('.kit-incoming-call-reject-button')!.click()],
    ['accepted', () => find<HTMLButtonElement>('.kit-incoming-call-accept-button')!.click()],
    ['cancelled', () => calls.farSide.cancel(calls.switchboard.calls().at(-1)!.sessionId)],
    ['destroyed', () => TestBed.resetTestingModule()],
  ])('should stop the camera once the call is %s', async (_, end) => {
    await setup('granted');
    await ring();
    const tracks = previewTracks();
    expect(tracks).toHaveLength(1);
    void end();
    await settle(50);
    expect(tracks.every(track => (track as FakeTrack).readyState === 'ended')).toBe(true);
    expect(video()).toBeNull();
  });

  it('should stop a camera that opens after the call stopped ringing', async () => {
    await setup('granted');
    let open!: (stream: FakeStream) => void;
    const late = new FakeStream([new FakeTrack('video')]);
    jest
      .spyOn(media.devices, 'getUserMedia')
      .mockImplementation(() => new Promise(resolve => (open = resolve as never)));
    const call = await ring();
    calls.farSide.cancel(call.sessionId);
    await settle(50);
    open(late);
    await settle();
    expect(late.getTracks()[0].readyState).toBe('ended');
    expect(video()).toBeNull();
  });

  it('should show my camera while my video call rings, and stop it once answered', async () => {
    await setup('granted');
    calls.farSide.autoAnswer(ADA.uid, 'accept', 100);
    void TestBed.inject(KitCallOverlay).startCall(ADA, 'video');
    await settle();
    const shown = find<HTMLVideoElement>('.kit-outgoing-call .kit-call-preview-video');
    const tracks = (shown?.srcObject as unknown as FakeStream).getTracks();
    expect(tracks.map(track => track.kind)).toEqual(['video']);
    await settle(200);
    expect(find('.kit-ongoing-call')).not.toBeNull();
    expect(tracks.every(track => (track as FakeTrack).readyState === 'ended')).toBe(true);
  });

  it("should show the call's own stream when the SDK hands one out, and leave its tracks alone", async () => {
    await setup('prompt');
    const own = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    Object.assign(TestBed.inject(KitCallsSdk), {getLocalStream: () => own});
    void TestBed.inject(KitCallOverlay).startCall(ADA, 'video');
    await settle();
    const shown = find<HTMLVideoElement>('.kit-outgoing-call .kit-call-preview-video');
    expect(shown?.srcObject).toBe(own);
    expect(shown?.muted).toBe(true);
    expect(media.devices.asked).toEqual([]);
    TestBed.resetTestingModule();
    expect(own.getTracks().every(track => track.readyState === 'live')).toBe(true);
  });

  it('should open its own camera when the stream the SDK hands out has no video yet', async () => {
    await setup('granted');
    const microphone = new FakeStream([new FakeTrack('audio')]);
    Object.assign(TestBed.inject(KitCallsSdk), {getLocalStream: () => microphone});
    await ring();
    expect(video()?.srcObject).not.toBe(microphone);
    expect(media.devices.asked).toEqual([{video: true}]);
    expect(previewTracks().map(track => track.kind)).toEqual(['video']);
  });

  it('should not open the camera for a video call that waits while the user is in a call', async () => {
    await setup('granted', true, [withCallWaiting()]);
    const first = await ring('audio');
    find<HTMLButtonElement>('.kit-incoming-call-accept-button')!.click();
    await settle(50);
    expect(calls.switchboard.getCall(first.sessionId)?.status).toBe('ongoing');
    void calls.farSide.ring(ZED, calls.me, 'video');
    await settle(50);
    expect(find('.kit-call-waiting')?.textContent).toContain('Zed Shaw');
    expect(media.devices.asked).toEqual([]);
    expect(container.querySelector('.kit-call-preview-video')).toBeNull();
  });

  it('should answer as voice: acceptCall with no camera, and the ongoing screen a voice call', async () => {
    await setup('granted');
    const call = await ring();
    const button = voiceButton()!;
    expect(button.closest('.kit-incoming-call-trailing')).not.toBeNull();
    expect(button.textContent?.trim()).toBe('Answer as voice');
    expect(button.getAttribute('aria-label')).toBe('Answer as voice: video call from Ada Lovelace');
    button.click();
    await settle(50);
    expect(accepted).toEqual([[call.sessionId, {audioOnly: true, defaultAudioMode: 'SPEAKER'}]]);
    const ongoing = find('.kit-ongoing-call');
    expect(ongoing).not.toBeNull();
    // A voice call: no camera to turn on, and no picture sent.
    expect(find('.kit-ongoing-call-camera-button')).toBeNull();
  });

  it('should make Answer as voice unavailable once Accept was pressed', async () => {
    await setup('granted');
    const call = await ring();
    expect(voiceButton()?.getAttribute('aria-disabled')).toBeNull();
    calls.farSide.setLatency(200);
    find<HTMLButtonElement>('.kit-incoming-call-accept-button')!.click();
    await jest.advanceTimersByTimeAsync(20);
    // Accepting: the button is shown unavailable, and a press changes nothing (the call goes on with its camera).
    expect(find('.kit-ongoing-call')).toBeNull();
    expect(voiceButton()?.getAttribute('aria-disabled')).toBe('true');
    voiceButton()!.click();
    await settle(500);
    expect(accepted).toEqual([[call.sessionId, undefined]]);
    expect(find('.kit-ongoing-call-camera-button')).not.toBeNull();
  });

  it('should accept with the camera as before with Accept', async () => {
    await setup('granted');
    const call = await ring();
    find<HTMLButtonElement>('.kit-incoming-call-accept-button')!.click();
    await settle(50);
    expect(accepted).toEqual([[call.sessionId, undefined]]);
    expect(find('.kit-ongoing-call-camera-button')).not.toBeNull();
  });
});
