import {Signal, signal} from '@angular/core';
import {
  KitErrorCode,
  KitErrorCodes,
  KitException,
  KitRegistration,
  KitUser,
} from 'kit-chat-uikit-angular';
import {KitSipOptions, KitSipStatus} from './sip-options';
import {KitSipUA, KitSipUAEvent} from './sip-types';

/** Why the device is or is not registered, by status. */
const REASONS: Record<KitSipStatus, string> = {
  connecting: 'connecting to the SIP proxy',
  connected: 'connected, not registered yet',
  registered: 'registered',
  disconnected: 'no connection to the SIP proxy',
  stopped: 'stopped',
};

/** What the user agent tells the adapter. @docs-private */
export interface KitSipAgentEvents {
  /** An INVITE arrived: a call rings on this device. */
  incoming(event: KitSipUAEvent): void;
  /** The transport to the proxy dropped (before the loss is reported). */
  disconnected(): void;
  /** Registered (again): calls that lost their path can renegotiate it. */
  registered(): void;
  /** An error that no SDK method can reject with. */
  report(code: KitErrorCode, message: string, details?: unknown): void;
}

/**
 * The JsSIP user agent of the adapter: loads JsSIP, connects and registers with the proxy, and keeps the
 * credentials (and the STUN/TURN servers that come with them) fresh.
 * @docs-private
 */
export class KitSipUserAgent {
  /** The user agent, once JsSIP is loaded. */
  private _ua: KitSipUA | null = null;
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

  /** Who follows the registration (`KitCallsSdkLifecycle.watchRegistration`). */
  private readonly _watchers = new Set<(registration: KitRegistration) => void>();
  /** The check of `resume()` in flight, shared by the wake events that come together. */
  private _resuming: Promise<void> | null = null;
  /** Ends the probe of that check early: the transport dropped meanwhile. */
  private _dropped: (() => void) | null = null;

  /** Where the adapter stands with the proxy; `registered` once calls can reach this device. */
  readonly status: Signal<KitSipStatus> = this._status.asReadonly();

  /**
   * @param _options The proxy, the user's SIP address and the call options.
   * @param _user The logged-in user (its name is the default display name).
   * @param _events Where incoming calls, a lost transport and errors go.
   */
  constructor(
    private readonly _options: KitSipOptions,
    private readonly _user: KitUser,
    private readonly _events: KitSipAgentEvents,
  ) {}

  /** Whether the credentials in JsSIP's hands expire within a minute. */
  expiresSoon(): boolean {
    return Date.now() > this._credentialsExpire - 60_000;
  }

  /** Whether STUN/TURN servers came with the credentials (they expire with them). */
  hasOwnIceServers(): boolean {
    return !!this._iceServers;
  }

