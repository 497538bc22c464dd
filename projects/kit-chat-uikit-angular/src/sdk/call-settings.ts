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
  #audioOnly: boolean;
  #defaultAudioMode: KitAudioMode = 'SPEAKER';

  /** @param audioOnly Whether the call starts as voice only. */
  constructor(audioOnly = false) {
    this.#audioOnly = audioOnly;
  }

  /**
   * Sets the audio route the call starts on.
   * @param mode `'SPEAKER'`, `'EARPIECE'`, `'BLUETOOTH'` or `'HEADPHONES'`.
   * @returns This builder.
   */
  setDefaultAudioMode(mode: KitAudioMode): this {
    this.#defaultAudioMode = mode;
    return this;
  }

  /**
   * Sets whether the call is voice only (no camera controls, no video).
   * @param audioOnly Whether the call is voice only.
   * @returns This builder.
   */
  setIsAudioOnly(audioOnly: boolean): this {
    this.#audioOnly = audioOnly;
    return this;
  }

  /** @returns The settings as a plain, frozen object. */
  build(): KitCallSettings {
    return Object.freeze({audioOnly: this.#audioOnly, defaultAudioMode: this.#defaultAudioMode});
  }
}

/** Namespace of the spec's `KitCalls.CallSettingsBuilder`. */
export const KitCalls = {CallSettingsBuilder: KitCallSettingsBuilder} as const;
