import {
  KitCall,
  KitCallsSdk,
  KitException,
  KitGroupCallsSdk,
  KitParticipantStatus,
  KitUser,
} from 'kit-chat-uikit-angular';
import type {Check} from './calls-sdk-conformance-checks';
import type {KitCallsSdkConformanceGroupDriver} from './calls-sdk-conformance-group-driver';
import {Probe, delay, describeError, expectSame} from './calls-sdk-conformance-probe';

// The suite's checks of the port's group part (`KitGroupCallsSdk`): they run only for an adapter that says
// `groupCalls: true`, and need the driver's `group` part to play the other people.

type GroupSdk = KitCallsSdk & KitGroupCallsSdk;

/** The group part of a check's world, or `null` for an adapter without group calls (the check passes). */
function groupOf(probe: Probe): {sdk: GroupSdk; people: KitCallsSdkConformanceGroupDriver} | null {
  const sdk = probe.sdk as GroupSdk;
  if (sdk.groupCalls !== true) {
    return null;
  }
  const people = probe.driver.group;
  if (!people || people.people.length < 3) {
    throw new Error(
      'the adapter says groupCalls: true: the driver needs a `group` part with at least three people',
    );
  }
  return {sdk, people};
}

/** Rings several people at once, as the kit does. */
function ring(probe: Probe, people: readonly KitUser[]): Promise<KitCall> {
  const {me} = probe.driver;
  return probe.succeed('initiateCall with participants', () =>
    probe.sdk.initiateCall({
      sessionId: '',
      type: 'video',
      sender: me,
      callInitiator: me,
      receiver: people[0],
      callReceiver: people[0],
      participants: [
        {user: me, status: 'joined'},
        ...people.map(user => ({user, status: 'invited' as const})),
      ],
    }),
  );
}

/**
 * Waits until the latest participants' news of a call says each person stands as asked: the newest
 * `onParticipantsChanged`, and for a person it does not name, the call the adapter's method resolved (`initiateCall`
 * and `inviteToCall` may already say who rings).
 */
async function reported(
  probe: Probe,
  sessionId: string,
  wanted: [KitUser, readonly KitParticipantStatus[]][],
  resolved?: KitCall | null,
): Promise<void> {
  const deadline = Date.now() + probe.within;
  let latest: KitCall | undefined;
  for (;;) {
    latest = probe.seen
      .filter(e => e.method === 'onParticipantsChanged' && e.call?.sessionId === sessionId)
      .at(-1)?.call;
    // A person the news do not name yet stands as the resolved call says.
    const status = (user: KitUser) =>
      (
        latest?.participants?.find(p => p.user?.uid === user.uid) ??
        resolved?.participants?.find(p => p.user?.uid === user.uid)
      )?.status;
    const missing = wanted.filter(([user, ok]) => !ok.includes(status(user)!));
    if (!missing.length) {
      return;
    }
    if (Date.now() > deadline) {
      const said = missing.map(([user, ok]) => `${user.uid} ${status(user)} (not ${ok.join('/')})`);
      throw new Error(
        `onParticipantsChanged for "${sessionId}" did not report within ${probe.within} ms: ` +
          `${said.join(', ')}; heard ${probe.heard() || 'nothing'}`,
      );
    }
    await delay(10);
  }
}

/** Fails when the adapter ended the call for this device (one person's answer must not end it). */
function expectGoingOn(probe: Probe, sessionId: string, after: string): void {
  const ended = probe.seen.find(
    e =>
      e.call?.sessionId === sessionId &&
      (e.method === 'onCallEnded' ||
        (e.method === 'onOutgoingCallRejected' && !e.call.participants)),
  );
  if (ended) {
    throw new Error(`${after}, the adapter ended the call for everyone (${ended.method})`);
  }
}

const RINGS: readonly KitParticipantStatus[] = ['invited', 'ringing'];

/**
 * A check of the group part: run with the group's world, or passed at once for an adapter without `groupCalls`.
 * @param name The check's name.
 * @param run The check.
 * @returns The check.
 */
