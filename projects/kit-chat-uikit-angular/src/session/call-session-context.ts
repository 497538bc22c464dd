import type {KitException} from '../sdk/kit-exception';
import {KitCall, KitCallSettings, KitCallStatus} from '../sdk/models';
import type {Action} from './call-session-actions';
import type {KitCallSessionHost} from './call-session-host';
import {
  KitCallDirection,
  KitCallEndReason,
  KitCallEngine,
  KitCallEvent,
  KitCallEventType,
  KitCallSessionOptions,
  KitCallSessionPorts,
  KitCallStep,
} from './call-session-types';

// The types the effects and the rows share: what an effect works on (a session's context), and
// what a row is. Apart from the effects (call-session-effects.ts) and the rows
// (call-session-rows.ts), so that neither needs the other's file for its types. Internal to the
// library.

/** How the one action in flight was answered. */
export type KitCallOutcome<T> =
  {readonly ok: true; readonly value: T} | {readonly ok: false; readonly error: KitException};

/**
 * The one SDK action of a session in flight (`KitCallAction`, in call-session-effects.ts), as the
 * effects use it: a later `send` or an `abort` supersedes the one in flight.
 */
export interface KitCallActionInFlight {
  /** Sends an action; `answer` hears its outcome once, unless it was superseded. */
  send<T>(
    name: Action,
    run: () => PromiseLike<T> | T,
    answer: (outcome: KitCallOutcome<T>) => void,
  ): void;
  /** Drops the action in flight, unless it is `keep`. */
  abort(keep?: Action): void;
}

/** Everything the effects of one session work on: its parts, and what the effects remember. */
export interface KitCallContext {
  readonly direction: KitCallDirection;
  readonly options: KitCallSessionOptions;
  readonly ports: KitCallSessionPorts;
  readonly machine: KitCallEngine;
  readonly host: KitCallSessionHost;
  readonly action: KitCallActionInFlight;
  /** The session's own `start()`: a queued cancel places the call first, as the app would. */
  readonly session: {start(): Promise<KitCall>};
  /** The settings the call carries once accepted; none for the default. */
  settings?: KitCallSettings | null;
  /** When the call became ongoing, or `null`. */
  connectedAt: number | null;
  /** The SDK's answer to the user's accept, one native promise that every reader shares. */
  acceptAnswer?: Promise<KitCall>;
  /** The accept's answer, once it landed under a decline. */
  landed?: KitCall;
  /** How `initiateCall` was answered, once it was. */
  startSettle?: KitCallOutcome<KitCall>;
}

/** One effect: what it does to the context for the event that took the row. */
export type KitCallEffectRun = (
  ctx: KitCallContext,
  event: KitCallEvent,
  row: KitCallRow,
  from: KitCallStep,
) => void;

/**
 * An effect a row asks for: one function of call-session-effects.ts (`fx.sendDecline`), named by
 * the row itself.
 */
export type KitCallEffect = KitCallEffectRun;

/** Named conditions a row may depend on: they read the event's world, never what an effect wrote. */
export type KitCallGuard =
  /** No SDK (a port of the session): a callee shown with no call. */
  'noSdk';

/** The part of an ending that says its reason: a reason, or where to read it, with a fallback. */
type KitCallEndingWhy = KitCallEndReason | `${'status' | 'given'}/${KitCallEndReason}`;

/**
 * How a row ends the call, as data, in one short text of words split by spaces (read by
 * `kitEndOf`, call-session-rules.ts): `why event call [status] [0]`.
 * - why: the reason; `status/R` the one the event's call status stands for, else `R`;
 *   `given/R` the one the event gives (`dispose(reason)`), else `R`.
 * - event: the global event, `ended` (`ccCallEnded`), `rejected` (`ccCallRejected`) or `-` (none).
 * - call: the final call: `kept` as the session knew it (with the status set, if given); `news`
 *   the event's call over it (its status, else the status given); `newsStatus` only the event's
 *   status, if any; `sent` the SDK's answer over it, with the status that was sent.
 * - status: a call status, or `-` for none.
 * - `0`: closes at once; absent, the ending stays for the close delay if its kind is shown.
 */
export type KitCallRowEnding = `${KitCallEndingWhy} ${'ended' | 'rejected' | '-'} ${
  | 'kept'
  | 'news'
  | 'newsStatus'
  | 'sent'}${'' | ` ${KitCallStatus | '-'}` | ` ${KitCallStatus | '-'} 0`}`;

/** A state the call leaves to and stays in (every state but `ended`). */
export type KitCallGoingStep = Exclude<KitCallStep, 'ended'>;

/**
 * One row: where the event leads, what it does, the condition (rows of a cell are tried in order),
 * and, for a row that ends the call, its ending (required).
 */
export type KitCallRow =
  | {
      readonly to: KitCallGoingStep;
      readonly fx?: readonly KitCallEffect[];
      readonly when?: KitCallGuard;
      readonly end?: undefined;
    }
  | {
      readonly to: 'ended';
      readonly fx: readonly KitCallEffect[];
      readonly when?: KitCallGuard;
      /** How the call ends; `null` only on a row of `ended` itself (the call already ended). */
      readonly end: KitCallRowEnding | null;
    };

/** A state's rows by event. */
export type KitCallState = Readonly<
  Partial<Record<KitCallEventType, KitCallRow | readonly KitCallRow[]>>
>;

/** The rows of some states: one part of the table. */
export type KitCallTablePart<S extends KitCallStep> = Readonly<Record<S, KitCallState>>;

/** The empty cells of some states, written down: one part of the table's ignores. */
export type KitCallIgnoresPart<S extends KitCallStep> = Record<S, readonly KitCallEventType[]>;
