import {KitUser} from 'kit-chat-uikit-angular';

/** Frames drawn per second: enough for the picture to be alive, little for the processor. */
const FPS = 4;
/**
 * Volume of the far side's tone: quiet, yet over the group grid's speaking level (an RMS of 0.03; this sine's is
 * 0.042): at 0.02 (RMS 0.014) no simulated person ever showed as speaking.
 */
const TONE_LEVEL = 0.06;
const WIDTH = 640;
const HEIGHT = 480;

/** A stable colour from a name, so each person keeps one. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) {
    hash = (hash * 31 + char.charCodeAt(0)) % 360;
  }
  return hash;
}

/** @returns "AL" for "Ada Lovelace". */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? '?').slice(0, 2)
  ).toUpperCase();
}

/**
 * The far side of an in-memory call as media: a canvas that draws the person's initials (`captureStream()`), with a
 * ring that pulses while they "speak", and a quiet tone (WebAudio) that speaks and pauses. Its camera can be turned
 * off and on: the video track goes and comes back, with the `removetrack` / `addtrack` events a browser fires for a
 * remote stream. `stop()` stops every track, the clock and the `AudioContext`.
 * @docs-private
 */
export class KitInMemorySyntheticPeer {
  /** The stream the other side "sends". */
  readonly stream: MediaStream;
  readonly #canvas: HTMLCanvasElement;
  readonly #context: AudioContext | null;
  readonly #gain: GainNode | null;
  readonly #timer: ReturnType<typeof setInterval>;
  #video: MediaStreamTrack | null = null;
  #frame = 0;

  /**
   * @param user The person on the other side.
   * @param video Whether their camera is on at first (a video call).
   * @param document The page's document.
   */
  constructor(
    private readonly _user: KitUser,
    video: boolean,
    document: Document,
  ) {
    this.#canvas = document.createElement('canvas');
    this.#canvas.width = WIDTH;
    this.#canvas.height = HEIGHT;
    this.stream = new MediaStream();
    const AudioContextClass = globalThis.AudioContext;
    this.#context = typeof AudioContextClass === 'function' ? new AudioContextClass() : null;
    this.#gain = null;
    if (this.#context) {
      const oscillator = this.#context.createOscillator();
      oscillator.frequency.value = 220;
      this.#gain = this.#context.createGain();
      this.#gain.gain.value = 0;
      const destination = this.#context.createMediaStreamDestination();
      oscillator.connect(this.#gain).connect(destination);
      oscillator.start();
      destination.stream.getAudioTracks().forEach(track => this.stream.addTrack(track));
    }
    this.#draw();
    this.#timer = setInterval(() => this.#tick(), 1000 / FPS);
    if (video) {
      this.setCamera(true);
    }
  }

  /** Whether the camera of the other side is on. */
  get cameraOn(): boolean {
    return !!this.#video;
  }

  /**
   * Turns the other side's camera off (its video track ends and leaves the stream) or on (a new one joins it).
   * @param on Whether the camera is on.
   */
  setCamera(on: boolean): void {
    if (on === !!this.#video) {
      return;
    }
    const track = on ? this.#canvas.captureStream(FPS).getVideoTracks()[0] : this.#video!;
    this.#video = on ? track : null;
    if (on) {
      this.stream.addTrack(track);
    } else {
      this.stream.removeTrack(track);
      track.stop();
    }
    // A script's addTrack / removeTrack fires nothing: fire what a browser fires for a remote stream.
    this.stream.dispatchEvent(new MediaStreamTrackEvent(on ? 'addtrack' : 'removetrack', {track}));
  }

  /** Whether the call is on hold: the far side is silent and still. */
  #held = false;

  /** @param held Whether the call is on hold (silent, no speech drawn) or not. */
  setHeld(held: boolean): void {
    this.#held = held;
  }

  /** Stops every track, the clock and the audio. Safe to call twice. */
  stop(): void {
    clearInterval(this.#timer);
    this.stream.getTracks().forEach(track => track.stop());
    this.#video = null;
    if (this.#context && this.#context.state !== 'closed') {
      void this.#context.close().catch(() => {});
    }
  }

  /** Whether the other side "speaks" now: a second and a half of speech, then a pause. */
  #speaking(): boolean {
    return !this.#held && this.#frame % (FPS * 3) < FPS * 1.5;
  }

  #tick(): void {
    this.#frame++;
    if (this.#gain && this.#context) {
      this.#gain.gain.setTargetAtTime(
        this.#speaking() ? TONE_LEVEL : 0,
        this.#context.currentTime,
        0.05,
      );
    }
    this.#draw();
  }

  #draw(): void {
    const context = this.#canvas.getContext('2d');
    if (!context) {
      return;
    }
    const name = this._user.name;
    const color = hue(name);
    context.fillStyle = `hsl(${color} 35% 22%)`;
    context.fillRect(0, 0, WIDTH, HEIGHT);
    const x = WIDTH / 2;
    const y = HEIGHT / 2 - 30;
    if (this.#speaking()) {
      context.beginPath();
      context.arc(x, y, 104 + (this.#frame % 2) * 6, 0, Math.PI * 2);
      context.fillStyle = `hsl(${color} 60% 45% / 0.5)`;
      context.fill();
    }
    context.beginPath();
    context.arc(x, y, 96, 0, Math.PI * 2);
    context.fillStyle = `hsl(${color} 55% 70%)`;
    context.fill();
    context.fillStyle = `hsl(${color} 40% 15%)`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.font = '600 72px sans-serif';
    context.fillText(initials(name), x, y + 4);
    context.fillStyle = '#fff';
    context.font = '400 28px sans-serif';
    context.fillText(name, x, y + 150);
  }
}
