import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The words of a call's notification that the service worker shows while no tab is open (`kit-call-sw.js`). The
 * worker gets them on its script URL (`?label-accept=...`, only those that differ from English), so a notification
 * says them without the push naming them; `labels` in a push win. Provide a subclass or assign them to translate,
 * then call `changes.next()`: a worker already registered is registered again with the new words.
 */
@Injectable({providedIn: 'root'})
export class KitPushIntl {
  /** Emits when the strings changed, so that the worker is registered again with them. */
  readonly changes = new Subject<void>();

  /** Text of the notification of a voice call. */
  voice = 'Incoming voice call';
  /** Text of the notification of a video call. */
  video = 'Incoming video call';
  /** The notification's accept action. */
  accept = 'Accept';
  /** The notification's decline action. */
  decline = 'Decline';
  /** Title of the notification when the push names no caller. */
  call = 'Incoming call';
  /** Title of a missed call's notification when the push names no caller. */
  missed = 'Missed call';
  /** Text of a missed voice call's notification (its title is the caller's name). */
  missedVoice = 'Missed voice call';
  /** Text of a missed video call's notification. */
  missedVideo = 'Missed video call';
  /** The missed call's action that calls the caller back. */
  callBack = 'Call back';
}
