import {
  EnvironmentInjector,
  createEnvironmentInjector,
  runInInjectionContext,
  signal,
} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {fakeAudioLevels, stream} from './group-grid.spec-helper';
import {KIT_SPEAKING_INTERVAL, kitSpeaking} from './speaking';

describe('Group calls: who speaks, from the audio levels (kitSpeaking)', () => {
  let audio: ReturnType<typeof fakeAudioLevels>;

  beforeEach(() => {
    jest.useFakeTimers();
    audio = fakeAudioLevels();
  });

  afterEach(() => {
    audio.restore();
    jest.useRealTimers();
  });

  function start() {
    const streams = signal<ReadonlyMap<string, MediaStream | null>>(new Map());
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
    const speaking = runInInjectionContext(injector, () => kitSpeaking(streams));
    const set = (entries: [string, MediaStream | null][]) => {
      streams.set(new Map(entries));
      TestBed.tick();
    };
    /** Lets the levels be read `n` times; @returns who speaks then. */
    const after = (n: number) => {
      jest.advanceTimersByTime(KIT_SPEAKING_INTERVAL * n);
      return [...speaking()].sort();
    };
    return {set, after, injector};
  }

  it('should hear someone who speaks softly, and not the hiss of a silent microphone', () => {
    const {set, after} = start();
    const alan = stream({});
    const grace = stream({});
    set([
      ['alan', alan],
      ['grace', grace],
    ]);
    audio.levels.set(alan, 5); // Soft speech: about 4% of full scale.
    audio.levels.set(grace, 2); // Hiss: under 2%.
    expect(after(1)).toEqual(['alan']);
  });

  it('should keep a speaker speaking through a short pause between words, and let go after a longer one', () => {
    const {set, after} = start();
    const alan = stream({});
    set([['alan', alan]]);
    audio.levels.set(alan, 40);
    expect(after(1)).toEqual(['alan']);
    audio.levels.set(alan, 0);
    expect(after(2)).toEqual(['alan']);
    expect(after(4)).toEqual([]);
  });

  it("should read a person's new stream when theirs is replaced, and nobody once the streams are gone", () => {
    const {set, after} = start();
    const first = stream({});
    const second = stream({});
    audio.levels.set(first, 0);
    audio.levels.set(second, 40);
    set([['alan', first]]);
    expect(after(1)).toEqual([]);
    set([['alan', second]]);
    expect(after(1)).toEqual(['alan']);
    set([]);
    expect(after(1)).toEqual([]);
  });

  it('should close its audio context with the screen', () => {
    const global = globalThis as unknown as {AudioContext: new () => {close(): Promise<void>}};
    const Fake = global.AudioContext;
    const closed: boolean[] = [];
    global.AudioContext = class extends Fake {
      override close = async () => {
        closed.push(true);
      };
    };
    const {set, after, injector} = start();
    set([['alan', stream({})]]);
    after(1);
    expect(closed).toEqual([]);
    injector.destroy();
    expect(closed).toEqual([true]);
  });
});
