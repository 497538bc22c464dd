// A small client of Janus's JSON API over its WebSocket (subprotocol `janus-protocol`): requests with a
// transaction, their answers (an `ack` first for plugin messages, then the `event`), sessions, plugin handles, and
// keepalives. For the project's scripts and tests (Node's WebSocket: `node --experimental-websocket` on Node 20).
//
//   node --experimental-websocket tools/janus/janus-api.mjs probe ws://127.0.0.1:8188   (exit 0 once `info` answers)
import {randomUUID} from 'node:crypto';
import {fileURLToPath} from 'node:url';

/** How long a request waits for its answer. */
const ANSWER_WITHIN = 5000;

/** A connection to Janus: `request()` sends one message and resolves its answer (`success`, `event` or `error`). */
export class JanusConnection {
  #socket;
  #waiting = new Map();
  /** Events that no request waits for (a plugin's later events), newest last. */
  events = [];

  /** @param {WebSocket} socket An open socket. */
  constructor(socket) {
    this.#socket = socket;
    socket.addEventListener('message', ({data}) => this.#receive(JSON.parse(String(data))));
    socket.addEventListener('close', () => {
      for (const {fail} of this.#waiting.values()) {
        fail(new Error('janus: the WebSocket closed'));
      }
      this.#waiting.clear();
    });
  }

  /**
   * @param {string} url `ws://127.0.0.1:PORT`.
   * @returns {Promise<JanusConnection>}
   */
  static open(url) {
    return new Promise((done, fail) => {
      const socket = new WebSocket(url, 'janus-protocol');
      const timer = setTimeout(
        () => fail(new Error(`janus: no WebSocket at ${url}`)),
        ANSWER_WITHIN,
      );
      socket.addEventListener('open', () => {
        clearTimeout(timer);
        done(new JanusConnection(socket));
      });
      socket.addEventListener('error', () => {
        clearTimeout(timer);
        fail(new Error(`janus: no WebSocket at ${url}`));
      });
    });
  }

  /**
   * Sends a request and waits for its answer; an `ack` is skipped when `acked` (plugin messages answer twice).
   * @param {object} message The request without its transaction.
   * @returns {Promise<object>} Janus's answer (`janus` is `success`, `event`, `server_info` or `error`).
   */
  request(message, {acked = false} = {}) {
    const transaction = randomUUID();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(transaction);
        fail(new Error(`janus: no answer to ${message.janus} within ${ANSWER_WITHIN} ms`));
      }, ANSWER_WITHIN);
      this.#waiting.set(transaction, {
        acked,
        done: answer => {
          clearTimeout(timer);
          done(answer);
        },
        fail,
      });
      this.#socket.send(JSON.stringify({...message, transaction}));
    });
  }

  /**
   * A session with the VideoRoom plugin attached, with this token.
   * @returns {Promise<{session: number, handle: number, send: (body: object, jsep?: object) => Promise<object>}>}
   *   `send` resolves the plugin's answer (its `plugindata.data`), or rejects with Janus's error.
   */
  async videoRoom(token) {
    const created = await this.request({janus: 'create', token});
    if (created.janus !== 'success') {
      throw new JanusError(created);
    }
    const session = created.data.id;
    const attached = await this.request({
      janus: 'attach',
      plugin: 'janus.plugin.videoroom',
      session_id: session,
      token,
    });
    if (attached.janus !== 'success') {
      throw new JanusError(attached);
    }
    const handle = attached.data.id;
    const send = async (body, jsep) => {
      const answer = await this.request(
        {
          janus: 'message',
          session_id: session,
          handle_id: handle,
          token,
          body,
          ...(jsep ? {jsep} : {}),
        },
        {acked: true},
      );
      if (answer.janus === 'error') {
        throw new JanusError(answer);
      }
      return answer.plugindata?.data ?? {};
    };
    return {session, handle, send};
  }

  close() {
    this.#socket.close();
  }

  #receive(message) {
    const waiting = this.#waiting.get(message.transaction);
    if (!waiting || (waiting.acked && message.janus === 'ack')) {
      if (!waiting) {
        this.events.push(message);
      }
      return;
    }
    this.#waiting.delete(message.transaction);
    waiting.done(message);
  }
}

/** An error answer of Janus: its `code` (403: unauthorized, 458: no session, 460: no such plugin...). */
export class JanusError extends Error {
  constructor(answer) {
    super(`janus: ${answer.error?.reason ?? JSON.stringify(answer)}`);
    this.code = answer.error?.code;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, url] = process.argv.slice(2);
  if (command !== 'probe' || !url) {
    console.error(
      'usage: node --experimental-websocket tools/janus/janus-api.mjs probe ws://127.0.0.1:PORT',
    );
    process.exit(2);
  }
  try {
    const janus = await JanusConnection.open(url);
    const info = await janus.request({janus: 'info'});
    janus.close();
    console.log(info.name, info.version_string);
    process.exit(info.janus === 'server_info' ? 0 : 1);
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