  /**
   * Loads JsSIP (a chunk of its own: about 250 kB that an app loads only when it creates this SDK) and starts the
   * user agent, which connects and registers.
   */
  async start(): Promise<void> {
    let jssip: typeof import('jssip');
    try {
      const loaded = await import('jssip');
      // JsSIP is CommonJS: bundlers put its exports on the namespace, or only on `default`.
      jssip = (loaded as {UA?: unknown}).UA
        ? loaded
        : (loaded as unknown as {default: typeof import('jssip')}).default;
    } catch (error) {
      this._setStatus('disconnected');
      this._events.report(KitErrorCodes.SDK, 'JsSIP could not be loaded: npm install jssip', error);
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
      // With `credentials` or `contactParams`, the adapter registers itself once it has asked (see _listenTo).
      register: !this._registersItself(),
      connection_recovery_min_interval: options.reconnectInterval?.min ?? 1,
      connection_recovery_max_interval: options.reconnectInterval?.max ?? 8,
      user_agent: 'kit-chat-uikit-angular (JsSIP)',
    }) as unknown as KitSipUA;
    this._ua = ua;
    this._listenTo(ua);
    ua.start();
  }

  /** Marks the adapter stopped, unregisters and closes the connection. */
  stop(): void {
    this._setStatus('stopped');
    this._ua?.stop();
  }

  /** @returns Whether calls reach this device now, and why. */
  registration(): KitRegistration {
    const status = this._status();
    return {registered: status === 'registered', reason: REASONS[status]};
  }

  /**
   * @param listener Receives the registration at each change of the status.
   * @returns Stops following.
   */
  watchRegistration(listener: (registration: KitRegistration) => void): () => void {
    this._watchers.add(listener);
    return () => this._watchers.delete(listener);
  }

  /**
   * The page may have slept (a frozen tab resumed, the tab shown again, the network back): a transport that is
   * down reconnects at once instead of after JsSIP's back-off; one that looks up is probed (an OPTIONS to the
   * proxy), registered again when it answers and is not registered, and replaced when it does not answer within
   * `resumeTimeout`: a
   * WebSocket can die without a close event while the tab is frozen.
   * @returns Resolves once the check is done (a reconnection started, or a REGISTER sent).
   */
  resume(): Promise<void> {
    const ua = this._ua;
    if (!ua || this._status() === 'stopped') {
      return Promise.resolve();
    }
    this._resuming ??= this._check(ua).finally(() => (this._resuming = null));
    return this._resuming;
  }

  /** @returns The user agent, when it is connected to the proxy. */
  connected(what: string): KitSipUA {
    if (!this._ua?.isConnected()) {
      throw new KitException(KitErrorCodes.NETWORK, `${what}: no connection to the SIP proxy`);
    }
    return this._ua;
  }

  /** @returns The configuration of a new peer connection: its STUN/TURN servers and transport policy. */
  pcConfig(): RTCConfiguration {
    const policy = this._options.iceTransportPolicy;
    return {
      iceServers: this._iceServers ?? this._options.iceServers ?? [],
      ...(policy ? {iceTransportPolicy: policy} : {}),
    };
  }

  /**
   * Asks the app's `credentials` and hands the answer to JsSIP.
   * @returns Whether fresh credentials are in place.
   */
  refreshCredentials(): Promise<boolean> {
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
          this._events.report(
            KitErrorCodes.NETWORK,
            'The SIP credentials could not be fetched',
            error,
          );
          return false;
        },
      )
      .finally(() => (this._asking = null));
    return this._asking;
  }

  private _listenTo(ua: KitSipUA): void {
    ua.on('connected', () => {
      this._wasConnected = true;
      this._setStatus('connected');
    });
    ua.on('registered', () => {
      this._authRetried = false;
      this._setStatus('registered');
      this._events.registered();
    });
    if (this._registersItself()) {
      // Fresh credentials (and Contact parameters) before every registration: on each (re)connection, and before
      // each refresh (JsSIP then
      // leaves the refresh to this listener).
      ua.on('connected', () => void this._register());
      ua.on('registrationExpiring', () => void this._register());
    }
    ua.on('disconnected', () => {
      this._dropped?.();
      if (this._status() === 'stopped') {
        return;
      }
      const lost = this._wasConnected && this._status() !== 'disconnected';
      this._setStatus('disconnected');
      this._events.disconnected();
      // JsSIP reconnects by itself with back-off and registers again once connected.
      if (lost) {
        this._events.report(KitErrorCodes.NETWORK, 'The connection to the SIP proxy was lost');
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
      this._events.report(KitErrorCodes.NETWORK, `Registration failed (${event.cause})`, event);
    });
    ua.on('newRTCSession', event => {
      if (event.originator === 'remote') {
        this._events.incoming(event);
      }
    });
  }

  private _setStatus(status: KitSipStatus): void {
    if (this._status() === status) {
      return;
    }
    this._status.set(status);
    const registration = this.registration();
    for (const watcher of [...this._watchers]) {
      try {
        watcher(registration);
      } catch (error) {
        this._events.report(KitErrorCodes.SDK, 'A registration listener threw', error);
      }
    }
  }

  private async _check(ua: KitSipUA): Promise<void> {
    const transport = ua.transport;
    if (!ua.isConnected()) {
      if (!transport.isConnecting()) {
        transport.connect(); // At once: JsSIP's recovery timer then finds it connecting and does nothing.
      }
      return;
    }
    if (await this._answers(ua)) {
      // The socket lives, so does a registration on it (JsSIP's overdue refresh runs once the tab thaws); one
      // that was refused or never made is tried again now.
      if (this._status() !== 'registered') {
        void this._register();
      }
      return;
    }
    if (this._ua !== ua || this._status() === 'stopped') {
      return;
    }
    if (ua.isConnected()) {
      // No answer: the socket died silently. A new one, on which JsSIP registers again.
      transport.disconnect();
      transport.connect();
    } else if (!transport.isConnecting()) {
      // The close of a socket that died while the tab was frozen arrives after the wake: reconnect now rather
      // than after JsSIP's back-off.
      transport.connect();
    }
  }

  /** @returns Whether the proxy answers an OPTIONS (any answer) within `resumeTimeout`. */
  private _answers(ua: KitSipUA): Promise<boolean> {
    const domain = /@([^;>]+)/.exec(this._options.uri)?.[1] ?? '';
    return new Promise<boolean>(resolve => {
      const done = (alive: boolean) => {
        clearTimeout(timer);
        this._dropped = null;
        resolve(alive);
      };
      const timer = setTimeout(() => done(false), this._options.resumeTimeout ?? 2000);
      this._dropped = () => done(false);
      try {
        ua.sendOptions(`sip:${domain}`, null, {
          eventHandlers: {
            succeeded: () => done(true),
            // A final answer of any kind proves the connection; a time-out or a transport error does not.
            failed: event => done(event.originator === 'remote'),
          },
        });
      } catch {
        done(false);
      }
    });
  }

  /** Registers with fresh credentials from the app (and the Contact parameters of `contactParams`). */
  private async _register(): Promise<void> {
    const [fresh] = await Promise.all([this.refreshCredentials(), this._contactParams()]);
    if ((fresh || !this._options.credentials) && this._status() !== 'stopped') {
      this._ua?.register();
    }
  }

  /** Whether the adapter asks the app before each registration (JsSIP's own registration is off then). */
  private _registersItself(): boolean {
    return !!(this._options.credentials || this._options.contactParams);
  }

  /** Hands the app's Contact parameters (RFC 8599 push) to JsSIP's registrator; a failure leaves them out. */
  private async _contactParams(): Promise<void> {
    const ask = this._options.contactParams;
    if (!ask) {
      return;
    }
    const params = await Promise.resolve()
      .then(ask)
      .catch(() => null);
    this._ua?.registrator().setExtraContactParams(params ?? {});
  }
}