function groupCheck(
  name: string,
  run: (probe: Probe, group: NonNullable<ReturnType<typeof groupOf>>) => Promise<void>,
): Check {
  return {
    name,
    async run(probe) {
      const group = groupOf(probe);
      if (group) {
        await run(probe, group);
      }
    },
  };
}

/** The group checks, each run on a fresh adapter and driver. */
export const GROUP_CHECKS: Check[] = [
  groupCheck(
    'groupCalls: initiateCall with participants rings every callee; onParticipantsChanged reports each',
    async (probe, group) => {
      const [a, b] = group.people.people;
      const call = await ring(probe, [a, b]);
      await reported(
        probe,
        call.sessionId,
        [
          [a, RINGS],
          [b, RINGS],
        ],
        call,
      );
      probe.checkAsynchronous();
    },
  ),
  groupCheck(
    'groupCalls: the first person who joins is reported joined, and the others ring on',
    async (probe, group) => {
      const [a, b] = group.people.people;
      const call = await ring(probe, [a, b]);
      await group.people.accept(call.sessionId, a);
      await reported(probe, call.sessionId, [
        [a, ['joined']],
        [b, RINGS],
      ]);
    },
  ),
  groupCheck(
    'groupCalls: one person’s decline is reported, and the call goes on for the others',
    async (probe, group) => {
      const [a, b, c] = group.people.people;
      const call = await ring(probe, [a, b, c]);
      await group.people.reject(call.sessionId, a);
      await reported(probe, call.sessionId, [
        [a, ['declined']],
        [b, RINGS],
      ]);
      await group.people.accept(call.sessionId, b);
      await reported(probe, call.sessionId, [[b, ['joined']]]);
      expectGoingOn(probe, call.sessionId, 'after one decline');
    },
  ),
  groupCheck(
    'groupCalls: inviteToCall adds a person to a live call, reported invited or ringing',
    async (probe, group) => {
      const [a, b, c] = group.people.people;
      const call = await ring(probe, [a, b]);
      await group.people.accept(call.sessionId, a);
      await reported(probe, call.sessionId, [[a, ['joined']]]);
      const invited = await probe.succeed('inviteToCall', () =>
        group.sdk.inviteToCall!(call.sessionId, [c]),
      );
      expectSame(invited?.sessionId, call.sessionId, 'inviteToCall().sessionId');
      await reported(probe, call.sessionId, [[c, RINGS]], invited);
    },
  ),
  groupCheck(
    'groupCalls: a person who leaves is reported left, the call goes on, and leaveCall settles',
    async (probe, group) => {
      const [a, b] = group.people.people;
      const call = await ring(probe, [a, b]);
      await group.people.accept(call.sessionId, a);
      await group.people.accept(call.sessionId, b);
      await reported(probe, call.sessionId, [
        [a, ['joined']],
        [b, ['joined']],
      ]);
      await group.people.leave(call.sessionId, a);
      await reported(probe, call.sessionId, [
        [a, ['left']],
        [b, ['joined']],
      ]);
      expectGoingOn(probe, call.sessionId, 'after one person left');
      await probe.succeed('leaveCall', () => group.sdk.leaveCall!(call.sessionId));
    },
  ),
  groupCheck(
    'groupCalls: inviteToCall, joinCall and leaveCall of an unknown session reject with a KitException',
    async (probe, group) => {
      const id = 'kit-conformance-unknown';
      const actions: [string, () => Promise<unknown>][] = [
        ['inviteToCall', () => group.sdk.inviteToCall!(id, [group.people.people[0]])],
        ['joinCall', () => group.sdk.joinCall!(id)],
        ['leaveCall', () => group.sdk.leaveCall!(id)],
      ];
      for (const [what, action] of actions) {
        const result = await probe.act(`${what} of an unknown session`, action);
        if (result.ok || !(result.error instanceof KitException)) {
          throw new Error(
            `${what} of an unknown session ${result.ok ? 'resolved' : `rejected with ${describeError(result.error)}`}`,
          );
        }
      }
    },
  ),
];
