import {KitCall, KitOnError, KitUser} from 'kit-chat-uikit-angular';

/** Options of `kitSipCallsSdk` / `KitSipCallsSdk`. */
export interface KitSipOptions {
  /** The proxy's WebSocket URL, e.g. `wss://sip.example.com` (or `ws://127.0.0.1:5080` on this machine). */
  server: string;
  /** The SIP address of the logged-in user, e.g. `sip:ada@example.com`. */
  uri: string;
  /** The logged-in user's display name (the name the callee sees). */
  displayName?: string;
  /**
   * Where the SIP credentials come from: the app's backend, which knows who is logged in, mints short-lived ones
   * (Kamailio's `auth_ephemeral`: `username` is `<expiry>:<uid>`, `password` base64(HMAC-SHA1(secret, username))).
   * Asked before every registration and re-registration, before a call when the last ones expire within a minute,
   * and again when the proxy refuses them (401/407): no password lives in the page. Takes precedence over
   * `password`.
   */
  credentials?: () => Promise<KitSipCredentials>;
  /** A fixed SIP password, when the proxy asks for digest authentication (prefer `credentials`). */
  password?: string;
  /** The user name for digest authentication, when it differs from the URI's user part. */
  authorizationUser?: string;
  /** The logged-in user as the screens show it. Default: uid from the URI's user part, name from `displayName`. */
  user?: KitUser;
  /**
   * STUN / TURN servers of the peer connections. Default: none (host candidates only). Servers that come with the
   * `credentials` (TURN with the same ephemeral credentials) replace these.
   */
  iceServers?: RTCIceServer[];
  /** `relay` sends all media through a TURN server (the callers' addresses stay hidden). Default: `all`. */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * How long to wait for ICE candidates before a call is given up, in ms (default 5000). With no usable network the
   * browser gathers none and no INVITE or answer would ever be sent.
   */
  iceGatheringTimeout?: number;
  /**
   * With `iceServers`: how long to keep gathering after the first ICE candidate before the INVITE or the answer
   * goes out, in ms (default 150), for the server-reflexive and relay candidates; it goes out earlier when gathering
   * completes. JsSIP otherwise waits for the end of gathering, which can take seconds with STUN servers. Without
   * `iceServers` only host candidates can come: the INVITE goes out right after their burst, with no wait.
   */
  iceCandidateWait?: number;
  /**
   * Parameters added to the Contact of every REGISTER, asked before each one: RFC 8599 push parameters
   * (`pn-provider`, `pn-prid`, `pn-param`), so that the proxy can wake this device by a push while no tab is open.
   * `KitPushCalls.contactParams` of `kit-chat-uikit-angular/push` gives them for Web Push.
   */
  contactParams?: () => Promise<Record<string, string> | null>;
  /** Shortest and longest wait between reconnection attempts after the proxy went away, in s (default 1 and 8). */
  reconnectInterval?: {min: number; max: number};
  /**
   * How long `resume()` waits for the proxy to answer a probe before it replaces the connection, in ms (default
   * 2000). The kit calls `resume()` when a frozen tab resumes, the tab is shown again or the network comes back.
   */
  resumeTimeout?: number;
  /**
   * How the keypad's digits go out (`sendDigits`): `'rfc4733'` (default) as telephone events in the call's audio
   * (`RTCRtpSender.dtmf`), which media servers and PBXs read; `'info'` as one SIP INFO (`application/dtmf-relay`) per
   * digit, for servers that want them in the signalling.
   */
  dtmf?: 'rfc4733' | 'info';
  /**
   * Calls with several people (`groupCalls`, with `kitSipCallsSdk()`): the Janus servers that carry their media (the
   * SFU; their WebSocket API, in the order the proxy's room hook numbers them). Each person is rung by an INVITE of
   * their own through the proxy, which gives each side a token for the call's room (`X-Kit-Room`, Kamailio's
   * `route[GROUP_LEG]`); the media goes through the room, never from browser to browser. Without it the adapter
   * carries calls between two people only.
   */
  sfu?: {url: string | readonly string[]};
  /** Errors that no SDK method can reject with: transport loss (`ERR_NETWORK`), failed registrations. */
  onError?: KitOnError;
}

/** Digest credentials for the proxy, as `KitSipOptions.credentials` resolves them. */
export interface KitSipCredentials {
  /** The digest user name, e.g. `1767225600:ada` (ephemeral: `<expiry in Unix seconds>:<uid>`). */
  username: string;
  /** The digest password. */
  password: string;
  /**
   * STUN / TURN servers to use from now on, e.g. a coturn with `use-auth-secret`, whose credentials the backend mints
   * with the same secret and scheme. They replace `KitSipOptions.iceServers`.
   */
  iceServers?: RTCIceServer[];
}

/** A call of the SIP adapter: a `KitCall` that keeps the SIP status code that ended it. */
export interface KitSipCall extends KitCall {
  /** The SIP status code of the final response that failed an outgoing call (e.g. 404), when there was one. */
  sipStatusCode?: number;
}

/** Where the adapter stands with the proxy. */
export type KitSipStatus = 'connecting' | 'connected' | 'registered' | 'disconnected' | 'stopped';
