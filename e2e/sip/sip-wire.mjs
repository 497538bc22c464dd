// A raw SIP client for the attack checks: SIP over a WebSocket written by hand (RFC 6455 framing over node:net), or
// plain SIP over TCP, so that a check can send what no browser would (another Origin, a forged credential, a
// made-up Route, garbage). Not a SIP stack: requests are built as text and replies read as text.
import {createHash, randomBytes, randomUUID} from 'node:crypto';
import {connect} from 'node:net';
import {connect as connectTls} from 'node:tls';

const md5 = text => createHash('md5').update(text).digest('hex');

/** A SIP message read from the wire: the first line, the headers (lower-case names) and the status code. */
export function parseSip(text) {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [first, ...lines] = head.split('\r\n');
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      (headers[name] ??= []).push(line.slice(colon + 1).trim());
    }
  }
  const status = /^SIP\/2\.0 (\d{3})/.exec(first)?.[1];
  return {first, headers, status: status ? Number(status) : 0, body: rest.join('\r\n\r\n'), text};
}

/**
 * A connection that carries SIP: a WebSocket (`ws://host:port` or, over TLS, `wss://host:port`, with an `origin`),
 * or plain TCP (`tcp: true`). `localAddress` picks the source address (127.0.0.2 is another host to the proxy on
 * loopback). Over TLS the proxy's certificate is not checked (the tests' own, self-signed).
 */
export class SipWire {
  static async open(url, {origin = 'http://127.0.0.1:4200', localAddress, tcp = false} = {}) {
    const {hostname, port, protocol} = new URL(url);
    const secure = protocol === 'wss:';
    const options = {host: hostname, port: Number(port), localAddress};
    const socket = secure ? connectTls({...options, rejectUnauthorized: false}) : connect(options);
    await new Promise((done, fail) => {
      socket.once(secure ? 'secureConnect' : 'connect', done);
      socket.once('error', fail);
    });
    const wire = new SipWire(socket, tcp);
    if (tcp) {
      socket.on('data', chunk => wire._stream(chunk));
    } else {
      await wire._handshake(hostname, port, origin);
    }
    return wire;
  }

  constructor(socket, tcp) {
    this.socket = socket;
    this.tcp = tcp;
    this.messages = [];
    this.waiters = [];
    this.buffer = Buffer.alloc(0);
    this.closed = new Promise(done => socket.once('close', () => done(true)));
    socket.on('error', () => {});
    this.isClosed = false;
    void this.closed.then(() => (this.isClosed = true));
  }

  async _handshake(host, port, origin) {
    const key = randomBytes(16).toString('base64');
    const head = await new Promise((done, fail) => {
      let got = Buffer.alloc(0);
      const onData = chunk => {
        got = Buffer.concat([got, chunk]);
        const end = got.indexOf('\r\n\r\n');
        if (end >= 0) {
          this.socket.off('data', onData);
          this.buffer = got.subarray(end + 4);
          done(got.subarray(0, end).toString());
        }
      };
      this.socket.on('data', onData);
      this.socket.once('close', () => fail(new Error('closed during the handshake')));
      this.socket.write(
        `GET / HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: sip\r\n` +
          (origin ? `Origin: ${origin}\r\n` : '') +
          '\r\n',
      );
    });
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
    if (status !== 101) {
      this.socket.destroy();
      const error = new Error(`handshake answered ${status}`);
      error.status = status;
      throw error;
    }
    this.socket.on('data', chunk => this._frames(chunk));
    this._frames(Buffer.alloc(0));
  }

  _frames(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 2) {
        return;
      }
      let length = this.buffer[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buffer.length < offset + length) {
        return;
      }
      const opcode = this.buffer[0] & 0x0f;
      const payload = this.buffer.subarray(offset, offset + length).toString();
      this.buffer = this.buffer.subarray(offset + length);
      if (opcode === 1 || opcode === 2) {
        this._received(payload);
      }
    }
  }

  /** SIP over plain TCP: messages one after the other, each as long as its head and its Content-Length. */
  _stream(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) {
        return;
      }
      const head = this.buffer.subarray(0, end).toString();
      const length = Number(/^(?:Content-Length|l):\s*(\d+)/im.exec(head)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) {
        return;
      }
      this._received(this.buffer.subarray(0, end + 4 + length).toString());
      this.buffer = this.buffer.subarray(end + 4 + length);
    }
  }

  _received(text) {
    const message = parseSip(text);
    this.messages.push(message);
    this.waiters = this.waiters.filter(waiter => !waiter(message));
  }

  /** Sends raw text (one WebSocket frame, or the bytes on TCP). */
  sendRaw(text) {
    const data = Buffer.from(text);
    if (this.tcp) {
      this.socket.write(data);
      return;
    }
    const mask = randomBytes(4);
    const header =
      data.length < 126
        ? Buffer.from([0x81, 0x80 | data.length])
        : data.length < 65536
          ? Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 0xff])
          : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigLength(data.length)]);
    const masked = Buffer.from(data.map((byte, index) => byte ^ mask[index % 4]));
    this.socket.write(Buffer.concat([header, mask, masked]));
  }

  /** Sends a request and waits for its final reply (matched by CSeq); `null` when none came in time. */
  async request(text, timeout = 2000) {
    const cseq = /^CSeq:\s*(.+)$/im.exec(text)?.[1]?.trim();
    const reply = new Promise(done => {
      const timer = setTimeout(() => done(null), timeout);
      this.waiters.push(message => {
        if (message.status >= 200 && message.headers.cseq?.[0] === cseq) {
          clearTimeout(timer);
          done(message);
          return true;
        }
        return false;
      });
    });
    this.sendRaw(text);
    return reply;
  }

  close() {
    this.socket.destroy();
  }
}

