import type {KitException} from './kit-exception';

/** A user of the call SDK: the caller, the callee, or the person logged in. */
export interface KitUser {
  /** Unique id of the user in the SDK. */
  uid: string;
  /** Display name. Rendered as text, never as HTML. */
  name: string;
  /** Avatar image URL. When missing or broken, the avatar shows the initials of `name`. */
  avatar?: string | null;
  /** Free tags the SDK keeps on the user. */
  tags?: readonly string[];
}

/** Type of a call. `KitConstants.CALL_TYPE_AUDIO` is a voice call; any other value is treated as video. */
export type KitCallType = 'audio' | 'video' | (string & {});

/**
 * Status of a call as the SDK reports it. The `*-elsewhere` statuses tell a device that another device of the
 * same user answered or declined the call. `unavailable`: the callee could not be reached at all (unknown, offline,
 * no device registered: nothing rang). `failed`: the call broke (a server error, the connection to the server
 * lost, the media path failed, a time-out), as opposed to somebody's choice.
 */
export type KitCallStatus =
  | 'initiated'
  | 'ongoing'
  | 'rejected'
  | 'cancelled'
  | 'busy'
  | 'unanswered'
  | 'unavailable'
  | 'failed'
  | 'ended'
  | 'accepted-elsewhere'
  | 'rejected-elsewhere';

/** Settings that travel with an accepted call to the ongoing call screen. See `KitCallSettingsBuilder`. */
export interface KitCallSettings {
  /** Whether the ongoing call is voice only (no camera). */
  readonly audioOnly: boolean;
  /** Audio route chosen when the call starts. */
  readonly defaultAudioMode: KitAudioMode;
}

/** Audio routes an ongoing call can start on. */
export type KitAudioMode = 'SPEAKER' | 'EARPIECE' | 'BLUETOOTH' | 'HEADPHONES';

/** A call between two users, as the SDK describes it. */
export interface KitCall {
  /** Unique id of the call session. */
  sessionId: string;
  /** `KitConstants.CALL_TYPE_AUDIO` or `KitConstants.CALL_TYPE_VIDEO`. */
  type: KitCallType;
  /** The user who sent the call (same person as `callInitiator`). */
  sender: KitUser;
  /** The user the call is for (same person as `callReceiver`). */
  receiver: KitUser;
  /** The user who started the call. */
  callInitiator: KitUser;
  /** The user who receives the call. */
  callReceiver: KitUser;
  /** Last known status of the call. */
  status?: KitCallStatus;
  /** Settings of the ongoing call, set when a screen accepts the call with a `KitCallSettingsBuilder`. */
  settings?: KitCallSettings;
  /**
   * The people of a call with several people, the caller first, each with where they stand. Absent (or with two
   * entries or fewer and no `group`) for a call between two people, which behaves exactly as before. To ring
   * several people, `initiateCall` gets the callees here with status `'invited'`; `receiver` is then the first of
   * them on the caller's side and the logged-in user on each callee's side.
   */
  participants?: readonly KitParticipant[];
  /** The group the call was placed to (a chat group, a team), when it was placed to one. */
  group?: KitGroup | null;
}

/**
 * Where a person stands in a call with several people: `invited` (not rung yet), `ringing`, `joined` (in the
 * call), `declined`, `busy`, `unanswered` (the ring timed out), `left` (was in the call, hung up).
 */
export type KitParticipantStatus =
  'invited' | 'ringing' | 'joined' | 'declined' | 'busy' | 'unanswered' | 'left';

/** A person in a call with several people, and where they stand. */
export interface KitParticipant {
  readonly user: KitUser;
  readonly status: KitParticipantStatus;
}

/** A group a call is placed to: a chat group, a team. */
export interface KitGroup {
  /** Unique id of the group in the SDK. */
  id: string;
  /** Display name. Rendered as text, never as HTML. */
  name: string;
  /** Picture URL. When missing or broken, the group's initials show. */
  icon?: string | null;
}

/** Constants of the call SDK: call types and call statuses. */
export const KitConstants = {
  CALL_TYPE_AUDIO: 'audio',
  CALL_TYPE_VIDEO: 'video',
  CALL_STATUS_INITIATED: 'initiated',
  CALL_STATUS_ONGOING: 'ongoing',
  CALL_STATUS_REJECTED: 'rejected',
  CALL_STATUS_CANCELLED: 'cancelled',
  CALL_STATUS_BUSY: 'busy',
  CALL_STATUS_UNANSWERED: 'unanswered',
  CALL_STATUS_UNAVAILABLE: 'unavailable',
  CALL_STATUS_FAILED: 'failed',
  CALL_STATUS_ENDED: 'ended',
  CALL_STATUS_ACCEPTED_ELSEWHERE: 'accepted-elsewhere',
  CALL_STATUS_REJECTED_ELSEWHERE: 'rejected-elsewhere',
} as const;

/** A click callback that replaces a default action (spec: `OnClick`). */
export type KitOnClick = () => void;

/** An error callback (spec: `OnError`). */
export type KitOnError = (error: KitException) => void;
