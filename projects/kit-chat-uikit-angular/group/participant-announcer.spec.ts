import {LiveAnnouncer} from '@angular/cdk/a11y';
import {
  EnvironmentInjector,
  createEnvironmentInjector,
  runInInjectionContext,
  signal,
} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitParticipant, KitParticipantStatus, KitUser} from 'kit-chat-uikit-angular';
import {ALAN, GRACE, ME} from './group.spec-helper';
import {KIT_ANNOUNCE_BATCH, kitAnnounceParticipants} from './participant-announcer';

describe('Group calls: who joined or left, said politely (kitAnnounceParticipants)', () => {
  let said: string[];

  beforeEach(() => {
    jest.useFakeTimers();
    said = [];
    jest
      .spyOn(TestBed.inject(LiveAnnouncer), 'announce')
      .mockImplementation(async text => void said.push(String(text)));
  });

  afterEach(() => jest.useRealTimers());

  function start() {
    const people = signal<readonly KitParticipant[] | null>(null);
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
    runInInjectionContext(injector, () => kitAnnounceParticipants(people, () => ME.uid));
    const set = (list: [KitUser, KitParticipantStatus][] | null) => {
      people.set(list && list.map(([user, status]) => ({user, status})));
      TestBed.tick();
    };
    return {set, injector};
  }

  it("should say the others' changes, never the user's own", () => {
    const {set} = start();
    set([
      [ME, 'ringing'],
      [ALAN, 'ringing'],
    ]);
    set([
      [ME, 'joined'],
      [ALAN, 'joined'],
    ]);
    jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH);
    expect(said).toEqual(['Alan Turing joined']);
  });

  it('should say the changes of one second once, together, and nothing after', () => {
    const {set} = start();
    set([
      [ME, 'joined'],
      [ALAN, 'ringing'],
      [GRACE, 'ringing'],
    ]);
    set([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'ringing'],
    ]);
    jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH / 2);
    set([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'declined'],
    ]);
    jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH * 3);
    expect(said).toEqual(['Alan Turing joined. Grace Hopper declined']);
  });

  it('should not say the statuses of a call shown anew (no people, then people): they are on screen', () => {
    const {set} = start();
    set([
      [ME, 'joined'],
      [ALAN, 'joined'],
    ]);
    set(null);
    set([
      [ME, 'joined'],
      [ALAN, 'left'],
      [GRACE, 'joined'],
    ]);
    jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH);
    expect(said).toEqual([]);
  });
});
