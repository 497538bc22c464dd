import {
  KitCall,
  KitCallListener,
  KitErrorCodes,
  KitException,
  KitUser,
} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const CAROL: KitUser = {uid: 'carol', name: 'Carol Shaw'};

type Method = keyof KitCallListener;

/** Records every listener callback of one device. */
function record(sdk: KitInMemoryCallsSdk): {method: Method; call: KitCall}[] {
  const seen: {method: Method; call: KitCall}[] = [];
  const methods: Method[] = [
    'onIncomingCallReceived',
    'onIncomingCallCancelled',
    'onOutgoingCallAccepted',
    'onOutgoingCallRejected',
    'onCallEnded',
  ];
  const listener: KitCallListener = {};
  for (const method of methods) {
    listener[method] = (call: KitCall) => seen.push({method, call});
  }
  sdk.addCallListener('record', listener);
  return seen;
}

function callTo(from: KitUser, to: KitUser, type = 'audio'): KitCall {
  return {sessionId: '', type, sender: from, callInitiator: from, receiver: to, callReceiver: to};
}

async function settle(): Promise<void> {
  await jest.advanceTimersByTimeAsync(10);
}

async function rejection(promise: Promise<unknown>): Promise<KitException> {
  const settled = promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
  await settle();
  const error = await settled;
  expect(error).toBeInstanceOf(KitException);
  return error as KitException;
}

