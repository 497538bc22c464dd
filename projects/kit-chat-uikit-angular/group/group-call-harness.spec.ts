import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {TestBed} from '@angular/core/testing';
import {KitGroupCallHarness} from 'kit-chat-uikit-angular/testing';
import {KitGroupCallScreens} from './group-call-screens';
import {ADA, ALAN, GRACE, KATHERINE, LINUS, ME, groupCall} from './group.spec-helper';
import {TEAM, renderGrid} from './group-grid.spec-helper';

describe('KitGroupCallHarness: the ongoing screen of a group call, as a test reads it', () => {
  it('should read the tiles, pin one, read the panel, ring again and add someone', async () => {
    const {fixture, invited} = renderGrid([
      [ME, 'joined'],
      [ALAN, 'joined'],
      [GRACE, 'ringing'],
      [KATHERINE, 'declined'],
    ]);
    TestBed.inject(KitGroupCallScreens).peopleToAdd.set([ALAN, LINUS]);
    const grid = await TestbedHarnessEnvironment.loader(fixture).getHarness(KitGroupCallHarness);

    expect(await grid.getTileLabels()).toEqual(['You', 'Ada Lovelace', 'Alan Turing']);
    await grid.pressTile(2);
    expect(await grid.getPinnedLabel()).toBe('Alan Turing, pinned');
    expect(await grid.isPanelOpen()).toBe(false);
    expect(await grid.getPeople()).toEqual([
      {name: 'Ada Lovelace', status: 'In the call', canRingAgain: false},
      {name: 'Alan Turing', status: 'In the call', canRingAgain: false},
      {name: 'Grace Hopper', status: 'Ringing', canRingAgain: false},
      {name: 'Katherine Johnson', status: 'Declined', canRingAgain: true},
    ]);
    await grid.ringAgain('Katherine Johnson');
    expect(await grid.getPeopleToAdd()).toEqual(['Add Linus Torvalds']);
    await grid.add('Add Linus Torvalds');
    expect(invited).toEqual([
      ['s1', [KATHERINE]],
      ['s1', [LINUS]],
    ]);
    expect(await grid.getEnding()).toBeNull();
  });

  it('should read "Everyone left"', async () => {
    const {fixture, state, phase} = renderGrid([
      [ME, 'joined'],
      [ALAN, 'joined'],
    ]);
    const call = groupCall(ADA, ME, [], {group: TEAM});
    state.set({
      ...state()!,
      phase: 'ended',
      endReason: 'ended',
      call: {
        ...call,
        participants: [ADA, ME, ALAN].map(user => ({
          user,
          status: user === ME ? ('joined' as const) : ('left' as const),
        })),
      },
    });
    phase.set('ended');
    const grid = await TestbedHarnessEnvironment.loader(fixture).getHarness(KitGroupCallHarness);

    expect(await grid.getEnding()).toBe('Everyone left');
  });
});
