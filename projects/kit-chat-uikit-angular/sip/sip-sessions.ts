import {
  KitCall,
  KitCallListener,
  KitErrorCode,
  KitErrorCodes,
  KitException,
} from 'kit-chat-uikit-angular';
import {kitSipIncomingFailStatus, kitSipRejectStatus} from './sip-mapping';
import {kitSipStopTracks, kitSipWatchPeer} from './sip-media';
import {KitSipCall, KitSipOptions} from './sip-options';
import {KitSipReoffers} from './sip-reoffer';
import {KitSipSession} from './sip-types';

/** One call of this device: its JsSIP session and media. @docs-private */
export interface KitSipCallEntry {
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
  /** What an ongoing call lost (`ice`: the media path, `link`: the transport to the proxy), until it is back. */
  lost: Set<'ice' | 'link'>;
  timers: ReturnType<typeof setTimeout>[];
}

/** What the call book needs from the adapter. @docs-private */
export interface KitSipSessionsHooks {
  /** Tells every listener, later. */
  emit(method: keyof KitCallListener, call: KitCall): void;
  /** An error that no SDK method can reject with. */
  report(code: KitErrorCode, message: string, details?: unknown): void;
  /** The configuration of a new peer connection. */
  pcConfig(): RTCConfiguration;
}

/** How many ended session ids are remembered, to answer `ERR_CALL_ENDED` rather than `ERR_UNKNOWN_SESSION`. */
const MAX_ENTRIES = 200;

/**
 * The calls of this device by session id: maps each JsSIP session's events onto the listeners and keeps the one
 * terminal path of a call (its media and timers stop, the listeners hear it once).
 * @docs-private
 */
export class KitSipSessions {
  private readonly _calls = new Map<string, KitSipCallEntry>();
  /** The calls' re-INVITEs: ICE restarts and the camera's direction, one at a time per call. */
  readonly reoffers: KitSipReoffers;

  /**
   * @param _options The adapter's options (the ICE waits).
   * @param _hooks Where the events and errors go, and the peer connections' configuration.
   */
  constructor(
    private readonly _options: KitSipOptions,
    private readonly _hooks: KitSipSessionsHooks,
  ) {
    this.reoffers = new KitSipReoffers({
      iceAnswered: entry => {
        if (/^(connected|completed)$/.test(entry.session.connection?.iceConnectionState ?? '')) {
          this._regain(entry as KitSipCallEntry, 'ice');
        }
      },
      iceRefused: entry => this.hangUp(entry as KitSipCallEntry, 'failed'),
      report: _hooks.report,
    });
  }

  /** @returns The call of that session, ended or not, or `undefined`. */
  get(sessionId: string): KitSipCallEntry | undefined {
    return this._calls.get(sessionId);
  }

  /** Keeps a session and maps its events onto the listeners. */
  track(
    session: KitSipSession,
    direction: 'incoming' | 'outgoing',
    call: KitSipCall,
  ): KitSipCallEntry {
    const entry: KitSipCallEntry = {
      session,
      direction,
      call,
      local: null,
      remote: null,
      done: false,
      sent: false,
      closing: false,
      rang: false,
      lost: new Set(),
      timers: [],
    };
    this._calls.set(session.id, entry);
    this._forgetOldCalls();
    session.on(direction === 'outgoing' ? 'sending' : 'accepted', () => (entry.sent = true));
    if (direction === 'outgoing') {
      session.on('progress', event => {
        if (!entry.rang && !entry.done && event.response?.status_code === 180) {
          entry.rang = true;
          this._hooks.emit('onOutgoingCallRinging', entry.call);
        }
      });
      session.on('accepted', () => {
        if (!entry.done) {
          entry.call = {...entry.call, status: 'ongoing'};
          this._hooks.emit('onOutgoingCallAccepted', entry.call);
        }
      });
    }
    // An incoming call's peer connection is created in `answer()`.
    session.on('peerconnection', event => this.watchPeer(() => session, event.peerconnection));
    session.on('failed', event => this._failed(entry, event));
    // The far side's re-INVITE said `sendonly` or `inactive` (JsSIP tells it), then `sendrecv` again.
    for (const held of [true, false]) {
      session.on(held ? 'hold' : 'unhold', event => {
        if (event.originator === 'remote' && !entry.done) {
          this.reoffers.remoteHold(entry, held);
          this._hooks.emit(held ? 'onCallHeld' : 'onCallResumed', entry.call);
        }
      });
    }
    session.on('ended', () => {
      if (!entry.done) {
        const status = entry.lost.size ? 'failed' : 'ended'; // Ended while reconnecting: failed.
        this.finish(entry, {...entry.call, status}, 'onCallEnded');
      }
    });
    return entry;
  }

