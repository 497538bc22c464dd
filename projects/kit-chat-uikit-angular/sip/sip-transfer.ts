import {KitCall, KitErrorCode, KitErrorCodes, KitException, KitUser} from 'kit-chat-uikit-angular';
import {kitSipTarget, kitSipUser} from './sip-mapping';
import {kitSipPlace} from './sip-place';
import {KitSipCallEntry, KitSipSessions} from './sip-sessions';
import {KitSipReferEvent, KitSipSession} from './sip-types';

/** What transfers need from the adapter. @docs-private */
export interface KitSipTransferHooks {
  readonly calls: KitSipSessions;
  /** The domain of the logged-in user's URI: the only one a REFER may send this device to. */
  readonly domain: string;
  /** The logged-in user, the caller of a call placed for a REFER. */
  readonly user: KitUser;
  pcConfig(): RTCConfiguration;
  /** Tells every listener `onCallTransferred(next)`, later. */
  transferred(next: KitCall): void;
  /** An error that no SDK method can reject with (the app's log). */
  report(code: KitErrorCode, message: string, details?: unknown): void;
}

/** A user part that needs no escaping in a SIP URI (letters, digits, `.`, `_`, `~`, `+`, `-`). */
const PLAIN_USER = /^[\w.~+-]+$/;

/**
 * Blind transfers over SIP: sending a REFER (`transfer`) and following the far side's (`watch`).
 * @docs-private
 */
export class KitSipTransfers {
  constructor(private readonly _hooks: KitSipTransferHooks) {}

  /**
   * Asks the far side of an ongoing call to call `to` (a REFER), and hangs up (BYE, `onCallEnded`) once `to`
   * answered it (the NOTIFY says 2xx).
   * @returns Resolves after the hang-up; rejects with `ERR_CALL_FAILED` when the REFER is refused or the far side's
   *   call failed (the call stays as it is), `ERR_CALL_ENDED` when the call is not (or no longer) ongoing.
   */
  async transfer(sessionId: string, to: KitUser): Promise<void> {
    const entry = this._hooks.calls.entry(sessionId);
    const ended = () =>
      new KitException(KitErrorCodes.CALL_ENDED, `The call ${sessionId} is not ongoing`);
    if (entry.done || entry.call.status !== 'ongoing') {
      throw ended();
    }
    const target = kitSipTarget(to.uid, this._hooks.domain);
    await new Promise<void>((resolve, reject) => {
      const failed = (message: string, details?: unknown) =>
        reject(new KitException(KitErrorCodes.CALL_FAILED, message, details));
      // The far side hung up meanwhile: JsSIP drops the REFER's subscription, no NOTIFY will come.
      entry.session.on('ended', () => reject(ended()));
      try {
        const sent = entry.session.refer(target, {
          eventHandlers: {
            requestFailed: event =>
              failed(
                `The far side refused the transfer (${event.response?.status_code ?? event.cause})`,
                event,
              ),
            accepted: () => resolve(),
            failed: event =>
              failed(
                `${to.name} did not take the call (${event.status_line?.status_code ?? '?'})`,
                event,
              ),
          },
        });
        if (!sent) {
          reject(ended());
        }
      } catch (error) {
        failed('JsSIP could not send the REFER', error);
      }
    });
    if (!entry.done) {
      this._hooks.calls.hangUp(entry);
    }
  }

  /** Follows the REFERs that the far side of this call sends (to an address of this domain only). */
  watch(entry: KitSipCallEntry): void {
    entry.session.on('refer', event => void this._follow(entry, event));
  }

  /**
   * Places the call a REFER asks for, as an outgoing call of this user, and tells `onCallTransferred`. A target that
   * is not a plain `sip:user@<this domain>` (another domain, a port, parameters, headers such as `Replaces`) is
   * refused (a NOTIFY 603) and only reported: this device never calls an address the far side made up.
   */
  private async _follow(old: KitSipCallEntry, refer: KitSipReferEvent): Promise<void> {
    const {uri, display_name} = refer.request.refer_to;
    const user = uri.user ?? '';
    const target = kitSipTarget(user, this._hooks.domain);
    if (
      old.done ||
      !PLAIN_USER.test(user) ||
      uri.scheme.toLowerCase() !== 'sip' ||
      String(uri).toLowerCase() !== target.toLowerCase()
    ) {
      refer.reject();
      this._hooks.report(KitErrorCodes.CALL_FAILED, `A transfer to "${uri}" was refused`);
      return;
    }
    const to = kitSipUser(user, display_name);
    const me = this._hooks.user;
    const call: KitCall = {
      sessionId: '',
      type: old.call.type,
      sender: me,
      callInitiator: me,
      receiver: to,
      callReceiver: to,
      status: 'initiated',
    };
    let accepted = false;
    try {
      const next = await kitSipPlace(this._hooks.calls, this._hooks.pcConfig, call, options => {
        let placed: KitSipSession | undefined;
        accepted = true;
        refer.accept(session => (placed = session), options);
        return placed;
      });
      this.watch(next);
      this._hooks.transferred(next.call);
    } catch (error) {
      if (!accepted) {
        refer.reject(); // No microphone: the transferor hears the transfer failed.
      }
      this._hooks.report(
        KitErrorCodes.CALL_FAILED,
        `The transferred call to ${to.uid} failed`,
        error,
      );
    }
  }
}
