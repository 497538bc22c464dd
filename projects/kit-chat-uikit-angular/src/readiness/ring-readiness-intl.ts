import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The strings of `<kit-ring-readiness>`. Replace it to translate:
 * `{provide: KitRingReadinessIntl, useClass: MyIntl}`, then call `changes.next()` when strings change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitRingReadinessIntl {
  /** Emits when the strings changed, so that the prompt renders again. */
  readonly changes = new Subject<void>();

  /** Said when every part is ready. */
  ready = 'Calls will ring here';
  /** Heads the list of what is missing. */
  missing = 'You might miss a call:';
  /** The button that unlocks the sound and asks for the notification permission. */
  turnOn = 'Turn on call alerts';
  /** The sound is still blocked by the browser. */
  sound = 'Sound is off until you click';
  /** The notification permission was never asked. */
  notifications = 'Notifications are off';
  /** The user denied notifications: only the browser's site settings can change it. */
  notificationsDenied = "Notifications are blocked in the browser's site settings";
  /** The SDK is not connected or not registered. */
  registered = 'Not connected to the call service';
  /** No service worker can wake a closed tab for a call. */
  serviceWorker = 'Calls cannot reach you while the app is closed';
}
