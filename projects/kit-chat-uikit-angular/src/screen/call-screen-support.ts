import {Signal, TemplateRef, computed} from '@angular/core';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallEndReason} from '../session/call-session';

/** The names of the strings of `KitCallsIntl` (not its functions or its `changes`). */
type KitIntlText = {
  [K in keyof KitCallsIntl]: KitCallsIntl[K] extends string ? K : never;
}[keyof KitCallsIntl];

/** The status line of each end reason; `ended` for the others. A table: smaller than a switch once minified. */
const END_REASON_TEXTS: {readonly [R in KitCallEndReason]?: KitIntlText} = {
  rejected: 'declined',
  busy: 'busy',
  unanswered: 'noAnswer',
  unavailable: 'unavailable',
  cancelled: 'cancelled',
  failed: 'failed',
  'accepted-elsewhere': 'answeredElsewhere',
  'rejected-elsewhere': 'declinedElsewhere',
};

/**
 * The status line for an ended call.
 * @param intl The strings.
 * @param reason Why the call ended.
 * @returns The text to show.
 * @docs-private
 */
export function kitEndReasonText(intl: KitCallsIntl, reason: KitCallEndReason): string {
  return intl[END_REASON_TEXTS[reason] ?? 'ended'];
}

/**
 * What is said (through the LiveAnnouncer) when a call leaves the screen, or `null` when nothing needs saying
 * (the app closed it).
 * @param intl The strings.
 * @param direction Whether the call came in or went out.
 * @param reason Why the call ended.
 * @param connected Whether the call had connected.
 * @param crossedAccept Whether the end came while this side's accept was on its way.
 * @returns The sentence.
 * @docs-private
 */
export function kitEndingAnnouncement(
  intl: KitCallsIntl,
  direction: 'incoming' | 'outgoing',
  reason: KitCallEndReason,
  connected: boolean,
  crossedAccept: boolean,
): string | null {
  if (reason === 'dismissed') {
    return null;
  }
  if (connected) {
    return reason === 'failed' ? intl.failed : intl.ended;
  }
  if (direction === 'incoming') {
    if (reason === 'cancelled' || reason === 'ended') {
      return crossedAccept ? intl.cancelledWhileAccepting : intl.cancelledByCaller;
    }
    if (reason === 'unanswered') {
      return intl.missedCall;
    }
  }
  return kitEndReasonText(intl, reason);
}

/**
 * The template of a screen's slot: the slot's input when it was given (`null` empties the slot), else the content
 * template, else `undefined` for the default part.
 * @param input The slot's input; `undefined` when not set.
 * @param content The content template directive of the slot, if any.
 * @returns The template, `null` for an empty slot, or `undefined` for the default part.
 * @docs-private
 */
export function kitSlot<C>(
  input: Signal<TemplateRef<C> | null | undefined>,
  content: Signal<{readonly template: TemplateRef<C>} | undefined>,
): Signal<TemplateRef<C> | null | undefined> {
  return computed(() => {
    const given = input();
    return given !== undefined ? given : content()?.template;
  });
}

/**
 * A key held down since before a screen appeared repeats into it (the app's "Call" button, the accept that opened
 * the next view): that press was meant for the page, so it never activates a button of the screen (Enter clicks on
 * keydown). A screen binds it to its host's `keydown`.
 * @param event The key event.
 * @docs-private
 */
export function kitIgnoreHeldKey(event: KeyboardEvent): void {
  if (event.repeat && (event.key === 'Enter' || event.key === ' ')) {
    event.preventDefault();
  }
}

/**
 * One press per gesture: a second press in the same tick (a double click's second click, Enter
 * and a click) is the same gesture. It matters where an app's handler decides, maybe later, and
 * the call's session has not moved yet to say the press was taken.
 * @returns Whether a press now is the gesture's first (it counts as made).
 * @docs-private
 */
export function kitFirstPress(): () => boolean {
  let pressed = false;
  return () => {
    if (pressed) {
      return false;
    }
    pressed = true;
    queueMicrotask(() => (pressed = false));
    return true;
  };
}
