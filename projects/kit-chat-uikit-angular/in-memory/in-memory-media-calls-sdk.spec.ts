import {KitErrorCodes, KitException, KitUser} from 'kit-chat-uikit-angular';
import {
  FakeAudioContext,
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  installFakeMedia,
} from '../src/devices/fake-media.spec-helper';
import {kitInMemoryGroupCalls} from './in-memory-group-calls';
import {KitInMemoryMediaCallsSdk} from './in-memory-media-calls-sdk';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

const ME: KitUser = {uid: 'me', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

/** Lets the switchboard's timers and the getUserMedia promises run. */
const settle = () => new Promise(resolve => setTimeout(resolve, 5));

describe('KitInMemoryMediaCallsSdk', () => {
  let media: {devices: FakeMediaDevices; restore: () => void};
  let switchboard: KitInMemorySwitchboard;
  let sdk: KitInMemoryMediaCallsSdk;
  const canvasCapture = HTMLCanvasElement.prototype.captureStream;
  const canvasContext = HTMLCanvasElement.prototype.getContext;

  beforeEach(() => {
    media = installFakeMedia();
    // jsdom draws nothing: no 2D context, and a capture that gives one fake video track.
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof canvasContext;
    HTMLCanvasElement.prototype.captureStream = () =>
      new FakeStream([new FakeTrack('video', 'canvas')]) as unknown as MediaStream;
    switchboard = new KitInMemorySwitchboard();
    sdk = new KitInMemoryMediaCallsSdk(switchboard, ME, document);
  });

  afterEach(() => {
    sdk.dispose();
    switchboard.ngOnDestroy();
    media.restore();
    HTMLCanvasElement.prototype.captureStream = canvasCapture;
    HTMLCanvasElement.prototype.getContext = canvasContext;
  });

  /** Ada calls me and I accept: the session id of the ongoing call. */
  async function ongoingCall(type: 'audio' | 'video' = 'video'): Promise<string> {
    const ring = await switchboard.control.ring(ADA, ME, type);
    await settle();
    await sdk.acceptCall(ring.sessionId);
    await settle();
    return ring.sessionId;
  }

  /** Asks for the streams (as the screen does every second) and lets getUserMedia answer. */
  async function streams(sessionId: string) {
    sdk.getLocalStream(sessionId);
    await settle();
    return {
      local: sdk.getLocalStream(sessionId) as unknown as FakeStream | null,
      remote: sdk.getRemoteStream(sessionId) as unknown as FakeStream | null,
    };
  }

  it('should give my camera and microphone, and the far side as a picture and a tone, once the call is on', async () => {
    const ring = await switchboard.control.ring(ADA, ME, 'video');
    await settle();
    expect(sdk.getLocalStream(ring.sessionId)).toBeNull(); // Still ringing: no camera yet.
    await sdk.acceptCall(ring.sessionId);
    await settle();

    const {local, remote} = await streams(ring.sessionId);
    expect(media.devices.asked).toEqual([{audio: true, video: true}]);
    expect(local!.getTracks().map(track => track.kind)).toEqual(['audio', 'video']);
    expect(remote!.getAudioTracks()).toHaveLength(1); // The far side's tone.
    expect(remote!.getVideoTracks()).toHaveLength(1); // The far side's picture.
  });

  it('should ask for the microphone only in a voice call, and show no picture of the far side', async () => {
    const sessionId = await ongoingCall('audio');
    const {local, remote} = await streams(sessionId);
    expect(media.devices.asked).toEqual([{audio: true}]);
    expect(local!.getVideoTracks()).toHaveLength(0);
    expect(remote!.getVideoTracks()).toHaveLength(0);
  });

  it('should answer a video call as voice: no camera from me, and the caller gets no picture of me', async () => {
    const ada = new KitInMemoryMediaCallsSdk(switchboard, ADA, document);
    const call = await ada.initiateCall({
      sessionId: '',
      type: 'video',
      sender: ADA,
      receiver: ME,
      callInitiator: ADA,
      callReceiver: ME,
    });
    await settle();
    await sdk.acceptCall(call.sessionId, {audioOnly: true, defaultAudioMode: 'SPEAKER'});
    await settle();

    const mine = await streams(call.sessionId);
    expect(media.devices.asked).toEqual([{audio: true}]);
    expect(mine.local!.getVideoTracks()).toHaveLength(0);
    expect(mine.remote!.getVideoTracks()).toHaveLength(1); // Ada's camera still comes.
    ada.getLocalStream(call.sessionId);
    await settle();
    expect((ada.getRemoteStream(call.sessionId) as unknown as FakeStream).getVideoTracks()).toEqual(
      [],
    );
    ada.dispose();
  });

  it('should fall back to the microphone alone when the camera is refused', async () => {
    media.devices.refuse = {
      error: new DOMException('no camera', 'NotFoundError'),
      kinds: ['video'],
    };
    const {local} = await streams(await ongoingCall('video'));
    expect(local!.getTracks().map(track => track.kind)).toEqual(['audio']);
  });

  it('should go without local media, quietly, when the page may not use the devices', async () => {
    media.devices.refuse = {error: new DOMException('denied', 'NotAllowedError')};
    const {local, remote} = await streams(await ongoingCall('video'));
    expect(local).toBeNull();
    expect(remote).not.toBeNull();
  });

  it('should go without any media where the browser has none (jsdom)', async () => {
    media.restore();
    HTMLCanvasElement.prototype.captureStream = canvasCapture;
    const {local, remote} = await streams(await ongoingCall('video'));
    expect(local).toBeNull();
    expect(remote).toBeNull();
    media = installFakeMedia(); // For afterEach.
  });

  it('should stop every track and close the audio when the far side hangs up', async () => {
    const sessionId = await ongoingCall('video');
    const {local, remote} = await streams(sessionId);
    const tracks = [...local!.getTracks(), ...remote!.getTracks()];
    await switchboard.control.end(sessionId);
    await settle();
    expect(tracks.map(track => track.readyState)).toEqual(['ended', 'ended', 'ended', 'ended']);
    expect(FakeAudioContext.made.map(context => context.state)).toEqual(['closed']);
    expect(sdk.getLocalStream(sessionId)).toBeNull();
  });

  it('should stop every track when I hang up, and a camera that answers after the end at once', async () => {
    const sessionId = await ongoingCall('video');
    sdk.getLocalStream(sessionId); // getUserMedia is asked; it answers after the hang-up.
    await sdk.endCall(sessionId);
    await settle();
    expect(media.devices.opened.length).toBeGreaterThan(0);
    expect(media.devices.opened.every(track => track.readyState === 'ended')).toBe(true);
    expect(FakeAudioContext.made.every(context => context.state === 'closed')).toBe(true);
  });

  it('should switch the microphone to another device, keeping it muted, and stop the old one', async () => {
    const sessionId = await ongoingCall('video');
    const {local} = await streams(sessionId);
    const [oldMic, camera] = local!.getTracks();
    oldMic.enabled = false; // Muted by the screen.

    await sdk.selectInputDevice(sessionId, 'audioinput', 'headset');

    const now = sdk.getLocalStream(sessionId) as unknown as FakeStream;
    expect(now).not.toBe(local); // A new stream: the screen sets its toggles on it.
    const [mic] = now.getAudioTracks();
    expect(mic.getSettings().deviceId).toBe('headset');
    expect(mic.enabled).toBe(false);
    expect(oldMic.readyState).toBe('ended');
    expect(now.getVideoTracks()).toEqual([camera]);
    expect(camera.readyState).toBe('live');
  });

  it('should keep the old device and reject with ERR_SDK when the new one cannot be opened', async () => {
    const sessionId = await ongoingCall('video');
    const {local} = await streams(sessionId);
    media.devices.refuse = {error: new DOMException('gone', 'NotFoundError')};
    const switched = sdk.selectInputDevice(sessionId, 'videoinput', 'unplugged');
    await expect(switched).rejects.toMatchObject({code: KitErrorCodes.SDK});
    expect(sdk.getLocalStream(sessionId)).toBe(local);
    expect(local!.getVideoTracks()[0].readyState).toBe('live');
  });

  it('should reject a switch on a call that is not ongoing with ERR_CALL_ENDED', async () => {
    const switched = sdk.selectInputDevice('nope', 'audioinput', 'headset');
    await expect(switched).rejects.toBeInstanceOf(KitException);
    await expect(switched).rejects.toMatchObject({code: KitErrorCodes.CALL_ENDED});
  });

  it('should take the far side’s picture away when they turn their camera off, and back when on', async () => {
    const sessionId = await ongoingCall('video');
    const {remote} = await streams(sessionId);
    const heard: string[] = [];
    remote!.addEventListener('removetrack', () => heard.push('removetrack'));
    remote!.addEventListener('addtrack', () => heard.push('addtrack'));
    const [picture] = remote!.getVideoTracks();

    sdk.setRemoteCamera(sessionId, false);
    expect(remote!.getVideoTracks()).toEqual([]);
    expect(picture.readyState).toBe('ended');
    sdk.setRemoteCamera(sessionId, true);
    expect(remote!.getVideoTracks()).toHaveLength(1);
    expect(heard).toEqual(['removetrack', 'addtrack']);
  });

  describe('in a group call', () => {
    const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
    const CAROL: KitUser = {uid: 'carol', name: 'Carol Shaw'};

    /** I ring Ada, Bob and Carol; Ada and Bob accept, Carol still rings. */
    async function meshCall(): Promise<string> {
      kitInMemoryGroupCalls(switchboard);
      const call = await sdk.initiateCall({
        sessionId: '',
        type: 'video',
        sender: ME,
        callInitiator: ME,
        receiver: ADA,
        callReceiver: ADA,
        participants: [ADA, BOB, CAROL].map(user => ({user, status: 'invited'})),
      });
      await settle();
      await switchboard.control.accept(call.sessionId, 'ada');
      await switchboard.control.accept(call.sessionId, 'bob');
      await settle();
      return call.sessionId;
    }

    const stream = (sessionId: string, uid: string) =>
      sdk.getParticipantStream(sessionId, uid) as unknown as FakeStream | null;

    it("should give each joined person's own picture and tone, and none for me or who still rings", async () => {
      const sessionId = await meshCall();
      const ada = stream(sessionId, 'ada');
      const bob = stream(sessionId, 'bob');
      expect(ada!.getAudioTracks()).toHaveLength(1);
      expect(ada!.getVideoTracks()).toHaveLength(1);
      expect(bob).not.toBe(ada);
      expect(stream(sessionId, 'ada')).toBe(ada); // The same stream at every ask.
      expect(stream(sessionId, 'carol')).toBeNull();
      expect(stream(sessionId, 'me')).toBeNull();
      expect(sdk.getRemoteStream(sessionId)).toBe(ada as unknown as MediaStream);
    });

    it('should stop the stream of who leaves, and every stream once I leave', async () => {
      const sessionId = await meshCall();
      const ada = stream(sessionId, 'ada')!;
      const bob = stream(sessionId, 'bob')!;
      await kitInMemoryGroupCalls(switchboard).leave(sessionId, 'ada');
      await settle();
      expect(ada.getTracks().every(track => track.readyState === 'ended')).toBe(true);
      expect(stream(sessionId, 'ada')).toBeNull();
      expect(bob.getTracks().every(track => track.readyState === 'live')).toBe(true);

      await switchboard.control.accept(sessionId, 'carol');
      await settle();
      await sdk.leaveCall!(sessionId);
      await settle();
      expect(bob.getTracks().every(track => track.readyState === 'ended')).toBe(true);
      expect(stream(sessionId, 'bob')).toBeNull();
      // Bob and Carol go on without me.
      expect(switchboard.getCall(sessionId)?.status).toBe('ongoing');
    });
  });

  it('should deliver keypad digits to the far side of an ongoing call, and refuse them elsewhere', async () => {
    const first = await ongoingCall('audio');
    await sdk.sendDigits(first, '1');
    await sdk.sendDigits(first, '2#');
    expect(sdk.farSideDigits()).toEqual({[first]: '12#'});
    const code = (sending: Promise<void>) =>
      sending.then(
        () => 'sent',
        (error: KitException) => error.code,
      );
    expect(await code(sdk.sendDigits(first, 'x'))).toBe(KitErrorCodes.INVALID_CALL);
    expect(await code(sdk.sendDigits('nobody', '1'))).toBe(KitErrorCodes.UNKNOWN_SESSION);
    await sdk.endCall(first);
    await settle();
    expect(await code(sdk.sendDigits(first, '3'))).toBe(KitErrorCodes.CALL_ENDED);
    expect(sdk.farSideDigits()).toEqual({[first]: '12#'});
  });

  describe('hold (withHold())', () => {
    const code = (sending: Promise<void>) =>
      sending.then(
        () => 'done',
        (error: KitException) => error.code,
      );
    const enabled = (stream: FakeStream | null) =>
      stream!.getTracks().map(track => `${track.kind} ${track.enabled}`);

    it('should tell the far side, and pause my tracks while held, keeping what the screen set', async () => {
      const ada = new KitInMemoryMediaCallsSdk(switchboard, ADA, document);
      const heard: string[] = [];
      ada.addCallListener('t', {
        onCallHeld: call => heard.push(`held ${call.sessionId}`),
        onCallResumed: call => heard.push(`resumed ${call.sessionId}`),
      });
      const call = await sdk.initiateCall({
        sessionId: '',
        type: 'video',
        sender: ME,
        receiver: ADA,
        callInitiator: ME,
        callReceiver: ADA,
      });
      await settle();
      await ada.acceptCall(call.sessionId);
      await settle();
      const {local} = await streams(call.sessionId);
      await sdk.hold(call.sessionId);
      await settle();
      expect(heard).toEqual([`held ${call.sessionId}`]);
      expect(enabled(local)).toEqual(['audio false', 'video false']);
      // The screen mutes meanwhile: still nothing sent while held, and muted once resumed.
      await sdk.setLocalMedia(call.sessionId, false, true);
      expect(enabled(local)).toEqual(['audio false', 'video false']);
      await sdk.unhold(call.sessionId);
      await settle();
      expect(heard).toEqual([`held ${call.sessionId}`, `resumed ${call.sessionId}`]);
      expect(enabled(local)).toEqual(['audio false', 'video true']);
      ada.dispose();
    });

    it('should pause while the far side holds, and refuse a hold with an injected fault', async () => {
      const id = await ongoingCall();
      const heard: string[] = [];
      sdk.addCallListener('t', {onCallHeld: () => heard.push('held')});
      const {local} = await streams(id);
      switchboard.control.hold(id);
      await settle();
      expect(heard).toEqual(['held']);
      expect(enabled(local)).toEqual(['audio false', 'video false']);
      switchboard.control.hold(id, false);
      await settle();
      expect(enabled(local)).toEqual(['audio true', 'video true']);

      switchboard.control.failNext('hold', KitErrorCodes.SDK);
      expect(await code(sdk.hold(id))).toBe(KitErrorCodes.SDK);
      expect(enabled(local)).toEqual(['audio true', 'video true']);
      expect(await code(sdk.hold('nobody'))).toBe(KitErrorCodes.UNKNOWN_SESSION);
      await sdk.endCall(id);
      await settle();
      expect(await code(sdk.hold(id))).toBe(KitErrorCodes.CALL_ENDED);
    });
  });
});
