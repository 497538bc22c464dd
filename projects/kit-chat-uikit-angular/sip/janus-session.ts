import {KitErrorCodes, KitException} from 'kit-chat-uikit-angular';

/** How long a request waits for Janus's answer (a busy machine answers a join with SDP in well under this). */
const ANSWER_WITHIN = 15_000;
/** Janus ends a session that says nothing for `session_timeout` (60 s in tools/janus/janus.sh): well inside it. */
const KEEPALIVE_EVERY = 25_000;

/** A message of Janus's JSON API, as far as the room client reads it. @docs-private */
export interface KitJanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number | string;
  /** The handle an event is for. */
  sender?: number | string;
  data?: {id: number | string};
  error?: {code: number; reason: string};
  plugindata?: {plugin: string; data: KitJanusPluginData};
  jsep?: RTCSessionDescriptionInit;
  reason?: string;
}

/** What the VideoRoom plugin says (`videoroom` is the kind: joined, event, attached, updated...). @docs-private */
export type KitJanusPluginData = {videoroom?: string; error_code?: number; error?: string} & Record<
  string,
  unknown
>;

/** A plugin's answer or event: its data, and an SDP when it carries one. @docs-private */
export interface KitJanusReply {
  data: KitJanusPluginData;
  jsep?: RTCSessionDescriptionInit;
}

/** What the session reports that no request waits for. @docs-private */
export interface KitJanusSessionEvents {
  /** A message for a handle: a plugin's later event, `hangup`, `webrtcup`, `media`... */
  event(handle: number, message: KitJanusMessage): void;
  /** The session is lost: the socket closed, a keepalive failed or Janus timed the session out. */
  lost(error: KitException): void;
}

/**
 * One Janus session over one WebSocket (subprotocol `janus-protocol`): requests with their transactions (a plugin
 * message is answered by an `ack`, then its event), the token on every request, keepalives, and the routing of
 * events to the handles they are for. Reached only through the room client's dynamic import.
 * @docs-private
 */
export class KitJanusSession {
  private readonly _waiting = new Map<
    string,
    {acked: boolean; done: (answer: KitJanusMessage) => void; fail: (error: KitException) => void}
  >();
  private _id: number | string = 0;
  private _keepalive: ReturnType<typeof setInterval> | undefined;
  private _closed = false;
  private _count = 0;

  private constructor(
    private readonly _socket: WebSocket,
    private readonly _token: string,
    private readonly _events: KitJanusSessionEvents,
  ) {
    _socket.addEventListener('message', event => this._receive(event.data));
    _socket.addEventListener('close', () =>
      this._lose(new KitException(KitErrorCodes.NETWORK, 'janus: the WebSocket closed')),
    );
  }

  /**
   * Opens the socket and creates a session with the token; keepalives start.
   * @param url Janus's WebSocket, `wss://…`.
   * @param token A token for the VideoRoom, minted by the server for this user and call.
   * @param events Where later events and the loss of the session go.
   * @returns The session; rejects with `ERR_NETWORK` (no socket) or `ERR_CALL_FAILED` (refused: the token).
   */
  static async open(
    url: string,
    token: string,
    events: KitJanusSessionEvents,
  ): Promise<KitJanusSession> {
    const socket = await new Promise<WebSocket>((done, fail) => {
      const socket = new WebSocket(url, 'janus-protocol');
      const refuse = () =>
        fail(new KitException(KitErrorCodes.NETWORK, `janus: no socket at ${url}`));
      const timer = setTimeout(() => (socket.close(), refuse()), ANSWER_WITHIN);
      socket.addEventListener('open', () => (clearTimeout(timer), done(socket)));
      socket.addEventListener('error', () => (clearTimeout(timer), refuse()));
    });
    const session = new KitJanusSession(socket, token, events);
    try {
      const created = await session._request({janus: 'create'});
      session._id = created.data!.id;
    } catch (error) {
      session.close();
      throw error;
    }
    session._keepalive = setInterval(() => {
      session._request({janus: 'keepalive', session_id: session._id}).catch(error => {
        session._lose(error as KitException);
      });
    }, KEEPALIVE_EVERY);
    return session;
  }

  /** Whether the session is closed (left, or lost). */
  get closed(): boolean {
    return this._closed;
  }

  /** Attaches a handle to the VideoRoom; resolves its id. */
  async attach(): Promise<number> {
    const attached = await this._request({
      janus: 'attach',
      plugin: 'janus.plugin.videoroom',
      session_id: this._id,
    });
    return Number(attached.data!.id);
  }

