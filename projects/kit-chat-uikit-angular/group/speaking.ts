import {DestroyRef, Signal, effect, inject, signal, untracked} from '@angular/core';

/** How often the levels are read, in ms. */
export const KIT_SPEAKING_INTERVAL = 150;
/** The level (RMS of the waveform, 0 to 1) from which a person speaks. */
const THRESHOLD = 0.03;
/** How many reads a speaker stays speaking after the level fell: a ring that does not flicker between words. */
const HOLD = 4;

interface Meter {
  readonly stream: MediaStream;
  readonly source: MediaStreamAudioSourceNode;
  readonly analyser: AnalyserNode;
  readonly samples: Uint8Array<ArrayBuffer>;
  quiet: number;
}

/**
 * Who speaks now, from the audio level of each person's stream (a Web Audio analyser per stream, read a few times a
 * second, never played): a person without a stream, or in a browser without Web Audio, never speaks. Created in an
 * injection context; the audio context closes with it.
 * @param streams Each person's stream (by uid), as they come and go.
 * @returns The uids of who speaks now.
 * @docs-private
 */
export function kitSpeaking(
  streams: Signal<ReadonlyMap<string, MediaStream | null>>,
): Signal<ReadonlySet<string>> {
  const speaking = signal<ReadonlySet<string>>(new Set());
  const meters = new Map<string, Meter>();
  const Context = (globalThis as {AudioContext?: typeof AudioContext}).AudioContext;
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const drop = (uid: string) => {
    meters.get(uid)?.source.disconnect();
    meters.delete(uid);
  };
  const read = () => {
    const now = new Set<string>();
    for (const [uid, meter] of meters) {
      meter.analyser.getByteTimeDomainData(meter.samples);
      let sum = 0;
      for (const sample of meter.samples) {
        sum += ((sample - 128) / 128) ** 2;
      }
      const loud = Math.sqrt(sum / meter.samples.length) >= THRESHOLD;
      meter.quiet = loud ? 0 : meter.quiet + 1;
      if (meter.quiet < HOLD && (loud || speaking().has(uid))) {
        now.add(uid);
      }
    }
    const before = speaking();
    if (now.size !== before.size || [...now].some(uid => !before.has(uid))) {
      speaking.set(now);
    }
  };

  effect(() => {
    const current = streams();
    untracked(() => {
      for (const uid of [...meters.keys()]) {
        if (current.get(uid) !== meters.get(uid)!.stream) {
          drop(uid);
        }
      }
      for (const [uid, stream] of current) {
        if (!Context || !stream || meters.has(uid) || !stream.getAudioTracks?.().length) {
          continue;
        }
        try {
          context ??= new Context();
          const source = context.createMediaStreamSource(stream);
          const analyser = context.createAnalyser();
          analyser.fftSize = 256;
          source.connect(analyser);
          meters.set(uid, {
            stream,
            source,
            analyser,
            samples: new Uint8Array(analyser.fftSize),
            quiet: HOLD,
          });
        } catch {
          // A stream Web Audio cannot read: that person shows no ring.
        }
      }
      if (meters.size && timer === undefined) {
        timer = setInterval(read, KIT_SPEAKING_INTERVAL);
      } else if (!meters.size && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
        speaking.set(new Set());
      }
    });
  });
  inject(DestroyRef).onDestroy(() => {
    clearInterval(timer);
    [...meters.keys()].forEach(drop);
    void context?.close().catch(() => undefined);
  });
  return speaking.asReadonly();
}