  /** The transport is gone: calls being set up fail, ongoing calls reconnect (their media may still flow). */
  linkLost(): void {
    this.failUnestablished();
    for (const entry of this._calls.values()) {
      if (!entry.done && entry.call.status === 'ongoing') {
        this._lose(entry, 'link');
      }
    }
  }

  /**
   * Registered again: the transport is back for every ongoing call. The side that placed a call restarts its ICE
   * (a re-INVITE with `iceRestart`); the other side waits for it, since two crossing re-INVITEs fail both (491).
   */
  linkBack(): void {
    for (const entry of this._calls.values()) {
      if (!entry.done && entry.lost.size) {
        this._regain(entry, 'link');
        // Media that kept flowing through the loss (ICE connected) is left alone: a restart would pause it.
        if (entry.direction === 'outgoing' && entry.lost.has('ice')) {
          this.reoffers.restartIce(entry);
        }
      }
    }
  }

  /**
   * The transport to the proxy is gone: a ringing incoming call can no longer be answered (JsSIP would keep it
   * ringing until its time-out) and an outgoing call being set up cannot be answered back, so each fails now. An
   * ongoing call keeps its media and its dialog: its BYE finds the way again once the user agent reconnects.
   */
  failUnestablished(): void {
    for (const entry of [...this._calls.values()]) {
      if (entry.done || entry.call.status === 'ongoing') {
        continue;
      }
      const sent = entry.sent;
      try {
        this.terminate(entry);
      } catch {
        // JsSIP cannot send over a dead transport: the call ends here anyway.
      }
      if (entry.direction === 'outgoing' && !sent) {
        // `initiateCall` still waits for the INVITE to go out: it rejects with ERR_NETWORK (the session failed).
        continue;
      }
      this.finish(
        entry,
        {...entry.call, status: 'failed'},
        entry.direction === 'incoming' ? 'onIncomingCallCancelled' : 'onOutgoingCallRejected',
      );
    }
  }

  /** Ends every call still going, telling no one: the adapter is disposed. */
  endAll(): void {
    for (const entry of this._calls.values()) {
      if (!entry.done) {
        try {
          this.terminate(entry);
        } catch {
          // Ending anyway: the streams stop below.
        }
        this.teardown(entry);
      }
    }
  }

  /** Ends the JsSIP session, marked as this adapter's doing. */
  terminate(
    entry: KitSipCallEntry,
    options?: {status_code?: number; reason_phrase?: string},
  ): void {
    entry.closing = true;
    entry.session.terminate(options);
  }

  /** Ends the session (BYE, or CANCEL while it rings) and tells the listeners `onCallEnded`. */
  hangUp(entry: KitSipCallEntry, status: 'ended' | 'failed' = 'ended'): void {
    try {
      this.terminate(entry);
    } catch {
      // The session is gone already (the transport dropped): the call ends here anyway.
    }
    this.finish(entry, {...entry.call, status}, 'onCallEnded');
  }

