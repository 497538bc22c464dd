import {KitCall, KitCallListener, KitErrorCodes, KitGroup, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {KitInMemoryGroupFarSide, kitInMemoryGroupCalls} from './in-memory-group-calls';
import {KitInMemorySwitchboard} from './in-memory-switchboard';
import {groupCall, standing} from './in-memory-tabs.spec-helper';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const CAROL: KitUser = {uid: 'carol', name: 'Carol Shaw'};
const DAN: KitUser = {uid: 'dan', name: 'Dan Bricklin'};
const EVE: KitUser = {uid: 'eve', name: 'Eve Online'};
const TEAM: KitGroup = {id: 'team', name: 'Team'};

type Method = keyof KitCallListener;
const METHODS: Method[] = [
  'onIncomingCallReceived',
  'onIncomingCallCancelled',
  'onOutgoingCallAccepted',
  'onOutgoingCallRejected',
  'onCallEnded',
  'onParticipantsChanged',
];

/** Records every listener callback of one device, as "method status who:status,…". */
function record(sdk: KitInMemoryCallsSdk): {seen: string[]; calls: KitCall[]} {
  const seen: string[] = [];
  const calls: KitCall[] = [];
  const listener: KitCallListener = {};
  for (const method of METHODS) {
    listener[method] = (call: KitCall) => {
      calls.push(call);
      seen.push(`${method} ${call.status}`);
    };
  }
  sdk.addCallListener('record', listener);
  return {seen, calls};
}

describe('KitInMemoryCallsSdk group calls (same tab)', () => {
  let switchboard: KitInMemorySwitchboard;
  let team: KitInMemoryGroupFarSide;
  let ada: KitInMemoryCallsSdk;
  let adaSeen: ReturnType<typeof record>;
  const settle = () => jest.advanceTimersByTimeAsync(10);
  /** How an action fails, a latency later. */
  async function failure(action: Promise<unknown>): Promise<unknown> {
    const caught = action.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await settle();
    return caught;
  }
  /** What an action answers, a latency later. */
  async function done<T>(action: Promise<T>): Promise<T> {
    await settle();
    return action;
  }

  beforeEach(() => {
    jest.useFakeTimers();
    switchboard = new KitInMemorySwitchboard();
    team = kitInMemoryGroupCalls(switchboard);
    ada = new KitInMemoryCallsSdk(switchboard, ADA);
    adaSeen = record(ada);
  });

  afterEach(() => jest.useRealTimers());

  async function adaRings(to: KitUser[], group: KitGroup | null = null): Promise<KitCall> {
    const placed = ada.initiateCall(groupCall(ADA, to, group));
    await settle();
    return placed;
  }

  it('should carry group calls once turned on, and only then', async () => {
    expect(ada.groupCalls).toBe(true);
    expect(kitInMemoryGroupCalls(switchboard)).toBe(team);

    const alone = new KitInMemorySwitchboard();
    const grace = new KitInMemoryCallsSdk(alone, {uid: 'grace', name: 'Grace Hopper'});
    expect(grace.groupCalls).toBe(false);
    // Without them, a call's participants are left aside: a call to its receiver.
    const call = await done(grace.initiateCall(groupCall(grace.user!, [BOB, CAROL])));
    expect(call.participants).toBeUndefined();
    expect(call.receiver.uid).toBe('bob');
    expect(await failure(grace.inviteToCall!(call.sessionId, [DAN]))).toMatchObject({
      code: KitErrorCodes.INVALID_CALL,
    });
  });

  it("should ring each callee's device with the call's people and group, the callee as receiver", async () => {
    const bob = new KitInMemoryCallsSdk(switchboard, BOB);
    const carol = new KitInMemoryCallsSdk(switchboard, CAROL);
    const bobSeen = record(bob);
    const carolSeen = record(carol);
    const call = await adaRings([BOB, CAROL], TEAM);

    expect(call.status).toBe('initiated');
    expect(standing(call)).toBe('ada:joined bob:ringing carol:ringing');
    expect(call.receiver.uid).toBe('bob');
    expect(bobSeen.seen).toEqual(['onIncomingCallReceived initiated']);
    expect(carolSeen.seen).toEqual(['onIncomingCallReceived initiated']);
    const atCarol = carolSeen.calls[0];
    expect(atCarol.receiver.uid).toBe('carol');
    expect(atCarol.callInitiator.uid).toBe('ada');
    expect(atCarol.group).toEqual(TEAM);
    expect(standing(atCarol)).toBe('ada:joined bob:ringing carol:ringing');
  });

  it('should connect with the first who accepts while the others keep ringing, and tell everyone', async () => {
    const bob = new KitInMemoryCallsSdk(switchboard, BOB);
    const carolSeen = record(new KitInMemoryCallsSdk(switchboard, CAROL));
    const call = await adaRings([BOB, CAROL, DAN]);

    const accepted = bob.acceptCall(call.sessionId);
    await settle();
    expect((await accepted).status).toBe('ongoing');
    expect(adaSeen.seen).toEqual([
      'onOutgoingCallAccepted ongoing',
      'onParticipantsChanged ongoing',
    ]);
    expect(standing(adaSeen.calls[1])).toBe('ada:joined bob:joined carol:ringing dan:ringing');
    expect(carolSeen.seen).toEqual([
      'onIncomingCallReceived initiated',
      'onParticipantsChanged ongoing',
    ]);

    await done(switchboard.control.accept(call.sessionId, 'dan'));
    await settle();
    // The call connected once: the second one to accept only changes the list.
    expect(adaSeen.seen.filter(news => news.startsWith('onOutgoingCallAccepted'))).toHaveLength(1);
    expect(standing(adaSeen.calls.at(-1))).toBe('ada:joined bob:joined carol:ringing dan:joined');
  });

  it("should never end the call for one callee's decline, busy or no answer while others ring", async () => {
    const call = await adaRings([BOB, CAROL, DAN]);
    await done(switchboard.control.reject(call.sessionId, 'bob'));
    await done(switchboard.control.busy(call.sessionId, 'carol'));
    await settle();
    expect(adaSeen.seen).toEqual([
      'onParticipantsChanged initiated',
      'onParticipantsChanged initiated',
    ]);
    expect(standing(switchboard.getCall(call.sessionId))).toBe(
      'ada:joined bob:declined carol:busy dan:ringing',
    );

    await done(switchboard.control.accept(call.sessionId, 'dan'));
    await settle();
    expect(adaSeen.seen.at(-2)).toBe('onOutgoingCallAccepted ongoing');
  });

  it('should end as rejected once everyone declined, and as unanswered once nobody answered', async () => {
    const declined = await adaRings([BOB, CAROL]);
    await done(switchboard.control.reject(declined.sessionId, 'bob'));
    await settle();
    expect(adaSeen.seen).not.toContain('onOutgoingCallRejected rejected');
    await done(switchboard.control.reject(declined.sessionId, 'carol'));
    await settle();
    expect(adaSeen.seen.at(-1)).toBe('onOutgoingCallRejected rejected');

    const missed = await adaRings([BOB, CAROL]);
    await done(team.noAnswer(missed.sessionId, 'bob'));
    await done(team.noAnswer(missed.sessionId, 'carol'));
    await settle();
    expect(adaSeen.seen.at(-1)).toBe('onOutgoingCallRejected unanswered');
    expect(standing(adaSeen.calls.at(-1))).toBe('ada:joined bob:unanswered carol:unanswered');
  });

  it('should stop every ring when the caller cancels before anyone joined', async () => {
    const bobSeen = record(new KitInMemoryCallsSdk(switchboard, BOB));
    const carolSeen = record(new KitInMemoryCallsSdk(switchboard, CAROL));
    const call = await adaRings([BOB, CAROL]);

    const cancelled = ada.rejectCall(call.sessionId, 'cancelled');
    await settle();
    expect((await cancelled).status).toBe('cancelled');
    for (const seen of [bobSeen.seen, carolSeen.seen]) {
      expect(seen).toEqual([
        'onIncomingCallReceived initiated',
        'onIncomingCallCancelled cancelled',
      ]);
    }
    expect(standing(switchboard.getCall(call.sessionId))).toBe(
      'ada:joined bob:unanswered carol:unanswered',
    );
    expect(await failure(switchboard.control.accept(call.sessionId, 'bob'))).toMatchObject({
      code: KitErrorCodes.CALL_ENDED,
    });
  });

  it('should go on while two remain and end for the last one alone', async () => {
    const bob = new KitInMemoryCallsSdk(switchboard, BOB);
    const bobSeen = record(bob);
    const call = await adaRings([BOB, CAROL]);
    await done(switchboard.control.accept(call.sessionId, 'carol'));
    await done(bob.acceptCall(call.sessionId));
    await settle();

    // The caller leaves: Bob and Carol go on.
    await done(ada.leaveCall!(call.sessionId));
    await settle();
    expect(switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
    expect(standing(bobSeen.calls.at(-1))).toBe('ada:left bob:joined carol:joined');
    expect(adaSeen.seen).not.toContain('onCallEnded ended');

    await done(team.leave(call.sessionId, 'carol'));
    await settle();
    expect(bobSeen.seen.at(-1)).toBe('onCallEnded ended');
    expect(switchboard.getCall(call.sessionId)?.status).toBe('ended');
  });

  it('should ring the people invited into a live call, and let a member who missed it join', async () => {
    const eveSeen = record(new KitInMemoryCallsSdk(switchboard, EVE));
    const dan = new KitInMemoryCallsSdk(switchboard, DAN);
    const call = await adaRings([BOB, DAN]);
    await done(switchboard.control.accept(call.sessionId, 'bob'));
    await done(dan.rejectCall(call.sessionId, 'unanswered'));
    await settle();

    const invited = ada.inviteToCall!(call.sessionId, [EVE, BOB]);
    await settle();
    expect(standing(await invited)).toBe('ada:joined bob:joined dan:unanswered eve:ringing');
    expect(eveSeen.seen).toEqual(['onIncomingCallReceived ongoing']);
    expect(eveSeen.calls[0].receiver.uid).toBe('eve');

    const joined = dan.joinCall!(call.sessionId);
    await settle();
    expect(standing(await joined)).toBe('ada:joined bob:joined dan:joined eve:ringing');
    expect(standing(adaSeen.calls.at(-1))).toBe('ada:joined bob:joined dan:joined eve:ringing');
  });

  it("should ring a group's members set on the far side, and let a member join a call it never rang", async () => {
    team.addGroup(TEAM, [ADA, BOB, CAROL]);
    const call = await adaRings([], TEAM);
    expect(standing(call)).toBe('ada:joined bob:ringing carol:ringing');
    expect(call.group).toEqual(TEAM);
    await done(switchboard.control.accept(call.sessionId, 'bob'));

    team.addGroup(TEAM, [ADA, BOB, CAROL, DAN]);
    await done(switchboard.control.accept(call.sessionId, 'dan'));
    await settle();
    expect(standing(adaSeen.calls.at(-1))).toBe('ada:joined bob:joined carol:ringing dan:joined');
  });

  it("should play each member's far-side answer, and answer busy for one in another call", async () => {
    const held = await done(switchboard.control.ring(EVE, DAN));
    await done(switchboard.control.accept(held.sessionId));
    switchboard.control.autoAnswer('bob', 'accept', 100);
    switchboard.control.autoAnswer('carol', 'reject', 200);
    const call = await adaRings([BOB, CAROL, DAN]);
    await jest.advanceTimersByTimeAsync(300);
    expect(standing(switchboard.getCall(call.sessionId))).toBe(
      'ada:joined bob:joined carol:declined dan:busy',
    );
    expect(adaSeen.seen.filter(news => !news.startsWith('onParticipantsChanged'))).toEqual([
      'onOutgoingCallAccepted ongoing',
    ]);
  });

  it('should refuse what a group call cannot take', async () => {
    const bob = new KitInMemoryCallsSdk(switchboard, BOB);
    const call = await adaRings([BOB, CAROL]);
    await done(bob.joinCall!(call.sessionId));
    // In it already; not a member; more people into a call between two.
    expect(await failure(bob.joinCall!(call.sessionId))).toMatchObject({
      code: KitErrorCodes.INVALID_CALL,
    });
    const eve = new KitInMemoryCallsSdk(switchboard, EVE);
    expect(await failure(eve.joinCall!(call.sessionId))).toMatchObject({
      code: KitErrorCodes.INVALID_CALL,
    });
    const oneToOne = await done(
      ada.initiateCall({...groupCall(ADA, [DAN]), participants: undefined}),
    );
    expect(await failure(ada.inviteToCall!(oneToOne.sessionId, [EVE]))).toMatchObject({
      code: KitErrorCodes.INVALID_CALL,
    });
  });

  it('should keep a call to one person with participants a call between two people', async () => {
    const call = await adaRings([BOB]);
    expect(call.participants).toBeUndefined();
    await done(switchboard.control.reject(call.sessionId));
    await settle();
    expect(adaSeen.seen).toEqual(['onOutgoingCallRejected rejected']);
  });
});
