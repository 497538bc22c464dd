import {KitException, KitRegistration} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {FakeUA, settle} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

describe('KitSipCallsSdk after the page slept (resume) and its registration', () => {
  let sdk: KitSipCallsSdk;
  let ua: FakeUA;
  let errors: KitException[];

  beforeEach(async () => {
    errors = [];
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:grace@kit.test',
      onError: error => errors.push(error),
      resumeTimeout: 50,
    });
    await settle();
    ua = FakeUA.last;
  });

  afterEach(() => sdk.dispose());

  it('should tell the registration as it is won and lost', () => {
    const seen: KitRegistration[] = [];
    const stop = sdk.watchRegistration(registration => seen.push(registration));
    expect(sdk.getRegistration()).toEqual({
      registered: false,
      reason: 'connecting to the SIP proxy',
    });
    ua.emit('connected');
    ua.emit('registered');
    expect(sdk.getRegistration()).toEqual({registered: true, reason: 'registered'});
    ua.emit('disconnected');
    stop();
    ua.emit('connected');
    expect(seen).toEqual([
      {registered: false, reason: 'connected, not registered yet'},
      {registered: true, reason: 'registered'},
      {registered: false, reason: 'no connection to the SIP proxy'},
    ]);
  });

  it('should reconnect at once, without waiting for the back-off, when the connection is down', async () => {
    ua.connected = false;
    await sdk.resume();
    expect(ua.transport.connects).toBe(1);
    expect(ua.options).toEqual([]);
  });

  it('should leave a reconnection in progress alone', async () => {
    ua.connected = false;
    ua.transport.connecting = true;
    await sdk.resume();
    expect(ua.transport.connects).toBe(0);
  });

  it('should register at once when the proxy answers the probe and the device is not registered', async () => {
    ua.emit('connected');
    const resumed = sdk.resume();
    expect(ua.options.map(options => options.target)).toEqual(['sip:kit.test']);
    ua.options[0].failed({originator: 'remote'}); // Any answer (here 405) proves the connection.
    await resumed;
    expect(ua.registrations).toBe(1);
    expect(ua.transport.disconnects).toBe(0);
  });

  it('should leave a live connection and its registration alone (a tab shown again)', async () => {
    ua.emit('connected');
    ua.emit('registered');
    const resumed = sdk.resume();
    ua.options[0].succeeded();
    await resumed;
    expect(ua.registrations).toBe(0);
    expect(ua.transport.disconnects + ua.transport.connects).toBe(0);
  });

  it('should replace a connection that died silently (no answer to the probe)', async () => {
    ua.emit('connected');
    ua.emit('registered');
    await sdk.resume();
    expect(ua.options.length).toBe(1);
    expect(ua.transport.disconnects).toBe(1);
    expect(ua.transport.connects).toBe(1);
  });

  it('should make one check of the wake events that come together', async () => {
    ua.emit('connected');
    const first = sdk.resume();
    const second = sdk.resume();
    expect(second).toBe(first);
    ua.options[0].succeeded();
    await first;
    expect(ua.options.length).toBe(1);
    expect(errors).toEqual([]);
  });

  it('should do nothing once stopped', async () => {
    sdk.dispose();
    await sdk.resume();
    expect(ua.options).toEqual([]);
    expect(ua.transport.connects).toBe(0);
  });

  it('should reconnect at once when the socket closes during the probe (its close arrives after the wake)', async () => {
    ua.emit('connected');
    ua.emit('registered');
    jest.useFakeTimers(); // The probe's time-out never fires: only the drop can end the check.
    try {
      const resumed = sdk.resume();
      ua.connected = false;
      ua.emit('disconnected'); // JsSIP would wait for its back-off.
      await resumed;
      expect(ua.transport.connects).toBe(1);
      expect(ua.transport.disconnects).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
