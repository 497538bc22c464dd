import {DestroyRef, Signal, inject, signal} from '@angular/core';
import {
  KitCall,
  KitCallListener,
  KitCallMediaSource,
  KitCallStatus,
  KitCallsSdk,
  KitConstants,
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitUser,
} from 'kit-chat-uikit-angular';
import {
  kitSipAnswerCode,
  kitSipCancelStatus,
  kitSipOffersVideo,
  kitSipRejectStatus,
  kitSipTarget,
  kitSipUser,
  KIT_SIP_CODES,
} from './sip-mapping';
import {kitSipGetUserMedia, kitSipStopTracks, kitSipWatchPeer} from './sip-media';
import {KitSipCall, KitSipOptions, KitSipStatus} from './sip-options';
import {KitSipSession, KitSipUA, KitSipUAEvent} from './sip-types';

/** One call of this device: its JsSIP session and media. */
interface SipCallEntry {
  readonly session: KitSipSession;
  readonly direction: 'incoming' | 'outgoing';
  call: KitSipCall;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** Whether the call reached a terminal state (every later event of the session is ignored). */
  done: boolean;
  /** Whether the INVITE (outgoing) or the answer (incoming) went out. */
  sent: boolean;
  /** Whether this adapter ended the session (its `failed` / `ended` events are then not news). */
  closing: boolean;
  /** Whether a device of the callee rang (180), for an outgoing call. */
  rang: boolean;
  timers: ReturnType<typeof setTimeout>[];
}

/** JsSIP's causes of a session that failed because the transport or a transaction broke, not by anyone's answer. */
const BROKEN_CAUSES = new Set([
  'Connection Error',
  'Request Timeout',
  'RTP Timeout',
  'SIP Failure Code',
]);

/** How many ended session ids are remembered, to answer `ERR_CALL_ENDED` rather than `ERR_UNKNOWN_SESSION`. */
const MAX_ENTRIES = 200;

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
export class KitSipCallsSdk extends KitCallsSdk implements KitCallMediaSource {
  /** The user agent, once JsSIP is loaded. */
  private _ua: KitSipUA | null = null;
  private readonly _user: KitUser;
  private readonly _domain: string;
  private readonly _listeners = new Map<string, KitCallListener>();
  private readonly _calls = new Map<string, SipCallEntry>();
  private readonly _status = signal<KitSipStatus>('connecting');
  private _wasConnected = false;
  /** When the credentials in JsSIP's hands expire (ms since the epoch; never for fixed ones). */
  private _credentialsExpire = 0;
  /** The question to the app's `credentials` in flight, shared by whoever needs fresh ones meanwhile. */
  private _asking: Promise<boolean> | null = null;
  /** Whether a refused registration was already retried with fresh credentials (reset once registered). */
  private _authRetried = false;
  /** The STUN/TURN servers that came with the last credentials, which replace the options' `iceServers`. */
  private _iceServers: RTCIceServer[] | null = null;

  /** Where the adapter stands with the proxy; `registered` once calls can reach this device. */
  readonly status: Signal<KitSipStatus> = this._status.asReadonly();

  /**
   * @param options The proxy, the user's SIP address and the call options. The user agent starts at once.
   */
  constructor(private readonly _options: KitSipOptions) {
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
    void this._start();
  }

  /** @returns The logged-in user (from the options), also while the proxy is unreachable. */
  getLoggedInUser(): KitUser | null {
    return this._status() === 'stopped' ? null : this._user;
  }

  /**
   * Calls `call.receiver` (its uid is the SIP user part, or a whole address). Resolves once the INVITE is sent.
   * @param call The call to place; `type` decides whether the camera is asked for.
   * @returns The call with the SIP session's id.
   */
  async initiateCall(call: KitCall): Promise<KitCall> {
    const ua = this._connectedUA('The call could not start');
    // The INVITE is answered 407 and JsSIP authenticates with what it holds: ephemeral credentials about to
    // expire are renewed first.
    if (this._options.credentials && Date.now() > this._credentialsExpire - 60_000) {
      await this._refreshCredentials();
    }
    const video = call.type !== KitConstants.CALL_TYPE_AUDIO;
    const stream = await kitSipGetUserMedia(video);
    let session: KitSipSession;
    try {
      session = ua.call(kitSipTarget(call.receiver.uid, this._domain), {
        mediaStream: stream,
        pcConfig: this._pcConfig(),
        rtcOfferConstraints: {offerToReceiveAudio: true, offerToReceiveVideo: video},
        // The peer connection of an outgoing call is created inside `call()` (before `session` is assigned): only
        // these handlers see it.
        eventHandlers: {
          peerconnection: event => this._watchPeer(() => session, event.peerconnection),
        },
      });
    } catch (error) {
      kitSipStopTracks(stream);
      throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not place the call', error);
    }
    const entry = this._track(session, 'outgoing', {
      ...call,
      sessionId: session.id,
      status: 'initiated',
    });
    entry.local = stream;
    this._watchIceGathering(entry);
    await new Promise<void>((sent, failed) => {
      session.on('sending', () => sent());
      session.on('failed', event => {
        if (!entry.sent) {
          this._teardown(entry);
          failed(
            new KitException(
              event.cause === 'Connection Error'
                ? KitErrorCodes.NETWORK
                : KitErrorCodes.CALL_FAILED,
              `The call failed before it was sent (${event.cause})`,
              event,
            ),
          );
        }
      });
    });
    return {...entry.call};
  }

