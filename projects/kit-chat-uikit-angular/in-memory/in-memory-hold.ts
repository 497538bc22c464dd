import {KitErrorCodes, KitException, KitUser, kitCaller, kitReceiver} from 'kit-chat-uikit-angular';
import type {KitInMemoryLines} from './in-memory-lines';

/**
 * A device's hold or unhold on its switchboard: checked (an ongoing call, no fault injected with
 * `control.failNext('hold')`), then told to the other party's devices, in every tab.
 * @param board The switchboard.
 * @param me The user of the device that holds.
 * @param sessionId The call.
 * @param on Whether it is held or taken off hold.
 * @throws KitException `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED`, or the injected fault.
 */
export function kitInMemoryHold(
  board: KitInMemoryLines,
  me: KitUser | null,
  sessionId: string,
  on: boolean,
): void {
  const call = board.getCall(sessionId);
  const error =
    call?.status !== 'ongoing'
      ? new KitException(
          call ? KitErrorCodes.CALL_ENDED : KitErrorCodes.UNKNOWN_SESSION,
          typeof ngDevMode === 'undefined' || ngDevMode
            ? `Call "${sessionId}" (${call?.status ?? 'unknown'}) cannot be held.`
            : '',
          call,
        )
      : board.control._fault(on ? 'hold' : 'unhold');
  if (error) {
    throw error;
  }
  const other = kitCaller(call!).uid === me?.uid ? kitReceiver(call!) : kitCaller(call!);
  board._tell(sessionId, on ? 'onCallHeld' : 'onCallResumed', other.uid);
}
