import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the device pickers (`withDevicePickers()`) and of the muted-speech hint (`withMutedSpeechHint()`).
 * Provide a subclass to translate them: `{provide: KitDevicePickersIntl, useClass: MyIntl}`, then
 * call `changes.next()` when strings change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitDevicePickersIntl {
  /** Emits when the strings changed, so that the pickers and the hint render again. */
  readonly changes = new Subject<void>();

  /** Text of the button that shows the pickers. */
  devices = 'Devices';
  /** Label of the microphone picker. */
  microphone = 'Microphone';
  /** Label of the camera picker. */
  camera = 'Camera';
  /** Label of the speaker picker. */
  speaker = 'Speaker';
  /** The hint said while the user speaks with the microphone muted. */
  mutedSpeech = 'You are muted';
  /**
   * Name of a device whose label the browser does not give (no permission yet).
   * @param kind The picker's label ("Microphone").
   * @param index Its place in the list, from 1.
   * @returns The name.
   */
  unnamedDevice = (kind: string, index: number): string => `${kind} ${index}`;
}
