import {KitCall, KitUser} from 'kit-chat-uikit-angular';
import {kitInMemoryHold} from './in-memory-hold';
import {FakeBroadcastChannel, tab, useFakeTabs} from './in-memory-tabs.spec-helper';

const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

function callTo(from: KitUser, to: KitUser): KitCall {
  return {
    sessionId: '',
    type: 'video',
    sender: from,
    callInitiator: from,
    receiver: to,
    callReceiver: to,
  };
}

describe('KitInMemorySwitchboard across tabs (BroadcastChannel)', () => {
  const settle = () => jest.advanceTimersByTimeAsync(20);
  useFakeTabs();

  it('should let two tabs logged in as two users call each other, through accept and end', async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    expect(adaTab.seen).toEqual(['ring from grace']);

    adaTab.sdk.acceptCall(call.sessionId);
    await settle();
    expect(graceTab.seen).toEqual(['accepted']);

    graceTab.sdk.endCall(call.sessionId);
    await settle();
    expect(adaTab.seen).toEqual(['ring from grace', 'ended']);
    expect(graceTab.seen).toEqual(['accepted', 'ended']);
  });

  it("should tell the other tab of a call that one side holds it and resumes it (that side's tab hears nothing)", async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    adaTab.sdk.acceptCall(call.sessionId);
    await settle();
    kitInMemoryHold(graceTab.switchboard, GRACE, call.sessionId, true);
    await settle();
    kitInMemoryHold(graceTab.switchboard, GRACE, call.sessionId, false);
    await settle();
    expect(adaTab.seen).toEqual(['ring from grace', 'held', 'resumed']);
    expect(graceTab.seen).toEqual(['accepted']);
  });

  it("should tell the caller's tab that the callee's tab rings, once, and no other tab", async () => {
    const graceTab = tab(GRACE);
    const adaTab1 = tab(ADA);
    const adaTab2 = tab(ADA);
    const rang: string[] = [];
    graceTab.sdk.addCallListener('ringing', {
      onOutgoingCallRinging: call => rang.push(call.sessionId),
    });
    const othersRang: string[] = [];
    for (const other of [adaTab1, adaTab2]) {
      other.sdk.addCallListener('ringing', {onOutgoingCallRinging: () => othersRang.push('ada')});
    }
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    expect(adaTab1.seen).toEqual(['ring from grace']);
    expect(rang).toEqual([call.sessionId]);
    expect(othersRang).toEqual([]);
  });

  it('should ring every tab of the callee, and stop the others when one accepts', async () => {
    const graceTab = tab(GRACE);
    const adaTab1 = tab(ADA);
    const adaTab2 = tab(ADA);
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    expect(adaTab1.seen).toEqual(['ring from grace']);
    expect(adaTab2.seen).toEqual(['ring from grace']);

    adaTab2.sdk.acceptCall(call.sessionId);
    await settle();
    expect(adaTab1.seen).toEqual(['ring from grace', 'stop accepted-elsewhere']);
    expect(adaTab2.seen).toEqual(['ring from grace']);
    expect(graceTab.seen).toEqual(['accepted']);
  });

  it('should tell the callee tab when the caller tab cancels, and the caller when the callee rejects', async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    const first = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    graceTab.sdk.rejectCall((await first).sessionId, 'cancelled');
    await settle();
    expect(adaTab.seen).toEqual(['ring from grace', 'stop cancelled']);

    const second = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    adaTab.sdk.rejectCall((await second).sessionId, 'rejected');
    await settle();
    expect(graceTab.seen).toEqual(['rejected rejected']);
  });

  it("should ring a callee who is in a call in another tab, and leave busy or waiting to that tab's kit", async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    const linusTab = tab({uid: 'linus', name: 'Linus Torvalds'});
    await settle();
    const first = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    adaTab.sdk.acceptCall((await first).sessionId);
    await settle();

    const second = linusTab.sdk.initiateCall(callTo({uid: 'linus', name: 'Linus Torvalds'}, ADA));
    await settle();
    await jest.advanceTimersByTimeAsync(200);
    expect(adaTab.seen).toEqual(['ring from grace', 'ring from linus']);
    expect(linusTab.seen).toEqual([]);

    adaTab.sdk.rejectCall((await second).sessionId, 'busy');
    await settle();
    expect(linusTab.seen).toEqual(['rejected busy']);
    expect(graceTab.seen).toEqual(['accepted']);
  });

  it('should end the calls of a tab that closes: its ringing call is cancelled, its ongoing call ended', async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    const linus = {uid: 'linus', name: 'Linus Torvalds'};
    const linusTab = tab(linus);
    await settle();
    // Grace calls Ada and closes her tab while it rings: Ada's tab stops ringing.
    const ringing = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await ringing;
    // Linus and Ada are in a call when Linus closes his tab: Ada's call ends.
    const started = linusTab.sdk.initiateCall(callTo(linus, ADA));
    await settle();
    const ongoing = await started;
    adaTab.sdk.acceptCall(ongoing.sessionId);
    await settle();
    adaTab.seen.length = 0;

    graceTab.close();
    await settle();
    expect(adaTab.seen).toEqual(['stop cancelled']);
    expect(adaTab.switchboard.getCall(call.sessionId)?.status).toBe('cancelled');

    linusTab.close();
    await settle();
    expect(adaTab.seen).toEqual(['stop cancelled', 'ended']);
    expect(adaTab.switchboard.getCall(ongoing.sessionId)?.status).toBe('ended');
  });

  it("should end the call a tab accepted when that tab closes: the caller's tab hears it end", async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    await settle();
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    adaTab.sdk.acceptCall(call.sessionId);
    await settle();
    expect(graceTab.seen).toEqual(['accepted']);

    adaTab.close();
    await settle();
    expect(graceTab.seen).toEqual(['accepted', 'ended']);
    expect(graceTab.switchboard.getCall(call.sessionId)?.status).toBe('ended');
  });

  it('should leave the calls of a closing tab alone when another tab of the same user took them', async () => {
    const graceTab = tab(GRACE);
    const adaHere = tab(ADA);
    const adaThere = tab(ADA);
    await settle();
    const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    const call = await started;
    adaThere.sdk.acceptCall(call.sessionId);
    await settle();
    adaHere.close();
    await settle();
    expect(graceTab.switchboard.getCall(call.sessionId)?.status).toBe('ongoing');
    expect(graceTab.seen).toEqual(['accepted']);
  });

  it('should share the directory of users between tabs', async () => {
    const graceTab = tab(GRACE);
    tab(ADA);
    await settle();
    expect(
      graceTab.switchboard
        .users()
        .map(user => user.uid)
        .sort(),
    ).toEqual(['ada', 'grace']);
  });

  it('should stop sharing once disconnected', async () => {
    const graceTab = tab(GRACE);
    const adaTab = tab(ADA);
    adaTab.switchboard.disconnectTabs();
    graceTab.sdk.initiateCall(callTo(GRACE, ADA));
    await settle();
    expect(adaTab.seen).toEqual([]);
  });

  describe('messages that are no operation', () => {
    /** Grace's tab, a call she placed to Ada (no device: it rings on), and a page that posts on the channel. */
    async function graceAndAPage() {
      const graceTab = tab(GRACE);
      const started = graceTab.sdk.initiateCall(callTo(GRACE, ADA));
      await settle();
      const call = await started;
      const page = new FakeBroadcastChannel('test-calls');
      const post = async (message: unknown) => {
        page.postMessage(message);
        await settle(); // A throw in onmessage would fail here, from the channel's task.
      };
      return {graceTab, call, post};
    }

    const craftedCall = (call: unknown) => ({kind: 'initiate', call});

    it.each<[string, unknown]>([
      ['no data', null],
      ['a string', 'register'],
      ['no kind', {user: ADA}],
      ['an unknown kind', {kind: 'transfer', uid: 'ada'}],
      ["a kind from Object's prototype", {kind: 'toString'}],
      ['a kind that is not a string', {kind: ['register'], user: ADA}],
      ['a register without a user', {kind: 'register'}],
      ['a register of a user without a name', {kind: 'register', user: {uid: 'eve'}}],
      ['a device without a uid', {kind: 'device', uid: 42}],
      ['a ringing without a session id', {kind: 'ringing'}],
      ['an initiate without a call', craftedCall(undefined)],
      ['an initiate whose call is a string', craftedCall('call')],
      ['an initiate of a call without its caller', craftedCall({sessionId: 'c1', receiver: ADA})],
      ['an end with a session id that is no string', {kind: 'end', uid: 'ada', sessionId: 7}],
      ['news that is no hold', {kind: 'onCallEnded', uid: 'grace', sessionId: 'c1'}],
      ['a hold without a uid', {kind: 'onCallHeld', sessionId: 'c1'}],
    ])('should drop %s, count it and change nothing', async (_, message) => {
      const {graceTab, call, post} = await graceAndAPage();
      const users = graceTab.switchboard.users();
      await post(message);
      expect(graceTab.switchboard.droppedMessages).toBe(1);
      expect(graceTab.switchboard.users()).toEqual(users);
      expect(
        graceTab.switchboard.calls().map(({sessionId, status}) => ({sessionId, status})),
      ).toEqual([{sessionId: call.sessionId, status: 'initiated'}]);
      expect(graceTab.seen).toEqual([]);
    });

    it('should drop an accept or an end that gives the call another status than its action', async () => {
      const {graceTab, call, post} = await graceAndAPage();
      const act = {uid: 'ada', sessionId: call.sessionId};
      await post({kind: 'accept', ...act, status: 'ended'});
      await post({kind: 'end', ...act, status: 'ongoing'});
      expect(graceTab.switchboard.droppedMessages).toBe(2);
      expect(graceTab.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      expect(graceTab.seen).toEqual([]);

      // The same accept with its own status goes through.
      await post({kind: 'accept', ...act, status: 'ongoing'});
      expect(graceTab.seen).toEqual(['accepted']);
      expect(graceTab.switchboard.droppedMessages).toBe(2);
    });

    it('should not let an invite connect a call between two people (group calls off)', async () => {
      const {graceTab, call, post} = await graceAndAPage();
      // From the caller, well formed: without group calls, a call between two has no invite.
      await post({
        kind: 'invite',
        uid: 'grace',
        sessionId: call.sessionId,
        status: 'ongoing',
        users: [ADA],
      });
      expect(graceTab.switchboard.getCall(call.sessionId)?.status).toBe('initiated');
      expect(graceTab.seen).toEqual([]);
    });

    it('should still replay a well-formed message from a page', async () => {
      const {graceTab, post} = await graceAndAPage();
      await post({kind: 'register', user: {uid: 'eve', name: 'Eve Hopper'}});
      expect(graceTab.switchboard.users().map(user => user.uid)).toContain('eve');
      expect(graceTab.switchboard.droppedMessages).toBe(0);
    });
  });
});
