import {LiveAnnouncer} from '@angular/cdk/a11y';
import {
  EnvironmentInjector,
  createEnvironmentInjector,
  runInInjectionContext,
  signal,
} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallDisplayMode} from 'kit-chat-uikit-angular';
import {ALAN, GRACE, ME} from './group.spec-helper';
import {fakeAudioLevels, renderGrid, stream} from './group-grid.spec-helper';
import {KIT_SPEAKING_INTERVAL} from './speaking';
import {kitActiveSpeaker} from './active-speaker';

/** Long enough for the streams to be asked for (every second) and a few audio levels to be read. */
const READS = 1100 + KIT_SPEAKING_INTERVAL * 2;
/** Long enough for a speaker to fall quiet (the ring holds a few reads). */
const QUIET = KIT_SPEAKING_INTERVAL * 6;
const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
// These tests let the audio levels be read on real timers for a few seconds in all: Jest's 5 s default is too short on
// a busy machine (CI runs them beside the browser tests), where the timers fire late.
jest.setTimeout(30_000);

describe('The docked window of a group call: who speaks', () => {
  let restore: () => void;
  afterEach(() => restore());

  it('should show who spoke last while docked, and say each change politely, once, while docked', async () => {
    const audio = fakeAudioLevels();
    restore = audio.restore;
    const displayMode = signal<KitCallDisplayMode>('fullscreen');
    const {host, streams, fixture} = renderGrid(
      [
        [ME, 'joined'],
        [ALAN, 'joined'],
        [GRACE, 'joined'],
      ],
      {displayMode},
    );
    const said = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce');
    const speakerLine = () => {
      fixture.detectChanges();
      const line = host.querySelector('.kit-group-call-speaker');
      const avatar = line?.querySelector('kit-avatar')?.textContent?.trim();
      return (
        line &&
        `${avatar} ${line.querySelector('.kit-group-call-speaker-name')?.textContent?.trim()}`
      );
    };
    const alan = stream({});
    const grace = stream({});
    streams.set('alan', alan);
    streams.set('grace', grace);
    audio.levels.set(alan, 40);
    await wait(READS);

    // Full screen, the grid's rings show who speaks: no line, nothing said.
    expect(speakerLine()).toBeNull();
    expect(said).not.toHaveBeenCalled();

    displayMode.set('docked');
    // Docking shows who speaks (their initials and name) without saying it: it is no change.
    expect(speakerLine()).toBe('AT Alan Turing is speaking');
    expect(said).not.toHaveBeenCalled();

    audio.levels.set(alan, 0);
    await wait(QUIET);
    // Silence between words changes nothing: Alan stays, nothing is said.
    expect(speakerLine()).toBe('AT Alan Turing is speaking');
    expect(said).not.toHaveBeenCalled();

    audio.levels.set(grace, 40);
    await wait(QUIET);
    expect(speakerLine()).toBe('GH Grace Hopper is speaking');
    expect(said.mock.calls).toEqual([['Grace Hopper is speaking', 'polite']]);

    // Back to full screen: the line goes, and a new speaker is not said.
    displayMode.set('fullscreen');
    audio.levels.set(grace, 0);
    audio.levels.set(alan, 40);
    await wait(QUIET);
    expect(speakerLine()).toBeNull();
    expect(said).toHaveBeenCalledTimes(1);
  });

  it('should let go of a speaker who left the call', async () => {
    const audio = fakeAudioLevels();
    restore = audio.restore;
    const {host, streams, fixture, update} = renderGrid(
      [
        [ME, 'joined'],
        [ALAN, 'joined'],
        [GRACE, 'joined'],
      ],
      {displayMode: signal<KitCallDisplayMode>('docked')},
    );
    const alan = stream({});
    streams.set('alan', alan);
    audio.levels.set(alan, 40);
    await wait(READS);
    fixture.detectChanges();
    expect(host.querySelector('.kit-group-call-speaker-name')?.textContent?.trim()).toBe(
      'Alan Turing is speaking',
    );

    update([
      [ME, 'joined'],
      [ALAN, 'left'],
      [GRACE, 'joined'],
    ]);
    expect(host.querySelector('.kit-group-call-speaker')).toBeNull();
  });
});

describe('Group calls: who the docked window shows (kitActiveSpeaker)', () => {
  function start() {
    const speaking = signal<ReadonlySet<string>>(new Set());
    const names = signal<ReadonlyMap<string, string>>(
      new Map([
        ['alan', 'Alan Turing'],
        ['grace', 'Grace Hopper'],
      ]),
    );
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
    const shown = runInInjectionContext(injector, () =>
      kitActiveSpeaker(speaking, names, signal(false)),
    );
    const next = (uids: string[], people?: string[]) => {
      speaking.set(new Set(uids));
      if (people) {
        names.set(new Map([...names()].filter(([uid]) => people.includes(uid))));
      }
      TestBed.tick();
      return shown();
    };
    return {next};
  }

  it('should let go of a speaker who left the call, when nobody else speaks', () => {
    const {next} = start();
    expect(next(['alan'])).toBe('alan');
    expect(next([])).toBe('alan'); // Silence keeps the last one who spoke.
    expect(next([], ['grace'])).toBeNull();
  });

  it('should give way to the next speaker when the one shown left, even if their stream still sounds', () => {
    const {next} = start();
    expect(next(['alan'])).toBe('alan');
    expect(next(['alan', 'grace'], ['grace'])).toBe('grace');
  });
});
