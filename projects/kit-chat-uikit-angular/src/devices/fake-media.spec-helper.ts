/*
 * Stand-ins for the media APIs jsdom lacks (MediaStream, tracks, getUserMedia, enumerateDevices, AudioContext,
 * canvas capture), for the specs of the device pickers and of the in-memory SDK's media.
 */

/** A `MediaStreamTrack` with the members the kit uses, and `mute()` / `unmute()` as the browser would fire them. */
export class FakeTrack extends EventTarget {
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  muted = false;

  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId = `${kind}-0`,
  ) {
    super();
  }

  stop(): void {
    this.readyState = 'ended';
  }

  getSettings(): MediaTrackSettings {
    return {deviceId: this.deviceId};
  }

  clone(): FakeTrack {
    return new FakeTrack(this.kind, this.deviceId);
  }

  /** The browser mutes or unmutes the track (no frames / frames again). */
  setMuted(muted: boolean): void {
    this.muted = muted;
    this.dispatchEvent(new Event(muted ? 'mute' : 'unmute'));
  }
}

/** A `MediaStream` of fake tracks. */
export class FakeStream extends EventTarget {
  readonly #tracks: FakeTrack[];

  constructor(tracks: FakeTrack[] = []) {
    super();
    this.#tracks = [...tracks];
  }

  getTracks = () => [...this.#tracks];
  getAudioTracks = () => this.#tracks.filter(track => track.kind === 'audio');
  getVideoTracks = () => this.#tracks.filter(track => track.kind === 'video');
  addTrack = (track: FakeTrack) => this.#tracks.push(track);
  removeTrack = (track: FakeTrack) => this.#tracks.splice(this.#tracks.indexOf(track), 1);
}

/** A device as `enumerateDevices()` lists it. */
export function fakeDevice(kind: MediaDeviceKind, deviceId: string, label = ''): MediaDeviceInfo {
  return {kind, deviceId, label, groupId: '', toJSON: () => ({})} as MediaDeviceInfo;
}

/** `navigator.mediaDevices`: getUserMedia gives tracks of the device asked for (or the first one). */
export class FakeMediaDevices extends EventTarget {
  devices: MediaDeviceInfo[] = [];
  /** When set, getUserMedia rejects with it (for the kinds given, or always). */
  refuse: {error: Error; kinds?: ('audio' | 'video')[]} | null = null;
  readonly opened: FakeTrack[] = [];
  readonly asked: MediaStreamConstraints[] = [];

  getUserMedia = async (constraints: MediaStreamConstraints) => {
    this.asked.push(constraints);
    const kinds = (['audio', 'video'] as const).filter(kind => constraints[kind]);
    if (this.refuse && (!this.refuse.kinds || kinds.some(k => this.refuse!.kinds!.includes(k)))) {
      throw this.refuse.error;
    }
    const tracks = kinds.map(kind => {
      const wanted = constraints[kind] as {deviceId?: {exact: string}} | boolean;
      const track = new FakeTrack(
        kind,
        typeof wanted === 'object' ? wanted.deviceId?.exact : undefined,
      );
      this.opened.push(track);
      return track;
    });
    return new FakeStream(tracks) as unknown as MediaStream;
  };

  enumerateDevices = async () => [...this.devices];

  /** A device is plugged in or out. */
  plug(devices: MediaDeviceInfo[]): void {
    this.devices = devices;
    this.dispatchEvent(new Event('devicechange'));
  }
}

/** An `AudioContext` with the nodes the kit builds, that says whether it was closed. */
export class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  /** The level every analyser reads (a microphone that hears speech: about 0.1). */
  static level = 0;
  state: AudioContextState = 'running';
  currentTime = 0;
  readonly destinationTrack = new FakeTrack('audio', 'tone');

  constructor() {
    FakeAudioContext.made.push(this);
  }

  close = async () => {
    this.state = 'closed';
  };
  createOscillator = () => ({frequency: {value: 0}, connect: (node: unknown) => node, start() {}});
  createGain = () => ({gain: {value: 0, setTargetAtTime() {}}, connect: (node: unknown) => node});
  createMediaStreamDestination = () => ({stream: new FakeStream([this.destinationTrack])});
  createAnalyser = () => ({
    fftSize: 32,
    getFloatTimeDomainData: (into: Float32Array) => into.fill(FakeAudioContext.level),
  });
  createMediaStreamSource = () => ({connect: (node: unknown) => node});
}

/** Installs the fakes on the globals; returns what undoes it. */
export function installFakeMedia(): {devices: FakeMediaDevices; restore: () => void} {
  const devices = new FakeMediaDevices();
  const saved = {
    MediaStream: (globalThis as Record<string, unknown>)['MediaStream'],
    MediaStreamTrackEvent: (globalThis as Record<string, unknown>)['MediaStreamTrackEvent'],
    AudioContext: (globalThis as Record<string, unknown>)['AudioContext'],
  };
  Object.assign(globalThis, {
    MediaStream: FakeStream,
    AudioContext: FakeAudioContext,
    MediaStreamTrackEvent: class extends Event {
      readonly track: FakeTrack;
      constructor(type: string, init: {track: FakeTrack}) {
        super(type);
        this.track = init.track;
      }
    },
  });
  Object.defineProperty(navigator, 'mediaDevices', {value: devices, configurable: true});
  FakeAudioContext.made = [];
  FakeAudioContext.level = 0;
  return {
    devices,
    restore: () => {
      Object.assign(globalThis, saved);
      Object.defineProperty(navigator, 'mediaDevices', {value: undefined, configurable: true});
    },
  };
}
