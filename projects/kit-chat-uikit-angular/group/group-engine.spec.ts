import {TestBed} from '@angular/core/testing';
import {
  KitCall,
  KitCallEventsService,
  KitCallListener,
  KitCallOverlay,
  KitCallsSdk,
  KitException,
  _KitCallRegistry,
  _KitCallSession,
  provideKitUIKit,
} from 'kit-chat-uikit-angular';
import {withGroupCalls} from './group-calls-feature';
import {ADA, BOB, CY, GroupSdk, ME, groupCall} from './group-spec-sdk';

describe('Group calls: the engine (routing, the participant rules)', () => {
  let errors: KitException[];

  beforeEach(() => {
    jest.useFakeTimers();
    errors = [];
    GroupSdk.capable = true;
    GroupSdk.holdInitiate = false;
  });

  afterEach(() => {
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  function setUp(group = true) {
    TestBed.configureTestingModule({
      providers: [
        provideKitUIKit(
          {callsSdk: GroupSdk, onError: e => errors.push(e), closeDelay: 1000},
          ...(group ? [withGroupCalls()] : []),
        ),
      ],
    });
    TestBed.inject(KitCallOverlay); // Bootstraps the environment initializers (the auto ring).
    return {
      sdk: TestBed.inject(KitCallsSdk) as GroupSdk,
      registry: TestBed.inject(_KitCallRegistry),
    };
  }

  const settle = (ms = 50) => jest.advanceTimersByTimeAsync(ms);

  /** I call Ada, Bob and Cy (the team): the caller's session, registered as g1. */
  async function dial(group = true) {
    const {sdk, registry} = setUp(group);
    const call = groupCall(ME, ADA, [
      [ADA, 'invited'],
      [BOB, 'invited'],
      [CY, 'invited'],
    ]);
    const session = registry.placeCall(ADA, 'video') as _KitCallSession;
    session._set({
      call: {...session.state.call, participants: call.participants, group: call.group},
    });
    void session.start().catch(() => {});
    await settle();
    return {sdk, registry, session};
  }

  /** The SDK's news of g1: everyone's latest status. */
  function news(sdk: GroupSdk, ...statuses: Parameters<typeof groupCall>[2]) {
    sdk.deliver('onParticipantsChanged', groupCall(ME, ADA, statuses));
  }

  const statuses = (session: _KitCallSession) =>
    session.state.call.participants?.map(p => `${p.user.uid}:${p.status}`).join(' ');

  describe('routing (part 1)', () => {
    it("should make the session's call the newer one (participants, group), a new object each time", async () => {
      const {sdk, session} = await dial();
      const before = session.state.call;
      news(sdk, [ADA, 'ringing'], [BOB, 'ringing'], [CY, 'invited']);
      expect(session.state.call).not.toBe(before);
      expect(statuses(session)).toBe('me:joined ada:ringing bob:ringing cy:invited');
      expect(session.state.call.group?.name).toBe('Team');
      // The outgoing screen says "Ringing…" once a callee's device rings.
      expect(session.state.remoteRinging).toBe(true);
      // News that leaves the group out (an adapter that sends it once) keeps the call's group and its name.
      sdk.deliver('onParticipantsChanged', {
        ...groupCall(ME, ADA, [[ADA, 'joined']]),
        group: undefined,
      });
      expect(statuses(session)).toBe('me:joined ada:joined bob:ringing cy:invited');
      expect(session.state.call.group?.name).toBe('Team');
    });

    it('should do nothing with the news without withGroupCalls(), and throw nothing into the SDK', async () => {
      const {sdk, session} = await dial(false);
      const before = session.state.call;
      expect(() => news(sdk, [ADA, 'joined'], [BOB, 'ringing'], [CY, 'ringing'])).not.toThrow();
      await settle();
      expect(session.state.call).toBe(before);
      expect(session.state.phase).toBe('dialing');
      expect(errors).toEqual([]);
    });

    it('should ignore the news of an unknown call, with or without the feature', async () => {
      const {sdk, registry} = setUp();
      expect(() =>
        sdk.deliver('onParticipantsChanged', groupCall(ADA, ME, [[ME, 'ringing']], 'nobody')),
      ).not.toThrow();
      await settle();
      expect(registry.sessions).toHaveLength(0);
      expect(errors).toEqual([]);
    });

    it('should keep news that came before initiateCall resolved, and apply it once the call has its id', async () => {
      GroupSdk.holdInitiate = true;
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'joined'], [BOB, 'ringing'], [CY, 'ringing']);
      await settle();
      expect(session.state.phase).toBe('dialing');
      sdk.release!();
      await settle();
      expect(session.state.phase).toBe('ongoing');
      expect(statuses(session)).toBe('me:joined ada:joined bob:ringing cy:ringing');
    });
  });

  describe('the rules (part 2)', () => {
    it('should connect when the first person joins, without onOutgoingCallAccepted, while the others ring on', async () => {
      const {sdk, session} = await dial();
      const accepted: KitCall[] = [];
      TestBed.inject(KitCallEventsService).ccCallAccepted.subscribe(c => accepted.push(c));
      news(sdk, [ADA, 'ringing'], [BOB, 'ringing'], [CY, 'ringing']);
      news(sdk, [ADA, 'ringing'], [BOB, 'joined'], [CY, 'ringing']);
      expect(session.state.phase).toBe('ongoing');
      expect(session.state.call.status).toBe('ongoing');
      expect(accepted).toHaveLength(1);
      expect(statuses(session)).toBe('me:joined ada:ringing bob:joined cy:ringing');
      // The adapter's own word of it afterwards changes nothing.
      sdk.deliver('onOutgoingCallAccepted', {...groupCall(ME, ADA, []), status: 'ongoing'});
      expect(accepted).toHaveLength(1);
    });

    it("should not end the call on one person's decline, busy or no answer, nor on a stray onOutgoingCallRejected (stream-video-swift #901)", async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'declined'], [BOB, 'busy'], [CY, 'ringing']);
      sdk.deliver('onOutgoingCallRejected', {...groupCall(ME, ADA, []), status: 'rejected'});
      await settle();
      expect(session.state.phase).toBe('dialing');
      expect(statuses(session)).toBe('me:joined ada:declined bob:busy cy:ringing');
      news(sdk, [ADA, 'declined'], [BOB, 'busy'], [CY, 'joined']);
      expect(session.state.phase).toBe('ongoing');
    });

    it.each([
      ['everyone declines', ['declined', 'declined', 'declined'], 'rejected'],
      ['nobody answers', ['unanswered', 'unanswered', 'unanswered'], 'unanswered'],
      ['a mix with no decline', ['busy', 'unanswered', 'busy'], 'unanswered'],
      ['some decline, one does not answer', ['declined', 'unanswered', 'declined'], 'rejected'],
      ['everyone is busy', ['busy', 'busy', 'busy'], 'busy'],
    ] as const)("should end the caller's call when %s: %s", async (_, [a, b, c], reason) => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, a], [BOB, 'ringing'], [CY, c]);
      expect(session.state.phase).toBe('dialing');
      news(sdk, [ADA, a], [BOB, b], [CY, c]);
      expect(session.state.phase).toBe('ended');
      expect(session.state.endReason).toBe(reason);
      // The outcome stays on screen, for "Call again".
      expect(session.state.done).toBe(false);
    });

    it('should cancel the whole call when the caller hangs up before anyone joined', async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'ringing'], [BOB, 'declined'], [CY, 'ringing']);
      await session.hangUp();
      expect(sdk.sent).toContain('rejectCall g1 cancelled');
      expect(session.state.endReason).toBe('cancelled');
      // A late join after the cancel does not reopen it.
      news(sdk, [ADA, 'joined'], [BOB, 'declined'], [CY, 'ringing']);
      expect(session.state.phase).toBe('ended');
    });

    it('should go on while two remain, and end for the last one alone ("Everyone left")', async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'joined'], [BOB, 'joined'], [CY, 'declined']);
      news(sdk, [ADA, 'left'], [BOB, 'joined'], [CY, 'declined']);
      expect(session.state.phase).toBe('ongoing');
      news(sdk, [ADA, 'left'], [BOB, 'left'], [CY, 'declined']);
      expect(session.state.phase).toBe('ended');
      expect(session.state.endReason).toBe('ended');
    });

    it('should wait for someone who still rings before the one left alone hears the end', async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'joined'], [BOB, 'ringing'], [CY, 'declined']);
      news(sdk, [ADA, 'left'], [BOB, 'ringing'], [CY, 'declined']);
      expect(session.state.phase).toBe('ongoing');
      news(sdk, [ADA, 'left'], [BOB, 'unanswered'], [CY, 'declined']);
      expect(session.state.endReason).toBe('ended');
    });

    it('should leave a call with several people on hang-up (leaveCall), never end it for the others', async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'joined'], [BOB, 'joined'], [CY, 'ringing']);
      await session.hangUp();
      expect(sdk.sent).toContain('leaveCall g1');
      expect(sdk.sent).not.toContain('endCall g1');
      expect(session.state.endReason).toBe('ended');
    });

    it('should end an incoming group call I answered once the others left, reading me as the callee', async () => {
      const {sdk, registry} = setUp();
      type Status = 'ringing' | 'joined' | 'left';
      const ring = (ada: Status, me: Status, bob: Status, cy: Status) => {
        const call = groupCall(
          ADA,
          ME,
          [
            [ME, me],
            [BOB, bob],
            [CY, cy],
          ],
          'r2',
        );
        return {...call, participants: [{user: ADA, status: ada}, ...call.participants!.slice(1)]};
      };
      sdk.deliver('onIncomingCallReceived', ring('joined', 'ringing', 'ringing', 'joined'));
      await settle();
      const session = registry.find('r2')!;
      await session.accept();
      await settle();
      expect(session.state.phase).toBe('ongoing');
      sdk.deliver('onParticipantsChanged', ring('left', 'joined', 'joined', 'left'));
      expect(session.state.phase).toBe('ongoing'); // Bob is still in.
      sdk.deliver('onParticipantsChanged', ring('left', 'joined', 'left', 'left'));
      // Everyone else left, the caller too: I am alone ("Everyone left").
      expect(session.state.phase).toBe('ended');
      expect(session.state.endReason).toBe('ended');
    });

    it('should not say "Ringing" while the callees are only invited', async () => {
      const {sdk, session} = await dial();
      news(sdk, [ADA, 'invited'], [BOB, 'invited'], [CY, 'invited']);
      expect(session.state.remoteRinging).toBeFalsy();
      news(sdk, [ADA, 'invited'], [BOB, 'ringing'], [CY, 'invited']);
      expect(session.state.remoteRinging).toBe(true);
    });

    it('should keep dialing a group call whose callees the SDK has not reported yet', async () => {
      const {sdk, registry} = setUp();
      const session = registry.placeCall(ADA, 'video') as _KitCallSession;
      const alone = groupCall(ME, ADA, []);
      session._set({
        call: {...session.state.call, participants: alone.participants, group: alone.group},
      });
      void session.start().catch(() => {});
      await settle();
      sdk.deliver('onParticipantsChanged', alone);
      await settle();
      expect(session.state.phase).toBe('dialing');
      news(sdk, [ADA, 'ringing'], [BOB, 'ringing'], [CY, 'ringing']);
      expect(session.state.phase).toBe('dialing');
    });

    it('should end a call between two people with endCall even when the adapter can leave group calls', async () => {
      const {sdk, registry} = setUp();
      const session = registry.placeCall(ADA, 'audio') as _KitCallSession;
      void session.start().catch(() => {});
      await settle();
      sdk.deliver('onOutgoingCallAccepted', {...session.state.call, status: 'ongoing'});
      await settle();
      expect(session.state.phase).toBe('ongoing');
      await session.hangUp();
      expect(sdk.sent).toContain(`endCall ${session.sessionId}`);
      expect(sdk.sent).not.toContain(`leaveCall ${session.sessionId}`);
    });

    it('should answer a group ring busy while the user is in a call, as a 1:1 ring', async () => {
      const {sdk, registry} = setUp();
      sdk.deliver('onIncomingCallReceived', {
        ...groupCall(
          ADA,
          ME,
          [
            [ME, 'ringing'],
            [BOB, 'ringing'],
          ],
          'first',
        ),
      });
      await settle();
      sdk.deliver(
        'onIncomingCallReceived',
        groupCall(
          CY,
          ME,
          [
            [ME, 'ringing'],
            [BOB, 'ringing'],
          ],
          'second',
        ),
      );
      await settle();
      expect(sdk.sent).toContain('rejectCall second busy');
      expect(registry.sessions.map(s => s.sessionId)).toEqual(['first']);
    });

    it('should stop a group ring answered on another device of the user, as a 1:1 ring', async () => {
      const {sdk, registry} = setUp();
      const ring = groupCall(
        ADA,
        ME,
        [
          [ME, 'ringing'],
          [BOB, 'ringing'],
        ],
        'r1',
      );
      sdk.deliver('onIncomingCallReceived', ring);
      await settle();
      const session = registry.find('r1')!;
      sdk.deliver(
        'onParticipantsChanged',
        groupCall(
          ADA,
          ME,
          [
            [ME, 'ringing'],
            [BOB, 'joined'],
          ],
          'r1',
        ),
      );
      expect(session.state.phase).toBe('ringing'); // Bob joining does not answer it for me.
      sdk.deliver('onIncomingCallCancelled', {...ring, status: 'accepted-elsewhere'});
      expect(session.state.endReason).toBe('accepted-elsewhere');
    });
  });
});

/** The listener method names the switch registers, whatever the feature. */
export type _Names = keyof KitCallListener;
