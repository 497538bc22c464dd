import {KitCall, KitOnError, KitUser} from 'kit-chat-uikit-angular';

/** Options of `kitSipCallsSdk` / `KitSipCallsSdk`. */
export interface KitSipOptions {
  /** The proxy's WebSocket URL, e.g. `wss://sip.example.com` (or `ws://127.0.0.1:5080` on this machine). */
  server: string;
  /** The SIP address of the logged-in user, e.g. `sip:ada@example.com`. */
  uri: string;
  /** The logged-in user's display name (the name the callee sees). */
  displayName?: string;
  /** The SIP password, when the proxy asks for digest authentication. */
  password?: string;
  /** The user name for digest authentication, when it differs from the URI's user part. */
  authorizationUser?: string;
  /** The logged-in user as the screens show it. Default: uid from the URI's user part, name from `displayName`. */
  user?: KitUser;
  /** STUN / TURN servers of the peer connections. Default: none (host candidates only). */
  iceServers?: RTCIceServer[];
  /**
   * How long to wait for ICE candidates before a call is given up, in ms (default 5000). With no usable network the
   * browser gathers none and no INVITE or answer would ever be sent.
   */
  iceGatheringTimeout?: number;
  /**
   * How long to keep gathering after the first ICE candidate before the INVITE or the answer goes out, in ms
   * (default 150). JsSIP otherwise waits for the end of gathering, which can take seconds with STUN servers.
   */
  iceCandidateWait?: number;
  /** Shortest and longest wait between reconnection attempts after the proxy went away, in s (default 1 and 8). */
  reconnectInterval?: {min: number; max: number};
  /** Errors that no SDK method can reject with: transport loss (`ERR_NETWORK`), failed registrations. */
  onError?: KitOnError;
}

/** A call of the SIP adapter: a `KitCall` that keeps the SIP status code that ended it. */
export interface KitSipCall extends KitCall {
  /** The SIP status code of the final response that failed an outgoing call (e.g. 404), when there was one. */
  sipStatusCode?: number;
}

/** Where the adapter stands with the proxy. */
export type KitSipStatus = 'connecting' | 'connected' | 'registered' | 'disconnected' | 'stopped';
