import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, Signal, inject, signal} from '@angular/core';

/**
 * The devices of this computer (`navigator.mediaDevices.enumerateDevices()`), kept up to date when one is plugged in
 * or out (`devicechange`). Empty on the server and where the browser has no media devices. @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitMediaDevices {
  readonly #devices = signal<MediaDeviceInfo[]>([]);
  readonly #media = isPlatformBrowser(inject(PLATFORM_ID))
    ? (inject(DOCUMENT).defaultView?.navigator.mediaDevices ?? null)
    : null;
  #listening = false;

  /** The devices, as the browser lists them (labels are empty until a permission was granted). */
  readonly devices: Signal<MediaDeviceInfo[]> = this.#devices.asReadonly();

  constructor() {
    inject(DestroyRef).onDestroy(() =>
      this.#media?.removeEventListener?.('devicechange', this.#refresh),
    );
  }

  /** Lists the devices again (after a permission, the labels appear), and follows hot-plugs from now on. */
  refresh(): void {
    if (!this.#media) {
      return;
    }
    if (!this.#listening) {
      this.#listening = true;
      this.#media.addEventListener?.('devicechange', this.#refresh);
    }
    this.#refresh();
  }

  readonly #refresh = () => {
    this.#media?.enumerateDevices?.().then(
      devices => this.#devices.set(devices),
      () => this.#devices.set([]), // A browser that refuses to list them: the pickers show nothing to pick.
    );
  };
}