  /**
   * Answers a ringing call with the microphone, and the camera for a video call. Resolves once the answer is sent.
   * @param sessionId The session id from `onIncomingCallReceived`.
   * @returns The call, `ongoing`.
   */
  async acceptCall(sessionId: string): Promise<KitCall> {
    const entry = this._ringing(sessionId, 'incoming');
    // TURN credentials that came with the SIP ones expire with them.
    if (this._iceServers && Date.now() > this._credentialsExpire - 60_000) {
      await this._refreshCredentials();
    }
    const stream = await kitSipGetUserMedia(entry.call.type !== KitConstants.CALL_TYPE_AUDIO);
    if (entry.done) {
      kitSipStopTracks(stream);
      throw new KitException(KitErrorCodes.CALL_ENDED, 'The caller hung up before the answer');
    }
    entry.local = stream;
    this._watchIceGathering(entry);
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
          pcConfig: this._pcConfig(),
        });
        this._watchPeer(() => entry.session, entry.session.connection);
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
    const entry = this._ringing(sessionId);
    try {
      if (entry.direction === 'incoming') {
        this._terminate(entry, {status_code: kitSipAnswerCode(status)});
      } else if (status === 'unanswered') {
        this._terminate(entry, {
          status_code: KIT_SIP_CODES.unanswered,
          reason_phrase: 'Temporarily Unavailable',
        });
      } else {
        this._terminate(entry);
      }
    } catch (error) {
      throw new KitException(KitErrorCodes.CALL_FAILED, 'JsSIP could not end the call', error);
    }
    const call = {...entry.call, status};
    this._finish(entry, call);
    return {...call};
  }

  /**
   * Hangs up (BYE), or ends a call still ringing as `rejectCall` would. Every listener hears `onCallEnded`.
   * @param sessionId The call's session id.
   * @returns The call, `ended`.
   */
  async endCall(sessionId: string): Promise<KitCall> {
    const entry = this._entry(sessionId);
    if (entry.done) {
      throw new KitException(KitErrorCodes.CALL_ENDED, `The call ${sessionId} already ended`);
    }
    this._hangUp(entry);
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

  /** Hangs up every call, unregisters and closes the connection. The adapter cannot be started again. */
  dispose(): void {
    for (const entry of this._calls.values()) {
      if (!entry.done) {
        try {
          this._terminate(entry);
        } catch {
          // Ending anyway: the streams stop below.
        }
        this._teardown(entry);
      }
    }
    this._listeners.clear();
    this._status.set('stopped');
    this._ua?.stop();
  }

  /**
   * Loads JsSIP (a chunk of its own: about 250 kB that an app loads only when it creates this SDK) and starts the
   * user agent, which connects and registers.
   */
  private async _start(): Promise<void> {
    let jssip: typeof import('jssip');
    try {
      const loaded = await import('jssip');
      // JsSIP is CommonJS: bundlers put its exports on the namespace, or only on `default`.
      jssip = (loaded as {UA?: unknown}).UA
        ? loaded
        : (loaded as unknown as {default: typeof import('jssip')}).default;
    } catch (error) {
      this._status.set('disconnected');
      this._report(KitErrorCodes.SDK, 'JsSIP could not be loaded: npm install jssip', error);
      return;
    }
    if (this._status() === 'stopped') {
      return;
    }
    const options = this._options;
    const ua = new jssip.UA({
      sockets: [new jssip.WebSocketInterface(options.server)],
      uri: options.uri,
      display_name: options.displayName ?? this._user.name,
      password: options.credentials ? undefined : options.password,
      authorization_user: options.credentials ? undefined : options.authorizationUser,
      // With `credentials`, the adapter registers itself once it has asked for them (see _listenTo).
      register: !options.credentials,
      connection_recovery_min_interval: options.reconnectInterval?.min ?? 1,
      connection_recovery_max_interval: options.reconnectInterval?.max ?? 8,
      user_agent: 'kit-chat-uikit-angular (JsSIP)',
    }) as unknown as KitSipUA;
    this._ua = ua;
    this._listenTo(ua);
    ua.start();
  }

  private _listenTo(ua: KitSipUA): void {
    ua.on('connected', () => {
      this._wasConnected = true;
      this._status.set('connected');
    });
    ua.on('registered', () => {
      this._authRetried = false;
      this._status.set('registered');
    });
    if (this._options.credentials) {
      // Fresh credentials before every registration: on each (re)connection, and before each refresh (JsSIP then
      // leaves the refresh to this listener).
      ua.on('connected', () => void this._register());
      ua.on('registrationExpiring', () => void this._register());
    }
    ua.on('disconnected', () => {
      if (this._status() === 'stopped') {
        return;
      }
      const lost = this._wasConnected && this._status() !== 'disconnected';
      this._status.set('disconnected');
      this._failUnestablished();
      // JsSIP reconnects by itself with back-off and registers again once connected.
      if (lost) {
        this._report(KitErrorCodes.NETWORK, 'The connection to the SIP proxy was lost');
      }
    });
    ua.on('registrationFailed', event => {
      const code = event.response?.status_code;
      // Refused credentials (they expired while the tab slept, or the secret rotated): ask once more.
      if (this._options.credentials && (code === 401 || code === 407) && !this._authRetried) {
        this._authRetried = true;
        void this._register();
        return;
      }
      this._report(KitErrorCodes.NETWORK, `Registration failed (${event.cause})`, event);
    });
    ua.on('newRTCSession', event => {
      if (event.originator === 'remote') {
        this._incoming(event);
      }
    });
  }

  /** Registers with fresh credentials from the app. */
  private async _register(): Promise<void> {
    if ((await this._refreshCredentials()) && this._status() !== 'stopped') {
      this._ua?.register();
    }
  }

  /**
   * Asks the app's `credentials` and hands the answer to JsSIP.
   * @returns Whether fresh credentials are in place.
   */
  private _refreshCredentials(): Promise<boolean> {
    const ask = this._options.credentials;
    if (!ask) {
      return Promise.resolve(false);
    }
    // One question at a time: a reconnection and a call at the same moment share the answer. `then` keeps a
    // synchronous throw of `ask` inside the promise.
    this._asking ??= Promise.resolve()
      .then(ask)
      .then(
        ({username, password, iceServers}) => {
          const ua = this._ua;
          if (!ua || this._status() === 'stopped') {
            return false;
          }
          ua.set('authorization_user', username);
          ua.set('password', password);
          this._iceServers = iceServers ?? this._iceServers;
          const expiry = Number(/^(\d+):/.exec(username)?.[1]);
          this._credentialsExpire = expiry ? expiry * 1000 : Infinity;
          return true;
        },
        error => {
          this._report(KitErrorCodes.NETWORK, 'The SIP credentials could not be fetched', error);
          return false;
        },
      )
      .finally(() => (this._asking = null));
    return this._asking;
  }

  private _incoming({session, request}: KitSipUAEvent): void {
    const caller = kitSipUser(
      session.remote_identity.uri.user,
      session.remote_identity.display_name,
    );
    const entry = this._track(session, 'incoming', {
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
    this._emit('onIncomingCallReceived', entry.call);
  }

  /** Keeps a session and maps its events onto the listeners. */
  private _track(
    session: KitSipSession,
    direction: 'incoming' | 'outgoing',
    call: KitSipCall,
  ): SipCallEntry {
    const entry: SipCallEntry = {
      session,
      direction,
      call,
      local: null,
      remote: null,
      done: false,
      sent: false,
      closing: false,
      rang: false,
      timers: [],
    };
    this._calls.set(session.id, entry);
    this._forgetOldCalls();
    session.on(direction === 'outgoing' ? 'sending' : 'accepted', () => (entry.sent = true));
    if (direction === 'outgoing') {
      session.on('progress', event => {
        if (!entry.rang && !entry.done && event.response?.status_code === 180) {
          entry.rang = true;
          this._emit('onOutgoingCallRinging', entry.call);
        }
      });
      session.on('accepted', () => {
        if (!entry.done) {
          entry.call = {...entry.call, status: 'ongoing'};
          this._emit('onOutgoingCallAccepted', entry.call);
        }
      });
    }
    // An incoming call's peer connection is created in `answer()`.
    session.on('peerconnection', event => this._watchPeer(() => session, event.peerconnection));
    session.on('failed', event => this._failed(entry, event));
    session.on('ended', () => {
      if (!entry.done) {
        this._finish(entry, {...entry.call, status: 'ended'}, 'onCallEnded');
      }
    });
    return entry;
  }

  /** A session that failed before it was established: a CANCEL, a failure response, a lost transport. */
  private _failed(
    entry: SipCallEntry,
    event: {originator: string; cause?: string; message?: unknown},
  ) {
    if (entry.done || entry.closing) {
      return; // My own reject, cancel or time-out: the method that caused it reported it.
    }
    if (entry.direction === 'outgoing' && !entry.sent) {
      return; // `initiateCall` rejects with it.
    }
    const message = event.message as {
      status_code?: number;
      getHeader?(name: string): string;
    } | null;
    if (entry.direction === 'incoming') {
      const status =
        event.cause === 'Canceled'
          ? kitSipCancelStatus(message?.getHeader?.('Reason'))
          : event.cause === 'No Answer'
            ? 'unanswered' // JsSIP's own no-answer timer: a missed call.
            : BROKEN_CAUSES.has(event.cause ?? '')
              ? 'failed'
              : 'cancelled';
      this._finish(entry, {...entry.call, status}, 'onIncomingCallCancelled');
    } else {
      const code = message?.status_code ?? 0;
      this._finish(
        entry,
        {
          ...entry.call,
          status: kitSipRejectStatus(code, entry.rang),
          ...(code ? {sipStatusCode: code} : {}),
        },
        'onOutgoingCallRejected',
      );
    }
    if (event.cause === 'Connection Error' || event.cause === 'Request Timeout') {
      this._report(KitErrorCodes.NETWORK, `The call failed: ${event.cause}`, event);
    }
  }

  /**
   * The transport to the proxy is gone: a ringing incoming call can no longer be answered (JsSIP would keep it
   * ringing until its time-out) and an outgoing call being set up cannot be answered back, so each fails now. An
   * ongoing call keeps its media and its dialog: its BYE finds the way again once the user agent reconnects.
   */
  private _failUnestablished(): void {
    for (const entry of [...this._calls.values()]) {
      if (entry.done || entry.call.status === 'ongoing') {
        continue;
      }
      const sent = entry.sent;
      try {
        this._terminate(entry);
      } catch {
        // JsSIP cannot send over a dead transport: the call ends here anyway.
      }
      if (entry.direction === 'outgoing' && !sent) {
        // `initiateCall` still waits for the INVITE to go out: it rejects with ERR_NETWORK (the session failed).
        continue;
      }
      this._finish(
        entry,
        {...entry.call, status: 'failed'},
        entry.direction === 'incoming' ? 'onIncomingCallCancelled' : 'onOutgoingCallRejected',
      );
    }
  }

  /** Ends the JsSIP session, marked as this adapter's doing. */
  private _terminate(
    entry: SipCallEntry,
    options?: {status_code?: number; reason_phrase?: string},
  ): void {
    entry.closing = true;
    entry.session.terminate(options);
  }

  private _hangUp(entry: SipCallEntry, status: 'ended' | 'failed' = 'ended'): void {
    try {
      this._terminate(entry);
    } catch {
      // The session is gone already (the transport dropped): the call ends here anyway.
    }
    this._finish(entry, {...entry.call, status}, 'onCallEnded');
  }

  /** The one terminal path of a call: marks it done, stops its media and timers, tells the listeners. */
  private _finish(entry: SipCallEntry, call: KitSipCall, method?: keyof KitCallListener): void {
    if (entry.done) {
      return;
    }
    entry.call = call;
    this._teardown(entry);
    if (method) {
      this._emit(method, call);
    }
  }

  private _teardown(entry: SipCallEntry): void {
    entry.done = true;
    entry.timers.forEach(clearTimeout);
    entry.timers = [];
    kitSipStopTracks(entry.local);
  }

  /** Shows the tracks that arrive as the remote stream, and ends the call when its media path fails. */
  private _watchPeer(
    session: () => KitSipSession | undefined,
    peer: RTCPeerConnection | undefined,
  ): void {
    const live = () => {
      const entry = this._calls.get(session()?.id ?? '');
      return entry && !entry.done ? entry : null;
    };
    kitSipWatchPeer(peer, {
      track: track => {
        const entry = live();
        if (entry) {
          entry.remote ??= new MediaStream();
          entry.remote.addTrack(track);
        }
      },
      failed: () => {
        const entry = live();
        if (entry) {
          this._report(KitErrorCodes.NETWORK, 'The media connection of the call failed');
          this._hangUp(entry, 'failed');
        }
      },
    });
  }

  /**
   * Sends the offer or answer as soon as the candidates that can come are in, instead of at the end of gathering,
   * and gives the call up when no candidate arrives at all.
   */
  private _watchIceGathering(entry: SipCallEntry): void {
    // With no STUN or TURN server only host candidates can come, and the browser gathers them in one burst: the
    // offer goes out once that burst is in (the next task), with no wait that gathering does not need. A
    // server-reflexive or relay candidate takes a round trip to its server: a bounded wait for it (JsSIP sends
    // earlier by itself when gathering completes first).
    const wait = this._pcConfig().iceServers?.length ? (this._options.iceCandidateWait ?? 150) : 0;
    let first = true;
    entry.session.on('icecandidate', event => {
      if (first) {
        first = false;
        entry.timers.push(setTimeout(event.ready, wait));
      }
    });
    const timeout = setTimeout(() => {
      // Nothing went out: `initiateCall` or `acceptCall` is still waiting and rejects on the session's failure.
      if (!entry.sent && !entry.done) {
        this._report(KitErrorCodes.NETWORK, 'No ICE candidate was gathered: the call is given up');
        try {
          this._terminate(entry);
        } catch {
          // Ending anyway.
        }
        this._teardown(entry);
      }
    }, this._options.iceGatheringTimeout ?? 5000);
    entry.timers.push(timeout);
  }

  /** @returns The configuration of a new peer connection: its STUN/TURN servers and transport policy. */
  private _pcConfig(): RTCConfiguration {
    const policy = this._options.iceTransportPolicy;
    return {
      iceServers: this._iceServers ?? this._options.iceServers ?? [],
      ...(policy ? {iceTransportPolicy: policy} : {}),
    };
  }

  /** @returns The user agent, when it is connected to the proxy. */
  private _connectedUA(what: string): KitSipUA {
    if (!this._ua?.isConnected()) {
      throw new KitException(KitErrorCodes.NETWORK, `${what}: no connection to the SIP proxy`);
    }
    return this._ua;
  }

  private _entry(sessionId: string): SipCallEntry {
    const entry = this._calls.get(sessionId);
    if (!entry) {
      throw new KitException(KitErrorCodes.UNKNOWN_SESSION, `No call ${sessionId}`);
    }
    return entry;
  }

  /** A call that still rings (in the given direction). */
  private _ringing(sessionId: string, direction?: 'incoming' | 'outgoing'): SipCallEntry {
    const entry = this._entry(sessionId);
    if (entry.done || entry.call.status === 'ongoing') {
      throw new KitException(
        KitErrorCodes.CALL_ENDED,
        `The call ${sessionId} is ${entry.call.status}, not ringing`,
      );
    }
    if (direction && entry.direction !== direction) {
      throw new KitException(
        KitErrorCodes.INVALID_CALL,
        `The call ${sessionId} is not ${direction}`,
      );
    }
    return entry;
  }

  private _forgetOldCalls(): void {
    for (const [id, entry] of this._calls) {
      if (this._calls.size <= MAX_ENTRIES) {
        return;
      }
      if (entry.done) {
        this._calls.delete(id);
      }
    }
  }

  /** Calls every listener, later: never inside the SDK method or the JsSIP event that caused it. */
  private _emit(method: keyof KitCallListener, call: KitCall): void {
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

  private _report(code: KitErrorCode, message: string, details?: unknown): void {
    const onError = this._options.onError;
    if (onError) {
      setTimeout(() => onError(new KitException(code, message, details)));
    }
  }
}

/**
 * A `callsSdk` factory for `provideKitUIKit`: a SIP user agent (JsSIP) that registers with `server`.
 *
 * ```ts
 * provideKitUIKit({
 *   callsSdk: kitSipCallsSdk({server: 'wss://sip.example.com', uri: 'sip:ada@example.com', displayName: 'Ada'}),
 * })
 * ```
 * The user agent hangs up, unregisters and disconnects when the injector is destroyed.
 * @param options The proxy, the user's SIP address and the call options.
 * @returns A factory to run in an injection context.
 */
export function kitSipCallsSdk(options: KitSipOptions): () => KitSipCallsSdk {
  return () => {
    const sdk = new KitSipCallsSdk(options);
    inject(DestroyRef).onDestroy(() => sdk.dispose());
    return sdk;
  };
}
