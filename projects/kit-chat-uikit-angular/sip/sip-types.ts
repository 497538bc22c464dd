/*
 * The part of JsSIP's API that the adapter uses, typed structurally: the adapter depends on these few members only
 * (and the unit specs fake exactly these).
 */

/** A JsSIP `RTCSession` event payload (the fields the adapter reads). @docs-private */
export interface KitSipSessionEvent {
  originator: 'local' | 'remote' | 'system';
  cause?: string;
  message?: unknown;
  response?: {status_code: number; getHeader?(name: string): string | undefined};
  peerconnection?: RTCPeerConnection;
  candidate?: RTCIceCandidate;
  ready: () => void;
}

/** A JsSIP `RTCSession` (the members the adapter uses). @docs-private */
export interface KitSipSession {
  readonly id: string;
  readonly connection?: RTCPeerConnection;
  readonly remote_identity: {display_name?: string | null; uri: {user: string}};
  on(event: 'refer', listener: (event: KitSipReferEvent) => void): unknown;
  on(event: 'replaces', listener: (event: KitSipReplacesEvent) => void): unknown;
  /** A SIP INFO of the far side (JsSIP's `newInfo`; `info.body` of `info.contentType`). */
  on(
    event: 'newInfo',
    listener: (event: {originator: string; info: {contentType?: string; body?: string}}) => void,
  ): unknown;
  on(event: string, listener: (event: KitSipSessionEvent) => void): unknown;
  answer(options: object): void;
  /** Whether a re-INVITE can go out now: the call is set up and no offer or INVITE transaction is under way. */
  isReadyToReOffer(): boolean;
  /**
   * Sends a re-INVITE with a new offer. JsSIP's own (private, in 3.x) method behind `renegotiate()`, which would
   * re-enable every track it sends and end the call on any failure (see `KitSipReoffers`).
   */
  _sendReinvite(options: {
    rtcOfferConstraints: RTCOfferOptions;
    eventHandlers: {succeeded(): void; failed(response?: {status_code?: number}): void};
  }): void;
  terminate(options?: {status_code?: number; reason_phrase?: string}): void;
  /** Whether the session is over (JsSIP's `terminate` throws then). */
  isEnded(): boolean;
  /** Sends a SIP INFO in the dialog (throws when the session is not set up). */
  sendInfo(contentType: string, body?: string): void;
  /** Sends DTMF: RFC 4733 events in the audio RTP (`'RFC2833'`, through `RTCRtpSender.dtmf`) or SIP INFO. */
  sendDTMF(tones: string, options: {transportType: 'RFC2833' | 'INFO'}): void;
  /**
   * Sends a REFER in the dialog (`Refer-To: <target>`). `false` when the call is not set up; throws on a target
   * that is not a SIP URI.
   */
  refer(
    target: string,
    options: {eventHandlers: KitSipReferHandlers; replaces?: KitSipSession},
  ): object | false;
}

/**
 * An INVITE with `Replaces` naming this session's dialog (JsSIP's `replaces` event; RFC 3891: the far side of an
 * attended transfer takes this call's place). `accept` answers nothing yet: it starts a new incoming session
 * (`initCallback` sees it before the UA's `newRTCSession`), and JsSIP ends this one once that one is confirmed;
 * `false` when this one is not set up. `reject` answers 486. @docs-private
 */
export interface KitSipReplacesEvent {
  request: {hasHeader(name: string): boolean; getHeader(name: string): string | undefined};
  accept(initCallback: (session: KitSipSession) => void): false | void;
  reject(): void;
}

/**
 * What JsSIP's `ReferSubscriber` tells of a REFER I sent: refused (`requestFailed`: no 2xx), then the NOTIFYs of the
 * far side's call to the target (`accepted`: a 2xx; `failed`: a final failure). @docs-private
 */
export interface KitSipReferHandlers {
  requestFailed(event: {response?: {status_code?: number} | null; cause?: string}): void;
  accepted(): void;
  failed(event: {status_line?: {status_code?: number; reason_phrase?: string}}): void;
}

/**
 * A REFER the far side sent in the dialog (JsSIP's `refer` event: answered 202 already). `accept` places the call
 * to the `Refer-To` URI (a new `RTCSession`, whose progress JsSIP reports back in NOTIFYs); `reject` NOTIFYs 603.
 * @docs-private
 */
export interface KitSipReferEvent {
  request: {
    refer_to: {
      display_name?: string | null;
      uri: {scheme: string; user?: string | null; host: string; toString(): string};
    };
  };
  accept(initCallback: (session: KitSipSession) => void, options: KitSipCallOptions): void;
  reject(): void;
}

/** A JsSIP `UA` event payload (the fields the adapter reads). @docs-private */
export interface KitSipUAEvent {
  originator?: 'local' | 'remote';
  session: KitSipSession;
  /** The INVITE of an incoming session: its SDP, and its headers (`P-Asserted-Identity`). */
  request?: {body?: unknown; getHeader?(name: string): string | undefined};
  response?: {status_code: number} | null;
  cause?: string;
}

/** The options of `UA.call` that the adapter passes. @docs-private */
export interface KitSipCallOptions {
  /** The stream to send; none for a group call's INVITE, whose media goes through the SFU. */
  mediaStream?: MediaStream;
  mediaConstraints?: {audio: boolean; video: boolean};
  extraHeaders?: string[];
  pcConfig: RTCConfiguration;
  rtcOfferConstraints?: object;
  eventHandlers: {peerconnection: (event: KitSipSessionEvent) => void};
}

/** A JsSIP `UA` (the members the adapter uses). @docs-private */
export interface KitSipUA {
  start(): void;
  stop(): void;
  register(): void;
  /** The registrator: `setExtraContactParams` adds parameters to the REGISTER's Contact. */
  registrator(): {setExtraContactParams(params: Record<string, string>): void};
  set(parameter: 'authorization_user' | 'password', value: string): boolean;
  isConnected(): boolean;
  /** The transport: `connect()` skips the reconnection back-off. */
  readonly transport: {
    connect(): void;
    disconnect(): void;
    isConnecting(): boolean;
  };
  sendOptions(
    target: string,
    body: string | null,
    options: {eventHandlers: {succeeded(): void; failed(event: {originator: string}): void}},
  ): void;
  call(target: string, options: KitSipCallOptions): KitSipSession;
  on(event: string, listener: (event: KitSipUAEvent) => void): unknown;
}
