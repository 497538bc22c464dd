import {FakeTrack} from '../src/devices/fake-media.spec-helper';

/** A transceiver of the fake connection: what it receives (a track of its kind), what it sends. */
interface FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  receiver: {track: FakeTrack};
  sender: {
    track: FakeTrack | null;
    /** How it sends (`setParameters`): one encoding. */
    encoding: RTCRtpEncodingParameters;
    replaceTrack(track: FakeTrack | null): Promise<void>;
    getParameters(): {encodings: RTCRtpEncodingParameters[]};
    setParameters(parameters: {encodings: RTCRtpEncodingParameters[]}): Promise<void>;
  };
}

/**
 * An `RTCPeerConnection` for jsdom: an offer lists its transceivers' kinds, an answer echoes them, each description
 * set locally yields one host candidate, and the connection says `'connected'` once both descriptions are set and a
 * candidate of the far side was added. Every one made is kept in `made`.
 */
export class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  /** How long making an answer takes, in ms (a busy machine). */
  static answerDelay = 0;
  /** How long it stays `'connecting'` (ICE and DTLS) before `'connected'`, in ms (a busy machine). */
  static connectingFor = 0;
  onconnectionstatechange: (() => void) | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onicecandidate: ((event: {candidate: {toJSON(): RTCIceCandidateInit} | null}) => void) | null =
    null;
  readonly candidates: RTCIceCandidateInit[] = [];
  readonly #transceivers: FakeTransceiver[] = [];

  constructor(readonly config?: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }

  /** Whether it ever made an offer. */
  get offered(): boolean {
    return this.localDescription?.type === 'offer';
  }

  addTransceiver(kind: 'audio' | 'video', init?: RTCRtpTransceiverInit): FakeTransceiver {
    const transceiver: FakeTransceiver = {
      direction: init?.direction ?? 'sendrecv',
      receiver: {track: new FakeTrack(kind, `remote-${kind}`)},
      sender: {
        track: null,
        encoding: {},
        replaceTrack: async track => {
          transceiver.sender.track = track;
        },
        getParameters: () => ({encodings: [{...transceiver.sender.encoding}]}),
        setParameters: async ({encodings}) => {
          transceiver.sender.encoding = encodings[0];
        },
      },
    };
    this.#transceivers.push(transceiver);
    return transceiver;
  }

  getTransceivers = () => [...this.#transceivers];
  getReceivers = () => this.#transceivers.map(transceiver => transceiver.receiver);
  getSenders = () => this.#transceivers.map(transceiver => transceiver.sender);

  createOffer = async () => ({type: 'offer', sdp: this.#sdp()});
  createAnswer = async () => {
    await new Promise(done => setTimeout(done, FakePeerConnection.answerDelay));
    return {type: 'answer', sdp: this.#sdp()};
  };

  setLocalDescription = async (description: RTCSessionDescriptionInit) => {
    this.#open();
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    setTimeout(() =>
      this.onicecandidate?.({
        candidate: {
          toJSON: () => ({candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0'}),
        },
      }),
    );
  };

  setRemoteDescription = async (description: RTCSessionDescriptionInit) => {
    this.#open();
    if (description.type === 'offer') {
      for (const kind of description.sdp!.split(' ').slice(1)) {
        this.addTransceiver(kind as 'audio' | 'video', {direction: 'recvonly'});
      }
    }
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    this.#connect();
  };

  addIceCandidate = async (candidate: RTCIceCandidateInit) => {
    this.#open();
    if (!this.remoteDescription) {
      throw new DOMException('No remote description', 'InvalidStateError');
    }
    this.candidates.push(candidate);
    this.#connect();
  };

  close(): void {
    this.connectionState = 'closed';
    this.signalingState = 'closed';
    this.#transceivers.forEach(transceiver => transceiver.receiver.track.stop());
  }

  #sdp(): string {
    return ['v=0', ...this.#transceivers.map(each => each.receiver.track.kind)].join(' ');
  }

  #open(): void {
    if (this.signalingState === 'closed') {
      throw new DOMException('Closed', 'InvalidStateError');
    }
  }

  #connect(): void {
    if (
      this.localDescription &&
      this.remoteDescription &&
      this.candidates.length &&
      this.connectionState === 'new'
    ) {
      this.#state(FakePeerConnection.connectingFor ? 'connecting' : 'connected');
      setTimeout(() => {
        if (this.connectionState === 'connecting') {
          this.#state('connected');
        }
      }, FakePeerConnection.connectingFor);
    }
  }

  /** Its ICE checks go unanswered for `ms` (a busy machine): `'disconnected'`, then `'connected'` again. */
  disconnectFor(ms: number): void {
    this.#state('disconnected');
    setTimeout(() => this.connectionState === 'disconnected' && this.#state('connected'), ms);
  }

  #state(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** Puts the fake on the globals (for one test); returns what undoes it. */
export function installFakePeerConnection(): () => void {
  const saved = (globalThis as Record<string, unknown>)['RTCPeerConnection'];
  FakePeerConnection.made = [];
  FakePeerConnection.answerDelay = 0;
  FakePeerConnection.connectingFor = 0;
  Object.assign(globalThis, {RTCPeerConnection: FakePeerConnection});
  return () => Object.assign(globalThis, {RTCPeerConnection: saved});
}
