import {Injectable} from '@angular/core';
import {Subject} from 'rxjs';

const people = new Intl.PluralRules('en');

/**
 * The texts of the screens of calls with several people (`withGroupCalls()`). Provide a subclass to translate them,
 * as with `KitCallsIntl` (a language pack of `kit-chat-uikit-angular/i18n` sets them all); call `changes.next()` when
 * they change at run time. Counts go through `Intl.PluralRules`.
 */
@Injectable({providedIn: 'root'})
export class KitGroupCallsIntl {
  /** Emits when the strings changed, so that the screens render again. */
  readonly changes = new Subject<void>();

  /**
   * Title of the incoming screen of a call placed to a group.
   * @param caller Who calls.
   * @param group The group's name.
   * @returns "Ada Lovelace is calling Team".
   */
  callingGroup = (caller: string, group: string): string => `${caller} is calling ${group}`;
  /**
   * How many people a call has.
   * @param count The people, the user included.
   * @returns "4 people".
   */
  peopleCount = (count: number): string =>
    `${count} ${people.select(count) === 'one' ? 'person' : 'people'}`;
  /** The incoming screen's call type, before the count: "Video call · 4 people". */
  videoCall = 'Video call';
  /** The same for a voice call. */
  voiceCall = 'Voice call';
  /**
   * The avatars row's last item: how many more people than it shows.
   * @param count How many more.
   * @returns "+2".
   */
  more = (count: number): string => `+${count}`;
  /**
   * What the "+N" says to a screen reader.
   * @param count How many more.
   * @returns "and 2 more".
   */
  moreLabel = (count: number): string => `and ${count} more`;
  /**
   * The outgoing screen's status line while a call to several people rings.
   * @param count How many people are called.
   * @returns "Calling 4 people…".
   */
  callingPeople = (count: number): string =>
    `Calling ${count} ${people.select(count) === 'one' ? 'person' : 'people'}…`;
  /** The outcome when everyone called declined. */
  everyoneDeclined = 'Declined';
  /** The outcome when nobody answered. */
  nobodyAnswered = 'Nobody answered';
  /** The ongoing screen's ending when everyone else left the call. */
  everyoneLeft = 'Everyone left';
  /** Chip and panel status: not rung yet. */
  invited = 'Invited';
  /** Chip and panel status: their device rings. */
  ringing = 'Ringing';
  /** Panel status: in the call. */
  joined = 'In the call';
  /** Chip and panel status: declined. */
  declined = 'Declined';
  /** Chip and panel status: busy in another call. */
  busy = 'Busy';
  /** Chip and panel status: the ring timed out. */
  unanswered = 'No answer';
  /** Panel status: was in the call and left. */
  left = 'Left';
  /**
   * Said when someone joined.
   * @param name Who.
   * @returns "Alan joined".
   */
  joinedName = (name: string): string => `${name} joined`;
  /** Said when someone declined. @param name Who. @returns "Katherine declined". */
  declinedName = (name: string): string => `${name} declined`;
  /** Said when someone was busy. @param name Who. @returns "Katherine is busy". */
  busyName = (name: string): string => `${name} is busy`;
  /** Said when someone did not answer. @param name Who. @returns "Katherine did not answer". */
  unansweredName = (name: string): string => `${name} did not answer`;
  /** Said when someone left. @param name Who. @returns "Ada left". */
  leftName = (name: string): string => `${name} left`;
  /**
   * The docked window's line of who speaks (also said when it changes while docked).
   * @param name Who spoke last.
   * @returns "Alan is speaking".
   */
  speakingName = (name: string): string => `${name} is speaking`;
  /** The grid's name. */
  grid = 'Participants';
  /** The user's own tile. */
  you = 'You';
  /**
   * A tile's name for screen readers.
   * @param name Whose tile.
   * @param muted Whether their microphone is off, when known.
   * @param speaking Whether they speak now.
   * @returns "Alan, muted, speaking".
   */
  tile = (name: string, muted: boolean, speaking: boolean): string =>
    [name, muted && 'muted', speaking && 'speaking'].filter(Boolean).join(', ');
  /** Said of the tile that is pinned (shown large). */
  pinned = 'pinned';
  /** The button that opens the participants panel. */
  participants = 'People';
  /** The panel's title. */
  panelTitle = 'People in the call';
  /** The button that closes the panel. */
  close = 'Close';
  /** The button that rings someone again who declined or did not answer. */
  ringAgain = 'Ring again';
  /**
   * Its accessible name.
   * @param name Who.
   * @returns "Ring Katherine again".
   */
  ringAgainName = (name: string): string => `Ring ${name} again`;
  /** The button that shows the people to add. */
  addPeople = 'Add people';
  /**
   * The button that rings one of them into the call.
   * @param name Who.
   * @returns "Add Grace".
   */
  addName = (name: string): string => `Add ${name}`;
  /** Shown when the app gives nobody more to add. */
  nobodyToAdd = 'Nobody else to add';
}
