import {
  KitCall,
  KitErrorCodes,
  KitException,
  KitUser,
  kitCaller,
  kitReceiver,
  kitValidateUser,
} from 'kit-chat-uikit-angular';
import type {KitInMemoryCallsSdk} from './in-memory-calls-sdk';

/** How long the transferor's device follows the new call before it gives up (the kit gives up sooner). */
const FOLLOW_FOR = 120_000;
/** How often it looks at the new call's status. */
const LOOK_EVERY = 50;

/**
 * A transfer on the in-memory switchboard (`KitInMemoryMediaCallsSdk.transfer`). Attended (with `consultation`):
 * see `join`. Blind: the far side of an ongoing call places a call to `to`, as a SIP phone follows a REFER. A far side with a device on this page places it from
 * that device, whose kit hears `onCallTransferred`; a simulated one (the switchboard's far side) places it itself,
 * and `to` answers by the far side's rules. Once `to` answered, this device ends its call. A far side whose device is
 * in another tab cannot follow a transfer here: it is refused (`ERR_SDK`).
 * @param sdk This device.
 * @param sessionId The ongoing call.
 * @param to Who the far side is handed to.
 * @param consultation The user's connected call to `to` (an attended transfer).
 * @returns Resolves once `to` answered (the call then ended here); rejects with a `KitException`: the call unknown or
 *   not ongoing, `to` invalid or one of the call's own people, an injected fault (`control.failNext('transfer')`),
 *   or `to` declined, was busy or did not answer (`ERR_CALL_FAILED`).
 */
export async function kitInMemoryTransfer(
  sdk: KitInMemoryCallsSdk,
  sessionId: string,
  to: KitUser,
  consultation?: string,
): Promise<void> {
  const board = sdk.switchboard;
  const call = board.getCall(sessionId);
  const me = sdk.user;
  const other = call && (kitCaller(call).uid === me?.uid ? kitReceiver(call) : kitCaller(call));
  const lines = board._lines();
  const error =
    call?.status !== 'ongoing' || !other
      ? fail(
          call ? KitErrorCodes.CALL_ENDED : KitErrorCodes.UNKNOWN_SESSION,
          'is not ongoing',
          call,
        )
      : kitValidateUser(to) ||
        ([me?.uid, other.uid].includes(to.uid)
          ? fail(KitErrorCodes.INVALID_CALL, `cannot go to ${to.uid}, already in it`, call)
          : lines.elsewhere.has(other.uid)
            ? fail(KitErrorCodes.SDK, 'has its far side in another tab', call)
            : board.control._fault('transfer'));
  if (error) {
    throw error;
  }
  if (consultation) {
    return join(sdk, call!, other!, to, consultation);
  }
  const draft: KitCall = {
    sessionId: '',
    type: call!.type,
    sender: other!,
    callInitiator: other!,
    receiver: to,
    callReceiver: to,
  };
  const follower = [...lines.devices].find(
    (device): device is KitInMemoryCallsSdk =>
      device.user?.uid === other!.uid && 'initiateCall' in device,
  );
  const next = follower
    ? await follower.initiateCall(draft)
    : await board._initiate(null, other!, draft);
  if (follower) {
    // Its kit shows the new call (an outgoing screen), as a SIP phone's would after a REFER.
    follower._deliver('onCallTransferred', next);
  }
  const status = await settled(sdk, next.sessionId, sessionId);
  if (status !== 'ongoing') {
    throw fail(KitErrorCodes.CALL_FAILED, `could not go to ${to.name}: ${status}`, call);
  }
  await sdk.endCall(sessionId);
}

/**
 * An attended transfer: the far side of the held call and the far side of the user's call to `to` (the consultation)
 * are joined in one call of theirs, answered at once (SIP: the INVITE with `Replaces` rings nobody); both of the
 * user's calls end here, the consultation as `to`'s hang-up (over SIP their phone ends the replaced dialog). Only
 * simulated far sides are joined: a far side with a device (on this page or in another tab) is refused (`ERR_SDK`).
 */
async function join(
  sdk: KitInMemoryCallsSdk,
  call: KitCall,
  other: KitUser,
  to: KitUser,
  consultation: string,
): Promise<void> {
  const board = sdk.switchboard;
  const next = board.getCall(consultation);
  const far = next && (kitCaller(next).uid === sdk.user?.uid ? kitReceiver(next) : kitCaller(next));
  const lines = board._lines();
  const device = (uid: string) =>
    lines.elsewhere.has(uid) || [...lines.devices].some(each => each.user?.uid === uid);
  if (next?.status !== 'ongoing' || far?.uid !== to.uid) {
    throw fail(KitErrorCodes.CALL_FAILED, `has no connected call to ${to.uid} to join`, call);
  }
  if (device(other.uid) || device(to.uid)) {
    throw fail(KitErrorCodes.SDK, 'joins only simulated far sides here', call);
  }
  await board._act(null, to.uid, consultation, 'end', 'ended');
  const joined = await board._initiate(null, other, {
    sessionId: '',
    type: call.type,
    sender: other,
    callInitiator: other,
    receiver: to,
    callReceiver: to,
  });
  await board.control.accept(joined.sessionId, to.uid);
  await sdk.endCall(call.sessionId);
}

/** @returns The status the new call settles on (or `ended` once the call handed over is gone). */
async function settled(sdk: KitInMemoryCallsSdk, nextId: string, sessionId: string) {
  const until = Date.now() + FOLLOW_FOR;
  for (;;) {
    const status = sdk.switchboard.getCall(nextId)?.status ?? 'ended';
    if (status !== 'initiated') {
      return status;
    }
    if (sdk.switchboard.getCall(sessionId)?.status !== 'ongoing' || Date.now() > until) {
      return 'ended';
    }
    await new Promise(done => setTimeout(done, LOOK_EVERY));
  }
}

function fail(code: string, what: string, call?: KitCall): KitException {
  return new KitException(
    code as (typeof KitErrorCodes)[keyof typeof KitErrorCodes],
    `The transfer of call "${call?.sessionId}" ${what}.`,
    call,
  );
}
