import {KitErrorCodes} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipOptions} from './sip-options';
import {FakeUA, callBob, fakeCapture, installFakeMedia, settle} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

describe('KitSipCallsSdk keypad digits (sendDigits)', () => {
  let sdk: KitSipCallsSdk;

  beforeEach(() => installFakeMedia(fakeCapture([])));
  afterEach(() => sdk.dispose());

  async function start(options: Partial<KitSipOptions> = {}): Promise<void> {
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      ...options,
    });
    await settle();
  }

  const call = (answered = true) => callBob(sdk, answered);

  it('should send each key as RFC 4733 telephone events in the call’s audio by default', async () => {
    await start();
    const session = await call();
    await sdk.sendDigits(session.id, '1');
    await sdk.sendDigits(session.id, '#*9');
    expect(session.dtmf).toEqual([
      {tones: '1', transportType: 'RFC2833'},
      {tones: '#*9', transportType: 'RFC2833'},
    ]);
  });

  it('should send them as SIP INFO with dtmf: "info"', async () => {
    await start({dtmf: 'info'});
    const session = await call();
    session.connection!.senders.length = 0; // INFO needs no audio sender.
    await sdk.sendDigits(session.id, '0');
    expect(session.dtmf).toEqual([{tones: '0', transportType: 'INFO'}]);
  });

  it('should reject what cannot be sent, each with its code, and send nothing', async () => {
    await start();
    const ringing = await call(false);
    const session = await call();
    const code = (sending: Promise<void>) =>
      sending.then(
        () => 'sent',
        error => error.code,
      );
    expect(await code(sdk.sendDigits(session.id, '1x'))).toBe(KitErrorCodes.INVALID_CALL);
    expect(await code(sdk.sendDigits('nobody', '1'))).toBe(KitErrorCodes.UNKNOWN_SESSION);
    expect(await code(sdk.sendDigits(ringing.id, '1'))).toBe(KitErrorCodes.CALL_ENDED);
    session.connection!.senders[0].dtmf = null; // A browser whose sender cannot send DTMF.
    expect(await code(sdk.sendDigits(session.id, '1'))).toBe(KitErrorCodes.SDK);
    session.connection!.senders[0].dtmf = {};
    session.sendDTMF = () => {
      throw new TypeError('InvalidStateError');
    };
    expect(await code(sdk.sendDigits(session.id, '1'))).toBe(KitErrorCodes.SDK);
    await sdk.endCall(session.id);
    expect(await code(sdk.sendDigits(session.id, '1'))).toBe(KitErrorCodes.CALL_ENDED);
    expect(session.dtmf).toEqual([]);
  });
});
