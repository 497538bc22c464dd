import {Signal} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallMediaSource,
  KitCallSettings,
  KitCallStatus,
  KitCallsSdk,
  KitCallsSdkLifecycle,
  KitConstants,
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitRegistration,
  KitMediaInputKind,
  KitPhoneCallsSdk,
  KitUser,
} from 'kit-chat-uikit-angular';
import {
  kitSipAnswerCode,
  kitSipCaller,
  kitSipOffersVideo,
  kitSipTarget,
  kitSipUser,
  KIT_SIP_CODES,
} from './sip-mapping';
import {
  kitSipGetUserMedia,
  kitSipSendDigits,
  kitSipStopTracks,
  kitSipSwitchInput,
} from './sip-media';
import {kitSipPlace} from './sip-place';
import {KitSipOptions, KitSipStatus} from './sip-options';
import {KitSipSessions} from './sip-sessions';
import {KitSipTransfers} from './sip-transfer';
import {KitSipUAEvent} from './sip-types';
import {KitSipUserAgent} from './sip-user-agent';

/**
 * A `KitCallsSdk` over SIP: JsSIP registers with a SIP proxy over WebSocket (Kamailio, Asterisk, FreeSWITCH...),
 * places and answers audio and video calls, and hands the media streams to the ongoing call screen.
 *
 * The SIP mapping: INVITE → `onIncomingCallReceived`; CANCEL → `onIncomingCallCancelled` with `accepted-elsewhere`
 * (Reason cause 200), `rejected-elsewhere` (cause 600/603), `unanswered` (cause 480: the caller's ring time-out) or
 * `cancelled`; 180 → `onOutgoingCallRinging`; 2xx → `onOutgoingCallAccepted`; 603 → rejected, 486/600 → busy,
 * 404/410/480/604 → unavailable (unanswered once it rang), 5xx and the rest → failed, with `sipStatusCode` kept;
 * BYE → `onCallEnded`. A lost connection to the proxy fails every call still ringing or being set up at once (an
 * ongoing call keeps its media and dialog); a failed media path ends a call as `failed`. My decline answers 603,
 * busy 486, an unanswered ring 480; the caller's ring time-out cancels with `Reason: SIP ;cause=480`.
 */
