import {KitCall, KitErrorCodes, KitException, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemoryMediaCallsSdk} from './in-memory-media-calls-sdk';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const ALAN: KitUser = {uid: 'alan', name: 'Alan Turing'};

const settle = () => new Promise(resolve => setTimeout(resolve, 5));

describe('the in-memory attended transfer (KitInMemoryMediaCallsSdk.transfer with a consultation)', () => {
  let switchboard: KitInMemorySwitchboard;
  let sdk: KitInMemoryMediaCallsSdk;
  let ended: string[];

  beforeEach(() => {
    switchboard = new KitInMemorySwitchboard();
    sdk = new KitInMemoryMediaCallsSdk(switchboard, GRACE, null);
    ended = [];
    sdk.addCallListener('spec', {onCallEnded: call => ended.push(call.sessionId)});
  });
  afterEach(() => {
    sdk.dispose();
    switchboard.ngOnDestroy();
  });

  /** Ada calls Grace, who holds her and calls Alan, who answers: both calls' ids. */
  async function consulting(): Promise<{held: string; consultation: string}> {
    const ring = await switchboard.control.ring(ADA, GRACE);
    await settle();
    await sdk.acceptCall(ring.sessionId);
    await sdk.hold(ring.sessionId);
    const next = await sdk.initiateCall({
      sessionId: '',
      type: 'audio',
      sender: GRACE,
      callInitiator: GRACE,
      receiver: ALAN,
      callReceiver: ALAN,
    });
    await switchboard.control.accept(next.sessionId);
    await settle();
    return {held: ring.sessionId, consultation: next.sessionId};
  }

  const status = (id: string) => switchboard.getCall(id)?.status;
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: KitException) => error.code,
    );
  const between = (a: KitUser, b: KitUser): KitCall | undefined =>
    switchboard
      .calls()
      .find(
        call =>
          call.status === 'ongoing' &&
          [call.sender.uid, call.receiver.uid].sort().join() === [a.uid, b.uid].sort().join(),
      );

  it('says it can, joins Ada and Alan in a call of theirs, and ends both calls of Grace', async () => {
    expect(sdk.attendedTransfer).toBe(true);
    const {held, consultation} = await consulting();
    await sdk.transfer(held, ALAN, consultation);
    await settle();
    expect(status(held)).toBe('ended');
    expect(status(consultation)).toBe('ended');
    // Alan's side of the consultation ended it (as his phone ends the replaced dialog): Grace hears it.
    expect(ended).toEqual(expect.arrayContaining([held, consultation]));
    const joined = between(ADA, ALAN);
    expect(joined?.sender.uid).toBe('ada');
    expect(switchboard.calls().filter(call => call.status === 'ongoing')).toEqual([joined]);
  });

  it('a fault (failNext) refuses it: both calls stay as they are', async () => {
    const {held, consultation} = await consulting();
    switchboard.control.failNext('transfer');
    expect(await code(sdk.transfer(held, ALAN, consultation))).toBe(KitErrorCodes.NETWORK);
    expect([status(held), status(consultation)]).toEqual(['ongoing', 'ongoing']);
    expect(between(ADA, ALAN)).toBeUndefined();
  });

  it('refuses a consultation that is not a connected call to that person, and far sides with a device', async () => {
    const {held, consultation} = await consulting();
    const bob: KitUser = {uid: 'bob', name: 'Bob Kahn'};
    expect(await code(sdk.transfer(held, bob, consultation))).toBe(KitErrorCodes.CALL_FAILED);
    expect(await code(sdk.transfer(held, ALAN, 'nope'))).toBe(KitErrorCodes.CALL_FAILED);
    const alan = new KitInMemoryMediaCallsSdk(switchboard, ALAN, null);
    expect(await code(sdk.transfer(held, ALAN, consultation))).toBe(KitErrorCodes.SDK);
    alan.dispose();
    expect([status(held), status(consultation)]).toEqual(['ongoing', 'ongoing']);
    await switchboard.control.end(consultation);
    expect(await code(sdk.transfer(held, ALAN, consultation))).toBe(KitErrorCodes.CALL_FAILED);
  });
});
