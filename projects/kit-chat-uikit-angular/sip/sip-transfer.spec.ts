import {KitCall, KitCallListener, KitErrorCodes, KitException} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {
  callBob,
  FakeRefer,
  FakeSession,
  FakeTrack,
  FakeUA,
  INVITE_AUDIO,
  fakeCapture,
  installFakeMedia,
  settle,
} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

/** JsSIP's own parser of SIP URIs: the `Refer-To` URI arrives parsed by it. */
const {URI} = jest.requireActual('jssip') as {URI: {parse(uri: string): FakeRefer['event']}};
const referTo = (uri: string, name?: string) =>
  new FakeRefer(URI.parse(uri) as never as {scheme: string; host: string}, name);

const ADA = {uid: 'ada', name: 'Ada Lovelace'};
const BOB = {uid: 'bob', name: 'Bob'};
const REPLACES = 'abc%3Bto-tag%3D1%3Bfrom-tag%3D2';

/** An INVITE with `Replaces` of a call of mine, as JsSIP's `replaces` event hands it. */
class FakeReplaces {
  /** The incoming session JsSIP made for it (`accept`), before its `newRTCSession`. */
  next?: FakeSession;
  rejected = 0;
  constructor(private readonly _replaces: string) {}
  readonly event = {
    request: {
      hasHeader: (name: string) => name === 'Replaces',
      getHeader: (name: string) => (name === 'Replaces' ? this._replaces : undefined),
    },
    accept: (initCallback: (session: FakeSession) => void) => {
      this.next = new FakeSession({display_name: 'Ada Lovelace', uri: {user: 'ada'}});
      initCallback(this.next);
    },
    reject: () => {
      this.rejected++;
    },
  };
}

