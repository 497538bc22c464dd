import {KitException} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {KitSipOptions} from './sip-options';
import {FakeUA, settle} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

/** RFC 8599 parameters, as `KitPushCalls.contactParams()` gives them. */
const PUSH = {'pn-provider': 'webpush', 'pn-prid': 'aHR0cHM6Ly9wdXNo', 'pn-param': 'key.auth'};

describe('KitSipCallsSdk contactParams (SIP push, RFC 8599)', () => {
  let sdk: KitSipCallsSdk;
  let errors: KitException[];

  async function create(options: Partial<KitSipOptions>): Promise<FakeUA> {
    sdk = new KitSipCallsSdk({
      server: 'ws://127.0.0.1:5080',
      uri: 'sip:linus@kit.test',
      onError: error => errors.push(error),
      ...options,
    });
    await settle();
    return FakeUA.last;
  }

  beforeEach(() => (errors = []));
  afterEach(() => sdk.dispose());

  it('should register with the push parameters in the Contact, asked before each registration', async () => {
    const contactParams = jest.fn(async () => PUSH);
    const ua = await create({contactParams});
    expect(ua.config['register']).toBe(false); // The adapter registers once it has the parameters.
    ua.emit('connected', {});
    await settle();
    ua.emit('registrationExpiring', {});
    await settle();
    expect(contactParams).toHaveBeenCalledTimes(2);
    expect(ua.registeredParams).toEqual([PUSH, PUSH]);
  });

  it('should wait for both the credentials and the push parameters before registering', async () => {
    let give: (params: Record<string, string>) => void = () => {};
    const ua = await create({
      credentials: async () => ({
        username: `${Math.floor(Date.now() / 1000) + 3600}:linus`,
        password: 'p',
      }),
      contactParams: () => new Promise(done => (give = done)),
    });
    ua.emit('connected', {});
    await settle();
    expect(ua.registrations).toBe(0);
    give(PUSH);
    await settle();
    expect(ua.registeredParams).toEqual([PUSH]);
  });

  it('should register without push parameters when asking for them fails', async () => {
    const ua = await create({
      contactParams: async () => Promise.reject(new Error('no push service')),
    });
    ua.emit('connected', {});
    await settle();
    expect(ua.registeredParams).toEqual([{}]);
    expect(errors).toEqual([]);
  });

  it('should let JsSIP register by itself with neither credentials nor push parameters', async () => {
    const ua = await create({});
    expect(ua.config['register']).toBe(true);
  });
});
