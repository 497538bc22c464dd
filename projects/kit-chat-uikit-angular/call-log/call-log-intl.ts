import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

/**
 * The texts of the call log (`<kit-call-log>` and its missed-call notification). Provide a subclass to translate
 * them, as with `KitCallsIntl`, or switch every word of the kit with `provideKitLanguage()`; call
 * `changes.next()` when they change at run time.
 */
@Injectable({providedIn: 'root'})
export class KitCallLogIntl {
  /** Emits when the strings changed, so that the log renders again. */
  readonly changes = new Subject<void>();

  /** The language of the times and durations (a BCP 47 tag); `provideKitLanguage()` sets the pack's. */
  locale = 'en';
  /** Names the list. */
  title = 'Recent calls';
  /** Shown when the log is empty. */
  empty = 'No calls yet';
  /** The call back button. */
  callBack = 'Call back';
  /** A call that came in. */
  incoming = 'Incoming';
  /** A call that went out. */
  outgoing = 'Outgoing';
  /** A call that rang here and nobody answered. */
  missed = 'Missed';
  /** A voice call. */
  voice = 'Voice call';
  /** A video call. */
  video = 'Video call';
  /** An outgoing call nobody answered, or that was declined. */
  notAnswered = 'Not answered';
  /** The button that joins a missed group call that still goes on. */
  join = 'Join';

  /**
   * @param name Who called.
   * @returns The title of the missed-call notification.
   */
  missedCallFrom(name: string): string {
    return `Missed call from ${name}`;
  }

  /**
   * @param name Who to call back.
   * @returns The call back button's accessible name.
   */
  callBackName(name: string): string {
    return `Call back ${name}`;
  }

  /**
   * @param group The group's name (or the caller's, for a call to several people without a group).
   * @returns The join button's accessible name.
   */
  joinName(group: string): string {
    return `Join the call with ${group}`;
  }

  /**
   * @param name Who called the group.
   * @returns What a group call's row says of its caller.
   */
  calledBy(name: string): string {
    return `Called by ${name}`;
  }

  /**
   * @param count How many calls were missed and not seen.
   * @returns The badge's accessible text.
   */
  missedCount(count: number): string {
    return count === 1 ? '1 missed call' : `${count} missed calls`;
  }
}
