import {EnvironmentInjector, createEnvironmentInjector, runInInjectionContext} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCall, KitCallListener, KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {kitSipCallsSdk} from './sip-calls-sdk-factory';
import {KitSipOptions} from './sip-options';
import {
  FakeSession,
  FakeTrack,
  FakeUA,
  INVITE_AUDIO,
  INVITE_VIDEO,
  fakeCapture,
  installFakeMedia,
  message,
  settle,
} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

describe('KitSipCallsSdk', () => {
  let sdk: KitSipCallsSdk;
  let ua: FakeUA;
  let heard: {method: string; call: KitCall}[];
  let errors: KitException[];
  let tracks: FakeTrack[];

  function listen(id = 'screens'): KitCallListener {
    const record = (method: string) => (call: KitCall) => heard.push({method, call});
    const listener: KitCallListener = {
      onIncomingCallReceived: record('received'),
      onIncomingCallCancelled: record('cancelled'),
      onOutgoingCallRinging: record('ringing'),
      onOutgoingCallAccepted: record('accepted'),
      onOutgoingCallRejected: record('rejected'),
      onCallEnded: record('ended'),
      onCallReconnecting: record('reconnecting'),
      onCallReconnected: record('reconnected'),
    };
    sdk.addCallListener(id, listener);
    return listener;
  }

  async function create(options: Partial<KitSipOptions> = {}): Promise<void> {
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      displayName: 'Grace Hopper',
      onError: error => errors.push(error),
      ...options,
    });
    await settle(); // JsSIP loads (a dynamic import) and the user agent starts.
    ua = FakeUA.last;
    listen();
  }

  /** An INVITE from Ada arrives. */
  async function ring(sdp = INVITE_VIDEO): Promise<FakeSession> {
    const session = new FakeSession();
    ua.emit('newRTCSession', {originator: 'remote', session, request: {body: sdp}});
    await settle();
    return session;
  }

  /** I call Bob; the INVITE goes out. */
  /** I call Bob: `initiateCall`, whose promise waits for the INVITE to go out. */
  function callBob(type = 'audio'): Promise<KitCall> {
    const me = sdk.getLoggedInUser()!;
    const bob = {uid: 'bob', name: 'Bob'};
    return sdk.initiateCall({
      sessionId: '',
      type,
      sender: me,
      callInitiator: me,
      receiver: bob,
      callReceiver: bob,
    });
  }

  async function dial(type = 'audio'): Promise<{session: FakeSession; call: KitCall}> {
    const placing = callBob(type);
    await settle();
    const session = ua.placed.at(-1)!.session;
    session.emit('sending', {});
    return {session, call: await placing};
  }

  beforeEach(async () => {
    heard = [];
    errors = [];
    tracks = [];
    installFakeMedia(jest.fn(fakeCapture(tracks)));
    await create();
  });

  afterEach(() => sdk.dispose());

  it('should register with the proxy as the user of its SIP address', () => {
    expect(ua.started).toBe(true);
    expect(ua.config['uri']).toBe('sip:grace@kit.test');
    expect(ua.config['register']).toBe(true);
    expect(sdk.getLoggedInUser()).toEqual({uid: 'grace', name: 'Grace Hopper'});
  });

  it('should not start a user agent when it is disposed while JsSIP loads', async () => {
    const early = new KitSipCallsSdk({server: 'ws://x', uri: 'sip:linus@kit.test'});
    const before = FakeUA.last;
    early.dispose();
    await settle();
    expect(FakeUA.last).toBe(before);
    expect(early.getLoggedInUser()).toBeNull();
  });

  it('should refuse a call with ERR_NETWORK until the user agent has connected', async () => {
    const early = new KitSipCallsSdk({server: 'ws://x', uri: 'sip:linus@kit.test'});
    const me = early.getLoggedInUser()!;
    await expect(
      early.initiateCall({
        sessionId: '',
        type: 'audio',
        sender: me,
        callInitiator: me,
        receiver: me,
        callReceiver: me,
      }),
    ).rejects.toMatchObject({code: KitErrorCodes.NETWORK});
    early.dispose();
  });

  it('should reject an address that is not a SIP URI', () => {
    expect(() => new KitSipCallsSdk({server: 'ws://x', uri: 'grace'})).toThrow(KitException);
  });

  describe('incoming calls', () => {
    it('should report an INVITE as an incoming call, later, with the caller and the call type', async () => {
      const session = new FakeSession();
      ua.emit('newRTCSession', {originator: 'remote', session, request: {body: INVITE_VIDEO}});
      expect(heard).toEqual([]); // Never inside the event that caused it.
      await settle();
      expect(heard).toEqual([
        {
          method: 'received',
          call: expect.objectContaining({
            sessionId: session.id,
            type: 'video',
            callInitiator: {uid: 'ada', name: 'Ada Lovelace'},
            callReceiver: {uid: 'grace', name: 'Grace Hopper'},
          }),
        },
      ]);
    });

    it('should call an INVITE without a video stream a voice call', async () => {
      await ring(INVITE_AUDIO);
      expect(heard[0].call.type).toBe('audio');
    });

    it('should tell every listener', async () => {
      listen('second');
      await ring();
      expect(heard.map(entry => entry.method)).toEqual(['received', 'received']);
    });

    it.each([
      ['SIP ;cause=200 ;text="Call completed elsewhere"', 'accepted-elsewhere'],
      ['SIP;cause=603;text="Decline"', 'rejected-elsewhere'],
      ['SIP ;cause=600 ;text="Busy Everywhere"', 'rejected-elsewhere'],
      ['SIP ;cause=480 ;text="Temporarily Unavailable"', 'unanswered'],
      ['SIP ;cause=487', 'cancelled'],
      [undefined, 'cancelled'],
    ])('should read a CANCEL with Reason %p as %p', async (reason, status) => {
      const session = await ring();
      session.emit('failed', {
        originator: 'remote',
        cause: 'Canceled',
        message: message(0, reason),
      });
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'cancelled',
        call: expect.objectContaining({sessionId: session.id, status}),
      });
    });

    it.each([
      ['rejected', 603],
      ['busy', 486],
      ['unanswered', 480],
    ] as const)('should answer %p with %p', async (status, code) => {
      const session = await ring();
      const call = await sdk.rejectCall(session.id, status);
      expect(session.terminated).toEqual([{status_code: code}]);
      expect(call.status).toBe(status);
      await settle();
      expect(heard.map(entry => entry.method)).toEqual(['received']);
    });

    it("should close a call that JsSIP's own no-answer timer ended as a missed call", async () => {
      const session = await ring();
      session.emit('failed', {originator: 'local', cause: 'No Answer'});
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'cancelled',
        call: expect.objectContaining({sessionId: session.id, status: 'unanswered'}),
      });
    });

    it('should fail a ringing call whose transaction broke', async () => {
      const session = await ring();
      session.emit('failed', {originator: 'system', cause: 'Request Timeout'});
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'cancelled',
        call: expect.objectContaining({sessionId: session.id, status: 'failed'}),
      });
      // The app hears why: the network, not anyone's answer.
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
    });

    it('should answer with the camera for a video call and resolve once the answer is sent', async () => {
      const session = await ring(INVITE_VIDEO);
      const accepting = sdk.acceptCall(session.id);
      await settle();
      expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({audio: true, video: true});
      expect(session.answered).toBe(1);
      session.emit('accepted', {originator: 'local'});
      expect((await accepting).status).toBe('ongoing');
      expect(sdk.getLocalStream(session.id)).not.toBeNull();
    });

    it('should answer a video call as voice without opening the camera or sending video', async () => {
      const session = await ring(INVITE_VIDEO);
      const accepting = sdk.acceptCall(session.id, {audioOnly: true, defaultAudioMode: 'SPEAKER'});
      await settle();
      session.emit('accepted', {originator: 'local'});
      expect((await accepting).status).toBe('ongoing');
      expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({audio: true, video: false});
      expect(session.answerOptions?.mediaConstraints).toEqual({audio: true, video: false});
    });

    it('should fail the accept with ERR_CALL_ENDED when the caller cancels meanwhile', async () => {
      const session = await ring();
      const accepting = sdk.acceptCall(session.id);
      await settle();
      session.emit('failed', {originator: 'remote', cause: 'Canceled', message: message(0)});
      await expect(accepting).rejects.toMatchObject({code: KitErrorCodes.CALL_ENDED});
    });

    it('should leave the ICE restart to the caller once registered again: crossing re-INVITEs would fail both', async () => {
      const session = await ring();
      const accepting = sdk.acceptCall(session.id);
      await settle();
      session.emit('peerconnection', {peerconnection: session.connection});
      session.emit('accepted', {originator: 'local'});
      await accepting;
      session.connection!.ice('connected');
      ua.connected = false;
      ua.emit('disconnected');
      session.connection!.ice('disconnected');
      await settle();
      // The transport and the media path both lost: the screens hear it once.
      expect(heard.map(entry => entry.method)).toEqual(['received', 'reconnecting']);
      ua.connected = true;
      ua.emit('connected');
      ua.emit('registered');
      await settle();
      expect(session.renegotiations).toEqual([]);
      // The caller's ICE restart (its re-INVITE, which JsSIP answers) brings the media back.
      session.connection!.ice('connected');
      await settle();
      expect(heard.at(-1)?.method).toBe('reconnected');
    });

    it('should keep a call in progress through a flood of calls: only the ended ones are forgotten', async () => {
      const first = await ring();
      const accepting = sdk.acceptCall(first.id);
      await settle();
      first.emit('accepted', {originator: 'local'});
      await accepting;
      // More INVITEs than the adapter remembers calls (200), each cancelled at once.
      for (let i = 0; i < 201; i++) {
        const flood = await ring();
        flood.emit('failed', {originator: 'remote', cause: 'Canceled', message: message(0)});
      }
      await sdk.endCall(first.id);
      expect(first.terminated).toHaveLength(1);
    });

    it('should report a BYE as the end of the call and stop the camera', async () => {
      const session = await ring();
      const accepting = sdk.acceptCall(session.id);
      await settle();
      session.emit('accepted', {originator: 'local'});
      await accepting;
      session.emit('ended', {originator: 'remote', cause: 'Terminated'});
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'ended',
        call: expect.objectContaining({sessionId: session.id, status: 'ended'}),
      });
      expect(tracks.every(track => track.stopped)).toBe(true);
    });

    it('should refuse to act on a call that is unknown or over', async () => {
      await expect(sdk.acceptCall('nope')).rejects.toMatchObject({
        code: KitErrorCodes.UNKNOWN_SESSION,
      });
      const session = await ring();
      session.emit('failed', {originator: 'remote', cause: 'Canceled', message: message(0)});
      await expect(sdk.acceptCall(session.id)).rejects.toMatchObject({
        code: KitErrorCodes.CALL_ENDED,
      });
    });
  });

  describe('outgoing calls', () => {
    it('should send the INVITE to the callee on the domain of my address', async () => {
      const {call} = await dial('video');
      expect(ua.placed[0].target).toBe('sip:bob@kit.test');
      expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({audio: true, video: true});
      expect(call.sessionId).toBe(ua.placed[0].session.id);
      expect(call.status).toBe('initiated');
    });

    it('should report 180 Ringing once, and 200 as accepted', async () => {
      const {session} = await dial();
      session.emit('progress', {originator: 'remote', response: {status_code: 100}});
      // 183 Session Progress (early media from a gateway) says nothing of a device ringing.
      session.emit('progress', {originator: 'remote', response: {status_code: 183}});
      await settle();
      expect(heard).toEqual([]);
      session.emit('progress', {originator: 'remote', response: {status_code: 180}});
      session.emit('progress', {originator: 'remote', response: {status_code: 180}});
      session.emit('accepted', {originator: 'remote'});
      await settle();
      expect(heard.map(entry => [entry.method, entry.call.status])).toEqual([
        ['ringing', 'initiated'],
        ['accepted', 'ongoing'],
      ]);
    });

    it.each([
      [603, 'rejected'],
      [486, 'busy'],
      [600, 'busy'],
      [404, 'unavailable'],
      [410, 'unavailable'],
      [480, 'unavailable'],
      [604, 'unavailable'],
      [408, 'failed'],
      [500, 'failed'],
      [503, 'failed'],
      [488, 'failed'],
    ])(
      'should report a %p answer before any ring as %p, keeping the code',
      async (code, status) => {
        const {session} = await dial();
        session.emit('failed', {originator: 'remote', cause: 'x', message: message(code)});
        await settle();
        expect(heard).toEqual([
          {method: 'rejected', call: expect.objectContaining({status, sipStatusCode: code})},
        ]);
      },
    );

    it.each([
      [480, 'unanswered'],
      [408, 'unanswered'],
      [404, 'unanswered'],
      [603, 'rejected'],
      [500, 'failed'],
    ])('should report a %p answer after a ring as %p', async (code, status) => {
      const {session} = await dial();
      session.emit('progress', {originator: 'remote', response: {status_code: 180}});
      session.emit('failed', {originator: 'remote', cause: 'x', message: message(code)});
      await settle();
      expect(heard.at(-1)).toEqual({method: 'rejected', call: expect.objectContaining({status})});
    });

    it('should cancel without a reason when I hang up while it rings', async () => {
      const {session, call} = await dial();
      expect((await sdk.rejectCall(call.sessionId, 'cancelled')).status).toBe('cancelled');
      expect(session.terminated).toEqual([{}]);
    });

    it('should cancel with a 480 reason when the ring times out', async () => {
      const {session, call} = await dial();
      await sdk.rejectCall(call.sessionId, 'unanswered');
      expect(session.terminated).toEqual([
        {status_code: 480, reason_phrase: 'Temporarily Unavailable'},
      ]);
      await settle();
      expect(heard).toEqual([]);
    });

    it('should hang up with a BYE and tell the listeners', async () => {
      const {session, call} = await dial();
      session.emit('accepted', {originator: 'remote'});
      await sdk.endCall(call.sessionId);
      expect(session.terminated).toHaveLength(1);
      await settle();
      expect(heard.map(entry => entry.method)).toEqual(['accepted', 'ended']);
      await expect(sdk.endCall(call.sessionId)).rejects.toMatchObject({
        code: KitErrorCodes.CALL_ENDED,
      });
    });

    it('should show the tracks that the peer connection receives as the remote stream', async () => {
      const {session, call} = await dial();
      expect(sdk.getRemoteStream(call.sessionId)).toBeNull();
      const track = {kind: 'audio'};
      session.connection!.dispatchEvent(Object.assign(new Event('track'), {track}));
      expect(sdk.getRemoteStream(call.sessionId)?.getTracks()).toEqual([track]);
    });

    it('should say reconnecting when ICE fails, restart ICE, and say reconnected once the re-INVITE is answered', async () => {
      const {session, call} = await dial();
      session.emit('accepted', {originator: 'remote'});
      session.connection!.ice('connected');
      session.connection!.ice('disconnected');
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'reconnecting',
        call: expect.objectContaining({sessionId: call.sessionId}),
      });
      expect(session.renegotiations).toEqual([]); // Disconnected may heal by itself.
      session.connection!.ice('failed');
      await settle();
      expect(session.renegotiations.map(r => r.options)).toEqual([
        {rtcOfferConstraints: {iceRestart: true}},
      ]);
      session.renegotiations[0].done();
      session.connection!.ice('connected');
      await settle();
      expect(heard.slice(-2).map(entry => entry.method)).toEqual(['reconnecting', 'reconnected']);
      expect(session.terminated).toEqual([]);
    });

    it('should restart ICE once registered again after the transport and the media path dropped mid-call', async () => {
      const {session, call} = await dial();
      session.emit('accepted', {originator: 'remote'});
      session.connection!.ice('connected');
      ua.connected = false;
      ua.emit('disconnected');
      session.connection!.ice('disconnected');
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'reconnecting',
        call: expect.objectContaining({sessionId: call.sessionId}),
      });
      expect(session.renegotiations).toEqual([]); // Nothing can be sent before the transport is back.
      ua.connected = true;
      ua.emit('connected');
      ua.emit('registered');
      expect(session.renegotiations).toHaveLength(1);
      session.renegotiations[0].done();
      session.connection!.ice('connected');
      await settle();
      expect(heard.at(-1)?.method).toBe('reconnected');
    });

    it('should say reconnected without an ICE restart when the media kept flowing through a transport loss', async () => {
      const {session} = await dial();
      session.emit('accepted', {originator: 'remote'});
      session.connection!.ice('connected');
      ua.connected = false;
      ua.emit('disconnected');
      ua.connected = true;
      ua.emit('connected');
      ua.emit('registered');
      await settle();
      expect(session.renegotiations).toEqual([]);
      expect(heard.slice(-2).map(entry => entry.method)).toEqual(['reconnecting', 'reconnected']);
    });

    it('should end the call as failed when the ICE restart is refused', async () => {
      const {session, call} = await dial();
      session.emit('accepted', {originator: 'remote'});
      session.connection!.ice('failed');
      session.emit('ended', {originator: 'system', cause: 'WebRTC Error'}); // JsSIP's answer to a refused re-INVITE.
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'ended',
        call: expect.objectContaining({sessionId: call.sessionId, status: 'failed'}),
      });
    });

    /** I call Bob with fake timers; returns the placed session and the pending call. */
    async function placeWithFakeTimers() {
      const placing = callBob();
      await jest.advanceTimersByTimeAsync(0);
      return {session: ua.placed.at(-1)!.session, placing};
    }

    /** Places a call, gathers two candidates, and checks that the INVITE goes `wait` ms after the first. */
    async function expectInviteAfter(wait: number) {
      jest.useFakeTimers();
      try {
        const {session, placing} = await placeWithFakeTimers();
        const ready = jest.fn();
        session.emit('icecandidate', {candidate: {}, ready});
        session.emit('icecandidate', {candidate: {}, ready});
        expect(ready).not.toHaveBeenCalled(); // The rest of the burst still comes in.
        await jest.advanceTimersByTimeAsync(Math.max(0, wait - 1));
        expect(ready).toHaveBeenCalledTimes(wait ? 0 : 1); // With no wait: once the burst is in.
        await jest.advanceTimersByTimeAsync(1);
        expect(ready).toHaveBeenCalledTimes(1);
        session.emit('sending', {});
        await placing;
      } finally {
        jest.useRealTimers();
      }
    }

    it('should send the INVITE right after the host candidates when no STUN or TURN server is set', async () => {
      await expectInviteAfter(0);
    });

    it('should wait a bounded time after the first candidate for a STUN or TURN server', async () => {
      sdk.dispose();
      await create({iceServers: [{urls: 'stun:stun.example.com'}]});
      await expectInviteAfter(150);
    });

    it('should give the call up when ICE gathers no candidate', async () => {
      jest.useFakeTimers();
      try {
        const placing = callBob();
        const failure = expect(placing).rejects.toMatchObject({code: KitErrorCodes.CALL_FAILED});
        await jest.advanceTimersByTimeAsync(4999);
        expect(ua.placed[0].session.terminated).toEqual([]);
        await jest.advanceTimersByTimeAsync(2);
        await failure;
        expect(ua.placed[0].session.terminated).toHaveLength(1);
        expect(tracks[0].stopped).toBe(true);
        expect(errors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('credentials', () => {
    /** Ephemeral credentials that expire `ttl` seconds from now, as a backend mints them. */
    const minted = (ttl: number, password = 'p') => ({
      username: `${Math.floor(Date.now() / 1000) + ttl}:grace`,
      password,
    });

    it('should ask the app for credentials before registering, and register with them', async () => {
      sdk.dispose();
      const credentials = jest.fn(async () => minted(3600, 'first'));
      await create({credentials});
      expect(ua.config['register']).toBe(false);
      expect(ua.config['password']).toBeUndefined();
      expect(credentials).not.toHaveBeenCalled();
      ua.emit('connected', {});
      await settle();
      expect(credentials).toHaveBeenCalledTimes(1);
      expect(ua.settings).toEqual({
        authorization_user: expect.stringMatching(/^\d+:grace$/),
        password: 'first',
      });
      expect(ua.registrations).toBe(1);
    });

    it('should ask again before every re-registration and after a reconnection', async () => {
      sdk.dispose();
      let round = 0;
      const credentials = jest.fn(async () => minted(3600, `p${++round}`));
      await create({credentials});
      ua.emit('connected', {});
      await settle();
      ua.emit('registered', {});
      ua.emit('registrationExpiring', {});
      await settle();
      expect(ua.settings['password']).toBe('p2');
      ua.emit('disconnected', {});
      ua.emit('connected', {});
      await settle();
      expect(ua.settings['password']).toBe('p3');
      expect(ua.registrations).toBe(3);
    });

    it('should ask once more when the proxy refuses the credentials, then report the failure', async () => {
      sdk.dispose();
      const credentials = jest.fn(async () => minted(3600));
      await create({credentials});
      ua.emit('connected', {});
      await settle();
      ua.emit('registrationFailed', {cause: 'Rejected', response: {status_code: 401}});
      await settle();
      expect(credentials).toHaveBeenCalledTimes(2);
      expect(ua.registrations).toBe(2);
      expect(errors).toEqual([]);
      ua.emit('registrationFailed', {cause: 'Rejected', response: {status_code: 401}});
      await settle();
      expect(credentials).toHaveBeenCalledTimes(2);
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
    });

    it('should renew credentials that expire within a minute before placing a call', async () => {
      sdk.dispose();
      let ttl = 30;
      const credentials = jest.fn(async () => minted(ttl, `ttl${ttl}`));
      await create({credentials});
      ua.emit('connected', {});
      await settle();
      expect(ua.settings['password']).toBe('ttl30');
      ttl = 3600;
      await dial();
      expect(credentials).toHaveBeenCalledTimes(2);
      expect(ua.settings['password']).toBe('ttl3600');
      await dial();
      expect(credentials).toHaveBeenCalledTimes(2);
    });

    it('should use the TURN servers that come with the credentials, with the transport policy', async () => {
      sdk.dispose();
      const turn = {urls: 'turn:127.0.0.1:3478', username: '1:grace', credential: 'c'};
      await create({
        credentials: async () => ({...minted(3600), iceServers: [turn]}),
        iceServers: [{urls: 'stun:stun.example.com'}],
        iceTransportPolicy: 'relay',
      });
      ua.emit('connected', {});
      await settle();
      await dial();
      expect(ua.placed[0].options['pcConfig']).toEqual({
        iceServers: [turn],
        iceTransportPolicy: 'relay',
      });
    });

    it('should report credentials that cannot be fetched as ERR_NETWORK and not register', async () => {
      sdk.dispose();
      await create({credentials: () => Promise.reject(new Error('backend down'))});
      ua.emit('connected', {});
      await settle();
      await settle();
      expect(ua.registrations).toBe(0);
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
    });
  });

  describe('the connection', () => {
    it('should report a lost connection as ERR_NETWORK, once', async () => {
      ua.emit('connected', {});
      ua.emit('registered', {});
      expect(sdk.status()).toBe('registered');
      ua.emit('disconnected', {});
      ua.emit('disconnected', {});
      await settle();
      expect(sdk.status()).toBe('disconnected');
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.NETWORK]);
    });

    it('should fail every ringing incoming call at once when the connection is lost', async () => {
      ua.emit('connected', {});
      const first = await ring();
      const second = await ring();
      ua.emit('disconnected', {});
      await settle();
      expect(heard.filter(entry => entry.method === 'cancelled')).toEqual([
        {
          method: 'cancelled',
          call: expect.objectContaining({sessionId: first.id, status: 'failed'}),
        },
        {
          method: 'cancelled',
          call: expect.objectContaining({sessionId: second.id, status: 'failed'}),
        },
      ]);
      await expect(sdk.acceptCall(first.id)).rejects.toMatchObject({
        code: KitErrorCodes.CALL_ENDED,
      });
    });

    it('should fail an accept in flight with ERR_CALL_ENDED when the connection is lost', async () => {
      ua.emit('connected', {});
      const session = await ring();
      const accepting = sdk.acceptCall(session.id);
      const failure = expect(accepting).rejects.toMatchObject({code: KitErrorCodes.CALL_ENDED});
      await settle();
      expect(session.answered).toBe(1);
      ua.emit('disconnected', {});
      await failure;
      await settle();
      expect(heard.at(-1)).toEqual({
        method: 'cancelled',
        call: expect.objectContaining({sessionId: session.id, status: 'failed'}),
      });
      expect(tracks.every(track => track.stopped)).toBe(true);
    });

    it('should fail an outgoing call being set up, and keep an ongoing call (reconnecting), when the connection is lost', async () => {
      ua.emit('connected', {});
      const ongoing = await dial();
      ongoing.session.emit('accepted', {originator: 'remote'});
      const ringing = await dial();
      ringing.session.emit('progress', {originator: 'remote', response: {status_code: 180}});
      await settle();
      heard = [];
      ua.emit('disconnected', {});
      await settle();
      expect(heard).toEqual([
        {
          method: 'rejected',
          call: expect.objectContaining({sessionId: ringing.call.sessionId, status: 'failed'}),
        },
        {
          method: 'reconnecting',
          call: expect.objectContaining({sessionId: ongoing.call.sessionId, status: 'ongoing'}),
        },
      ]);
      expect(ongoing.session.terminated).toEqual([]);
      expect(sdk.getLocalStream(ongoing.call.sessionId)).not.toBeNull();
      expect(tracks[0].stopped).toBe(false);
      await sdk.endCall(ongoing.call.sessionId);
    });

    it('should reject a call whose INVITE had not gone out when the connection is lost', async () => {
      ua.emit('connected', {});
      const placing = callBob();
      const failure = expect(placing).rejects.toBeInstanceOf(KitException);
      await settle();
      ua.emit('disconnected', {});
      await failure;
      expect(ua.placed[0].session.terminated).toHaveLength(1);
    });

    it('should refuse a call with ERR_NETWORK while the proxy is away', async () => {
      ua.connected = false;
      const me = sdk.getLoggedInUser()!;
      await expect(
        sdk.initiateCall({
          sessionId: '',
          type: 'audio',
          sender: me,
          callInitiator: me,
          receiver: me,
          callReceiver: me,
        }),
      ).rejects.toMatchObject({code: KitErrorCodes.NETWORK});
    });

    it('should be registered again when the proxy comes back', async () => {
      ua.emit('connected', {});
      ua.emit('registered', {});
      ua.emit('disconnected', {});
      ua.emit('connected', {});
      ua.emit('registered', {});
      expect(sdk.status()).toBe('registered');
    });
  });

  describe('kitSipCallsSdk()', () => {
    it('should stop the user agent, end the live calls and read stopped when its injector is destroyed', async () => {
      sdk.dispose();
      // Logging out, or unmounting a micro-frontend, destroys the injector that built the SDK.
      const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
      sdk = runInInjectionContext(
        injector,
        kitSipCallsSdk({server: 'ws://127.0.0.1:5080', uri: 'sip:grace@kit.test'}),
      );
      await settle();
      ua = FakeUA.last;
      expect(ua.started).toBe(true);
      ua.emit('connected', {});
      ua.emit('registered', {});
      listen();
      const ringing = await ring();
      const {session: ongoing} = await dial();
      ongoing.emit('accepted', {originator: 'remote'});
      expect(sdk.status()).toBe('registered');

      injector.destroy();

      expect(ua.started).toBe(false);
      expect(sdk.status()).toBe('stopped');
      expect(sdk.getLoggedInUser()).toBeNull();
      expect(ringing.terminated).toHaveLength(1);
      expect(ongoing.terminated).toHaveLength(1);
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.every(track => track.stopped)).toBe(true);
      // Nothing reaches a listener after the end: an INVITE that JsSIP still delivers rings nobody.
      heard = [];
      ua.emit('newRTCSession', {originator: 'remote', session: new FakeSession(), request: {}});
      await settle();
      expect(heard).toEqual([]);
    });
  });
});
