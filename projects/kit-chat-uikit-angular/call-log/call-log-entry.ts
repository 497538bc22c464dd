import {InjectionToken} from '@angular/core';
import type {
  KitCallDirection,
  KitCallEndReason,
  KitCallType,
  KitGroup,
  KitUser,
} from 'kit-chat-uikit-angular';

/** One call of the log: how it went, newest first in `KitCallLog.entries`. */
export interface KitCallLogEntry {
  /** The call's session id. */
  readonly id: string;
  /** Whether the call came in or went out. */
  readonly direction: KitCallDirection;
  /** The other person (or people) of the call. */
  readonly people: readonly KitUser[];
  /** The group a call with several people was placed to (its name and picture show in the log), if any. */
  readonly group?: KitGroup;
  /** `'audio'` or `'video'`. */
  readonly type: KitCallType;
  /** When it started to ring here, in ms since the epoch. */
  readonly startedAt: number;
  /** Whole seconds it was connected; 0 when it never was. */
  readonly duration: number;
  /** Why it ended. */
  readonly reason: KitCallEndReason;
  /** Whether it is a missed call: it rang here and nobody answered it (on any device). */
  readonly missed: boolean;
  /** Whether the user saw it (`KitCallLog.markSeen()`); calls that are not missed are seen. */
  readonly seen: boolean;
}

/** Options of `withCallLog()`. */
export interface KitCallLogOptions {
  /** How many calls the log keeps per user; the oldest go first. Default 100. */
  maxEntries?: number;
  /**
   * Whether a call missed while the tab is hidden raises a system notification that stays until it is clicked or
   * the log is seen; a click brings the tab forward and calls back. Needs the permission. Default `true`.
   */
  notifyMissed?: boolean;
}

/** The options given to `withCallLog()`. @docs-private */
export const KIT_CALL_LOG_OPTIONS = new InjectionToken<KitCallLogOptions>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_LOG_OPTIONS' : '',
  {providedIn: 'root', factory: () => ({})},
);