  /**
   * Sends a request to the VideoRoom through a handle, with an SDP if given.
   * @returns The plugin's answer; rejects with `ERR_CALL_FAILED` when the plugin answers an error (a wrong pin...).
   */
  async message(
    handle: number,
    body: object,
    jsep?: RTCSessionDescriptionInit,
  ): Promise<KitJanusReply> {
    const answer = await this._request(
      {janus: 'message', session_id: this._id, handle_id: handle, body, ...(jsep ? {jsep} : {})},
      true,
    );
    const data = answer.plugindata?.data ?? {};
    if (data.error_code) {
      throw new KitException(KitErrorCodes.CALL_FAILED, `janus: ${data.error}`, data);
    }
    return {data, jsep: answer.jsep};
  }

  /** Sends a local ICE candidate of a handle's peer connection (`null`: gathering completed). */
  trickle(handle: number, candidate: RTCIceCandidate | null): Promise<unknown> {
    return this._request({
      janus: 'trickle',
      session_id: this._id,
      handle_id: handle,
      candidate: candidate
        ? {
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid,
            sdpMLineIndex: candidate.sdpMLineIndex,
          }
        : {completed: true},
    });
  }

  /** Hangs up a handle's peer connection. */
  hangup(handle: number): Promise<unknown> {
    return this._request({janus: 'hangup', session_id: this._id, handle_id: handle});
  }

  /** Destroys the session (best effort: Janus may be gone), stops the keepalives and closes the socket. */
  async destroy(): Promise<void> {
    if (!this._closed) {
      await this._request({janus: 'destroy', session_id: this._id}).catch(() => {});
    }
    this.close();
  }

  /** Stops the keepalives and closes the socket; whoever still waits for an answer gets a rejection. */
  close(): void {
    this._closed = true;
    clearInterval(this._keepalive);
    this._failAll(new KitException(KitErrorCodes.NETWORK, 'janus: the session was closed'));
    this._socket.close();
  }

  /** Sends a request with a transaction and the token; resolves the answer, rejects on `error` or silence. */
  private _request(message: object, acked = false): Promise<KitJanusMessage> {
    if (this._closed) {
      return Promise.reject(
        new KitException(KitErrorCodes.NETWORK, 'janus: the session is closed'),
      );
    }
    const transaction = `kit-${++this._count}-${Math.random().toString(36).slice(2, 10)}`;
    const what = (message as {janus: string}).janus;
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        this._waiting.delete(transaction);
        fail(new KitException(KitErrorCodes.NETWORK, `janus: no answer to ${what} in time`));
      }, ANSWER_WITHIN);
      this._waiting.set(transaction, {
        acked,
        done: answer => {
          clearTimeout(timer);
          if (answer.janus === 'error') {
            const code = answer.error?.code === 403 ? KitErrorCodes.CALL_FAILED : KitErrorCodes.SDK;
            fail(new KitException(code, `janus: ${answer.error?.reason} (${what})`, answer.error));
          } else {
            done(answer);
          }
        },
        fail: error => (clearTimeout(timer), fail(error)),
      });
      try {
        this._socket.send(JSON.stringify({...message, transaction, token: this._token}));
      } catch (error) {
        this._waiting.get(transaction)?.fail(KitException.from(error, KitErrorCodes.NETWORK));
        this._waiting.delete(transaction);
      }
    });
  }

  /** An answer goes to its request (an `ack` of a plugin message waits for the event); the rest to the handles. */
  private _receive(raw: unknown): void {
    let message: KitJanusMessage;
    try {
      message = JSON.parse(String(raw));
    } catch {
      return; // Not Janus's: nothing to route.
    }
    const waiting = message.transaction ? this._waiting.get(message.transaction) : undefined;
    if (waiting && !(waiting.acked && message.janus === 'ack')) {
      this._waiting.delete(message.transaction!);
      waiting.done(message);
    } else if (message.janus === 'timeout') {
      this._lose(new KitException(KitErrorCodes.NETWORK, 'janus: the session timed out'));
    } else if (!waiting && message.sender !== undefined) {
      this._events.event(Number(message.sender), message);
    }
  }

  private _lose(error: KitException): void {
    if (this._closed) {
      return;
    }
    this.close();
    this._events.lost(error);
  }

  private _failAll(error: KitException): void {
    const waiting = [...this._waiting.values()];
    this._waiting.clear();
    waiting.forEach(request => request.fail(error));
  }
}
