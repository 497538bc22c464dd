import {DOCUMENT} from '@angular/common';
import {ChangeDetectionStrategy, Component, inject, signal} from '@angular/core';

const RINGTONE_OUTPUT_KEY = 'kit-demo-ringtone-output';

/** @returns The stored ringtone output (`ringtoneOutput` of the kit's config), or `undefined` for the default. */
export function demoLoadRingtoneOutput(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(RINGTONE_OUTPUT_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the ringtone rings: the kit's `ringtoneOutput`, part of the configuration given at bootstrap, so changing it
 * reloads the page. The call itself plays on the speaker picked on the ongoing screen ("Devices").
 */
@Component({
  selector: 'demo-ringtone-output',
  template: `
    <div class="demo-setting">
      <label class="demo-setting-label" for="demo-ringtone-output">Ringtone output</label>
      <select
        id="demo-ringtone-output"
        data-testid="ringtone-output"
        (change)="change($any($event.target).value)"
      >
        <option value="" [selected]="!current">Default output</option>
        @for (output of outputs(); track output.deviceId) {
          <option [value]="output.deviceId" [selected]="output.deviceId === current">
            {{ output.label || output.deviceId }}
          </option>
        }
      </select>
      @if (!outputs().length) {
        <button type="button" data-testid="list-outputs" (click)="allow()">List the outputs</button>
      }
      <p class="demo-help">
        Ring on the speakers, talk on a headset: <code>ringtoneOutput</code> with
        <code>withDevicePickers()</code>. Changing it reloads the page.
      </p>
    </div>
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DemoRingtoneOutput {
  private readonly _document = inject(DOCUMENT);
  protected readonly current = demoLoadRingtoneOutput() ?? '';
  protected readonly outputs = signal<MediaDeviceInfo[]>([]);

  constructor() {
    void this.list();
  }

  /** The browser names the outputs only once the page may use the microphone. */
  protected async allow(): Promise<void> {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({audio: true});
      stream.getTracks().forEach(track => track.stop());
    } catch {
      // Not allowed: the list stays empty.
    }
    await this.list();
  }

  protected change(deviceId: string): void {
    try {
      if (deviceId) {
        localStorage.setItem(RINGTONE_OUTPUT_KEY, deviceId);
      } else {
        localStorage.removeItem(RINGTONE_OUTPUT_KEY);
      }
    } catch {
      return;
    }
    this._document.location.reload();
  }

  private async list(): Promise<void> {
    const devices = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
    this.outputs.set(devices.filter(device => device.kind === 'audiooutput' && device.deviceId));
  }
}
