import {isPlatformBrowser} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  PLATFORM_ID,
  ViewEncapsulation,
  InputSignal,
  effect,
  input,
  inject,
  signal,
} from '@angular/core';
import {KitOngoingCallMedia} from '../ongoing-call/ongoing-call-media';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitDevicePickersIntl} from './device-pickers-intl';

/** How often the level is read, in ms. */
const SAMPLE_MS = 100;
/** Root mean square level above which the microphone hears speech (a quiet room stays well below). */
const SPEECH_LEVEL = 0.02;
/** How long the hint stays after the last sound, in ms: a sound after that much silence is a new burst. */
const SHOWN_MS = 3000;

/**
 * "You are muted", said politely (an `aria-live="polite"` region) and shown above the controls when the microphone
 * hears the user while the ongoing screen's mute is on: once per burst of speech. Added by `withMutedSpeechHint()`.
 * It listens only while muted, to a clone of the microphone's track (the muted one carries silence), and stops the
 * clone and closes its `AudioContext` on unmute and when the call ends.
 * @docs-private
 */
@Component({
  selector: 'kit-muted-speech-hint',
  template: `<div class="kit-muted-speech-hint" aria-live="polite">
    @if (_shown()) {
      {{ intl.mutedSpeech }}
    }
  </div>`,
  styleUrl: 'device-pickers.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {style: 'display: contents'},
})
export class KitMutedSpeechHintComponent {
  /** The call's media, as the ongoing screen shows it. */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  protected readonly intl = inject(KitDevicePickersIntl);
  protected readonly _shown = signal(false);

  constructor() {
    kitFollowIntl(this.intl);
    effect(onCleanup => {
      const media = this.media();
      const track = media.localStream()?.getAudioTracks?.()[0];
      if (!this.#isBrowser || !track || !media.muted() || media.phase() === 'ended') {
        this._shown.set(false);
        return;
      }
      onCleanup(this.#listen(track));
    });
  }

  /** Listens to the microphone while muted. @returns Stops listening. */
  #listen(track: MediaStreamTrack): () => void {
    const AudioContextClass = globalThis.AudioContext;
    if (typeof AudioContextClass !== 'function' || typeof track.clone !== 'function') {
      return () => {};
    }
    const clone = track.clone();
    clone.enabled = true;
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(new MediaStream([clone])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let hide: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const level = Math.sqrt(
        samples.reduce((sum, value) => sum + value * value, 0) / samples.length,
      );
      if (level < SPEECH_LEVEL) {
        return;
      }
      // The text enters the live region once per burst: a screen reader says it once, not on every sample.
      this._shown.set(true);
      clearTimeout(hide);
      hide = setTimeout(() => this._shown.set(false), SHOWN_MS);
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(hide);
      clone.stop();
      void context.close().catch(() => {});
      this._shown.set(false);
    };
  }
}
