import {
  KitCall,
  KitConstants,
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitUser,
} from 'kit-chat-uikit-angular';
import {kitSipTarget, kitSipUser} from './sip-mapping';
import {kitSipPlace} from './sip-place';
import {KitSipCallEntry, KitSipSessions} from './sip-sessions';
import {KitSipReferEvent, KitSipReplacesEvent, KitSipSession} from './sip-types';

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
  /** Whether a listener follows transfers (`onCallTransferred`): the kit with `withTransfer()`. */
  following(): boolean;
  /** Answers a ringing incoming call (the adapter's `acceptCall`). */
  answer(sessionId: string, audioOnly: boolean): Promise<KitCall>;
  /** An error that no SDK method can reject with (the app's log). */
  report(code: KitErrorCode, message: string, details?: unknown): void;
}

/** A user part that needs no escaping in a SIP URI (letters, digits, `.`, `_`, `~`, `+`, `-`). */
const PLAIN_USER = /^[\w.~+-]+$/;
/** The one header a `Refer-To` may carry: `Replaces` of a confirmed dialog (no `early-only`), URI-encoded. */
const REPLACES =
  /^\?Replaces=[\w.~!%*+'()@:-]+(?:%3B|;)(?:to|from)-tag(?:%3D|=)[\w.~!*+'-]+(?:%3B|;)(?:to|from)-tag(?:%3D|=)[\w.~!*+'-]+$/i;

/**
 * Blind transfers over SIP: sending a REFER (`transfer`) and following the far side's (`watch`).
 * @docs-private
 */
export class KitSipTransfers {
  /** The incoming sessions that replace a call (an attended transfer's), with the call each replaces. */
  private readonly _replaced = new WeakMap<KitSipSession, KitSipCallEntry>();

  constructor(private readonly _hooks: KitSipTransferHooks) {}

  /**
   * Asks the far side of an ongoing call to call `to` (a REFER), and hangs up (BYE, `onCallEnded`) once `to`
   * answered it (the NOTIFY says 2xx). With `consultation`, an attended transfer: the REFER's `Refer-To` carries
   * `Replaces` of that call (this device's ongoing call to `to`), whose far side (`to`) then answers by itself and ends
   * that call (its BYE: `onCallEnded`).
   * @returns Resolves after the hang-up; rejects with `ERR_CALL_FAILED` when the REFER is refused or the far side's
   *   call failed (the call stays as it is), `ERR_CALL_ENDED` when the call is not (or no longer) ongoing,
   *   `ERR_INVALID_CALL` when `consultation` is not an ongoing call to `to`.
   */
  async transfer(sessionId: string, to: KitUser, consultation?: string): Promise<void> {
    const {calls, domain} = this._hooks;
    const entry = calls.entry(sessionId);
    const ended = () =>
      new KitException(KitErrorCodes.CALL_ENDED, `The call ${sessionId} is not ongoing`);
    if (entry.done || entry.call.status !== 'ongoing') {
      throw ended();
    }
    const target = kitSipTarget(to.uid, domain);
    const replaces = consultation === undefined ? undefined : calls.entry(consultation);
    const far = replaces && (replaces.direction === 'outgoing' ? 'receiver' : 'sender');
    if (
      replaces &&
      (replaces.done ||
        replaces.call.status !== 'ongoing' ||
        kitSipTarget(replaces.call[far!].uid, domain) !== target)
    ) {
      throw new KitException(
        KitErrorCodes.INVALID_CALL,
        `The call ${consultation} is not an ongoing call to ${to.uid}`,
      );
    }
    await new Promise<void>((resolve, reject) => {
      const failed = (message: string, details?: unknown) =>
        reject(new KitException(KitErrorCodes.CALL_FAILED, message, details));
      // The far side hung up meanwhile: JsSIP drops the REFER's subscription, no NOTIFY will come.
      entry.session.on('ended', () => reject(ended()));
      try {
        const sent = entry.session.refer(target, {
          replaces: replaces?.session,
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
      calls.hangUp(entry);
    }
  }

  /** Follows the REFERs that the far side of this call sends (to an address of this domain only). */
  watch(entry: KitSipCallEntry): void {
    entry.session.on('refer', event => void this._follow(entry, event));
    entry.session.on('replaces', event => this._replace(entry, event));
  }

  /**
   * An incoming session that takes the place of an ongoing call of this device (an attended transfer whose target
   * this user is): answered at once, with the camera only if the call it replaces had video, and told as
   * `onCallTransferred` (the call, `ongoing`), not rung.
   * @returns Whether `entry` is such a session (the adapter then does not ring it).
   */
  replacing(entry: KitSipCallEntry): boolean {
    const old = this._replaced.get(entry.session);
    if (!old) {
      return false;
    }
    const audioOnly = old.call.type === KitConstants.CALL_TYPE_AUDIO;
    this._hooks.answer(entry.call.sessionId, audioOnly).then(
      call => this._hooks.transferred(call),
      error => {
        if (!entry.done) {
          this._hooks.calls.hangUp(entry, 'failed');
        }
        this._hooks.report(KitErrorCodes.CALL_FAILED, 'The transferred call failed', error);
      },
    );
    return true;
  }

  /**
   * An INVITE with `Replaces` of this call: the far side's transferor joined us to this caller (RFC 3891). Taken only
   * while the call is ongoing and the kit follows transfers; JsSIP then ends this call (BYE) once the new one is
   * confirmed. Anything else is refused (486), and nothing is answered for the user.
   */
  private _replace(old: KitSipCallEntry, event: KitSipReplacesEvent): void {
    const replaces = event.request.getHeader('Replaces') ?? '';
    if (
      old.done ||
      old.call.status !== 'ongoing' ||
      /early-only/i.test(replaces) ||
      !this._hooks.following()
    ) {
      event.reject();
      this._hooks.report(
        KitErrorCodes.CALL_FAILED,
        `A call replacing ${old.call.sessionId} was refused`,
      );
      return;
    }
    // JsSIP ends the replaced session when the new one is confirmed, unguarded: it must not throw if the far side
    // hung up in between.
    const session = old.session;
    const terminate = session.terminate.bind(session);
    session.terminate = options => {
      if (!session.isEnded()) {
        terminate(options);
      }
    };
    if (event.accept(next => this._replaced.set(next, old)) === false) {
      event.reject();
    }
  }

  /**
   * Places the call a REFER asks for, as an outgoing call of this user, and tells `onCallTransferred`. A target that
   * is not a plain `sip:user@<this domain>` (another domain, a port, parameters, any header but one `Replaces` of a
   * confirmed dialog: an attended transfer's) is refused (a NOTIFY 603) and only reported: this device never calls
   * an address the far side made up. So is any REFER when no listener follows transfers (no `withTransfer()`).
   */
  private async _follow(old: KitSipCallEntry, refer: KitSipReferEvent): Promise<void> {
    const {uri, display_name} = refer.request.refer_to;
    const user = uri.user ?? '';
    const target = kitSipTarget(user, this._hooks.domain);
    const address = String(uri);
    const headers = address.slice(target.length);
    if (
      old.done ||
      !this._hooks.following() ||
      !PLAIN_USER.test(user) ||
      uri.scheme.toLowerCase() !== 'sip' ||
      address.slice(0, target.length).toLowerCase() !== target.toLowerCase() ||
      (headers !== '' && !REPLACES.test(headers))
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
