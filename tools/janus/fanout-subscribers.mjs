// Simulated subscribers of a Janus VideoRoom for the fan-out figure of `npm run bench:janus` (issue 35): each is a
// VideoRoom subscriber handle over Janus's WebSocket API (tools/janus/janus-api.mjs) with a `werift`
// RTCPeerConnection (a WebRTC stack in TypeScript, a devDependency) that answers Janus's offer, does ICE, DTLS and
// SRTP with Janus on 127.0.0.1, and counts the audio and video RTP packets and payload bytes it receives. Nothing
// is decoded: a subscriber costs what the transport costs (decrypting SRTP, answering with RTCP), not a decoder.
import {RTCPeerConnection} from 'werift';
import {JanusConnection, JanusError} from './janus-api.mjs';

/** Subscribers per WebSocket (one Janus session each, one handle per subscriber). */
const PER_SESSION = 25;
/** Janus ends a session that says nothing for its session_timeout (60 s in janus.sh's config). */
const KEEPALIVE_EVERY = 20_000;
/** How long a subscriber's ICE and DTLS may take on a busy machine. */
const CONNECTED_WITHIN = 30_000;

/**
 * No STUN server (werift's default asks Google's), no IPv6. Janus offers its host candidates (janus.sh's
 * ice_enforce_list does not hold it to loopback: it offered the machine's own address here), and werift pairs them
 * with its own: the packets never leave the machine. (werift's sockets bound to 127.0.0.1 cannot reach Janus's
 * address: the kernel drops a loopback source toward another address.)
 */
const PEER_CONFIG = {iceServers: [], iceUseIpv6: false, iceAdditionalHostAddresses: ['127.0.0.1']};

/** One session on its own WebSocket, kept alive, that attaches VideoRoom handles. */
class Session {
  static async open(url, token) {
    const api = await JanusConnection.open(url);
    const created = await api.request({janus: 'create', token});
    if (created.janus !== 'success') {
      throw new JanusError(created);
    }
    return new Session(api, created.data.id, token);
  }

  constructor(api, id, token) {
    Object.assign(this, {api, id, token, handles: 0});
    this.timer = setInterval(
      () => api.request({janus: 'keepalive', session_id: id, token}).catch(() => {}),
      KEEPALIVE_EVERY,
    );
  }

  /** A VideoRoom handle: `send` resolves the plugin's answer with its jsep (or rejects with Janus's error). */
  async attach() {
    const {api, id: session_id, token} = this;
    const attached = await api.request({
      janus: 'attach',
      plugin: 'janus.plugin.videoroom',
      session_id,
      token,
    });
    if (attached.janus !== 'success') {
      throw new JanusError(attached);
    }
    const handle_id = attached.data.id;
    return async (body, jsep) => {
      const message = {janus: 'message', session_id, handle_id, token, body, ...(jsep && {jsep})};
      const answer = await api.request(message, {acked: true});
      if (answer.janus === 'error' || answer.plugindata?.data?.error) {
        throw new JanusError(answer.janus === 'error' ? answer : {error: answer.plugindata.data});
      }
      return {data: answer.plugindata?.data ?? {}, jsep: answer.jsep};
    };
  }

  close() {
    clearInterval(this.timer);
    this.api.close();
  }
}

/** One subscriber: joins the room for a feed's streams, answers Janus's offer, counts what arrives, by kind. */
async function subscriber(session, {room, feed}) {
  const send = await session.attach();
  const {jsep: offer} = await send({request: 'join', ptype: 'subscriber', room, streams: [{feed}]});
  const peer = new RTCPeerConnection(PEER_CONFIG);
  const received = {audio: {packets: 0, bytes: 0}, video: {packets: 0, bytes: 0}};
  peer.onTrack.subscribe(track => {
    const counts = received[track.kind];
    track.onReceiveRtp.subscribe(rtp => {
      counts.packets++;
      counts.bytes += rtp.payload.length;
    });
  });
  const connected = new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('no ICE + DTLS within 30 s')), CONNECTED_WITHIN);
    peer.connectionStateChange.subscribe(state => {
      if (state === 'connected') {
        clearTimeout(timer);
        done();
      } else if (state === 'failed') {
        clearTimeout(timer);
        fail(new Error('the peer connection failed'));
      }
    });
  });
  // Awaited below, once the answer is sent; a failure before then is not an unhandled rejection.
  connected.catch(() => {});
  try {
    await peer.setRemoteDescription(offer);
    await peer.setLocalDescription(await peer.createAnswer());
    // Janus's offer carries its candidates; the answer carries werift's once gathered (host ones only: at once).
    const gathered = new Promise(done =>
      peer.iceGatheringStateChange.subscribe(state => state === 'complete' && done()),
    );
    if (peer.iceGatheringState !== 'complete') {
      await Promise.race([gathered, connected]);
    }
    const {type, sdp} = peer.localDescription;
    await send({request: 'start'}, {type, sdp});
    await connected;
  } catch (error) {
    // A subscriber that did not connect holds no socket through the rest of the run.
    await peer.close();
    throw error;
  }
  return {received, close: () => peer.close()};
}

/**
 * Subscribers to a feed, added in steps: `grow(k)` makes their number k.
 * @param {{url: string, token: () => string, room: string, feed: string}} options Janus's WebSocket, a maker of
 *   fresh tokens, the room and the publisher's feed id.
 */
export function fanout({url, token, room, feed}) {
  const sessions = [];
  const subscribers = [];
  /** Why each subscriber that did not connect failed. */
  const failed = [];
  /** A session with room for one more handle (the place is taken at once); one is opened at a time. */
  let opening = Promise.resolve();
  const sessionFor = () =>
    (opening = opening
      .catch(() => {})
      .then(async () => {
        let session = sessions.find(session => session.handles < PER_SESSION);
        if (!session) {
          session = await Session.open(url, token());
          sessions.push(session);
        }
        session.handles++;
        return session;
      }));
  return {
    subscribers,
    failed,
    /** Adds subscribers until there are k (connected or failed), ten joining at a time. */
    async grow(k) {
      while (subscribers.length + failed.length < k) {
        const batch = Math.min(10, k - subscribers.length - failed.length);
        const joins = [];
        for (let i = 0; i < batch; i++) {
          joins.push(sessionFor().then(session => subscriber(session, {room, feed})));
        }
        for (const outcome of await Promise.allSettled(joins)) {
          if (outcome.status === 'fulfilled') {
            subscribers.push(outcome.value);
          } else {
            failed.push(String(outcome.reason?.message ?? outcome.reason));
          }
        }
      }
    },
    /** Each subscriber's counts so far, by kind (a copy). */
    snapshot() {
      return subscribers.map(({received}) => structuredClone(received));
    },
    close() {
      for (const {close} of subscribers) {
        close();
      }
      for (const session of sessions) {
        session.close();
      }
    },
  };
}
