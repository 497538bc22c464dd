import {
  KitCall,
  KitCallListener,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
  KitGroupCallsSdk,
  KitParticipantStatus,
  KitUser,
} from 'kit-chat-uikit-angular';
import type {KitCallsSdkConformanceDriver} from './calls-sdk-conformance-driver';
import {GROUP_CHECKS} from './calls-sdk-conformance-group';
import {Probe} from './calls-sdk-conformance-probe';

const ME: KitUser = {uid: 'me', name: 'Me'};
const PEOPLE: KitUser[] = [
  {uid: 'ada', name: 'Ada'},
  {uid: 'bob', name: 'Bob'},
  {uid: 'cy', name: 'Cy'},
];

/** How a fake breaks the group contract. */
type Flaw = 'endsOnDecline' | 'silentInvite' | 'noLeft' | null;

/** A small adapter that carries calls with several people on one device, the far side played by its driver. */
class FakeGroupSdk extends KitCallsSdk implements KitGroupCallsSdk {
  readonly groupCalls: boolean;
  readonly #calls = new Map<string, KitCall>();
  readonly #listeners = new Map<string, KitCallListener>();
  #next = 0;

  constructor(
    readonly flaw: Flaw = null,
    capable = true,
  ) {
    super();
    this.groupCalls = capable;
  }

  getLoggedInUser = () => ME;
  initiateCall(call: KitCall): Promise<KitCall> {
    const sessionId = `g${++this.#next}`;
    const participants = (call.participants ?? []).map(p =>
      p.user.uid === ME.uid ? p : {user: p.user, status: 'ringing' as const},
    );
    this.#calls.set(sessionId, {...call, sessionId, status: 'initiated', participants});
    setTimeout(() => this.#tell(sessionId));
    return Promise.resolve({...this.#calls.get(sessionId)!});
  }
  acceptCall = (id: string) => this.#known(id);
  rejectCall = (id: string) => this.#known(id);
  endCall = (id: string) => this.#known(id);
  inviteToCall(id: string, users: readonly KitUser[]): Promise<KitCall> {
    const call = this.#calls.get(id);
    if (!call) {
      return this.#known(id);
    }
    const participants = [
      ...(call.participants ?? []),
      ...users.map(user => ({user, status: 'invited' as const})),
    ];
    if (this.flaw === 'silentInvite') {
      // Rings nobody it says: neither its answer nor any news names the person invited.
      return Promise.resolve({...call});
    }
    this.#calls.set(id, {...call, participants});
    setTimeout(() => this.#tell(id));
    return Promise.resolve({...call, participants});
  }
  joinCall = (id: string) => this.#known(id);
  leaveCall = (id: string) => this.#known(id).then(() => undefined);
  addCallListener(id: string, listener: KitCallListener): void {
    this.#listeners.set(id, listener);
  }
  removeCallListener(id: string): void {
    this.#listeners.delete(id);
  }

  /** The far side: someone's status changes; the news arrives later, as from a network. */
  set(id: string, user: KitUser, status: KitParticipantStatus): void {
    const call = this.#calls.get(id)!;
    const participants = (call.participants ?? []).map(p =>
      p.user.uid === user.uid ? {user, status} : p,
    );
    const now = {...call, participants};
    this.#calls.set(id, now);
    setTimeout(() => {
      if (status !== 'left' || this.flaw !== 'noLeft') {
        this.#listeners.forEach(l => l.onParticipantsChanged?.({...now}));
      }
      if (status === 'declined' && this.flaw === 'endsOnDecline') {
        this.#listeners.forEach(l => l.onCallEnded?.({...now, status: 'ended'}));
      }
    });
  }

  /** Everyone's latest status, as the SDK's news. */
  #tell(id: string): void {
    const call = this.#calls.get(id)!;
    this.#listeners.forEach(l => l.onParticipantsChanged?.({...call}));
  }

  #known(id: string): Promise<KitCall> {
    const call = this.#calls.get(id);
    return call
      ? Promise.resolve({...call})
      : Promise.reject(new KitException(KitErrorCodes.UNKNOWN_SESSION, `unknown ${id}`));
  }
}

/** The driver of a fake: the group part plays each person. */
function driverOf(sdk: FakeGroupSdk, group = true): KitCallsSdkConformanceDriver {
  const none = () => Promise.reject(new Error('not in the group checks'));
  return {
    me: ME,
    peer: PEOPLE[0],
    ringMe: none,
    cancel: none,
    accept: none,
    reject: none,
    hangUp: none,
    group: group
      ? {
          people: PEOPLE,
          accept: async (id, user) => sdk.set(id, user, 'joined'),
          reject: async (id, user) => sdk.set(id, user, 'declined'),
          leave: async (id, user) => sdk.set(id, user, 'left'),
        }
      : undefined,
  };
}

/** Runs one group check on a fresh fake. @returns Its failure, or `null`. */
async function run(name: string, flaw: Flaw, capable = true, group = true): Promise<string | null> {
  const check = GROUP_CHECKS.find(c => c.name.includes(name));
  if (!check) {
    throw new Error(`no check named ${name}`);
  }
  const sdk = new FakeGroupSdk(flaw, capable);
  const probe = new Probe(sdk, driverOf(sdk, group), 300);
  try {
    await check.run(probe);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('The conformance suite’s group checks', () => {
  it.each(GROUP_CHECKS.map(c => c.name))(
    'should pass a fake that keeps the contract: %s',
    async name => {
      expect(await run(name, null)).toBeNull();
    },
  );

  it("should fail an adapter that ends the call on one person's decline (stream-video-swift #901)", async () => {
    expect(await run('one person’s decline', 'endsOnDecline')).toContain(
      'ended the call for everyone (onCallEnded)',
    );
  });

  it('should fail an adapter that does not report the person it invited', async () => {
    expect(await run('inviteToCall adds', 'silentInvite')).toMatch(/cy undefined|cy invited/);
  });

  it('should fail an adapter that does not report who left', async () => {
    expect(await run('who leaves', 'noLeft')).toContain('ada joined (not left)');
  });

  it('should ask for the driver’s group part when the adapter says groupCalls: true', async () => {
    expect(await run('first person', null, true, false)).toContain('`group` part');
  });

  it('should leave an adapter without groupCalls to the two-person checks', async () => {
    expect(await run('first person', 'endsOnDecline', false, false)).toBeNull();
  });
});
