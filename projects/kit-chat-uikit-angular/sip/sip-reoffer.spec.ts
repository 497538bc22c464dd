import {KitCall, KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {
  FakeMediaStream,
  FakeSession,
  FakeUA,
  installFakeMedia,
  settle,
} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

/** A camera or microphone track whose `enabled` the kit's toggles set. */
class FakeLocalTrack {
  enabled = true;
  readyState = 'live';
  constructor(readonly kind: 'audio' | 'video') {}
  stop(): void {
    this.readyState = 'ended';
  }
}

describe('KitSipCallsSdk re-INVITEs: the camera off and on, ICE restarts, crossing re-INVITEs', () => {
  let sdk: KitSipCallsSdk;
  let ua: FakeUA;
  let heard: {method: string; call: KitCall}[];
  let errors: KitException[];
  let camera: FakeLocalTrack;
  let microphone: FakeLocalTrack;

  beforeEach(async () => {
    heard = [];
    errors = [];
    installFakeMedia(async () => {
      camera = new FakeLocalTrack('video');
      microphone = new FakeLocalTrack('audio');
      return new FakeMediaStream([microphone, camera]);
    });
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      onError: error => errors.push(error),
    });
    await settle();
    ua = FakeUA.last;
    const record = (method: string) => (call: KitCall) => heard.push({method, call});
    sdk.addCallListener('screens', {
      onCallEnded: record('ended'),
      onCallReconnecting: record('reconnecting'),
      onCallReconnected: record('reconnected'),
      onCallHeld: record('held'),
      onCallResumed: record('resumed'),
    });
  });

  afterEach(() => {
    sdk.dispose();
    jest.useRealTimers();
  });

  /** I call Bob with video; he answers; ICE connects. */
  async function videoCall(): Promise<{session: FakeSession; video: {direction: string}}> {
    const me = sdk.getLoggedInUser()!;
    const bob = {uid: 'bob', name: 'Bob'};
    const placing = sdk.initiateCall({
      sessionId: '',
      type: 'video',
      sender: me,
      callInitiator: me,
      receiver: bob,
      callReceiver: bob,
    });
    await settle();
    const session = ua.placed.at(-1)!.session;
    const video = {receiver: {track: {kind: 'video'}}, direction: 'sendrecv'};
    session.connection!.transceivers.push(
      {receiver: {track: {kind: 'audio'}}, direction: 'sendrecv'},
      video,
    );
    session.emit('sending', {});
    await placing;
    session.emit('accepted', {originator: 'remote'});
    session.connection!.ice('connected');
    await settle();
    return {session, video};
  }

  /** What the re-INVITEs offered so far: an ICE restart, or the camera's direction. */
  function offers(session: FakeSession): string[] {
    return session.renegotiations.map(({options}) =>
      (options.rtcOfferConstraints as RTCOfferOptions).iceRestart ? 'ice restart' : 'camera',
    );
  }

  it('should renegotiate the video to recvonly when the kit turns the camera off, and back to sendrecv when on', async () => {
    const {session, video} = await videoCall();
    await sdk.setLocalMedia(session.id, true, false); // The ongoing screen's camera toggle.
    await settle();
    expect(camera.enabled).toBe(false);
    expect(offers(session)).toEqual(['camera']);
    expect(video.direction).toBe('recvonly');
    session.renegotiations[0].done();

    await sdk.setLocalMedia(session.id, true, true);
    await settle();
    expect(offers(session)).toEqual(['camera', 'camera']);
    expect(video.direction).toBe('sendrecv');
    session.renegotiations[1].done();
    await settle();
    expect(offers(session)).toHaveLength(2);
    expect(camera.enabled).toBe(true);
  });

  it('should send nothing for the microphone, nor for a camera turned off and on again in the same moment', async () => {
    const {session} = await videoCall();
    await sdk.setLocalMedia(session.id, false, true);
    await sdk.setLocalMedia(session.id, false, false);
    await sdk.setLocalMedia(session.id, false, true);
    await settle();
    expect(offers(session)).toEqual([]);
    expect([microphone.enabled, camera.enabled]).toEqual([false, true]);
  });

  it('should send one re-INVITE at a time: a camera change during an ICE restart goes out once it is answered', async () => {
    const {session, video} = await videoCall();
    session.connection!.ice('failed');
    await settle();
    expect(offers(session)).toEqual(['ice restart']);
    void sdk.setLocalMedia(session.id, true, false);
    await settle();
    expect(offers(session)).toEqual(['ice restart']); // Waits for the answer.
    session.renegotiations[0].done();
    expect(offers(session)).toEqual(['ice restart', 'camera']);
    expect(video.direction).toBe('recvonly');
  });

  it('should wait while JsSIP is not ready to offer (the far side re-INVITEs), then send', async () => {
    const {session} = await videoCall();
    jest.useFakeTimers();
    session.ready = false;
    void sdk.setLocalMedia(session.id, true, false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(offers(session)).toEqual([]);
    session.ready = true;
    await jest.advanceTimersByTimeAsync(500);
    expect(offers(session)).toEqual(['camera']);
  });

  it('should try again after a 491 (crossing re-INVITEs) without ending the call', async () => {
    const {session, video} = await videoCall();
    jest.useFakeTimers();
    void sdk.setLocalMedia(session.id, true, false);
    await jest.advanceTimersByTimeAsync(0);
    session.renegotiations[0].fail(491);
    // The caller owns the Call-ID: it waits 2.1–4 s (RFC 3261 §14.1), so that the callee's goes first.
    await jest.advanceTimersByTimeAsync(2000);
    expect(offers(session)).toEqual(['camera']);
    await jest.advanceTimersByTimeAsync(2000);
    expect(offers(session)).toEqual(['camera', 'camera']);
    expect(video.direction).toBe('recvonly');
    session.renegotiations[1].done();
    expect(session.terminated).toEqual([]);
    expect(heard.map(each => each.method)).not.toContain('ended');
  });

  describe('a 491 (crossing re-INVITEs) retries each kind of re-offer as it was', () => {
    /** Answers the last re-INVITE with 491, and lets the caller's wait (2.1–4 s) pass. */
    async function crossed(session: FakeSession): Promise<void> {
      session.renegotiations.at(-1)!.fail(491);
      await jest.advanceTimersByTimeAsync(4000);
    }

    it('should restart ICE again after an ICE restart crossed one, and reconnect once answered', async () => {
      const {session} = await videoCall();
      jest.useFakeTimers();
      session.connection!.ice('failed');
      await jest.advanceTimersByTimeAsync(0);
      expect(offers(session)).toEqual(['ice restart']);
      await crossed(session);
      // Without the restart kept for the retry, nothing would go out: the call would stay "Reconnecting…".
      expect(offers(session)).toEqual(['ice restart', 'ice restart']);
      await crossed(session);
      expect(offers(session)).toEqual(['ice restart', 'ice restart', 'ice restart']);
      session.renegotiations.at(-1)!.done();
      session.connection!.ice('connected');
      await jest.advanceTimersByTimeAsync(0);
      expect(heard.map(each => each.method)).toEqual(['reconnecting', 'reconnected']);
      expect(session.terminated).toEqual([]);
    });

    it('should send the camera back on (sendrecv) again after its re-INVITE crossed one', async () => {
      const {session, video} = await videoCall();
      jest.useFakeTimers();
      void sdk.setLocalMedia(session.id, true, false);
      await jest.advanceTimersByTimeAsync(0);
      session.renegotiations[0].done();
      void sdk.setLocalMedia(session.id, true, true);
      await jest.advanceTimersByTimeAsync(0);
      expect(video.direction).toBe('sendrecv');
      video.direction = 'recvonly'; // JsSIP rolled the failed offer back.
      await crossed(session);
      expect(offers(session)).toEqual(['camera', 'camera', 'camera']);
      expect(video.direction).toBe('sendrecv');
    });

    it('should carry a camera change made while a crossed ICE restart waits, in the restart’s retry', async () => {
      const {session, video} = await videoCall();
      jest.useFakeTimers();
      session.connection!.ice('failed');
      await jest.advanceTimersByTimeAsync(0);
      session.renegotiations[0].fail(491);
      void sdk.setLocalMedia(session.id, true, false); // While the retry waits.
      await jest.advanceTimersByTimeAsync(4000);
      expect(offers(session)).toEqual(['ice restart', 'ice restart']);
      expect(video.direction).toBe('recvonly');
      session.renegotiations[1].done();
      await jest.advanceTimersByTimeAsync(0);
      expect(offers(session)).toHaveLength(2); // Both went out in one.
    });

    it('should retry the camera of a switched device: its re-INVITE after the switch crossed one', async () => {
      const {session, video} = await videoCall();
      const switched = new FakeLocalTrack('video');
      installFakeMedia(async () => new FakeMediaStream([switched]));
      (session.connection as unknown as {getSenders(): unknown[]}).getSenders = () => [];
      await sdk.selectInputDevice(session.id, 'videoinput', 'cam-2');
      expect(camera.readyState).toBe('ended'); // The old camera stopped.
      jest.useFakeTimers();
      void sdk.setLocalMedia(session.id, true, false);
      await jest.advanceTimersByTimeAsync(0);
      expect(switched.enabled).toBe(false);
      video.direction = 'sendrecv';
      await crossed(session);
      expect(offers(session)).toEqual(['camera', 'camera']);
      expect(video.direction).toBe('recvonly');
      session.renegotiations[1].done();
      void sdk.setLocalMedia(session.id, true, true); // The new camera back on.
      await jest.advanceTimersByTimeAsync(0);
      expect(offers(session)).toEqual(['camera', 'camera', 'camera']);
      expect(video.direction).toBe('sendrecv');
    });
  });

  it('should keep the call when the far side refuses a camera change, and say so through onError', async () => {
    const {session} = await videoCall();
    void sdk.setLocalMedia(session.id, true, false);
    await settle();
    session.renegotiations[0].fail(488);
    await settle();
    expect(session.terminated).toEqual([]);
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SDK]);
    await sdk.setLocalMedia(session.id, true, true); // Back on: the far side still has it on, nothing to send.
    await settle();
    expect(offers(session)).toEqual(['camera']);
  });

  it('should end the call as failed with a BYE when the ICE restart is refused', async () => {
    const {session} = await videoCall();
    session.connection!.ice('failed');
    await settle();
    session.renegotiations[0].fail(500);
    await settle();
    expect(session.terminated).toHaveLength(1);
    expect(heard.at(-1)).toEqual({
      method: 'ended',
      call: expect.objectContaining({status: 'failed'}),
    });
  });

  it('should take a JsSIP without _sendReinvite (its private method) as a refusal, never throwing into the page', async () => {
    const {session} = await videoCall();
    (session as unknown as {_sendReinvite?: unknown})._sendReinvite = undefined;
    void sdk.setLocalMedia(session.id, true, false);
    await settle();
    await settle(); // The camera's re-INVITE goes out a tick later, and its error a tick after that.
    expect(errors.map(error => error.code)).toEqual([KitErrorCodes.SDK]);
    expect(session.terminated).toEqual([]);
    session.connection!.ice('failed');
    await settle();
    await settle();
    expect(session.terminated).toHaveLength(1);
    expect(heard.at(-1)).toEqual({
      method: 'ended',
      call: expect.objectContaining({status: 'failed'}),
    });
  });

  it('should drop a waiting ICE restart once the media came back by itself', async () => {
    const {session} = await videoCall();
    void sdk.setLocalMedia(session.id, true, false);
    await settle();
    session.connection!.ice('failed'); // The restart waits for the camera's re-INVITE.
    await settle();
    session.connection!.ice('connected');
    session.renegotiations[0].done();
    await settle();
    expect(offers(session)).toEqual(['camera']);
    expect(heard.slice(-2).map(each => each.method)).toEqual(['reconnecting', 'reconnected']);
  });

  it('should restart ICE when it stays disconnected for 5 s (Chromium may never say failed), not when it heals', async () => {
    const {session} = await videoCall();
    jest.useFakeTimers();
    session.connection!.ice('disconnected');
    await jest.advanceTimersByTimeAsync(4000);
    session.connection!.ice('connected'); // Healed by itself: working media is never restarted.
    await jest.advanceTimersByTimeAsync(6000);
    expect(offers(session)).toEqual([]);
    session.connection!.ice('disconnected');
    await jest.advanceTimersByTimeAsync(4900);
    expect(offers(session)).toEqual([]);
    await jest.advanceTimersByTimeAsync(100);
    expect(offers(session)).toEqual(['ice restart']);
    expect(heard.map(each => each.method)).toEqual(['reconnecting', 'reconnected', 'reconnecting']);
  });

  it('should hold a camera change while the transport is lost, and send it once registered again', async () => {
    const {session} = await videoCall();
    jest.useFakeTimers();
    ua.connected = false;
    ua.emit('disconnected');
    void sdk.setLocalMedia(session.id, true, false);
    await jest.advanceTimersByTimeAsync(2000);
    expect(offers(session)).toEqual([]);
    ua.connected = true;
    ua.emit('connected');
    ua.emit('registered');
    await jest.advanceTimersByTimeAsync(500);
    expect(offers(session)).toEqual(['camera']);
  });

  it('should learn of the camera from setLocalMedia only, never by watching the track (the port says it)', async () => {
    const {session} = await videoCall();
    camera.enabled = false; // An app's own doing, not the kit's toggle: no renegotiation.
    await settle();
    expect(offers(session)).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(camera, 'enabled')).toEqual(
      expect.objectContaining({value: false, writable: true}), // No accessor put over it.
    );
    await expect(sdk.setLocalMedia('no-such-call', true, true)).rejects.toMatchObject({
      code: KitErrorCodes.UNKNOWN_SESSION,
    });
  });

  describe('hold and resume (withHold()): re-INVITEs in turn with the others', () => {
    const directions = (session: FakeSession) =>
      session.connection!.transceivers.map(each => `${each.receiver.track.kind} ${each.direction}`);
    const sending = () => [microphone.enabled, camera.enabled];

    it('should hold with sendonly, send nothing meanwhile, and resume with sendrecv, keeping the mute', async () => {
      const {session} = await videoCall();
      await sdk.setLocalMedia(session.id, false, true); // Muted by the screen.
      await settle();
      const held = sdk.hold(session.id);
      await settle();
      expect(offers(session)).toEqual(['camera']);
      expect(directions(session)).toEqual(['audio sendonly', 'video sendonly']);
      session.renegotiations[0].done();
      await expect(held).resolves.toBeUndefined();
      expect(sending()).toEqual([false, false]);

      const resumed = sdk.unhold(session.id);
      await settle();
      expect(directions(session)).toEqual(['audio sendrecv', 'video sendrecv']);
      session.renegotiations[1].done();
      await expect(resumed).resolves.toBeUndefined();
      expect(sending()).toEqual([false, true]); // Still muted, as the screen set it.
      expect(errors).toEqual([]);
    });

    it("should hear the far side's hold (JsSIP's remote hold), pause, and hold with inactive while they hold", async () => {
      const {session} = await videoCall();
      session.emit('hold', {originator: 'remote'});
      await settle();
      expect(heard.map(each => each.method)).toEqual(['held']);
      expect(sending()).toEqual([false, false]);
      const held = sdk.hold(session.id);
      await settle();
      expect(directions(session)).toEqual(['audio inactive', 'video inactive']);
      session.renegotiations[0].done();
      await held;
      session.emit('unhold', {originator: 'remote'});
      await settle();
      expect(heard.map(each => each.method)).toEqual(['held', 'resumed']);
      expect(sending()).toEqual([false, false]); // I still hold.
      const resumed = sdk.unhold(session.id);
      await settle();
      session.renegotiations[1].done();
      await resumed;
      expect(sending()).toEqual([true, true]);
      // My own hold, as JsSIP would tell it, is no news for the screens.
      session.emit('hold', {originator: 'local'});
      await settle();
      expect(heard.map(each => each.method)).toEqual(['held', 'resumed']);
    });

    it('should leave the call as it was when the far side refuses the hold, rejecting with a KitException', async () => {
      const {session} = await videoCall();
      const held = sdk.hold(session.id);
      await settle();
      session.renegotiations[0].fail(488);
      await expect(held).rejects.toMatchObject({code: KitErrorCodes.CALL_FAILED});
      expect(sending()).toEqual([true, true]);
      expect(session.terminated).toEqual([]);
      // The next re-INVITE (the camera) offers the call as it is, not held.
      await sdk.setLocalMedia(session.id, true, false);
      await settle();
      expect(directions(session)).toEqual(['audio sendrecv', 'video recvonly']);
      await expect(sdk.hold('nobody')).rejects.toMatchObject({code: KitErrorCodes.UNKNOWN_SESSION});
    });

    it('should send a hold again after its re-INVITE crossed one (491), and a resume too', async () => {
      const {session} = await videoCall();
      jest.useFakeTimers();
      const held = sdk.hold(session.id);
      await jest.advanceTimersByTimeAsync(0);
      session.renegotiations[0].fail(491);
      await jest.advanceTimersByTimeAsync(4000);
      expect(offers(session)).toEqual(['camera', 'camera']);
      expect(directions(session)).toEqual(['audio sendonly', 'video sendonly']);
      session.renegotiations[1].done();
      await expect(held).resolves.toBeUndefined();

      const resumed = sdk.unhold(session.id);
      await jest.advanceTimersByTimeAsync(0);
      session.renegotiations[2].fail(491);
      await jest.advanceTimersByTimeAsync(4000);
      expect(offers(session)).toHaveLength(4);
      expect(directions(session)).toEqual(['audio sendrecv', 'video sendrecv']);
      session.renegotiations[3].done();
      await expect(resumed).resolves.toBeUndefined();
      expect(sending()).toEqual([true, true]);
      expect(session.terminated).toEqual([]);
    });
  });
});
