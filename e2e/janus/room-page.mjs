// The page side of e2e/janus/room.mjs, bundled by esbuild with the room client (projects/…/sip/janus-room.ts,
// reached through kitJanusRoom's dynamic import as an app reaches it): joins with the fake camera and microphone,
// shows what it receives per feed (a <video> per member, an analyser per member's audio), and records what the
// client reported: tracks, tracks gone, members gone, errors.
import {kitJanusRoom} from '../../projects/kit-chat-uikit-angular/sip/janus-room-factory';

const state = {joinedAt: 0, firstFrameAt: 0, feeds: {}, trackGone: [], gone: [], errors: []};
let member;
let audio;
/** The client's peer connections, for the media path's addresses. */
const peers = [];
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Native {
  constructor(...args) {
    super(...args);
    peers.push(this);
  }
};

function feed(id, display) {
  return (state.feeds[id] ??= {display, video: null, decoded: 0, analyser: null, tracks: []});
}

function onTrack(id, display, track) {
  const entry = feed(id, display);
  entry.tracks.push(track.kind);
  if (track.kind === 'video') {
    // A camera back on comes as a new track: a new <video>; the frames count on from the old one's.
    entry.decoded += framesOf(entry.video);
    entry.video?.remove();
    const video = document.createElement('video');
    Object.assign(video, {muted: true, autoplay: true, playsInline: true, width: 160});
    video.dataset.feed = id;
    video.srcObject = new MediaStream([track]);
    document.body.append(video);
    video.play().catch(() => {});
    entry.video = video;
  } else {
    // Chromium feeds a remote track to Web Audio only while a media element plays it.
    const element = new Audio();
    element.srcObject = new MediaStream([track]);
    element.play().catch(() => {});
    audio ??= new AudioContext();
    const analyser = audio.createAnalyser();
    audio.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    entry.analyser = analyser;
  }
}

const framesOf = video => video?.getVideoPlaybackQuality().totalVideoFrames ?? 0;

/** The frames decoded of each member's video so far; the first one's time is the join's first frame. */
function frames() {
  const counts = {};
  for (const [id, entry] of Object.entries(state.feeds)) {
    counts[id] = entry.decoded + framesOf(entry.video);
    if (framesOf(entry.video) > 0 && entry.video.videoWidth > 0 && !state.firstFrameAt) {
      state.firstFrameAt = performance.now();
    }
  }
  return counts;
}
setInterval(frames, 20);

window.kitRoomTest = {
  state,
  async join(options) {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: {width: 320, height: 240},
    });
    const started = performance.now();
    member = await kitJanusRoom({
      ...options,
      stream,
      onTrack,
      onTrackGone: (id, kind) => state.trackGone.push({id, kind}),
      onGone: id => state.gone.push(id),
      onError: error => state.errors.push(`${error.code}: ${error.message}`),
    });
    state.joinedAt = started;
    return member.id;
  },
  frames,
  /** The peak RMS (0..1) of a member's audio over `ms`. */
  async rms(id, ms = 1200) {
    const analyser = state.feeds[id]?.analyser;
    if (!analyser) {
      return 0;
    }
    await audio.resume();
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    const end = performance.now() + ms;
    while (performance.now() < end) {
      await new Promise(done => setTimeout(done, 40));
      analyser.getFloatTimeDomainData(samples);
      peak = Math.max(peak, Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length));
    }
    return peak;
  },
  /** Each peer connection's selected candidate pair, "local → remote" addresses. */
  async paths() {
    const paths = [];
    for (const peer of peers) {
      const stats = await peer.getStats();
      stats.forEach(pair => {
        if (pair.type === 'candidate-pair' && pair.nominated && pair.state === 'succeeded') {
          const [local, remote] = [
            stats.get(pair.localCandidateId),
            stats.get(pair.remoteCandidateId),
          ];
          paths.push(`${local?.address} → ${remote?.address}`);
        }
      });
    }
    return paths;
  },
  /** The peak RMS (0..1) of each member's audio over the same `ms`. */
  async rmsAll(ms = 1200) {
    const ids = Object.keys(state.feeds);
    const peaks = await Promise.all(ids.map(id => this.rms(id, ms)));
    return Object.fromEntries(ids.map((id, i) => [id, peaks[i]]));
  },
  setCamera: enabled => member.setCamera(enabled),
  leave: () => member.leave(),
};
