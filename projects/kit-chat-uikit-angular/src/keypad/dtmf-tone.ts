/** The keys in the order of the DTMF grid: a key's row and column give its two frequencies. */
const GRID = '123A456B789C*0#D';
const ROWS = [697, 770, 852, 941];
const COLUMNS = [1209, 1336, 1477, 1633];

/**
 * The dual tone of a keypad key (ITU-T Q.23), heard locally when it is pressed, through Web Audio: two sine waves
 * for 120 ms. Quiet: a confirmation for the user, not the signal the far side gets. Where there is no
 * `AudioContext` (the server, tests), nothing plays. @docs-private
 */
export class KitDtmfTone {
  #context: AudioContext | null = null;

  /** @param _window The page's window (`null` on the server). */
  constructor(private readonly _window: (Window & typeof globalThis) | null) {}

  /** Plays a key's tone; a key that is not a DTMF key plays nothing. */
  play(key: string): void {
    const index = GRID.indexOf(key);
    const Context = this._window?.AudioContext;
    if (index < 0 || !Context) {
      return;
    }
    try {
      // Made on the first key (a user gesture), so that the browser lets it play.
      const context = (this.#context ??= new Context());
      const gain = context.createGain();
      gain.gain.value = 0.08;
      gain.connect(context.destination);
      for (const frequency of [ROWS[index >> 2], COLUMNS[index & 3]]) {
        const wave = context.createOscillator();
        wave.frequency.value = frequency;
        wave.connect(gain);
        wave.start();
        wave.stop(context.currentTime + 0.12);
      }
    } catch {
      // No sound: the key is sent all the same.
    }
  }

  /** Lets the audio device go (the keypad is gone). */
  close(): void {
    this.#context?.close().catch(() => {});
    this.#context = null;
  }
}