describe('KitSipCallsSdk transfer (REFER)', () => {
  let sdk: KitSipCallsSdk;
  let tracks: FakeTrack[];
  let heard: string[];
  let transferred: KitCall[];
  let errors: KitException[];

  beforeEach(async () => {
    tracks = [];
    heard = [];
    transferred = [];
    errors = [];
    installFakeMedia(fakeCapture(tracks));
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      displayName: 'Grace Hopper',
      onError: error => errors.push(error),
    });
    await settle();
    const listener = new Proxy({} as KitCallListener, {
      get: (_, method: string) => (call: KitCall) => {
        heard.push(`${method} ${call.sessionId}`);
        if (method === 'onCallTransferred') {
          transferred.push(call);
        }
      },
    });
    sdk.addCallListener('spec', listener);
  });

  afterEach(() => sdk.dispose());

  /** I call Bob and he answers. */
  async function call(): Promise<FakeSession> {
    const session = await callBob(sdk);
    await settle();
    heard = [];
    return session;
  }

  /** Bob (or `who`) calls me and I answer. */
  async function answered(who = {display_name: 'Bob', uri: {user: 'bob'}}): Promise<FakeSession> {
    const session = new FakeSession(who);
    FakeUA.last.emit('newRTCSession', {
      originator: 'remote',
      session,
      request: {body: INVITE_AUDIO},
    });
    const accepting = sdk.acceptCall(session.id);
    await settle();
    session.emit('accepted', {originator: 'local'});
    await accepting;
    await settle();
    heard = [];
    return session;
  }

  const outcome = (transfer: Promise<void>) =>
    transfer.then(
      () => 'transferred',
      error => (error instanceof KitException ? error.code : `not a KitException: ${error}`),
    );

  describe('sending (the transferor)', () => {
    it('should REFER the far side to the person, and hang up once they answered it', async () => {
      const session = await call();
      const transfer = sdk.transfer(session.id, ADA);
      expect(session.refers.map(refer => refer.target)).toEqual(['sip:ada@kit.test']);
      session.refers[0].handlers['progress']?.({status_line: {status_code: 180}});
      await settle();
      expect(session.terminated).toEqual([]); // Still ringing at Ada's: the call stays.
      session.refers[0].handlers['accepted']();
      expect(await outcome(transfer)).toBe('transferred');
      expect(session.terminated).toEqual([{}]); // The BYE.
      await settle();
      expect(heard).toEqual([`onCallEnded ${session.id}`]);
    });

    it('should give the call back when the REFER is refused or the person does not answer', async () => {
      const session = await call();
      const refused = sdk.transfer(session.id, ADA);
      session.refers[0].handlers['requestFailed']({
        response: {status_code: 403},
        cause: 'Rejected',
      });
      expect(await outcome(refused)).toBe(KitErrorCodes.CALL_FAILED);
      const declined = sdk.transfer(session.id, ADA);
      session.refers[1].handlers['failed']({status_line: {status_code: 603}});
      expect(await outcome(declined)).toBe(KitErrorCodes.CALL_FAILED);
      await settle();
      expect(session.terminated).toEqual([]);
      expect(heard).toEqual([]);
      expect(tracks.map(track => track.stopped)).toEqual([false]); // The microphone still sends.
    });

    it('should reject a call that is not there, and one whose far side hung up meanwhile', async () => {
      expect(await outcome(sdk.transfer('nobody', ADA))).toBe(KitErrorCodes.UNKNOWN_SESSION);
      const session = await call();
      const transfer = sdk.transfer(session.id, ADA);
      session.emit('ended', {originator: 'remote'});
      expect(await outcome(transfer)).toBe(KitErrorCodes.CALL_ENDED);
      expect(await outcome(sdk.transfer(session.id, ADA))).toBe(KitErrorCodes.CALL_ENDED);
      expect(session.refers.length).toBe(1);
    });
  });

  describe('receiving (the transferee)', () => {
    it('should call the person the REFER names, as an outgoing call, and say it was transferred', async () => {
      const old = await answered();
      const refer = referTo('sip:ada@kit.test', 'Ada Lovelace');
      old.emit('refer', refer.event);
      await settle();
      const next = refer.placed!.session;
      expect(refer.placed!.options).toEqual(
        expect.objectContaining({mediaStream: expect.anything(), pcConfig: {iceServers: []}}),
      );
      next.emit('sending', {});
      await settle();
      await settle();
      expect(transferred).toEqual([
        expect.objectContaining({
          sessionId: next.id,
          type: 'audio',
          sender: expect.objectContaining({uid: 'grace'}),
          receiver: {uid: 'ada', name: 'Ada Lovelace'},
          status: 'initiated',
        }),
      ]);
      next.emit('progress', {originator: 'remote', response: {status_code: 180}});
      next.emit('accepted', {originator: 'remote'});
      await settle();
      expect(heard).toEqual([
        `onCallTransferred ${next.id}`,
        `onOutgoingCallRinging ${next.id}`,
        `onOutgoingCallAccepted ${next.id}`,
      ]);
      expect(sdk.getLocalStream(next.id)).not.toBeNull();
      expect(old.terminated).toEqual([]); // The old call ends when the transferor hangs up.
      expect(refer.rejected).toBe(0);
    });

    it.each([
      'sip:ada@evil.test',
      'sip:ada@kit.test:5099',
      'sip:ada@kit.test;maddr=10.0.0.1',
      `sip:ada@kit.test?Replaces=${REPLACES}%3Bearly-only`,
      `sip:ada@kit.test?Replaces=${REPLACES}&Subject=hi`,
      'sip:ada@kit.test?Subject=hi',
      'sip:kit.test',
      'sip:ad%20a@kit.test',
    ])('should refuse a REFER to %s and call no one', async target => {
      const old = await answered();
      const captures = tracks.length;
      const refer = referTo(target);
      old.emit('refer', refer.event);
      await settle();
      expect(refer.placed).toBeUndefined();
      expect(refer.rejected).toBe(1);
      expect(tracks.length).toBe(captures); // No microphone opened for it.
      expect(heard).toEqual([]);
      expect(errors.map(error => error.code)).toEqual([KitErrorCodes.CALL_FAILED]);
    });
  });

  describe('attended (REFER with Replaces)', () => {
    it('should REFER the held call with Replaces of the consultation, and hang it up once answered', async () => {
      const held = await answered({display_name: 'Ada Lovelace', uri: {user: 'ada'}});
      const consultation = await call(); // To Bob.
      const transfer = sdk.transfer(held.id, BOB, consultation.id);
      expect(held.refers.map(({target, replaces}) => [target, replaces])).toEqual([
        ['sip:bob@kit.test', consultation],
      ]);
      held.refers[0].handlers['accepted']();
      expect(await outcome(transfer)).toBe('transferred');
      expect(held.terminated).toEqual([{}]);
      // Bob's device ends the consultation (its BYE): not this one, which would race it.
      expect(consultation.terminated).toEqual([]);
    });

    it('should refuse a consultation that is not an ongoing call to the person', async () => {
      const held = await answered({display_name: 'Ada Lovelace', uri: {user: 'ada'}});
      const consultation = await call();
      const alan = {uid: 'alan', name: 'Alan Turing'};
      expect(await outcome(sdk.transfer(held.id, alan, consultation.id))).toBe(
        KitErrorCodes.INVALID_CALL,
      );
      consultation.emit('ended', {originator: 'remote'});
      await settle();
      expect(await outcome(sdk.transfer(held.id, BOB, consultation.id))).toBe(
        KitErrorCodes.INVALID_CALL,
      );
      expect(held.refers).toEqual([]);
    });

    it('should follow a REFER whose Refer-To replaces a confirmed dialog (the transferee)', async () => {
      const old = await answered();
      const refer = referTo(`sip:ada@kit.test?Replaces=${REPLACES}`, 'Ada Lovelace');
      old.emit('refer', refer.event);
      await settle();
      expect(refer.rejected).toBe(0);
      refer.placed!.session.emit('sending', {});
      await settle();
      await settle();
      expect(transferred.map(next => next.receiver)).toEqual([ADA]);
    });

    it('should answer the call that replaces an ongoing one by itself, told as transferred (the target)', async () => {
      const consultation = await answered(); // Bob (the transferor) called me.
      const replaces = new FakeReplaces('abc;to-tag=1;from-tag=2');
      consultation.emit('replaces', replaces.event);
      const next = replaces.next!;
      FakeUA.last.emit('newRTCSession', {
        originator: 'remote',
        session: next,
        request: {body: INVITE_AUDIO},
      });
      await settle();
      expect(next.answered).toBe(1);
      expect(next.answerOptions?.mediaConstraints).toEqual({audio: true, video: false});
      next.emit('accepted', {originator: 'local'});
      await settle();
      await settle();
      expect(heard).toEqual([`onCallTransferred ${next.id}`]); // Never rung.
      expect(transferred).toEqual([
        expect.objectContaining({sender: expect.objectContaining({uid: 'ada'}), status: 'ongoing'}),
      ]);
      // JsSIP ends the replaced call once the new one is confirmed: harmless after Bob hung up.
      consultation.ended = true;
      expect(() => consultation.terminate()).not.toThrow();
    });

    it('should refuse a Replaces of a call still ringing, an early-only one, or with no kit following', async () => {
      const ringing = new FakeSession({display_name: 'Bob', uri: {user: 'bob'}});
      FakeUA.last.emit('newRTCSession', {
        originator: 'remote',
        session: ringing,
        request: {body: INVITE_AUDIO},
      });
      const early = new FakeReplaces('abc;to-tag=1;from-tag=2');
      ringing.emit('replaces', early.event);
      const ongoing = await answered();
      const earlyOnly = new FakeReplaces('abc;to-tag=1;from-tag=2;early-only');
      ongoing.emit('replaces', earlyOnly.event);
      sdk.removeCallListener('spec');
      const unfollowed = new FakeReplaces('abc;to-tag=1;from-tag=2');
      ongoing.emit('replaces', unfollowed.event);
      const refer = referTo('sip:ada@kit.test');
      ongoing.emit('refer', refer.event);
      await settle();
      expect([early, earlyOnly, unfollowed].map(each => [each.rejected, each.next])).toEqual([
        [1, undefined],
        [1, undefined],
        [1, undefined],
      ]);
      expect(refer.rejected).toBe(1);
      expect(ongoing.terminated).toEqual([]);
    });
  });
});
