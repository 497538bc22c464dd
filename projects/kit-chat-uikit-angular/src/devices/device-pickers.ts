import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Signal,
  ViewEncapsulation,
  computed,
  InputSignal,
  effect,
  input,
  inject,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {_IdGenerator} from '@angular/cdk/a11y';
import {KitOngoingCallMedia} from '../ongoing-call/ongoing-call-media';
import {KitMediaInputKind} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitDevicePickersIntl} from './device-pickers-intl';
import {KitMediaDevices} from './media-devices';

/** One picker: its label, the devices to pick from and the one in use. @docs-private */
export interface KitDevicePicker {
  readonly kind: KitMediaInputKind | 'audiooutput';
  readonly id: string;
  readonly label: string;
  readonly options: {readonly deviceId: string; readonly label: string}[];
  readonly value: string;
}

/** `HTMLMediaElement.setSinkId`, missing from some browsers (and from jsdom). */
type KitSinkElement = HTMLMediaElement & {
  sinkId?: string;
  setSinkId?(sinkId: string): Promise<void>;
};

/**
 * The microphone, camera and speaker pickers of the ongoing screen, behind a "Devices" button beside its controls
 * (added by `withDevicePickers()`): labelled selects, listed from `enumerateDevices()` and kept up to date when a
 * device is plugged in or out. A microphone or camera goes through the SDK's `selectInputDevice`; the speaker is the
 * sink of the element that plays the other side. A picker the SDK or the browser cannot serve is not shown.
 * @docs-private
 */
@Component({
  selector: 'kit-device-pickers',
  templateUrl: 'device-pickers.html',
  styleUrl: 'device-pickers.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-device-pickers', '(keydown.escape)': '_close($event)'},
})
export class KitDevicePickersComponent {
  /** The call's media, as the ongoing screen shows it. */
  readonly media: InputSignal<KitOngoingCallMedia> = input.required<KitOngoingCallMedia>();
  readonly #devices = inject(KitMediaDevices);
  protected readonly intl = inject(KitDevicePickersIntl);
  /** Counts the changes of the strings, for the pickers' labels to follow them. */
  readonly #strings = kitFollowIntl(this.intl);
  readonly #id = inject(_IdGenerator).getId('kit-device-pickers-');
  protected readonly _panelId = `${this.#id}-panel`;
  protected readonly _open = signal(false);
  /** The speaker picked here; `null` until the user picks one (the element's own sink then). */
  readonly #speaker = signal<string | null>(null);
  /** Bumped after a switch, so the pickers read the tracks in use again. */
  readonly #switched = signal(0);
  private readonly _toggle = viewChild<ElementRef<HTMLButtonElement>>('toggle');

  protected readonly _pickers: Signal<KitDevicePicker[]> = computed(() => {
    const media = this.media();
    const devices = this.#devices.devices();
    this.#switched();
    this.#strings();
    const stream = media.localStream();
    const canSwitch = typeof media.sdk?.selectInputDevice === 'function';
    const inUse = (kind: 'audio' | 'video') =>
      stream
        ?.getTracks?.()
        .find(track => track.kind === kind)
        ?.getSettings?.().deviceId ?? '';
    const element = (media.remoteVideo()?.nativeElement ?? null) as KitSinkElement | null;
    return [
      canSwitch && this.#picker('audioinput', this.intl.microphone, devices, inUse('audio')),
      canSwitch &&
        media.video() &&
        this.#picker('videoinput', this.intl.camera, devices, inUse('video')),
      element &&
        typeof element.setSinkId === 'function' &&
        this.#picker('audiooutput', this.intl.speaker, devices, this.#speaker() ?? element.sinkId),
    ].filter((picker): picker is KitDevicePicker => !!picker && picker.options.length > 0);
  });

  constructor() {
    // Labels appear once the page may use the microphone or the camera: list again when the local stream comes.
    effect(() => {
      this.media().localStream();
      untracked(() => this.#devices.refresh());
    });
    // The speaker picked applies to the element in use, also one rendered again.
    effect(() => {
      const element = (this.media().remoteVideo()?.nativeElement ?? null) as KitSinkElement | null;
      const speaker = this.#speaker();
      if (element && speaker !== null && element.sinkId !== speaker) {
        element.setSinkId?.(speaker).catch(error => {
          this.#speaker.set(element.sinkId ?? ''); // The output still in use.
          this.#fail(error, this.intl.speaker);
        });
      }
    });
    // The call is over: the panel goes with the controls.
    effect(() => {
      if (this.media().phase() === 'ended') {
        this._open.set(false);
      }
    });
  }

  /** @docs-private */
  protected _toggleOpen(): void {
    this._open.update(open => !open && this.media().phase() !== 'ended');
  }

  /** Escape closes the panel and gives focus back to its button. @docs-private */
  protected _close(event: Event): void {
    if (this._open()) {
      event.stopPropagation();
      this._open.set(false);
      this._toggle()?.nativeElement.focus();
    }
  }

  /** A device was picked in a select. @docs-private */
  protected _pick(picker: KitDevicePicker, select: HTMLSelectElement): void {
    const {kind} = picker;
    const deviceId = select.value;
    if (kind === 'audiooutput') {
      this.#speaker.set(deviceId);
      return;
    }
    const {sdk, sessionId} = this.media();
    new Promise(resolve => resolve(sdk!.selectInputDevice!(sessionId(), kind, deviceId))).then(
      () => this.#switched.update(count => count + 1),
      error => {
        select.value = picker.value; // The device still in use.
        this.#fail(error, picker.label);
      },
    );
  }

  #picker(
    kind: KitDevicePicker['kind'],
    label: string,
    devices: MediaDeviceInfo[],
    value: string,
  ): KitDevicePicker {
    const options = devices
      .filter(device => device.kind === kind)
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label || this.intl.unnamedDevice(label, index + 1),
      }));
    return {kind, label, options, value, id: `${this.#id}-${kind}`};
  }

  #fail(error: unknown, label: string): void {
    this.media().report(
      KitException.from(
        error,
        KitErrorCodes.SDK,
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `The ${label.toLowerCase()} could not be switched`
          : '',
      ),
    );
  }
}