export class KitSipCallsSdk
  extends KitCallsSdk
  implements KitCallMediaSource, KitCallsSdkLifecycle, KitPhoneCallsSdk
{
  /** JsSIP's user agent: the connection, the registration and the credentials. */
  protected readonly _agent: KitSipUserAgent;
  /** The calls of this device. */
  private readonly _calls: KitSipSessions;
  /** Blind transfers: the REFERs sent and followed. */
  private readonly _transfers: KitSipTransfers;
  protected readonly _user: KitUser;
  protected readonly _domain: string;
  private readonly _listeners = new Map<string, KitCallListener>();

  /** Transfers may be attended: `transfer`'s `consultation` goes as `Replaces` in the REFER's `Refer-To`. */
  readonly attendedTransfer = true;
  /** Where the adapter stands with the proxy; `registered` once calls can reach this device. */
  readonly status: Signal<KitSipStatus>;

  /**
   * @param options The proxy, the user's SIP address and the call options. The user agent starts at once.
   */
  constructor(protected readonly _options: KitSipOptions) {
    super();
    const [, userPart = '', domain = ''] = /^sips?:([^@]+)@([^;>]+)/i.exec(_options.uri) ?? [];
    if (!userPart || !domain) {
      throw new KitException(
        KitErrorCodes.INVALID_USER,
        `"${_options.uri}" is not a SIP address (sip:user@domain)`,
      );
    }
    this._domain = domain;
    this._user = _options.user ?? kitSipUser(userPart, _options.displayName);
    const report = this._report.bind(this);
    this._agent = new KitSipUserAgent(_options, this._user, {
      incoming: event => this._incoming(event),
      disconnected: () => this._calls.linkLost(),
      registered: () => this._calls.linkBack(),
      report,
    });
    this._calls = new KitSipSessions(_options, {
      emit: this._emit.bind(this),
      report,
      pcConfig: () => this._agent.pcConfig(),
    });
    this._transfers = new KitSipTransfers({
      calls: this._calls,
      domain,
      user: this._user,
      pcConfig: () => this._agent.pcConfig(),
      transferred: next => this._emit('onCallTransferred', next),
      following: () => [...this._listeners.values()].some(listener => listener.onCallTransferred),
      answer: (sessionId, audioOnly) =>
        this.acceptCall(sessionId, {audioOnly, defaultAudioMode: 'SPEAKER'}),
      report,
    });
    this.status = this._agent.status;
    // Started last: its events go to the call book, which must exist by then.
    void this._agent.start();
  }

  /** @returns Whether calls reach this device now: registered with the proxy. */
  getRegistration(): KitRegistration {
    return this._agent.registration();
  }

  /**
   * @param listener Receives the registration each time the status changes.
   * @returns Stops following.
   */
  watchRegistration(listener: (registration: KitRegistration) => void): () => void {
    return this._agent.watchRegistration(listener);
  }

  /**
   * Checks the connection after the page slept (the kit calls it on Page Lifecycle `resume`, when the tab is shown
   * again and when the network comes back): reconnects at once when it is down, and re-registers, or replaces a
   * connection that died silently while the tab was frozen (no answer within `resumeTimeout`).
   * @returns Resolves once the check is done.
   */
  resume(): Promise<void> {
    return this._agent.resume();
  }

  /** @returns The logged-in user (from the options), also while the proxy is unreachable. */
  getLoggedInUser(): KitUser | null {
    return this.status() === 'stopped' ? null : this._user;
  }

  /**
   * Calls `call.receiver` (its uid is the SIP user part, or a whole address). Resolves once the INVITE is sent.
   * @param call The call to place; `type` decides whether the camera is asked for.
   * @returns The call with the SIP session's id.
   */
  async initiateCall(call: KitCall): Promise<KitCall> {
    const ua = this._agent.connected('The call could not start');
    // The INVITE is answered 407 and JsSIP authenticates with what it holds: ephemeral credentials about to
    // expire are renewed first.
    if (this._options.credentials && this._agent.expiresSoon()) {
      await this._agent.refreshCredentials();
    }
    const entry = await kitSipPlace(
      this._calls,
      () => this._agent.pcConfig(),
      call,
      options => ua.call(kitSipTarget(call.receiver.uid, this._domain), options),
    );
    this._transfers.watch(entry);
    return {...entry.call};
  }

  /**
   * Answers a ringing call with the microphone, and the camera for a video call. Resolves once the answer is sent.
   * @param sessionId The session id from `onIncomingCallReceived`.
   * @param settings With `audioOnly` ("Answer as voice"): no camera opened, no video sent (the caller's comes).
   * @returns The call, `ongoing`.
   */
  async acceptCall(sessionId: string, settings?: KitCallSettings | null): Promise<KitCall> {
    const entry = this._calls.ringing(sessionId, 'incoming');
    // TURN credentials that came with the SIP ones expire with them.
    if (this._agent.hasOwnIceServers() && this._agent.expiresSoon()) {
      await this._agent.refreshCredentials();
    }
    const video = entry.call.type !== KitConstants.CALL_TYPE_AUDIO && !settings?.audioOnly;
    const stream = await kitSipGetUserMedia(video);
    if (entry.done) {
      kitSipStopTracks(stream);
      throw new KitException(KitErrorCodes.CALL_ENDED, 'The caller hung up before the answer');
    }
    entry.local = stream;
    this._calls.watchIceGathering(entry);
    await new Promise<void>((accepted, failed) => {
      entry.session.on('accepted', () => accepted());
      entry.session.on('failed', event =>
        failed(
          new KitException(
            KitErrorCodes.CALL_ENDED,
            `The call ended before the answer (${event.cause})`,
            event,
          ),
        ),
      );
      try {
        entry.session.answer({
          mediaStream: stream,
          mediaConstraints: {audio: true, video},
          pcConfig: this._agent.pcConfig(),
        });
        this._calls.watchPeer(() => entry.session, entry.session.connection);
      } catch (error) {
        failed(new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not answer', error));
      }
    });
    entry.call = {...entry.call, status: 'ongoing'};
    return {...entry.call};
  }

  /**
   * Ends a ringing call. Incoming: `rejected` answers 603 Decline, `busy` 486 Busy Here, `unanswered` 480.
   * Outgoing: CANCEL; `unanswered` (the ring time-out) puts `Reason: SIP ;cause=480` on it.
   * @param sessionId The call's session id.
   * @param status Why it ends.
   * @returns The call with that status.
   */
  async rejectCall(sessionId: string, status: KitCallStatus): Promise<KitCall> {
    const entry = this._calls.ringing(sessionId);
    try {
      if (entry.direction === 'incoming') {
        this._calls.terminate(entry, {status_code: kitSipAnswerCode(status)});
      } else if (status === 'unanswered') {
        this._calls.terminate(entry, {
          status_code: KIT_SIP_CODES.unanswered,
          reason_phrase: 'Temporarily Unavailable',
        });
      } else {
        this._calls.terminate(entry);
      }
    } catch (error) {
      throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not end the call', error);
    }
    const call = {...entry.call, status};
    this._calls.finish(entry, call);
    return {...call};
  }

  /**
   * Hangs up (BYE), or ends a call still ringing as `rejectCall` would. Every listener hears `onCallEnded`.
   * @param sessionId The call's session id.
   * @returns The call, `ended`.
   */
  async endCall(sessionId: string): Promise<KitCall> {
    const entry = this._calls.entry(sessionId);
    if (entry.done) {
      throw new KitException(KitErrorCodes.CALL_ENDED, `The call ${sessionId} already ended`);
    }
    this._calls.hangUp(entry);
    return {...entry.call};
  }

  /** Registers a listener; the same id replaces the previous one. */
  addCallListener(listenerId: string, listener: KitCallListener): void {
    this._listeners.set(listenerId, listener);
  }

  /** Removes a listener. */
  removeCallListener(listenerId: string): void {
    this._listeners.delete(listenerId);
  }

  /** @returns The microphone (and camera) stream of a call of this device, or `null`. */
  getLocalStream(sessionId: string): MediaStream | null {
    return this._calls.get(sessionId)?.local ?? null;
  }

  /** @returns The stream received from the other person, or `null` before the first track arrives. */
  getRemoteStream(sessionId: string): MediaStream | null {
    return this._calls.get(sessionId)?.remote ?? null;
  }

  /**
   * Switches the microphone or the camera of an ongoing call (`getUserMedia` for the new device, then
   * `RTCRtpSender.replaceTrack`; the old track stops).
   * @returns Resolves once the new device is sent; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED` or `ERR_SDK`.
   */
  selectInputDevice(sessionId: string, kind: KitMediaInputKind, deviceId: string): Promise<void> {
    const entry = this._calls.get(sessionId);
    return entry
      ? kitSipSwitchInput(entry, kind, deviceId)
      : Promise.reject(
          new KitException(KitErrorCodes.UNKNOWN_SESSION, `Unknown call session "${sessionId}"`),
        );
  }

  /**
   * The kit turned the microphone or the camera off or on: the tracks stop or start sending, and the far side hears
   * a change of the camera by a re-INVITE (`m=video` `recvonly` / `sendrecv`). A call that ended is ignored.
   * @returns Resolves once the tracks follow; rejects with `ERR_UNKNOWN_SESSION`.
   */
  async setLocalMedia(sessionId: string, audio: boolean, video: boolean): Promise<void> {
    const entry = this._calls.entry(sessionId);
    if (!entry.done) {
      this._calls.reoffers.media(entry, audio, video);
    }
  }

  /** Puts an ongoing call on hold: a re-INVITE with `sendonly` (`inactive` if the far side holds too). */
  async hold(sessionId: string): Promise<void> {
    return this._calls.reoffers.hold(this._calls.entry(sessionId), true);
  }

  /** Takes a held call off hold: a re-INVITE with `sendrecv`, in turn with the others. */
  async unhold(sessionId: string): Promise<void> {
    return this._calls.reoffers.hold(this._calls.entry(sessionId), false);
  }

  /**
   * Sends keypad digits on an ongoing call: RFC 4733 telephone events in its audio, or SIP INFO with
   * `dtmf: 'info'`.
   * @returns Resolves once handed to JsSIP; rejects with `ERR_UNKNOWN_SESSION`, `ERR_CALL_ENDED`, `ERR_INVALID_CALL`
   *   (not a digit) or `ERR_SDK`.
   */
  async sendDigits(sessionId: string, digits: string): Promise<void> {
    kitSipSendDigits(this._calls.entry(sessionId), digits, this._options.dtmf === 'info');
  }

  /**
   * A transfer: a REFER whose `Refer-To` is `to`'s address; once the far side's call to `to` is answered (its
   * NOTIFY says 2xx) this call ends (BYE, `onCallEnded`). With `consultation` (an ongoing call of this device to
   * `to`), attended: the `Refer-To` carries `Replaces` of that call, which `to`'s device then ends.
   * @returns Rejects with `ERR_CALL_FAILED` when the REFER is refused or `to` does not answer (the call stays),
   *   `ERR_UNKNOWN_SESSION` or `ERR_CALL_ENDED` when the call is not there.
   */
  transfer(sessionId: string, to: KitUser, consultation?: string): Promise<void> {
    return this._transfers.transfer(sessionId, to, consultation);
  }

  /** Hangs up every call, unregisters and closes the connection. The adapter cannot be started again. */
  dispose(): void {
    this._calls.endAll();
    this._listeners.clear();
    this._agent.stop();
  }

  private _incoming({session, request}: KitSipUAEvent): void {
    const caller = kitSipCaller(
      session.remote_identity.uri.user,
      session.remote_identity.display_name,
      request?.getHeader?.('P-Asserted-Identity'),
    );
    if (this._ringsAsGroup({session, request}, caller)) {
      return;
    }
    const entry = this._calls.track(session, 'incoming', {
      sessionId: session.id,
      type: kitSipOffersVideo(request?.body)
        ? KitConstants.CALL_TYPE_VIDEO
        : KitConstants.CALL_TYPE_AUDIO,
      sender: caller,
      callInitiator: caller,
      receiver: this._user,
      callReceiver: this._user,
      status: 'initiated',
    });
    this._transfers.watch(entry);
    // An attended transfer's call, taking the place of one of ours, is answered, not rung.
    if (!this._transfers.replacing(entry)) {
      this._emit('onIncomingCallReceived', entry.call);
    }
  }

  /**
   * A group call's INVITE (`X-Kit-Group`) rings only with `sfu` (`kitSipCallsSdk`): here it is answered 488, as its
   * media is not for two people.
   * @returns Whether the INVITE was a group call's.
   */
  protected _ringsAsGroup({session, request}: KitSipUAEvent, _caller: KitUser): boolean {
    if (!request?.getHeader?.('X-Kit-Group')) {
      return false;
    }
    session.terminate({status_code: 488, reason_phrase: 'Not Acceptable Here'});
    this._report(
      KitErrorCodes.INVALID_CALL,
      'A group call came in: group calls need the sfu option',
    );
    return true;
  }

  /** Calls every listener, later: never inside the SDK method or the JsSIP event that caused it. */
  protected _emit(method: keyof KitCallListener, call: KitCall): void {
    const snapshot = {...call};
    setTimeout(() => {
      for (const listener of [...this._listeners.values()]) {
        try {
          listener[method]?.({...snapshot});
        } catch (error) {
          this._report(KitErrorCodes.SDK, `A call listener threw in ${method}`, error);
        }
      }
    });
  }

  protected _report(code: KitErrorCode, message: string, details?: unknown): void {
    const onError = this._options.onError;
    if (onError) {
      setTimeout(() => onError(new KitException(code, message, details)));
    }
  }
}