  /** The one terminal path of a call: marks it done, stops its media and timers, tells the listeners. */
  finish(entry: KitSipCallEntry, call: KitSipCall, method?: keyof KitCallListener): void {
    if (entry.done) {
      return;
    }
    entry.call = call;
    this.teardown(entry);
    if (method) {
      this._hooks.emit(method, call);
    }
  }

  /** Marks the call done and stops its timers and local media, telling no one. */
  teardown(entry: KitSipCallEntry): void {
    entry.done = true;
    entry.timers.forEach(clearTimeout);
    entry.timers = [];
    kitSipStopTracks(entry.local);
  }

  /** Shows the tracks that arrive as the remote stream, and ends the call when its media path fails. */
  watchPeer(session: () => KitSipSession | undefined, peer: RTCPeerConnection | undefined): void {
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
      ice: state => {
        const entry = live();
        if (!entry || entry.call.status !== 'ongoing') {
          return;
        }
        if (state === 'disconnected' || state === 'failed') {
          this._lose(entry, 'ice');
          this.reoffers.iceLost(entry, state === 'failed');
        } else if (state === 'connected' || state === 'completed') {
          this._regain(entry, 'ice');
        }
      },
    });
  }

  /**
   * Sends the offer or answer as soon as the candidates that can come are in, instead of at the end of gathering,
   * and gives the call up when no candidate arrives at all.
   */
  watchIceGathering(entry: KitSipCallEntry): void {
    // With no STUN or TURN server only host candidates can come, and the browser gathers them in one burst: the
    // offer goes out once that burst is in (the next task), with no wait that gathering does not need. A
    // server-reflexive or relay candidate takes a round trip to its server: a bounded wait for it (JsSIP sends
    // earlier by itself when gathering completes first).
    const wait = this._hooks.pcConfig().iceServers?.length
      ? (this._options.iceCandidateWait ?? 150)
      : 0;
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
        this._hooks.report(
          KitErrorCodes.NETWORK,
          'No ICE candidate was gathered: the call is given up',
        );
        try {
          this.terminate(entry);
        } catch {
          // Ending anyway.
        }
        this.teardown(entry);
      }
    }, this._options.iceGatheringTimeout ?? 5000);
    entry.timers.push(timeout);
  }

  /** @returns The call of that session; throws `ERR_UNKNOWN_SESSION` when there is none. */
  entry(sessionId: string): KitSipCallEntry {
    const entry = this._calls.get(sessionId);
    if (!entry) {
      throw new KitException(KitErrorCodes.UNKNOWN_SESSION, `No call ${sessionId}`);
    }
    return entry;
  }

  /** A call that still rings (in the given direction). */
  ringing(sessionId: string, direction?: 'incoming' | 'outgoing'): KitSipCallEntry {
    const entry = this.entry(sessionId);
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

  /** A session that failed before it was established: a CANCEL, a failure response, a lost transport. */
  private _failed(
    entry: KitSipCallEntry,
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
      const status = kitSipIncomingFailStatus(event.cause, message);
      this.finish(entry, {...entry.call, status}, 'onIncomingCallCancelled');
    } else {
      const code = message?.status_code ?? 0;
      this.finish(
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
      this._hooks.report(KitErrorCodes.NETWORK, `The call failed: ${event.cause}`, event);
    }
  }

  /** The call lost its media path or its transport: the listeners hear `onCallReconnecting` once. */
  private _lose(entry: KitSipCallEntry, what: 'ice' | 'link'): void {
    if (!entry.lost.size) {
      this._hooks.emit('onCallReconnecting', entry.call);
    }
    entry.lost.add(what);
  }

  /** What the call lost is back; once nothing is missing, the listeners hear `onCallReconnected`. */
  private _regain(entry: KitSipCallEntry, what: 'ice' | 'link'): void {
    if (entry.lost.delete(what) && !entry.lost.size && !entry.done) {
      this._hooks.emit('onCallReconnected', entry.call);
    }
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
}
