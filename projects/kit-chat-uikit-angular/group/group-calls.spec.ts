import {TestBed} from '@angular/core/testing';
import {
  KitCallOverlay,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
  _KitCallRegistry,
  provideKitUIKit,
} from 'kit-chat-uikit-angular';
import {KitGroupCalls} from './group-calls';
import {withGroupCalls} from './group-calls-feature';
import {ADA, BOB, CY, DOT, GroupSdk, ME, TEAM, groupCall} from './group-spec-sdk';

describe('Group calls: the actions (start, invite, leave, join)', () => {
  let errors: KitException[];

  beforeEach(() => {
    jest.useFakeTimers();
    errors = [];
    GroupSdk.capable = true;
    GroupSdk.holdInitiate = false;
  });

  afterEach(() => {
    TestBed.inject(KitCallOverlay).openCalls.forEach(ref => ref.close());
    TestBed.resetTestingModule();
    jest.useRealTimers();
  });

  function setUp(group = true) {
    TestBed.configureTestingModule({
      providers: [
        provideKitUIKit(
          {callsSdk: GroupSdk, onError: e => errors.push(e)},
          ...(group ? [withGroupCalls()] : []),
        ),
      ],
    });
    return {
      sdk: TestBed.inject(KitCallsSdk) as GroupSdk,
      overlay: TestBed.inject(KitCallOverlay),
      registry: TestBed.inject(_KitCallRegistry),
    };
  }

  const settle = (ms = 50) => jest.advanceTimersByTimeAsync(ms);

  it('should ring a group in a few lines: every callee invited, the group named, the outgoing screen open', async () => {
    const {sdk, overlay} = setUp();
    const ref = await TestBed.inject(KitGroupCalls).startCall(
      {people: [ME, ADA, BOB, CY, ADA], group: TEAM},
      'video',
    );
    expect(ref).not.toBeNull();
    expect(overlay.openCalls).toHaveLength(1);
    const sent = sdk.initiated[0];
    expect(sent.participants?.map(p => `${p.user.uid}:${p.status}`)).toEqual([
      'me:joined',
      'ada:invited',
      'bob:invited',
      'cy:invited',
    ]);
    expect(sent.group).toEqual(TEAM);
    expect(sent.receiver.uid).toBe('ada');
  });

  it("should ring everyone and the group again on the outcome's Call again, not just the first callee", async () => {
    const {sdk} = setUp();
    await TestBed.inject(KitGroupCalls).startCall({people: [ADA, BOB, CY], group: TEAM}, 'video');
    await settle();
    sdk.deliver(
      'onParticipantsChanged',
      groupCall(ME, ADA, [
        [ADA, 'declined'],
        [BOB, 'declined'],
        [CY, 'declined'],
      ]),
    );
    await settle();
    const again = document.querySelector<HTMLElement>('.kit-outgoing-call-again-button');
    expect(again).not.toBeNull();
    again!.click();
    await settle();

    expect(sdk.initiated).toHaveLength(2);
    expect(sdk.initiated[1].participants?.map(p => `${p.user.uid}:${p.status}`)).toEqual([
      'me:joined',
      'ada:invited',
      'bob:invited',
      'cy:invited',
    ]);
    expect(sdk.initiated[1].group).toEqual(TEAM);
    expect(sdk.initiated[1].type).toBe('video');
  });

  it('should add people to a live call: inviteToCall, and they show as invited', async () => {
    const {sdk, registry} = setUp();
    await TestBed.inject(KitGroupCalls).startCall({people: [ADA, BOB]});
    sdk.deliver(
      'onParticipantsChanged',
      groupCall(ME, ADA, [
        [ADA, 'joined'],
        [BOB, 'ringing'],
      ]),
    );
    expect(await TestBed.inject(KitGroupCalls).invite('g1', [DOT])).toBe(true);
    expect(sdk.sent).toContain('inviteToCall g1 dot');
    const people = registry.find('g1')!.state.call.participants!;
    expect(people.map(p => `${p.user.uid}:${p.status}`)).toContain('dot:invited');
  });

  it('should leave a call (leaveCall) while the others stay', async () => {
    const {sdk, registry} = setUp();
    await TestBed.inject(KitGroupCalls).startCall({people: [ADA, BOB]});
    sdk.deliver(
      'onParticipantsChanged',
      groupCall(ME, ADA, [
        [ADA, 'joined'],
        [BOB, 'joined'],
      ]),
    );
    expect(await TestBed.inject(KitGroupCalls).leave('g1')).toBe(true);
    expect(sdk.sent).toContain('leaveCall g1');
    expect(registry.find('g1')?.isEnded ?? true).toBe(true);
  });

  it('should join a call that goes on after its ring was missed (KitCallOverlay.joinCall)', async () => {
    const {sdk, overlay, registry} = setUp();
    sdk.deliver(
      'onIncomingCallReceived',
      groupCall(
        ADA,
        ME,
        [
          [ME, 'ringing'],
          [BOB, 'joined'],
        ],
        'g7',
      ),
    );
    await settle();
    sdk.deliver('onIncomingCallCancelled', {
      ...groupCall(
        ADA,
        ME,
        [
          [ME, 'unanswered'],
          [BOB, 'joined'],
        ],
        'g7',
      ),
      status: 'unanswered',
    });
    await settle(5000);
    expect(overlay.openCalls).toHaveLength(0);
    const ref = await overlay.joinCall('g7');
    expect(sdk.sent).toContain('joinCall g7');
    expect(ref).not.toBeNull();
    expect(registry.find('g7')?.state.phase).toBe('ongoing');
    expect(overlay.openCalls).toHaveLength(1);
  });

  it('should join while the missed ring still says so on screen: the joined call takes the screen', async () => {
    const {sdk, overlay, registry} = setUp();
    sdk.deliver(
      'onIncomingCallReceived',
      groupCall(
        ADA,
        ME,
        [
          [ME, 'ringing'],
          [BOB, 'joined'],
        ],
        'g8',
      ),
    );
    await settle();
    sdk.deliver('onIncomingCallCancelled', {...groupCall(ADA, ME, [], 'g8'), status: 'unanswered'});
    await settle();
    expect(registry.find('g8')?.isEnded).toBe(true);
    expect(await overlay.joinCall('g8')).not.toBeNull();
    expect(registry.find('g8')?.state.phase).toBe('ongoing');
  });

  it('should report a clear KitException through onError, and throw nothing, when the adapter cannot', async () => {
    GroupSdk.capable = false;
    const {overlay} = setUp();
    const groups = TestBed.inject(KitGroupCalls);
    expect(groups.available).toBe(false);
    await expect(groups.startCall({people: [ADA, BOB]})).resolves.toBeNull();
    await expect(groups.invite('g1', [DOT])).resolves.toBe(false);
    await expect(groups.leave('g1')).resolves.toBe(false);
    await expect(overlay.joinCall('g1')).resolves.toBeNull();
    expect(overlay.openCalls).toHaveLength(0);
    expect(errors.map(e => e.code)).toEqual([
      KitErrorCodes.CALL_FAILED,
      KitErrorCodes.CALL_ENDED,
      KitErrorCodes.CALL_ENDED,
      KitErrorCodes.CALL_FAILED,
    ]);
    expect(errors[0].message).toContain('groupCalls');
  });

  it('should say that joinCall needs withGroupCalls() when the app did not name it', async () => {
    const {overlay} = setUp(false);
    await expect(overlay.joinCall('g1')).resolves.toBeNull();
    expect(errors.map(e => e.code)).toEqual([KitErrorCodes.NOT_INITIALIZED]);
    expect(errors[0].message).toContain('withGroupCalls()');
  });

  it('should not turn a live call to the first callee into a group call', async () => {
    const {overlay, sdk} = setUp();
    GroupSdk.holdInitiate = true;
    void overlay.startCall(ADA).catch(() => {});
    await expect(TestBed.inject(KitGroupCalls).startCall({people: [ADA, BOB]})).resolves.toBeNull();
    expect(errors.map(e => e.code)).toEqual([KitErrorCodes.INVALID_CALL]);
    expect(sdk.initiated.map(c => c.participants)).toEqual([undefined]);
  });

  it('should report a refused action through onError', async () => {
    const {sdk} = setUp();
    await TestBed.inject(KitGroupCalls).startCall({people: [ADA, BOB]});
    sdk.inviteToCall = () => Promise.reject(new Error('full'));
    await expect(TestBed.inject(KitGroupCalls).invite('g1', [DOT])).resolves.toBe(false);
    expect(errors.map(e => e.code)).toEqual([KitErrorCodes.CALL_FAILED]);
  });
});
