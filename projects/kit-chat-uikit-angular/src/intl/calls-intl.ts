import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/** The kind of call, in the labels. */
const kind = (isVideo?: boolean) => (isVideo ? 'video' : 'voice');

/**
 * Every user-visible and accessible string of the call screens. Replace it to translate:
 * `{provide: KitCallsIntl, useClass: MyIntl}`, then call `changes.next()` when strings change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitCallsIntl {
  /** Emits when the strings changed, so that the screens render again. */
  readonly changes = new Subject<void>();

  /** Status line while an outgoing call rings. */
  calling = 'Calling…';
  /** Status line once the callee's device rings (the SDK called `onOutgoingCallRinging`). */
  ringing = 'Ringing…';
  /** Subtitle of an incoming voice call. */
  incomingVoiceCall = 'Incoming voice call';
  /** Subtitle of an incoming video call. */
  incomingVideoCall = 'Incoming video call';
  /** Text of the accept button. */
  accept = 'Accept';
  /** Text of the decline button. */
  decline = 'Decline';
  /** Text of the call-waiting button that ends the current call and accepts the waiting one. */
  endAndAccept = 'End and accept';
  /** Text of the end-call button. */
  endCall = 'End call';
  /** Status when the callee declined. */
  declined = 'Call declined';
  /** Status when the callee is busy. */
  busy = 'Busy';
  /** Status when nobody answered. */
  noAnswer = 'No answer';
  /** Status when the callee could not be reached (unknown, offline, no device registered). */
  unavailable = 'Not available';
  /** Status when the caller cancelled. */
  cancelled = 'Call cancelled';
  /** Status when the call ended. */
  ended = 'Call ended';
  /** Status when the call failed. */
  failed = 'Call failed';
  /** Shown when accepting or declining failed and the call still rings. */
  actionFailed = 'That did not work. Please try again.';
  /** Status when another device of the user answered. */
  answeredElsewhere = 'Answered on another device';
  /** Status when another device of the user declined. */
  declinedElsewhere = 'Declined on another device';
  /** Said when an incoming call rang out unanswered. */
  missedCall = 'Missed call';
  /** Said when the caller hung up before the call was answered. */
  cancelledByCaller = 'The caller hung up';
  /** Said when the caller hung up while this side's accept was on its way. */
  cancelledWhileAccepting = 'The caller hung up before the call connected';
  /** Text of the button that places the same call again, on an outcome screen (declined, busy, no answer). */
  callAgain = 'Call again';
  /** Status while connecting after accept. */
  connecting = 'Connecting…';
  /** Status while a decline or a hang-up is on its way to the SDK. */
  ending = 'Ending…';
  /** Status while an ongoing call waits for its lost connection (the SDK called `onCallReconnecting`). */
  reconnecting = 'Reconnecting…';
  /** Said when the connection of an ongoing call came back. */
  reconnected = 'Connected again';
  /** Cue shown when the browser blocked the ringtone until the user interacts. */
  soundBlocked = 'Sound is off: tap anywhere to hear the ringtone';
  /** Text of the mute button of the ongoing call. */
  mute = 'Mute';
  /** Text of the unmute button of the ongoing call. */
  unmute = 'Unmute';
  /** Text of the button that turns the camera off. */
  cameraOff = 'Turn camera off';
  /** Text of the button that turns the camera on. */
  cameraOn = 'Turn camera on';
  /** Short visible label of the camera button of the ongoing call (its accessible name is `cameraOff`/`cameraOn`). */
  camera = 'Camera';
  /** Short visible label of the end-call button of the ongoing call (its accessible name says with whom). */
  end = 'End';
  /** Screen-reader prefix of the elapsed time of the ongoing call. */
  callDuration = 'Call duration';

  /**
   * Accessible name of the accept button.
   * @param name The caller.
   * @param isVideo Whether it is a video call (accepting turns the camera on).
   * @returns The label.
   */
  acceptCallFrom = (name: string, isVideo?: boolean): string =>
    `Accept ${kind(isVideo)} call from ${name}`;
  /**
   * Accessible name of the decline button.
   * @param name The caller.
   * @param isVideo Whether it is a video call.
   * @returns The label.
   */
  declineCallFrom = (name: string, isVideo?: boolean): string =>
    `Decline ${kind(isVideo)} call from ${name}`;
  /**
   * Accessible name of the call-waiting button that ends the current call and accepts the waiting one.
   * @param name The caller who waits.
   * @param isVideo Whether the waiting call is a video call.
   * @returns The label.
   */
  endAndAcceptCallFrom = (name: string, isVideo?: boolean): string =>
    `End current call and accept ${kind(isVideo)} call from ${name}`;
  /** Accessible name of the end-call button. @param name The other person. @returns The label. */
  endCallWith = (name: string): string => `End call with ${name}`;
  /** Label of the outgoing screen. @param name The callee. @returns The label. */
  callingName = (name: string): string => `Calling ${name}`;
  /**
   * Announcement and label of an incoming call.
   * @param name The caller.
   * @param isVideo Whether it is a video call.
   * @returns The sentence.
   */
  incomingCallFrom = (name: string, isVideo: boolean): string =>
    `Incoming ${kind(isVideo)} call from ${name}`;
  /** Label of an ongoing call. @param name The other person. @returns The label. */
  inCallWith = (name: string): string => `In call with ${name}`;
  /**
   * Status line of a call placed to several people (group calls), by `Intl.PluralRules` in a language pack.
   * @param count How many people are called.
   * @returns The line.
   */
  callingPeople = (count: number): string =>
    `Calling ${count} ${count === 1 ? 'person' : 'people'}`;
  /**
   * Writes the ongoing call's elapsed time (a language pack's does it in its locale's digits: `kitDurationIn`);
   * `null`: `mm:ss` or `h:mm:ss` in ASCII digits (`kitFormatCallDuration`).
   */
  duration: ((seconds: number) => string) | null = null;
}
