import {KitCallEventType, KitCallState, KitCallStep} from './call-session-rows';
import {KIT_INCOMING_ROWS, kitIncomingIgnores} from './call-session-table-incoming';
import {KIT_ONGOING_ROWS, kitOngoingIgnores} from './call-session-table-ongoing';
import {KIT_OUTGOING_ROWS, kitOutgoingIgnores} from './call-session-table-outgoing';
import {KitCallPhase} from './call-session-types';

// The call session's states and transitions as data: one table of state x event -> next state +
// effects. A state names every sub-state that used to hide in flags ("accepting, the answer
// landed" is a state of its own), and an event a state ignores is written down. The table is
// written out in three parts, each with its rows and its ignores: an incoming call until it is
// connected (call-session-table-incoming.ts), an outgoing one (call-session-table-outgoing.ts), and
// a connected or ended call (call-session-table-ongoing.ts). The session (call-session.ts) only
// looks rows up and runs their effects. Internal to the library.

export {KIT_CALL_EVENTS} from './call-session-rows';
export type {
  KitCallEffect,
  KitCallEventType,
  KitCallGuard,
  KitCallRow,
  KitCallState,
  KitCallStep,
} from './call-session-rows';

/**
 * Every state x event of a call that does something: its rows (the empty cells: KIT_CALL_IGNORES).
 */
export const KIT_CALL_TABLE: Readonly<Record<KitCallStep, KitCallState>> = {
  ...KIT_INCOMING_ROWS,
  ...KIT_OUTGOING_ROWS,
  ...KIT_ONGOING_ROWS,
};

/**
 * The events each state ignores on purpose: the table's empty cells, written down. Checked in
 * development builds (a cell with neither a row nor an ignore is logged) and by the specs;
 * production builds drop it.
 */
export const KIT_CALL_IGNORES: Readonly<Record<KitCallStep, readonly KitCallEventType[]>> | null =
  typeof ngDevMode === 'undefined' || ngDevMode
    ? {...kitIncomingIgnores(), ...kitOutgoingIgnores(), ...kitOngoingIgnores()}
    : null;

/**
 * @param step A state.
 * @returns The public phase of that state.
 */
export function kitPhaseOf(step: KitCallStep): KitCallPhase {
  const base = step.split('.')[0];
  return base === 'withdrawing' ? 'cancelling' : base === 'done' ? 'ended' : (base as KitCallPhase);
}
