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
 * @param statusCode The SIP status code of the final response (0 when none arrived: the transport was lost or the
 *   transaction timed out).
 * @param rang Whether a device of the callee rang (a 180 arrived) before it.
 * @returns `rejected` for 603, `busy` for 486 and 600; for 404, 410, 480 and 604 `unanswered` when a device rang (a
 *   callee's own ring time-out answers 480) and `unavailable` when nothing rang (unknown, offline, no device
 *   registered); 408 likewise `unanswered` after a ring, else `failed`; `failed` for 5xx, no response, and every
 *   other failure (488...).
 * @docs-private
 */
export function kitSipRejectStatus(statusCode: number, rang = false): KitCallStatus {
  switch (statusCode) {
    case 603:
      return 'rejected';
    case 486:
    case 600:
      return 'busy';
    case 404:
    case 410:
    case 480:
    case 604:
      return rang ? 'unanswered' : 'unavailable';
    case 408:
      return rang ? 'unanswered' : 'failed';
    default:
      return 'failed';
  }
}

/**
 * Why a ringing incoming call stopped, read from the `Reason` header of the CANCEL (RFC 3326). JsSIP reports every
 * CANCEL as `Canceled`: only this header tells an answer on another device from a plain cancel.
 * @param reason The value of the `Reason` header, e.g. `SIP ;cause=200 ;text="Call completed elsewhere"`.
 * @returns `accepted-elsewhere` (cause 200), `rejected-elsewhere` (cause 600 or 603), `unanswered` (cause 480: the
 *   caller's ring time-out, a missed call), else `cancelled`.
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
      case 480:
        return 'unanswered';
    }
  }
  return 'cancelled';
}

/** JsSIP's causes of a session that failed because the transport or a transaction broke, not by anyone's answer. */
const BROKEN_CAUSES = new Set([
  'Connection Error',
  'Request Timeout',
  'RTP Timeout',
  'SIP Failure Code',
]);

/**
 * Why a ringing incoming call stopped before this device answered it.
 * @param cause JsSIP's cause of the session's failure.
 * @param message The request or response that failed it (the CANCEL, whose `Reason` header is read), if any.
 * @returns For a CANCEL what `kitSipCancelStatus` reads; `unanswered` for JsSIP's own no-answer timer (a missed
 *   call); `failed` when the transport or a transaction broke; else `cancelled`.
 * @docs-private
 */
export function kitSipIncomingFailStatus(
  cause: string | undefined,
  message: {getHeader?(name: string): string} | null,
): KitCallStatus {
  if (cause === 'Canceled') {
    return kitSipCancelStatus(message?.getHeader?.('Reason'));
  }
  if (cause === 'No Answer') {
    return 'unanswered';
  }
  return BROKEN_CAUSES.has(cause ?? '') ? 'failed' : 'cancelled';
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

/** A name-addr or addr-spec: an optional display name (quoted or not), then the URI, in angle brackets or bare. */
const NAME_ADDR =
  /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<\s*(sips?:[^>]*)>|^\s*(sips?:[^\s;,>]+)/i;

/**
 * The caller of an incoming INVITE, as the screens name it. A proxy that asserts its users (RFC 3325
 * `P-Asserted-Identity`, as tools/kamailio does from the credential's uid, dropping any that a client sent) is
 * believed over the caller's own From header:
 * - an asserted name (the deployment's directory) is the name;
 * - an identity asserted by URI only is the uid: the From display name, which the caller chose, is kept only beside it,
 *   as `IT Support (mallory)`, so that a caller cannot pass for someone else by name;
 * - with no assertion (a proxy that does not assert) the From header's user and display name, as before.
 * @param fromUser The user part of the From URI.
 * @param fromName The From display name (the caller's own word).
 * @param asserted The `P-Asserted-Identity` header of the INVITE, if any.
 * @docs-private
 */
export function kitSipCaller(
  fromUser: string,
  fromName: string | null | undefined,
  asserted: string | null | undefined,
): KitUser {
  const match = asserted ? NAME_ADDR.exec(asserted) : null;
  const uri = match?.[3] ?? match?.[4];
  const uid = uri ? /^sips?:([^@;?]+)@/i.exec(uri)?.[1] : undefined;
  if (!match || !uid) {
    return kitSipUser(fromUser, fromName);
  }
  const verified = safeDecode(uid);
  const name = (match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? '').trim();
  if (name) {
    return {uid: verified, name};
  }
  const claimed = fromName?.trim();
  return {
    uid: verified,
    name: claimed && claimed !== verified ? `${claimed} (${verified})` : verified,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
