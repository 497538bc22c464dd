import {ComponentFixture} from '@angular/core/testing';
import {By} from '@angular/platform-browser';
import {withMutedSpeechHint} from '../devices/device-features';
import {
  FakeAudioContext,
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  installFakeMedia,
} from '../devices/fake-media.spec-helper';
import {KitCallsFeature} from '../core/calls-feature';
import {KitOngoingCallComponent} from './ongoing-call';
import {OngoingCallHost, showOngoingCall} from './ongoing-call.spec-helper';

describe('KitOngoingCallComponent media that tells the truth', () => {
  let fixture: ComponentFixture<OngoingCallHost>;
  let media: {devices: FakeMediaDevices; restore: () => void};
  let remote: FakeStream;
  let local: FakeStream;

  beforeEach(() => {
    jest.useFakeTimers();
    media = installFakeMedia();
    remote = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    local = new FakeStream([new FakeTrack('audio', 'mic')]);
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    media.restore();
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture.detectChanges();
  }

  async function ongoing(features: KitCallsFeature[] = [], type = 'video'): Promise<HTMLElement> {
    fixture = await showOngoingCall(features, {remote: () => remote, local: () => local}, type);
    return fixture.nativeElement;
  }

  /** Whether the screen shows the far side's picture (else their avatar). */
  function showsPicture(host: HTMLElement): boolean {
    const video = host.querySelector('.kit-ongoing-call-remote-video');
    const avatar = host.querySelector('.kit-ongoing-call-avatar');
    expect(!!video && video.classList.contains('kit-ongoing-call-remote-video-hidden')).toBe(
      !!avatar,
    );
    return !avatar;
  }

  describe('the far side’s camera', () => {
    it('should show their avatar while their video track is muted, and their picture once it is not', async () => {
      const host = await ongoing();
      expect(showsPicture(host)).toBe(true);
      const [video] = remote.getVideoTracks();
      video.setMuted(true);
      await settle(1000); // The screen reads the tracks when it asks for the streams.
      expect(showsPicture(host)).toBe(false);
      video.setMuted(false);
      await settle(1000); // The screen reads the tracks when it asks for the streams.
      expect(showsPicture(host)).toBe(true);
    });

    it('should show their avatar when their video track ends, or leaves the stream', async () => {
      const host = await ongoing();
      const [video] = remote.getVideoTracks();
      video.stop();
      video.dispatchEvent(new Event('ended'));
      await settle(1000); // The screen reads the tracks when it asks for the streams.
      expect(showsPicture(host)).toBe(false);

      const again = new FakeTrack('video');
      remote.addTrack(again);
      remote.dispatchEvent(Object.assign(new Event('addtrack'), {track: again}));
      await settle(1000); // The screen reads the tracks when it asks for the streams.
      expect(showsPicture(host)).toBe(true);
      remote.removeTrack(again);
      remote.dispatchEvent(Object.assign(new Event('removetrack'), {track: again}));
      await settle(1000); // The screen reads the tracks when it asks for the streams.
      expect(showsPicture(host)).toBe(false);
    });

    it('should show their avatar when their stream has no video track at all', async () => {
      remote = new FakeStream([new FakeTrack('audio')]);
      expect(showsPicture(await ongoing())).toBe(false);
    });
  });

  describe('the port: setLocalMedia', () => {
    /** What the screen told the SDK, each change once (it may tell the same again). */
    function toldOf(calls: [string, boolean, boolean][]): string[] {
      return calls
        .map(
          ([id, audio, video]) =>
            `${id}: ${audio ? 'mic' : 'no mic'}, ${video ? 'camera' : 'no camera'}`,
        )
        .filter((each, index, all) => each !== all[index - 1]);
    }

    it('should tell the SDK the microphone and camera when the call shows and after each toggle', async () => {
      const told: [string, boolean, boolean][] = [];
      fixture = await showOngoingCall([], {
        remote: () => remote,
        local: () => local,
        setLocalMedia: async (...args) => void told.push(args),
      });
      const host: HTMLElement = fixture.nativeElement;
      const id = fixture.componentInstance.call()!.sessionId;
      expect(toldOf(told)).toEqual([`${id}: mic, camera`]);
      host.querySelector<HTMLButtonElement>('.kit-ongoing-call-camera-button')!.click();
      await settle();
      host.querySelector<HTMLButtonElement>('.kit-ongoing-call-mute-button')!.click();
      await settle();
      expect(toldOf(told)).toEqual([
        `${id}: mic, camera`,
        `${id}: mic, no camera`,
        `${id}: no mic, no camera`,
      ]);
    });

    it('should tell a voice call that no camera sends, and report a refusal through (error)', async () => {
      const told: [string, boolean, boolean][] = [];
      let refuse = false;
      fixture = await showOngoingCall(
        [],
        {
          remote: () => remote,
          local: () => local,
          setLocalMedia: async (...args) => {
            told.push(args);
            if (refuse) {
              throw new Error('no');
            }
          },
        },
        'audio',
      );
      const errors: unknown[] = [];
      fixture.debugElement
        .query(By.directive(KitOngoingCallComponent))
        .componentInstance.error.subscribe((error: unknown) => errors.push(error));
      expect(toldOf(told).map(each => each.split(': ')[1])).toEqual(['mic, no camera']);
      refuse = true;
      fixture.nativeElement.querySelector('.kit-ongoing-call-mute-button').click();
      await settle();
      expect(errors).toEqual([expect.objectContaining({code: 'ERR_SDK'})]);
    });
  });

  describe('withMutedSpeechHint()', () => {
    const hint = (host: HTMLElement) =>
      host.querySelector('.kit-muted-speech-hint')?.textContent?.trim();

    it('should say "You are muted" politely when the microphone hears me while muted, once per burst', async () => {
      const host = await ongoing([withMutedSpeechHint()], 'audio');
      expect(host.querySelector('.kit-muted-speech-hint')!.getAttribute('aria-live')).toBe(
        'polite',
      );
      FakeAudioContext.level = 0.1; // Someone speaks.
      await settle(500);
      expect(hint(host)).toBe(''); // Not muted: nothing to say.
      expect(FakeAudioContext.made).toHaveLength(0); // And nothing listens.

      host.querySelector<HTMLButtonElement>('.kit-ongoing-call-mute-button')!.click();
      await settle(0); // The screen renders the mute; the hint starts listening.
      await settle(300);
      expect(hint(host)).toBe('You are muted');
      const [mic] = local.getAudioTracks();
      expect(mic.enabled).toBe(false); // The muted track stays muted: a clone listens.

      FakeAudioContext.level = 0; // Silence: the burst is over, the hint goes.
      await settle(3100);
      expect(hint(host)).toBe('');
      FakeAudioContext.level = 0.1;
      await settle(300);
      expect(hint(host)).toBe('You are muted');
    });

    it('should stop listening (the clone and its AudioContext) on unmute', async () => {
      const host = await ongoing([withMutedSpeechHint()], 'audio');
      const mute = host.querySelector<HTMLButtonElement>('.kit-ongoing-call-mute-button')!;
      mute.click();
      await settle(0);
      await settle(300);
      expect(FakeAudioContext.made.map(context => context.state)).toEqual(['running']);
      mute.click();
      await settle(300);
      expect(FakeAudioContext.made.map(context => context.state)).toEqual(['closed']);
      expect(hint(host)).toBe('');
    });

    it('should stay quiet while muted in silence', async () => {
      const host = await ongoing([withMutedSpeechHint()], 'audio');
      host.querySelector<HTMLButtonElement>('.kit-ongoing-call-mute-button')!.click();
      await settle(1000);
      expect(hint(host)).toBe('');
    });
  });
});
