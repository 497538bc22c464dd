import {Injector, inject} from '@angular/core';
import {KitCallRegistry} from '../registry/call-registry';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';

/** `HTMLMediaElement.setSinkId`, missing from some browsers (and from jsdom). */
type KitSinkElement = HTMLMediaElement & {setSinkId?(sinkId: string): Promise<void>};

/**
 * @returns What `KIT_RINGTONE_OUTPUT` runs on each ringing element: its sink becomes `config.ringtoneOutput`. When
 *   the device cannot be used (unplugged, not allowed, a browser without `setSinkId`), the error goes to `onError`
 *   and the element keeps ringing on the default output.
 * @docs-private
 */
export function kitRingtoneSink(): (audio: HTMLAudioElement) => void {
  const output = inject(KIT_UIKIT_CONFIG).ringtoneOutput;
  // Looked up when needed: the registry's sessions own the ringtone, whose player owns this function.
  const injector = inject(Injector);
  return (audio: KitSinkElement) => {
    if (!output) {
      return;
    }
    const failed = (error: unknown) =>
      injector
        .get(KitCallRegistry)
        .report(
          KitException.from(
            error,
            KitErrorCodes.SOUND_FAILED,
            typeof ngDevMode === 'undefined' || ngDevMode
              ? `The ringtone cannot ring on output "${output}": it rings on the default output`
              : '',
          ),
        );
    if (typeof audio.setSinkId !== 'function') {
      failed(new Error('This browser cannot choose an audio output (no setSinkId)'));
      return;
    }
    // Not awaited: the ring starts at once; a refused sink leaves the element on the default output.
    audio.setSinkId(output).catch(failed);
  };
}
