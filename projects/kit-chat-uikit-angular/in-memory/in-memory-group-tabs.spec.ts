import {KitCall, KitGroup, KitUser} from 'kit-chat-uikit-angular';
import {
  FakeBroadcastChannel,
  groupCall as callOf,
  standing,
  tab,
  useFakeTabs,
} from './in-memory-tabs.spec-helper';

const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const CAROL: KitUser = {uid: 'carol', name: 'Carol Shaw'};
const DAN: KitUser = {uid: 'dan', name: 'Dan Bricklin'};
const TEAM: KitGroup = {id: 'team', name: 'Team'};

/** A call from one user to several, to the Team. */
const groupCall = (from: KitUser, to: KitUser[]): KitCall => callOf(from, to, TEAM);

describe('KitInMemorySwitchboard group calls across tabs (BroadcastChannel)', () => {
  const settle = () => jest.advanceTimersByTimeAsync(20);
  useFakeTabs();

  /** Grace's tab rings the tabs of Ada, Bob and Carol. */
  async function graceRingsTheTeam() {
    const tabs = {
      grace: tab(GRACE, true),
      ada: tab(ADA, true),
      bob: tab(BOB, true),
      carol: tab(CAROL, true),
    };
    await settle();
    const rung: KitCall[] = [];
    for (const each of [tabs.ada, tabs.bob, tabs.carol]) {
      each.sdk.addCallListener('rung', {onIncomingCallReceived: call => rung.push(call)});
    }
    const placed = tabs.grace.sdk.initiateCall(groupCall(GRACE, [ADA, BOB, CAROL]));
    await settle();
    return {...tabs, call: await placed, rung};
  }

  it("should ring each member's tab with the call's people and group, each as its receiver", async () => {
    const {ada, bob, carol, rung} = await graceRingsTheTeam();
    for (const each of [ada, bob, carol]) {
      expect(each.seen).toEqual(['ring from grace']);
    }
    expect(rung.map(call => call.receiver.uid)).toEqual(['ada', 'bob', 'carol']);
    expect(rung.every(call => call.group?.name === 'Team')).toBe(true);
    expect(standing(rung[2])).toBe('grace:joined ada:ringing bob:ringing carol:ringing');
  });

  it("should carry each tab's answer, a late join, an invite and a leave to every tab", async () => {
    const {grace, ada, bob, carol, call} = await graceRingsTheTeam();
    const {sessionId} = call;
    ada.sdk.acceptCall(sessionId);
    await settle();
    expect(grace.seen).toEqual([
      'accepted',
      'people grace:joined ada:joined bob:ringing carol:ringing',
    ]);
    expect(carol.seen.at(-1)).toBe('people grace:joined ada:joined bob:ringing carol:ringing');

    bob.sdk.rejectCall(sessionId, 'rejected');
    // Carol's ring times out, then she joins while the call goes on.
    carol.sdk.rejectCall(sessionId, 'unanswered');
    await settle();
    expect(grace.seen).not.toContain('rejected rejected');
    carol.sdk.joinCall!(sessionId);
    await settle();
    const everyone = 'grace:joined ada:joined bob:declined carol:joined';
    expect(ada.seen.at(-1)).toBe(`people ${everyone}`);
    expect(grace.seen.at(-1)).toBe(`people ${everyone}`);

    const dan = tab(DAN, true);
    await settle();
    grace.sdk.inviteToCall!(sessionId, [DAN]);
    await settle();
    expect(dan.seen).toEqual(['ring from grace']);
    expect(carol.seen.at(-1)).toBe(`people ${everyone} dan:ringing`);

    grace.sdk.leaveCall!(sessionId);
    await settle();
    expect(ada.seen.at(-1)).toBe(
      'people grace:left ada:joined bob:declined carol:joined dan:ringing',
    );
    for (const each of [grace, ada, bob, carol, dan]) {
      expect(each.switchboard.getCall(sessionId)?.status).toBe('ongoing');
    }
    expect(ada.seen).not.toContain('ended');
  });

  it('should stop the ring in every tab when the caller cancels before anyone answered', async () => {
    const {grace, ada, bob, carol, call} = await graceRingsTheTeam();
    grace.sdk.rejectCall(call.sessionId, 'cancelled');
    await settle();
    for (const each of [ada, bob, carol]) {
      expect(each.seen).toEqual(['ring from grace', 'stop cancelled']);
      expect(each.switchboard.getCall(call.sessionId)?.status).toBe('cancelled');
    }
  });

  it('should tell the caller it was declined once every tab declined, not before', async () => {
    const {grace, ada, bob, carol, call} = await graceRingsTheTeam();
    ada.sdk.rejectCall(call.sessionId, 'rejected');
    bob.sdk.rejectCall(call.sessionId, 'busy');
    await settle();
    expect(grace.seen).toEqual([
      'people grace:joined ada:declined bob:ringing carol:ringing',
      'people grace:joined ada:declined bob:busy carol:ringing',
    ]);
    carol.sdk.rejectCall(call.sessionId, 'rejected');
    await settle();
    expect(grace.seen.at(-1)).toBe('rejected rejected');
  });

  it('should make the member of a closing tab leave, and end the call for the last one', async () => {
    const {grace, ada, bob, call} = await graceRingsTheTeam();
    ada.sdk.acceptCall(call.sessionId);
    bob.sdk.acceptCall(call.sessionId);
    await settle();
    ada.close();
    await settle();
    expect(bob.seen.at(-1)).toBe('people grace:joined ada:left bob:joined carol:ringing');
    bob.close();
    await settle();
    expect(grace.seen.at(-1)).toBe('people grace:joined ada:left bob:left carol:ringing');
    expect(grace.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
  });

  describe('crafted group messages', () => {
    const callTo = (from: KitUser, to: KitUser) => ({
      ...groupCall(from, [to]),
      participants: undefined,
    });
    const craftedCall = (call: unknown) => ({kind: 'initiate', call});

    it.each<[string, unknown]>([
      ['an invite without users', {kind: 'invite', uid: 'ada', sessionId: 'c1', status: 'ongoing'}],
      [
        'an invite of a user without a name',
        {kind: 'invite', uid: 'ada', sessionId: 'c1', status: 'ongoing', users: [{uid: 'eve'}]},
      ],
      [
        'an invite that gives the call another status',
        {kind: 'invite', uid: 'ada', sessionId: 'c1', status: 'ended', users: [GRACE]},
      ],
      [
        'an invite that carries a call without a caller',
        {
          kind: 'invite',
          uid: 'ada',
          sessionId: 'c1',
          status: 'ongoing',
          users: [GRACE],
          call: {sessionId: 'c1', receiver: GRACE, participants: []},
        },
      ],
      [
        'an initiate of a group call with a participant without a status',
        craftedCall({...callTo(ADA, GRACE), sessionId: 'g1', participants: [{user: GRACE}]}),
      ],
      [
        'an initiate of a group call with participants that are no list',
        craftedCall({...callTo(ADA, GRACE), sessionId: 'g1', participants: 'everyone'}),
      ],
      [
        'an initiate of a group call whose group has no name',
        craftedCall({...callTo(ADA, GRACE), sessionId: 'g1', group: {id: 'team'}}),
      ],
    ])('should drop %s, count it and change nothing', async (_, message) => {
      const grace = tab(GRACE, true);
      await settle();
      const page = new FakeBroadcastChannel('test-calls');
      page.postMessage(message);
      await settle(); // A throw in onmessage would fail here, from the channel's task.
      expect(grace.switchboard.droppedMessages).toBe(1);
      expect(grace.switchboard.calls()).toEqual([]);
      expect(grace.seen).toEqual([]);
    });

    it('should still ring for a well-formed group call from a page', async () => {
      const grace = tab(GRACE, true);
      await settle();
      new FakeBroadcastChannel('test-calls').postMessage({
        kind: 'initiate',
        call: {...groupCall(ADA, [GRACE, BOB]), sessionId: 'g2'},
      });
      await settle();
      expect(grace.seen).toEqual(['ring from ada']);
      expect(grace.switchboard.droppedMessages).toBe(0);
    });
  });
});
