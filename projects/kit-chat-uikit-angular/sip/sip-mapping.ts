import {KitCallStatus, KitUser} from 'kit-chat-uikit-angular';

/**
 * The SIP status codes the adapter sends, and the reason it puts on a CANCEL when the ring time-out cancels a call.
 * @docs-private
 */
export const KIT_SIP_CODES = {
  /** My decline (`rejectCall(id, 'rejected')`). */
  decline: 603,
  /** My busy answer (`rejectCall(id, 'busy')`). */
  busy: 486,
  /** A ring time-out: the answer of an unanswered incoming call, and the Reason cause of the caller's CANCEL. */
  unanswered: 480,
} as const;

/**
 * What an outgoing call's final failure response means to the app.
 * @param statusCode The SIP status code of the final response (0 when no response arrived).
 * @returns `rejected` for 603, `busy` for 486 and 600, `unanswered` for everything else (408 and 480 are the
 *   time-outs; 404, 5xx and the rest are "nobody answered", with the code kept on the call as `sipStatusCode`).
 * @docs-private
 */
export function kitSipRejectStatus(statusCode: number): KitCallStatus {
  switch (statusCode) {
    case 603:
      return 'rejected';
    case 486:
    case 600:
      return 'busy';
    default:
      return 'unanswered';
  }
}

/**
 * Why a ringing incoming call stopped, read from the `Reason` header of the CANCEL (RFC 3326). JsSIP reports every
 * CANCEL as `Canceled`: only this header tells an answer on another device from a plain cancel.
 * @param reason The value of the `Reason` header, e.g. `SIP ;cause=200 ;text="Call completed elsewhere"`.
 * @returns `accepted-elsewhere` (cause 200), `rejected-elsewhere` (cause 600 or 603), else `cancelled`.
 * @docs-private
 */
export function kitSipCancelStatus(reason: string | null | undefined): KitCallStatus {
  for (const value of (reason ?? '').split(',')) {
    const [protocol, ...params] = value.split(';').map(part => part.trim());
    if (protocol.toUpperCase() !== 'SIP') {
      continue;
    }
    const cause = params
      .map(param => /^cause\s*=\s*"?(\d+)"?$/i.exec(param)?.[1])
      .find(code => code !== undefined);
    switch (Number(cause)) {
      case 200:
        return 'accepted-elsewhere';
      case 600:
      case 603:
        return 'rejected-elsewhere';
    }
  }
  return 'cancelled';
}

/**
 * The status code with which I end a ringing incoming call.
 * @param status The status given to `rejectCall`.
 * @returns 486 for `busy`, 480 for `unanswered`, 603 (decline) for anything else.
 * @docs-private
 */
export function kitSipAnswerCode(status: KitCallStatus): number {
  switch (status) {
    case 'busy':
      return KIT_SIP_CODES.busy;
    case 'unanswered':
      return KIT_SIP_CODES.unanswered;
    default:
      return KIT_SIP_CODES.decline;
  }
}

/**
 * Whether an SDP offers video (an `m=video` line with a port other than 0).
 * @param sdp The session description, or nothing.
 * @docs-private
 */
export function kitSipOffersVideo(sdp: unknown): boolean {
  return typeof sdp === 'string' && /^m=video [1-9]/m.test(sdp);
}

/**
 * The SIP URI that a user of the app is reached at.
 * @param uid The user's uid: a user part (`ada`), `ada@domain`, or a full `sip:` URI.
 * @param domain The domain of the logged-in user's URI.
 * @docs-private
 */
export function kitSipTarget(uid: string, domain: string): string {
  if (/^sips?:/i.test(uid)) {
    return uid;
  }
  return uid.includes('@') ? `sip:${uid}` : `sip:${uid}@${domain}`;
}

/**
 * The user that a SIP identity stands for: the URI's user part is the uid, the display name the name.
 * @param user The URI's user part.
 * @param displayName The display name of the From or To header.
 * @docs-private
 */
export function kitSipUser(user: string, displayName?: string | null): KitUser {
  return {uid: user, name: displayName?.trim() || user};
}
