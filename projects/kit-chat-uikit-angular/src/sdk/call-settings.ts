import {KitAudioMode, KitCallSettings} from './models';

/**
 * Builds the settings of an ongoing call, applied when a call is accepted (spec:
 * `KitCalls.CallSettingsBuilder`).
 *
 * ```ts
 * new KitCallSettingsBuilder().setDefaultAudioMode('SPEAKER').setIsAudioOnly(true)
 * ```
 */
export class KitCallSettingsBuilder {
  private _audioOnly: boolean;
  private _defaultAudioMode: KitAudioMode = 'SPEAKER';

  /** @param audioOnly Whether the call starts as voice only. */
  constructor(audioOnly = false) {
    this._audioOnly = audioOnly;
  }

  /**
   * Sets the audio route the call starts on.
   * @param mode `'SPEAKER'`, `'EARPIECE'`, `'BLUETOOTH'` or `'HEADPHONES'`.
   * @returns This builder.
   */
  setDefaultAudioMode(mode: KitAudioMode): this {
    this._defaultAudioMode = mode;
    return this;
  }

  /**
   * Sets whether the call is voice only (no camera controls, no video).
   * @param audioOnly Whether the call is voice only.
   * @returns This builder.
   */
  setIsAudioOnly(audioOnly: boolean): this {
    this._audioOnly = audioOnly;
    return this;
  }

  /** @returns The settings as a plain, frozen object. */
  build(): KitCallSettings {
    return Object.freeze({audioOnly: this._audioOnly, defaultAudioMode: this._defaultAudioMode});
  }
}

/** Namespace of the spec's `KitCalls.CallSettingsBuilder`. */
export const KitCalls = {CallSettingsBuilder: KitCallSettingsBuilder} as const;
