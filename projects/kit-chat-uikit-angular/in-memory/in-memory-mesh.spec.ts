import {KitCall, KitUser} from 'kit-chat-uikit-angular';
import {FakeStream, FakeTrack, installFakeMedia} from '../src/devices/fake-media.spec-helper';
import {KitInMemoryMediaCallsSdk} from './in-memory-media-calls-sdk';
import {FakePeerConnection, installFakePeerConnection} from './in-memory-mesh.spec-helper';
import {FakeBroadcastChannel, groupCall, tab, useFakeTabs} from './in-memory-tabs.spec-helper';

const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const BOB: KitUser = {uid: 'bob', name: 'Bob Kahn'};
const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};

type Tab = ReturnType<typeof mediaTab>;

/** A tab of the app whose device has media (and so the mesh). */
function mediaTab(user: KitUser, groupCalls = true) {
  return tab(
    user,
    groupCalls,
    (board, who) => new KitInMemoryMediaCallsSdk(board, who, document, {mesh: true}),
  );
}

describe('KitInMemoryMediaCallsSdk mesh between tabs (RTCPeerConnection)', () => {
  const settle = () => jest.advanceTimersByTimeAsync(20);
  let restoreMedia: () => void;
  let restorePeers: () => void;
  const canvasCapture = HTMLCanvasElement.prototype.captureStream;
  const canvasContext = HTMLCanvasElement.prototype.getContext;
  useFakeTabs();

  beforeEach(() => {
    restoreMedia = installFakeMedia().restore;
    restorePeers = installFakePeerConnection();
    // jsdom draws nothing: no 2D context, and a capture that gives one fake video track.
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof canvasContext;
    HTMLCanvasElement.prototype.captureStream = () =>
      new FakeStream([new FakeTrack('video', 'canvas')]) as unknown as MediaStream;
  });

  afterEach(() => {
    restorePeers();
    restoreMedia();
    HTMLCanvasElement.prototype.captureStream = canvasCapture;
    HTMLCanvasElement.prototype.getContext = canvasContext;
  });

  /** What a tab's grid asks every second: the stream of each other person joined, by uid. */
  function ask(each: Tab, sessionId: string): Record<string, MediaStream | null> {
    const asked: Record<string, MediaStream | null> = {};
    each.sdk.getLocalStream(sessionId);
    const call = each.switchboard.getCall(sessionId);
    for (const {user, status} of call?.participants ?? []) {
      if (status === 'joined' && user.uid !== each.sdk.user?.uid) {
        asked[user.uid] = each.sdk.getParticipantStream(sessionId, user.uid);
      }
    }
    return asked;
  }

  /** Runs an SDK action under the fake timers, and gives its answer. */
  async function done<T>(action: Promise<T>): Promise<T> {
    await settle();
    return action;
  }

  /** The tracks a stream holds, as the fakes they are. */
  const tracksOf = (stream: MediaStream | null | undefined) =>
    (stream as unknown as FakeStream | null)?.getTracks() ?? [];

  /** The connection of a tab that receives this track. */
  const connectionOf = (track: FakeTrack) =>
    FakePeerConnection.made.find(pc => pc.getReceivers().some(each => each.track === track));

  /** Grace's tab calls Ada's and Bob's (a video group call); both accept; each tab asks as its grid does. */
  async function threeTabsInACall() {
    const tabs = {grace: mediaTab(GRACE), ada: mediaTab(ADA), bob: mediaTab(BOB)};
    await settle();
    const call: KitCall = await done(tabs.grace.sdk.initiateCall(groupCall(GRACE, [ADA, BOB])));
    await settle();
    await done(tabs.ada.sdk.acceptCall(call.sessionId));
    await done(tabs.bob.sdk.acceptCall(call.sessionId));
    await settle();
    for (let round = 0; round < 3; round++) {
      Object.values(tabs).forEach(each => ask(each, call.sessionId));
      await settle();
    }
    return {...tabs, sessionId: call.sessionId};
  }

  /** Asks as the grids do, every second for `seconds`; then one connection per pair, each connected. */
  async function expectOnePerPairAfter(tabs: Tab[], sessionId: string, seconds: number) {
    for (let second = 0; second < seconds; second++) {
      tabs.forEach(each => ask(each, sessionId));
      await jest.advanceTimersByTimeAsync(1000);
    }
    expect(FakePeerConnection.made.length).toBe(6);
    expect(FakePeerConnection.made.every(pc => pc.connectionState === 'connected')).toBe(true);
  }

  it("should give each tab the two others' streams as received over a connection to each", async () => {
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    // One connection per pair, each offered by the lower uid: ada offers to bob and grace, bob to grace.
    expect(FakePeerConnection.made.length).toBe(6);
    expect(FakePeerConnection.made.filter(pc => pc.offered).length).toBe(3);
    expect(FakePeerConnection.made.every(pc => pc.connectionState === 'connected')).toBe(true);
    expect(FakePeerConnection.made.every(pc => !pc.config?.iceServers?.length)).toBe(true);
    for (const [me, each] of Object.entries({grace, ada, bob})) {
      const asked = ask(each, sessionId);
      expect(Object.keys(asked).sort()).toEqual(['ada', 'bob', 'grace'].filter(uid => uid !== me));
      for (const stream of Object.values(asked)) {
        const tracks = tracksOf(stream);
        expect(tracks.map(track => track.kind)).toEqual(['audio', 'video']);
        // What it plays is what a connection receives, and the same stream on every ask.
        expect(tracks.every(track => connectionOf(track))).toBe(true);
      }
      expect(ask(each, sessionId)).toEqual(asked);
    }
    // A group call's picture is sent as a tile needs it: half the size, 15 frames a second.
    const encodings = FakePeerConnection.made.flatMap(pc =>
      pc.getTransceivers().filter(each => each.receiver.track.kind === 'video'),
    );
    expect(encodings.map(each => each.sender.encoding)).toEqual(
      Array(6).fill({scaleResolutionDownBy: 2, maxFramerate: 15}),
    );
    // Each connection sends this device's camera and microphone.
    const local = tracksOf(ada.sdk.getLocalStream(sessionId));
    const adas = FakePeerConnection.made.filter(pc => pc.offered && pc.candidates.length);
    expect(adas.some(pc => pc.getSenders().every(sender => local.includes(sender.track!)))).toBe(
      true,
    );
  });

  it("should draw a person until connected, once the other tab's screen starts later", async () => {
    const tabs = {grace: mediaTab(GRACE), ada: mediaTab(ADA), bob: mediaTab(BOB)};
    await settle();
    const {sessionId} = await done(tabs.grace.sdk.initiateCall(groupCall(GRACE, [ADA, BOB])));
    await settle();
    await done(tabs.ada.sdk.acceptCall(sessionId));
    await settle();
    // Ada's screen asks before Grace's: her hello finds no mesh there, nothing connects, Grace is drawn.
    ask(tabs.ada, sessionId);
    await settle();
    const drawn = (uid: string) => tracksOf(ask(tabs.ada, sessionId)[uid]);
    expect(drawn('grace').map(track => track.deviceId)).toEqual(['tone', 'canvas']);
    expect(FakePeerConnection.made.length).toBe(0);
    // Grace's hello: Ada (the lower uid) offers, and each receives the other.
    ask(tabs.grace, sessionId);
    await settle();
    expect(tracksOf(ask(tabs.grace, sessionId)['ada']).length).toBe(2);
    expect(drawn('grace').every(track => connectionOf(track))).toBe(true);
    expect(FakePeerConnection.made.length).toBe(2);
  });

  it('should wait for a slow answer without offering again (a busy machine)', async () => {
    FakePeerConnection.answerDelay = 5000;
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    await expectOnePerPairAfter([grace, ada, bob], sessionId, 8);
  });

  it('should connect when a step takes 20 s and the connecting longer than 15 s (six tabs)', async () => {
    // Six tabs of video on two cores: an answer took some 20 s. The connection moves all along: it is kept, where
    // counting 15 s from its making threw it away and made it again, over and over.
    FakePeerConnection.answerDelay = 20000;
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    await expectOnePerPairAfter([grace, ada, bob], sessionId, 30);
    expect(tracksOf(ask(grace, sessionId)['bob']).every(track => connectionOf(track))).toBe(true);
  });

  it('should wait for ICE and DTLS that take 40 s, the browser saying connecting all along', async () => {
    FakePeerConnection.connectingFor = 40000;
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    await expectOnePerPairAfter([grace, ada, bob], sessionId, 50);
  });

  it('should keep a connection whose checks go unanswered for 40 s, the browser saying disconnected', async () => {
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    FakePeerConnection.made.forEach(pc => pc.disconnectFor(40000));
    await expectOnePerPairAfter([grace, ada, bob], sessionId, 50);
  });

  it('should show the avatar and the muted mark when a tab turns its camera off or mutes', async () => {
    const {grace, ada, sessionId} = await threeTabsInACall();
    const stream = grace.sdk.getParticipantStream(sessionId, 'ada')!;
    const changes: string[] = [];
    ['addtrack', 'removetrack'].forEach(type =>
      stream.addEventListener(type, () => changes.push(type)),
    );
    const kinds = () =>
      tracksOf(grace.sdk.getParticipantStream(sessionId, 'ada')).map(
        track => `${track.kind}${track.enabled ? '' : ' off'}`,
      );
    expect(kinds()).toEqual(['audio', 'video']);
    await done(ada.sdk.setLocalMedia(sessionId, true, false));
    await settle();
    expect(kinds()).toEqual(['audio']);
    await done(ada.sdk.setLocalMedia(sessionId, false, true));
    await settle();
    expect(kinds()).toEqual(['audio off', 'video']);
    // The same stream all along: the screen sees its tracks go and come (the events a browser fires).
    expect(grace.sdk.getParticipantStream(sessionId, 'ada')).toBe(stream);
    expect(changes).toEqual(['removetrack', 'addtrack']);
  });

  it('should close the connections to one who leaves, and every one when the call ends', async () => {
    const {grace, ada, bob, sessionId} = await threeTabsInACall();
    const toBob = FakePeerConnection.made.filter(pc =>
      [grace, ada].some(each =>
        tracksOf(ask(each, sessionId)['bob']).some(t => connectionOf(t) === pc),
      ),
    );
    expect(toBob.length).toBe(2);
    await done(bob.sdk.endCall(sessionId));
    await settle();
    expect(toBob.every(pc => pc.connectionState === 'closed')).toBe(true);
    const open = FakePeerConnection.made.filter(pc => pc.connectionState !== 'closed');
    // Bob's own and those between the two others: those stay.
    expect(open.length).toBe(2);
    const local = tracksOf(ada.sdk.getLocalStream(sessionId));
    await done(ada.sdk.endCall(sessionId));
    await settle();
    expect(FakePeerConnection.made.every(pc => pc.connectionState === 'closed')).toBe(true);
    expect(local.every(track => track.readyState === 'ended')).toBe(true);
    expect(grace.sdk.getParticipantStream(sessionId, 'ada')).toBeNull();
  });

  it('should drop crafted signals: never throw, never connect a call or a person not of this tab', async () => {
    const {grace, sessionId} = await threeTabsInACall();
    const made = FakePeerConnection.made.length;
    const dropped = grace.switchboard.droppedMessages;
    const page = new FakeBroadcastChannel('test-calls');
    const signal = {kind: 'mesh', type: 'offer', sessionId, from: 'ada', to: 'grace', cid: 'x'};
    const crafted: unknown[] = [
      {...signal, sdp: 'v=0 audio'.padEnd(70_000, ' ')},
      {...signal, sdp: 42},
      {...signal, type: 'eject', sdp: 'v=0 audio'},
      {...signal, from: ['ada'], sdp: 'v=0 audio'},
      {...signal, type: 'ice', candidate: {candidate: 7}},
      {...signal, type: 'ice', candidate: {candidate: 'c', sdpMLineIndex: -1}},
      {...signal, type: 'media', audio: 'yes', video: true},
      {kind: 'mesh'},
    ];
    crafted.forEach(data => page.postMessage(data));
    await settle();
    expect(grace.switchboard.droppedMessages - dropped).toBe(crafted.length);
    // Well-formed, but not for this tab: another call, another person, someone not in the call.
    page.postMessage({...signal, sessionId: 'other', sdp: 'v=0 audio'});
    page.postMessage({...signal, to: 'linus', sdp: 'v=0 audio'});
    page.postMessage({...signal, from: 'mallory', sdp: 'v=0 audio'});
    // An answer or candidates of a connection that is not the one open.
    page.postMessage({...signal, type: 'answer', from: 'bob', sdp: 'v=0 audio'});
    page.postMessage({...signal, type: 'ice', candidate: {candidate: 'c'}});
    await settle();
    expect(FakePeerConnection.made.length).toBe(made);
    expect(grace.switchboard.droppedMessages - dropped).toBe(crafted.length);
    expect(tracksOf(ask(grace, sessionId)['ada']).length).toBe(2);
    page.close();
  });

  it('should connect a call between two tabs too, the drawing its fallback', async () => {
    const grace = mediaTab(GRACE, false);
    const ada = mediaTab(ADA, false);
    await settle();
    const {participants, ...oneToOne} = groupCall(GRACE, [ADA]);
    expect(participants?.length).toBe(1);
    const {sessionId} = await done(grace.sdk.initiateCall({...oneToOne, group: undefined}));
    await settle();
    await done(ada.sdk.acceptCall(sessionId));
    await settle();
    for (let round = 0; round < 3; round++) {
      [grace, ada].forEach(each => each.sdk.getRemoteStream(sessionId));
      await settle();
    }
    for (const each of [grace, ada]) {
      const tracks = tracksOf(each.sdk.getRemoteStream(sessionId));
      expect(tracks.length).toBe(2);
      expect(tracks.every(track => connectionOf(track))).toBe(true);
    }
    // A call between two shows the picture full screen: sent as it is.
    const senders = FakePeerConnection.made.flatMap(pc => pc.getSenders());
    expect(senders.map(sender => sender.encoding)).toEqual([{}, {}, {}, {}]);
    await done(grace.sdk.endCall(sessionId));
    await settle();
    expect(FakePeerConnection.made.map(pc => pc.connectionState)).toEqual(['closed', 'closed']);
  });
});
