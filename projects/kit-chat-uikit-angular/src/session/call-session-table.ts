import {KitCallEventType, KitCallState, KitCallStep} from './call-session-rows';
import {KIT_DECLINING_ROWS, kitDecliningIgnores} from './call-session-table-declining';
import {KIT_INCOMING_ROWS, kitIncomingIgnores} from './call-session-table-incoming';
import {KIT_ONGOING_ROWS, kitOngoingIgnores} from './call-session-table-ongoing';
import {KIT_OUTGOING_ROWS, kitOutgoingIgnores} from './call-session-table-outgoing';
import {KIT_WITHDRAWING_ROWS, kitWithdrawingIgnores} from './call-session-table-withdrawing';

// The call session's states and transitions as data: one table of state x event -> next state +
// effects (+ ending). A state names every cause that used to hide in flags ("declining, sent as
// unanswered by the ring time-out" is a state of its own), a row that ends the call names its
// ending, and an event a state ignores is written down. The table is written out in five parts,
// each with its rows and its ignores: an incoming call that rings or is accepted
// (call-session-table-incoming.ts), its declines (-declining.ts), an outgoing call that dials or
// is cancelled (-outgoing.ts), its withdrawals (-withdrawing.ts), and a connected or ended call
// (-ongoing.ts). The session only looks rows up and runs their effects. Internal to the library.

export {KIT_CALL_EVENTS} from './call-session-rows';
export {kitPhaseOf} from './call-session-types';
export type {
  KitCallEffect,
  KitCallEventType,
  KitCallGuard,
  KitCallRow,
  KitCallRowEnding,
  KitCallState,
  KitCallStep,
} from './call-session-rows';

/**
 * Every state x event of a call that does something: its rows (the empty cells: KIT_CALL_IGNORES).
 * The states of hold are there once `withHold()` added them (call-session-table-hold.ts): no row
 * leads to them before.
 */
export const KIT_CALL_TABLE = {
  ...KIT_INCOMING_ROWS,
  ...KIT_DECLINING_ROWS,
  ...KIT_OUTGOING_ROWS,
  ...KIT_WITHDRAWING_ROWS,
  ...KIT_ONGOING_ROWS,
} as Readonly<Record<KitCallStep, KitCallState>>;

/**
 * The events each state ignores on purpose: the table's empty cells, written down. Checked in
 * development builds (a cell with neither a row nor an ignore is logged) and by the specs;
 * production builds drop it.
 */
export const KIT_CALL_IGNORES: Readonly<Record<KitCallStep, readonly KitCallEventType[]>> | null =
  typeof ngDevMode === 'undefined' || ngDevMode
    ? ({
        ...kitIncomingIgnores(),
        ...kitDecliningIgnores(),
        ...kitOutgoingIgnores(),
        ...kitWithdrawingIgnores(),
        ...kitOngoingIgnores(),
      } as Record<KitCallStep, readonly KitCallEventType[]>)
    : null;
