/** The built-in looping tones. `ringtone` rings an incoming call; `ringback` plays while an outgoing call rings. */
export type KitTone = 'ringtone' | 'ringback';

/** One piece of a tone: the frequencies played together (none for silence) for a number of milliseconds. */
type Segment = readonly [frequencies: readonly number[], ms: number];

const PATTERNS: Record<KitTone, readonly Segment[]> = {
  // A rising three-note chime, twice, then a pause: recognisable, not harsh.
  ringtone: [
    [[523.25], 180],
    [[659.25], 180],
    [[783.99], 300],
    [[], 160],
    [[523.25], 180],
    [[659.25], 180],
    [[783.99], 300],
    [[], 1500],
  ],
  // The classic ringback: 440 Hz + 480 Hz for 1.2 s, then 2.8 s of silence.
  ringback: [
    [[440, 480], 1200],
    [[], 2800],
  ],
};

const SAMPLE_RATE = 8000;
const FADE_SAMPLES = 80;

/**
 * Synthesises one cycle of a built-in tone as an 8-bit mono WAV file, so the library ships its tones without an
 * asset to host and never fetches one from a third party.
 * @param tone Which tone.
 * @returns The bytes of the WAV file.
 */
export function kitToneWav(tone: KitTone): Uint8Array<ArrayBuffer> {
  const segments = PATTERNS[tone];
  const total = segments.reduce((sum, [, ms]) => sum + Math.round((ms / 1000) * SAMPLE_RATE), 0);
  const bytes = new Uint8Array(new ArrayBuffer(44 + total));
  const view = new DataView(bytes.buffer);
  // The 44-byte header as little-endian 32-bit words: "RIFF", the size, "WAVE", "fmt ", 16, PCM | mono << 16, the
  // sample rate, the byte rate (1 byte a sample), block align 1 | 8 bits << 16, "data", the size of the samples.
  // prettier-ignore
  const header = [
    0x46464952, 36 + total, 0x45564157, 0x20746d66, 16, 0x10001, SAMPLE_RATE, SAMPLE_RATE, 0x80001, 0x61746164, total,
  ];
  header.forEach((word, i) => view.setUint32(i * 4, word, true));

  let offset = 44;
  for (const [frequencies, ms] of segments) {
    const count = Math.round((ms / 1000) * SAMPLE_RATE);
    for (let i = 0; i < count; i++) {
      let sample = 0;
      for (const frequency of frequencies) {
        sample += Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) / frequencies.length;
      }
      // Short fades at both ends of each note avoid clicks.
      const fade = Math.min(1, i / FADE_SAMPLES, (count - i) / FADE_SAMPLES);
      bytes[offset++] = 128 + Math.round(sample * fade * 90);
    }
  }
  return bytes;
}