function bigLength(length) {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(length));
  return buffer;
}

/** The digest Authorization (or Proxy-Authorization) for a challenge (RFC 2617, with or without qop=auth). */
export function digest(challenge, {username, password, method, uri}) {
  const param = name => new RegExp(`${name}="?([^",]+)"?`, 'i').exec(challenge)?.[1];
  const realm = param('realm');
  const nonce = param('nonce');
  const qop = param('qop');
  const ha1 = md5(`${username}:${realm}:${password}`);
  const ha2 = md5(`${method}:${uri}`);
  const nc = '00000001';
  const cnonce = randomBytes(6).toString('hex');
  const response = qop
    ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : md5(`${ha1}:${nonce}:${ha2}`);
  return (
    `Digest username="${username}", realm="${realm}", nonce="${nonce}", uri="${uri}", ` +
    `response="${response}", algorithm=MD5` +
    (qop ? `, qop=auth, nc=${nc}, cnonce="${cnonce}"` : '')
  );
}

let cseq = 1;

/** A Contact like JsSIP's: a made-up user at a made-up `.invalid` host. */
export function randomContact() {
  return `<sip:${randomBytes(4).toString('hex')}@${randomBytes(4).toString('hex')}.invalid;transport=ws>`;
}

/**
 * Builds a request as a browser's JsSIP would send it over a WebSocket.
 * @returns {string}
 */
export function sipRequest(
  method,
  {
    uri,
    from,
    fromName,
    to = from,
    domain = 'kit.test',
    callId = randomUUID(),
    fromTag = randomBytes(5).toString('hex'),
    toTag,
    contact = randomContact(),
    expires,
    headers = [],
    body = '',
    transport = 'WS',
  },
) {
  const lines = [
    `${method} ${uri ?? `sip:${method === 'REGISTER' ? domain : `${to}@${domain}`}`} SIP/2.0`,
    `Via: SIP/2.0/${transport} ${randomBytes(4).toString('hex')}.invalid;branch=z9hG4bK${randomBytes(8).toString('hex')}`,
    'Max-Forwards: 69',
    `To: <sip:${to}@${domain}>${toTag ? `;tag=${toTag}` : ''}`,
    `From: ${fromName !== undefined ? `"${fromName}" ` : ''}<sip:${from}@${domain}>;tag=${fromTag}`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq++} ${method}`,
    `Contact: ${contact}`,
    ...(expires !== undefined ? [`Expires: ${expires}`] : []),
    ...headers,
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ];
  return lines.join('\r\n');
}

/**
 * Sends a request, answers a 401/407 challenge once with `credentials` (when given), and returns the final reply.
 * @returns {Promise<ReturnType<typeof parseSip> | null>}
 */
export async function sendAuthenticated(wire, method, options, credentials, timeout = 2000) {
  options = {contact: randomContact(), ...options};
  const first = sipRequest(method, options);
  const reply = await wire.request(first, timeout);
  if (!credentials || !reply || (reply.status !== 401 && reply.status !== 407)) {
    return reply;
  }
  const challenge = (reply.headers['www-authenticate'] ?? reply.headers['proxy-authenticate'])[0];
  const uri = first.split(' ')[1];
  const name = reply.status === 401 ? 'Authorization' : 'Proxy-Authorization';
  const callId = /^Call-ID:\s*(.+)$/im.exec(first)[1].trim();
  const fromTag = /^From:.*;tag=(\w+)/im.exec(first)[1];
  return wire.request(
    sipRequest(method, {
      ...options,
      callId,
      fromTag,
      headers: [
        ...(options.headers ?? []),
        `${name}: ${digest(challenge, {...credentials, method, uri})}`,
      ],
    }),
    timeout,
  );
}
