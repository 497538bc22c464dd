import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {Injectable, OnDestroy, PLATFORM_ID, inject} from '@angular/core';
import {KIT_RINGTONE_OUTPUT} from './ringtone-output';
import {KitTone, kitToneWav} from './tones';

/** What to play: a built-in tone, or a sound at a URL. */
export type KitSoundSource = {readonly tone: KitTone} | {readonly url: string};

/** One looping sound, owned by one call. */
export interface KitAudioTrack {
  /** Starts the loop. Rejects like `HTMLMediaElement.play()` (`NotAllowedError` under the autoplay policy). */
  play(): Promise<void>;
  /** Stops the loop and releases the sound. Safe to call more than once. */
  stop(): void;
}

/**
 * Plays sounds for the call screens. Replace it in tests (jsdom has no media playback) or to route sound through
 * your own audio stack: `{provide: KitAudioPlayer, useClass: MyPlayer}`.
 */
@Injectable({providedIn: 'root', useFactory: () => new KitHtmlAudioPlayer()})
export abstract class KitAudioPlayer {
  /**
   * Creates a track. Each call gets its own track: two calls never share one audio element.
   * @param source A built-in tone or a URL.
   * @returns A stopped track.
   */
  abstract createTrack(source: KitSoundSource): KitAudioTrack;
}

/**
 * The default player: an `HTMLAudioElement` per track; built-in tones are synthesised once into a `blob:` URL.
 * Does nothing on the server.
 */
@Injectable()
export class KitHtmlAudioPlayer extends KitAudioPlayer implements OnDestroy {
  readonly #document = inject(DOCUMENT);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #toneUrls = new Map<KitTone, string>();
  readonly #output = inject(KIT_RINGTONE_OUTPUT, {optional: true});

  createTrack(source: KitSoundSource): KitAudioTrack {
    const view = this.#document.defaultView;
    if (!this.#isBrowser || !view || typeof view.Audio !== 'function') {
      return {play: () => Promise.resolve(), stop: () => {}};
    }
    const url = 'url' in source ? source.url : this.#toneUrl(source.tone);
    let audio: HTMLAudioElement | null = new view.Audio();
    audio.loop = true;
    audio.src = url;
    this.#output?.(audio);
    return {
      play: () => (audio ? audio.play() : Promise.resolve()),
      stop: () => {
        if (audio) {
          audio.pause();
          // Dropping the source releases the decoder and any network fetch of the sound.
          audio.removeAttribute('src');
          audio.load();
          audio = null;
        }
      },
    };
  }

  ngOnDestroy(): void {
    this.#toneUrls.forEach(url => URL.revokeObjectURL(url));
    this.#toneUrls.clear();
  }

  #toneUrl(tone: KitTone): string {
    let url = this.#toneUrls.get(tone);
    if (!url) {
      url = URL.createObjectURL(new Blob([kitToneWav(tone)], {type: 'audio/wav'}));
      this.#toneUrls.set(tone, url);
    }
    return url;
  }
}