describe('KitInMemoryCallsSdk on a KitInMemorySwitchboard', () => {
  let switchboard: KitInMemorySwitchboard;
  let ada: KitInMemoryCallsSdk;
  let bob: KitInMemoryCallsSdk;
  let adaSeen: ReturnType<typeof record>;
  let bobSeen: ReturnType<typeof record>;

  beforeEach(() => {
    jest.useFakeTimers();
    switchboard = new KitInMemorySwitchboard();
    ada = new KitInMemoryCallsSdk(switchboard, ADA);
    bob = new KitInMemoryCallsSdk(switchboard, BOB);
    adaSeen = record(ada);
    bobSeen = record(bob);
  });

  afterEach(() => jest.useRealTimers());

  async function adaCallsBob(type = 'audio'): Promise<KitCall> {
    const started = ada.initiateCall(callTo(ADA, BOB, type));
    await settle();
    return started;
  }

  it("should ring the callee's listeners when a call is initiated", async () => {
    const call = await adaCallsBob('video');
    expect(call.sessionId).toBeTruthy();
    expect(call.status).toBe('initiated');
    expect(bobSeen).toEqual([
      {
        method: 'onIncomingCallReceived',
        call: expect.objectContaining({sessionId: call.sessionId, type: 'video'}),
      },
    ]);
    expect(bobSeen[0].call.callInitiator.uid).toBe('ada');
  });

  it("should tell the caller that the callee's device rings, once, after the call was placed", async () => {
    const rang: KitCall[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call)});
    const started = ada.initiateCall(callTo(ADA, BOB));
    expect(rang).toEqual([]);
    await settle();
    const call = await started;
    expect(rang).toEqual([
      expect.objectContaining({sessionId: call.sessionId, status: 'initiated'}),
    ]);
    expect(bobSeen.map(seen => seen.method)).toEqual(['onIncomingCallReceived']);
  });

  it('should tell the caller it rings once when the callee has two devices', async () => {
    const bobPhone = new KitInMemoryCallsSdk(switchboard, BOB);
    const rang: string[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call.sessionId)});
    const call = await adaCallsBob();
    expect(rang).toEqual([call.sessionId]);
    bobPhone.dispose();
  });

  it('should not say it rings when the callee has no device (a simulated user)', async () => {
    const rang: string[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call.sessionId)});
    ada.initiateCall(callTo(ADA, CAROL));
    await settle();
    expect(rang).toEqual([]);
  });

  it('should say it rings for a simulated user with an answer set, before the answer comes', async () => {
    const rang: string[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call.sessionId)});
    switchboard.control.autoAnswer(CAROL.uid, 'accept', 1000);
    const started = ada.initiateCall(callTo(ADA, CAROL));
    await settle();
    const call = await started;
    expect(rang).toEqual([call.sessionId]);
    expect(adaSeen).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(adaSeen.map(seen => seen.method)).toEqual(['onOutgoingCallAccepted']);
    expect(rang).toEqual([call.sessionId]);
  });

  it('should say it rings for a simulated user who never answers', async () => {
    const rang: string[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call.sessionId)});
    switchboard.control.neverAnswer(CAROL.uid);
    const started = ada.initiateCall(callTo(ADA, CAROL));
    await settle();
    expect(rang).toEqual([(await started).sessionId]);
  });

  it('should not say it rings for a simulated user who answers busy', async () => {
    const rang: string[] = [];
    ada.addCallListener('ringing', {onOutgoingCallRinging: call => rang.push(call.sessionId)});
    switchboard.control.autoAnswer(CAROL.uid, 'busy', 500);
    ada.initiateCall(callTo(ADA, CAROL));
    await jest.advanceTimersByTimeAsync(600);
    expect(rang).toEqual([]);
    expect(adaSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onOutgoingCallRejected', 'busy'],
    ]);
  });

  it('should deliver callbacks asynchronously, never inside the calling method', async () => {
    ada.initiateCall(callTo(ADA, BOB));
    expect(bobSeen).toHaveLength(0);
    await settle();
    expect(bobSeen).toHaveLength(1);
  });

  it('should wait for the configured latency before answering', async () => {
    switchboard.control.setLatency(500);
    let answered = false;
    ada.initiateCall(callTo(ADA, BOB)).then(() => (answered = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(answered).toBe(false);
    expect(bobSeen).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect(bobSeen).toHaveLength(1);
  });

  it('should tell the caller when the callee accepts', async () => {
    const call = await adaCallsBob();
    const accepted = bob.acceptCall(call.sessionId);
    await settle();
    expect((await accepted).status).toBe('ongoing');
    expect(adaSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onOutgoingCallAccepted', 'ongoing'],
    ]);
  });

  it('should tell the caller when the callee rejects, with status rejected', async () => {
    const call = await adaCallsBob();
    bob.rejectCall(call.sessionId, 'rejected');
    await settle();
    expect(adaSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onOutgoingCallRejected', 'rejected'],
    ]);
  });

  it('should tell the callee when the caller cancels', async () => {
    const call = await adaCallsBob();
    ada.rejectCall(call.sessionId, 'cancelled');
    await settle();
    expect(bobSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onIncomingCallReceived', 'initiated'],
      ['onIncomingCallCancelled', 'cancelled'],
    ]);
  });

  it('should let the caller cancel as unanswered (its ring time-out), and tell the callee so', async () => {
    const call = await adaCallsBob();
    const cancelled = ada.rejectCall(call.sessionId, 'unanswered');
    await settle();
    await expect(cancelled).resolves.toEqual(expect.objectContaining({status: 'unanswered'}));
    expect(bobSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onIncomingCallReceived', 'initiated'],
      ['onIncomingCallCancelled', 'unanswered'],
    ]);
  });

  it('should tell both sides when an ongoing call ends', async () => {
    const call = await adaCallsBob();
    bob.acceptCall(call.sessionId);
    await settle();
    bob.endCall(call.sessionId);
    await settle();
    expect(adaSeen.at(-1)).toEqual({
      method: 'onCallEnded',
      call: expect.objectContaining({status: 'ended'}),
    });
    expect(bobSeen.at(-1)).toEqual({
      method: 'onCallEnded',
      call: expect.objectContaining({status: 'ended'}),
    });
  });

  it("should ring a callee who is in a call, so that the callee's kit answers busy or lets it wait", async () => {
    const carol = new KitInMemoryCallsSdk(switchboard, CAROL);
    const carolSeen = record(carol);
    const first = await adaCallsBob();
    bob.acceptCall(first.sessionId);
    await settle();
    const second = carol.initiateCall(callTo(CAROL, BOB));
    await jest.advanceTimersByTimeAsync(200);
    expect(bobSeen.filter(seen => seen.method === 'onIncomingCallReceived')).toHaveLength(2);
    expect(carolSeen).toEqual([]);
    expect(switchboard.getCall((await second).sessionId)?.status).toBe('initiated');

    bob.rejectCall((await second).sessionId, 'busy');
    await settle();
    expect(carolSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onOutgoingCallRejected', 'busy'],
    ]);
    expect(switchboard.getCall(first.sessionId)?.status).toBe('ongoing');
  });

  it('should answer busy for a simulated callee (no device) who is in a call', async () => {
    const rang = switchboard.control.ring(CAROL, ADA);
    await settle();
    switchboard.control.accept((await rang).sessionId);
    await settle();
    bob.initiateCall(callTo(BOB, CAROL));
    await settle();
    expect(bobSeen.filter(seen => seen.method === 'onOutgoingCallRejected')).toEqual([]);
    await jest.advanceTimersByTimeAsync(100);
    expect(bobSeen.map(seen => [seen.method, seen.call.status])).toEqual([
      ['onOutgoingCallRejected', 'busy'],
    ]);
  });

  it('should ring a simulated callee whose own call only rings: ringing is not being in a call', async () => {
    switchboard.control.ring(CAROL, ADA); // Carol's call to Ada rings, unanswered.
    await settle();
    bob.initiateCall(callTo(BOB, CAROL));
    await jest.advanceTimersByTimeAsync(1000);
    expect(bobSeen.filter(seen => seen.method === 'onOutgoingCallRejected')).toEqual([]);
  });

  it('should not tell anyone of a hold on a call that only rings', async () => {
    const held: string[] = [];
    for (const [name, sdk] of [
      ['ada', ada],
      ['bob', bob],
    ] as const) {
      sdk.addCallListener('held', {onCallHeld: () => held.push(name)});
    }
    const call = await adaCallsBob();
    switchboard.control.hold(call.sessionId);
    await settle();
    expect(held).toEqual([]);
  });

  it('should give each listener a call of its own, and the logged-in user as a copy', async () => {
    const statuses: (string | undefined)[] = [];
    bob.addCallListener('first', {
      onIncomingCallReceived: call => {
        statuses.push(call.status);
        (call as {status?: string}).status = 'changed by an app';
      },
    });
    bob.addCallListener('second', {onIncomingCallReceived: call => statuses.push(call.status)});
    await adaCallsBob();
    expect(statuses).toEqual(['initiated', 'initiated']);
    expect(bobSeen[0].call.status).toBe('initiated');

    (ada.getLoggedInUser() as {name: string}).name = 'Mallory';
    expect(ada.getLoggedInUser()?.name).toBe('Ada Lovelace');
  });

  describe('with the same user on two devices', () => {
    let bobTab2: KitInMemoryCallsSdk;
    let tab2Seen: ReturnType<typeof record>;

    beforeEach(() => {
      bobTab2 = new KitInMemoryCallsSdk(switchboard, BOB);
      tab2Seen = record(bobTab2);
    });

    it('should ring on both devices', async () => {
      await adaCallsBob();
      expect(bobSeen.map(seen => seen.method)).toEqual(['onIncomingCallReceived']);
      expect(tab2Seen.map(seen => seen.method)).toEqual(['onIncomingCallReceived']);
    });

    it('should stop the other device with status accepted-elsewhere when one accepts', async () => {
      const call = await adaCallsBob();
      bob.acceptCall(call.sessionId);
      await settle();
      expect(tab2Seen.at(-1)).toEqual({
        method: 'onIncomingCallCancelled',
        call: expect.objectContaining({status: 'accepted-elsewhere'}),
      });
      expect(bobSeen.map(seen => seen.method)).toEqual(['onIncomingCallReceived']);
    });

    it('should stop the other device with status rejected-elsewhere when one rejects', async () => {
      const call = await adaCallsBob();
      bobTab2.rejectCall(call.sessionId, 'rejected');
      await settle();
      expect(bobSeen.at(-1)).toEqual({
        method: 'onIncomingCallCancelled',
        call: expect.objectContaining({status: 'rejected-elsewhere'}),
      });
    });

    it('should refuse a second accept from the other device', async () => {
      const call = await adaCallsBob();
      bob.acceptCall(call.sessionId);
      await settle();
      const error = await rejection(bobTab2.acceptCall(call.sessionId));
      expect(error.code).toBe(KitErrorCodes.CALL_ENDED);
    });
  });

  describe('bad use', () => {
    it('should refuse an unknown session id', async () => {
      expect((await rejection(bob.acceptCall('nope'))).code).toBe(KitErrorCodes.UNKNOWN_SESSION);
      expect((await rejection(bob.rejectCall('nope', 'rejected'))).code).toBe(
        KitErrorCodes.UNKNOWN_SESSION,
      );
      expect((await rejection(bob.endCall('nope'))).code).toBe(KitErrorCodes.UNKNOWN_SESSION);
    });

    it('should refuse a call to oneself', async () => {
      expect((await rejection(ada.initiateCall(callTo(ADA, ADA)))).code).toBe(
        KitErrorCodes.INVALID_CALL,
      );
      expect(adaSeen).toHaveLength(0);
    });

    it('should refuse to accept a call that was cancelled', async () => {
      const call = await adaCallsBob();
      ada.rejectCall(call.sessionId, 'cancelled');
      await settle();
      expect((await rejection(bob.acceptCall(call.sessionId))).code).toBe(KitErrorCodes.CALL_ENDED);
      expect(adaSeen).toHaveLength(0);
    });

    it('should refuse every action while logged out', async () => {
      const call = await adaCallsBob();
      bob.logout();
      expect(bob.getLoggedInUser()).toBeNull();
      expect((await rejection(bob.acceptCall(call.sessionId))).code).toBe(
        KitErrorCodes.NOT_LOGGED_IN,
      );
      expect((await rejection(bob.initiateCall(callTo(BOB, ADA)))).code).toBe(
        KitErrorCodes.NOT_LOGGED_IN,
      );
    });

    it('should refuse a call without a receiver', async () => {
      const broken = {
        ...callTo(ADA, BOB),
        receiver: undefined,
        callReceiver: undefined,
      } as unknown as KitCall;
      const error = await rejection(ada.initiateCall(broken));
      expect(error.code).toBe(KitErrorCodes.INVALID_CALL);
      expect(bobSeen).toHaveLength(0);
    });

    it('should refuse the caller accepting its own call', async () => {
      const call = await adaCallsBob();
      expect((await rejection(ada.acceptCall(call.sessionId))).code).toBe(
        KitErrorCodes.INVALID_CALL,
      );
    });

    it('should refuse to log in a user without a name', () => {
      expect(() => ada.login({uid: 'x', name: ''})).toThrow(KitException);
    });
  });

  describe('far side control', () => {
    it('should fail the next accept with ERR_NETWORK, then let the following one through', async () => {
      const call = await adaCallsBob();
      switchboard.control.failNext('accept');
      expect((await rejection(bob.acceptCall(call.sessionId))).code).toBe(KitErrorCodes.NETWORK);
      expect(switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      const second = bob.acceptCall(call.sessionId);
      await settle();
      expect((await second).status).toBe('ongoing');
    });

    it('should ring a device from a simulated caller and let it cancel', async () => {
      const ringing = switchboard.control.ring(CAROL, BOB, 'video');
      await settle();
      const call = await ringing;
      expect(bobSeen.at(-1)?.call.callInitiator.name).toBe('Carol Shaw');
      switchboard.control.cancel(call.sessionId);
      await settle();
      expect(bobSeen.at(-1)?.method).toBe('onIncomingCallCancelled');
    });

    it('should play a simulated callee that accepts, rejects or answers busy', async () => {
      const cases = [
        ['accept', 'onOutgoingCallAccepted', 'ongoing'],
        ['reject', 'onOutgoingCallRejected', 'rejected'],
        ['busy', 'onOutgoingCallRejected', 'busy'],
      ] as const;
      for (const [answer, method, status] of cases) {
        const callee: KitUser = {uid: `sim-${answer}`, name: `Simulated ${answer}`};
        switchboard.control.autoAnswer(callee.uid, answer, 100);
        const started = ada.initiateCall(callTo(ADA, callee));
        await jest.advanceTimersByTimeAsync(99);
        expect(
          adaSeen.filter(
            seen => seen.call.sessionId === switchboard.control.lastCallOf(callee.uid)?.sessionId,
          ),
        ).toEqual([]);
        await jest.advanceTimersByTimeAsync(10);
        const call = await started;
        expect(adaSeen.at(-1)).toEqual({
          method,
          call: expect.objectContaining({sessionId: call.sessionId, status}),
        });
        if (status === 'ongoing') {
          ada.endCall(call.sessionId);
          await settle();
        }
      }
    });

    it('should let a simulated callee never answer', async () => {
      switchboard.control.neverAnswer('carol');
      const started = ada.initiateCall(callTo(ADA, CAROL));
      await settle();
      const call = await started;
      await jest.advanceTimersByTimeAsync(60_000);
      expect(switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      expect(adaSeen).toHaveLength(0);
    });

    it('should forget the oldest ended calls past 200, and keep the live ones', async () => {
      const first = await adaCallsBob();
      for (let i = 0; i < 210; i++) {
        const call = await adaCallsBob();
        ada.rejectCall(call.sessionId, 'cancelled');
        await settle();
      }
      expect(switchboard.calls().length).toBeLessThanOrEqual(201);
      expect(switchboard.getCall(first.sessionId)?.status).toBe('initiated');
    });

    it('should forget the calls of a flood once they ended, keeping only the newest outcomes', async () => {
      // 250 callers ring Bob at once (all live together), then Bob answers each busy.
      const ringing = Promise.all(
        Array.from({length: 250}, (_, i) =>
          switchboard.control.ring({uid: `caller-${i}`, name: `Caller ${i}`}, BOB),
        ),
      );
      await settle();
      const flood = await ringing;
      expect(switchboard.calls().filter(call => call.status === 'initiated')).toHaveLength(250);
      const answers = Promise.all(flood.map(call => bob.rejectCall(call.sessionId, 'busy')));
      await settle();
      await answers;

      // Nothing live is left, and what is kept of the ended calls stays bounded.
      const kept = switchboard.calls();
      expect(kept).toHaveLength(200);
      expect(kept.every(call => call.status === 'busy')).toBe(true);
      expect(switchboard.getCall(flood[0].sessionId)).toBeUndefined();
      expect(switchboard.getCall(flood[249].sessionId)?.status).toBe('busy');
      // An ended call is still told apart from an unknown one.
      const again = await rejection(bob.rejectCall(flood[249].sessionId, 'busy'));
      expect(again.code).toBe(KitErrorCodes.CALL_ENDED);
    });

    it('should keep delivering to other listeners when one throws', async () => {
      const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
      bob.addCallListener('broken', {
        onIncomingCallReceived: () => {
          throw new Error('app bug');
        },
      });
      await adaCallsBob();
      expect(bobSeen).toHaveLength(1);
      expect(errors).toHaveBeenCalled();
      errors.mockRestore();
    });

    it('should stop delivering to a device once it is disposed', async () => {
      bob.dispose();
      await adaCallsBob();
      expect(bobSeen).toHaveLength(0);
      expect(bob.listenerCount).toBe(0);
    });
  });
});
