import {Injectable} from '@angular/core';
import {KitAudioPlayer, KitAudioTrack, KitSoundSource} from 'kit-chat-uikit-angular';

/** A track of `KitFakeAudioPlayer`, as a test sees it. */
export interface KitFakeTrack {
  /** What the track plays. */
  readonly source: KitSoundSource;
  /** Whether it is playing now. */
  readonly playing: boolean;
  /** Whether it was stopped. */
  readonly stopped: boolean;
}

/**
 * An audio player for tests (jsdom cannot play media): it records which tracks play, and can refuse `play()` the
 * way a browser's autoplay policy does.
 */
@Injectable()
export class KitFakeAudioPlayer extends KitAudioPlayer {
  private readonly _tracks: {source: KitSoundSource; playing: boolean; stopped: boolean}[] = [];
  private _refusal: string | null = null;

  /** Every track created so far. */
  get tracks(): readonly KitFakeTrack[] {
    return this._tracks.map(track => ({...track}));
  }

  /** The sources playing now. */
  playing(): KitSoundSource[] {
    return this._tracks.filter(track => track.playing).map(track => track.source);
  }

  /**
   * Makes every following `play()` reject, like the autoplay policy (`'NotAllowedError'`) or a bad file.
   * @param errorName The `DOMException` name, or `null` to let tracks play again.
   */
  refusePlay(errorName: string | null = 'NotAllowedError'): void {
    this._refusal = errorName;
  }

  createTrack(source: KitSoundSource): KitAudioTrack {
    const record = {source, playing: false, stopped: false};
    this._tracks.push(record);
    return {
      play: () => {
        if (record.stopped) {
          return Promise.resolve();
        }
        if (this._refusal) {
          return Promise.reject(new DOMException('play() was refused', this._refusal));
        }
        record.playing = true;
        return Promise.resolve();
      },
      stop: () => {
        record.playing = false;
        record.stopped = true;
      },
    };
  }
}
