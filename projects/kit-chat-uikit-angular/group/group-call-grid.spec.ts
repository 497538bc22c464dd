import {TestBed} from '@angular/core/testing';
import {KitCall} from 'kit-chat-uikit-angular';
import {KitGroupCallScreens} from './group-call-screens';
import {ADA, ALAN, GRACE, KATHERINE, LINUS, ME, groupCall} from './group.spec-helper';
import {
  People,
  TEAM,
  fakeAudioLevels,
  renderGrid as render,
  settle,
  stream,
} from './group-grid.spec-helper';
import {KIT_SPEAKING_INTERVAL} from './speaking';

describe('KitGroupCallGridComponent: the ongoing screen of a call with several people', () => {
  it('should show a list of tiles, the user first, of the people in the call only, on the stage', () => {
    const {screen, labels, host} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'ringing'],
      [KATHERINE, 'joined'],
    ]);

    const grid = screen.querySelector('.kit-ongoing-call-stage > [role=list]')!;
    expect(grid.getAttribute('aria-label')).toBe('Participants');
    expect(labels()).toEqual(['You', 'Ada Lovelace', 'Alan Turing', 'Katherine Johnson']);
    expect(grid.classList).toContain('kit-group-call-grid-four');
    // The group's name heads the screen, the clock stays; the one far side steps aside.
    expect(screen.querySelector('.kit-ongoing-call-info h2')?.textContent?.trim()).toBe('Team');
    expect(screen.classList).toContain('kit-group-call');
    // Every tile is reached with Tab, and the "People" button is in the control row.
    expect(host.querySelectorAll('[role=listitem] button[type=button]').length).toBe(4);
    expect(
      screen.querySelector('.kit-ongoing-call-controls .kit-group-call-people-button'),
    ).not.toBeNull();
  });

  it.each([
    [1, 'one'],
    [2, 'two'],
    [3, 'four'],
    [5, 'six'],
    [6, 'six'],
    [7, 'nine'],
    [9, 'nine'],
    [12, 'strip'],
  ])('should lay %i tiles out as "%s"', (count, layout) => {
    const people: People = [[ME, 'joined']];
    for (let i = 2; i < count; i++) {
      people.push([{uid: `p${i}`, name: `Person ${i}`}, 'joined']);
    }
    const {host, update} = render(people);
    if (count === 1) {
      update([], {
        participants: [
          {user: ADA, status: 'left'},
          {user: ME, status: 'joined'},
        ],
      });
    }

    expect(host.querySelectorAll('[role=listitem]').length).toBe(count);
    expect(host.querySelector('[role=list]')!.className).toContain(`kit-group-call-grid-${layout}`);
  });

  it("should show each person's video, or their avatar without one, and the muted mark where known", async () => {
    const {host, streams, fixture, labels, muted} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'joined'],
    ]);
    streams.set('alan', stream({}, true));
    streams.set('grace', stream({muted: true}));
    await settle();
    fixture.detectChanges();
    await new Promise(resolve => setTimeout(resolve, 1100));
    fixture.detectChanges();

    const tiles = [...host.querySelectorAll('[role=listitem]')];
    const alan = tiles[2];
    const grace = tiles[3];
    expect(alan.querySelector('video:not(.kit-group-call-tile-video-hidden)')).not.toBeNull();
    expect(alan.querySelector('kit-avatar')).toBeNull();
    expect(grace.querySelector('kit-avatar')?.textContent?.trim()).toBe('GH');
    expect(grace.querySelector('.kit-group-call-tile-muted')).not.toBeNull();
    expect(labels()).toEqual(['You', 'Ada Lovelace', 'Alan Turing', 'Grace Hopper, muted']);

    muted.set(true);
    fixture.detectChanges();
    expect(labels()[0]).toBe('You, muted');
  });

  it('should pin a tile on press, the others in a strip, and let it go on a second press', () => {
    const {host, labels, fixture} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'joined'],
    ]);
    const press = (index: number) => {
      host.querySelectorAll<HTMLElement>('[role=listitem] button')[index].click();
      fixture.detectChanges();
    };

    press(2);
    expect(labels()[2]).toBe('Alan Turing, pinned');
    expect(host.querySelectorAll('[aria-pressed=true]').length).toBe(1);
    expect(host.querySelector('[role=list]')!.className).toContain('kit-group-call-grid-pinned');

    press(2);
    expect(host.querySelector('[aria-pressed=true]')).toBeNull();
    expect(host.querySelector('[role=list]')!.className).toContain('kit-group-call-grid-four');
  });

  it('should ring the speaker, from the audio level of their stream, and nobody without a stream', async () => {
    const {levels, restore} = fakeAudioLevels();
    try {
      const {streams, labels, fixture, host} = render([
        [ME, 'joined'],
        [ALAN, 'joined'],
        [GRACE, 'joined'],
      ]);
      const alan = stream({});
      streams.set('alan', alan);
      levels.set(alan, 40);
      await new Promise(resolve => setTimeout(resolve, 1100 + KIT_SPEAKING_INTERVAL * 2));
      fixture.detectChanges();

      expect(labels()).toEqual(['You', 'Ada Lovelace', 'Alan Turing, speaking', 'Grace Hopper']);
      expect(host.querySelectorAll('.kit-group-call-tile-speaking').length).toBe(1);
    } finally {
      restore();
    }
  });

  it('should list who is in and who still rings, and ring again who declined through inviteToCall', async () => {
    const {host, fixture, invited} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'ringing'],
      [KATHERINE, 'declined'],
    ]);
    const people = host.querySelector<HTMLElement>('.kit-group-call-people-button')!;
    people.click();
    fixture.detectChanges();

    await settle();
    const panel = host.querySelector('.kit-ongoing-call > [role=region]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(panel.querySelector('h3')!.id);
    // The keyboard goes into the panel, and back to "People" when it closes.
    expect(document.activeElement?.textContent?.trim()).toBe('Close');
    expect(people.getAttribute('aria-expanded')).toBe('true');
    const rows = [...panel.querySelectorAll('.kit-group-call-person')].map(row =>
      [...row.querySelectorAll(':scope > span, :scope > button')]
        .map(part => part.textContent!.trim())
        .join(' · '),
    );
    expect(rows).toEqual([
      'Ada Lovelace · In the call',
      'Alan Turing · In the call',
      'Grace Hopper · Ringing',
      'Katherine Johnson · Declined · Ring again',
    ]);
    const again = panel.querySelector<HTMLElement>('.kit-group-call-ring-again')!;
    expect(again.getAttribute('aria-label')).toBe('Ring Katherine Johnson again');
    again.click();
    await settle();
    expect(invited).toEqual([['s1', [KATHERINE]]]);
    panel.querySelector<HTMLElement>('.kit-group-call-panel-close')!.click();
    fixture.detectChanges();
    await settle();
    expect(host.querySelector('[role=region]')).toBeNull();
    expect(document.activeElement).toBe(people);
  });

  it('should offer no group action with an adapter without groupCalls', () => {
    const {host, fixture} = render(
      [
        [ME, 'joined'],
        [ALAN, 'joined'],
        [KATHERINE, 'declined'],
      ],
      {sdk: {groupCalls: undefined}},
    );
    TestBed.inject(KitGroupCallScreens).peopleToAdd.set([LINUS]);
    host.querySelector<HTMLElement>('.kit-group-call-people-button')!.click();
    fixture.detectChanges();

    expect(host.querySelector('.kit-group-call-person-declined')).not.toBeNull();
    expect(host.querySelector('.kit-group-call-ring-again')).toBeNull();
    expect(host.querySelector('.kit-group-call-add-people')).toBeNull();
  });

  it("should add people from the app's list, less those in the call", async () => {
    const {host, fixture, invited} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
    ]);
    const given: KitCall[] = [];
    TestBed.inject(KitGroupCallScreens).peopleToAdd.set(call => {
      given.push(call);
      return Promise.resolve([ALAN, GRACE, LINUS]);
    });
    host.querySelector<HTMLElement>('.kit-group-call-people-button')!.click();
    fixture.detectChanges();
    host.querySelector<HTMLElement>('.kit-group-call-add-people')!.click();
    await settle();
    fixture.detectChanges();

    const adds = [...host.querySelectorAll<HTMLElement>('.kit-group-call-add')];
    expect(adds.map(button => button.textContent?.trim())).toEqual([
      'Add Grace Hopper',
      'Add Linus Torvalds',
    ]);
    expect(given[0].sessionId).toBe('s1');
    adds[1].click();
    await settle();
    expect(invited).toEqual([['s1', [LINUS]]]);
  });

  it('should say "Everyone left" when the call ends with the user alone', () => {
    const {screen, state, phase, fixture} = render([
      [ME, 'joined'],
      [ALAN, 'left'],
    ]);
    const call = groupCall(ADA, ME, [], {group: TEAM});
    const participants = [ADA, ME, ALAN].map(user => ({
      user,
      status: user === ME ? ('joined' as const) : ('left' as const),
    }));
    state.set({...state()!, phase: 'ended', endReason: 'ended', call: {...call, participants}});
    phase.set('ended');
    fixture.detectChanges();

    expect(screen.querySelector('.kit-group-call-everyone-left-text')?.textContent?.trim()).toBe(
      'Everyone left',
    );
    expect(screen.classList).toContain('kit-group-call-everyone-left');
  });

  it('should show nothing of a call between two people', () => {
    const {host, screen} = render([[ME, 'joined']], {group: false});

    expect(host.querySelector('[role=list]')).toBeNull();
    expect(host.querySelector('.kit-group-call-people-button')).toBeNull();
    expect(screen.classList).not.toContain('kit-group-call');
  });

  it("should render the app's tile template with each participant, inside the tile's button", () => {
    const {host, fixture} = render([
      [ME, 'joined'],
      [ALAN, 'joined'],
    ]);
    fixture.componentInstance.slot.set(true);
    fixture.detectChanges();
    fixture.detectChanges();

    expect(
      [...host.querySelectorAll('[role=listitem] button .app-tile')].map(t => t.textContent),
    ).toEqual(['Me quiet', 'Ada Lovelace quiet', 'Alan Turing quiet']);
  });
});
