import {KitCall} from 'kit-chat-uikit-angular';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {kitSipCaller} from './sip-mapping';
import {FakeSession, FakeUA, INVITE_AUDIO, settle} from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new FakeUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));

describe('the caller an incoming call names (P-Asserted-Identity)', () => {
  describe('kitSipCaller', () => {
    it("should name the caller by the proxy's asserted name, whatever display name the caller sent", () => {
      expect(
        kitSipCaller('mallory', 'IT Support', '"Mallory Smith" <sip:mallory@kit.test>'),
      ).toEqual({uid: 'mallory', name: 'Mallory Smith'});
    });

    it('should show the verified uid beside the claimed name when the proxy asserts the uid only', () => {
      expect(kitSipCaller('mallory', 'IT Support', '<sip:mallory@kit.test>')).toEqual({
        uid: 'mallory',
        name: 'IT Support (mallory)',
      });
      expect(kitSipCaller('mallory', 'IT Support', 'sip:mallory@kit.test')).toEqual({
        uid: 'mallory',
        name: 'IT Support (mallory)',
      });
    });

    it('should show the uid alone when the caller sent no display name, or the uid itself', () => {
      expect(kitSipCaller('mallory', '', '<sip:mallory@kit.test>')).toEqual({
        uid: 'mallory',
        name: 'mallory',
      });
      expect(kitSipCaller('mallory', 'mallory', '<sip:mallory@kit.test>').name).toBe('mallory');
    });

    it('should take the uid from the assertion, not from the From header', () => {
      expect(kitSipCaller('ceo', 'The CEO', '<sip:mallory@kit.test>')).toEqual({
        uid: 'mallory',
        name: 'The CEO (mallory)',
      });
    });

    it('should unescape a quoted asserted name and keep an unquoted one', () => {
      expect(
        kitSipCaller('ada', 'x', '"Ada \\"Countess\\" Lovelace\\\\: Maths" <sip:ada@kit.test>')
          .name,
      ).toBe('Ada "Countess" Lovelace\\: Maths');
      expect(kitSipCaller('ada', 'x', 'Ada Lovelace <sips:ada@kit.test;transport=ws>')).toEqual({
        uid: 'ada',
        name: 'Ada Lovelace',
      });
    });

    it("should keep the From header's name and user when no identity is asserted", () => {
      expect(kitSipCaller('ada', ' Ada Lovelace ', undefined)).toEqual({
        uid: 'ada',
        name: 'Ada Lovelace',
      });
      expect(kitSipCaller('ada', null, null)).toEqual({uid: 'ada', name: 'ada'});
      // Something that is no SIP identity is no assertion.
      expect(kitSipCaller('ada', 'Ada', 'tel:+15551234')).toEqual({uid: 'ada', name: 'Ada'});
    });
  });

  describe('KitSipCallsSdk', () => {
    let sdk: KitSipCallsSdk;
    let received: KitCall[];

    beforeEach(async () => {
      received = [];
      sdk = new KitSipCallsSdk({server: 'ws://127.0.0.1:5080', uri: 'sip:grace@kit.test'});
      sdk.addCallListener('caller', {onIncomingCallReceived: call => received.push(call)});
      await settle();
    });

    afterEach(() => sdk.dispose());

    async function ringFrom(displayName: string, user: string, asserted?: string): Promise<void> {
      const session = new FakeSession({display_name: displayName, uri: {user}});
      const headers: Record<string, string> = asserted ? {'P-Asserted-Identity': asserted} : {};
      FakeUA.last.emit('newRTCSession', {
        originator: 'remote',
        session,
        request: {body: INVITE_AUDIO, getHeader: (name: string) => headers[name]},
      });
      await settle();
    }

    it("should report the asserted caller, on the call's initiator and sender", async () => {
      await ringFrom('IT Support', 'mallory', '"Mallory Smith" <sip:mallory@kit.test>');
      expect(received[0].callInitiator).toEqual({uid: 'mallory', name: 'Mallory Smith'});
      expect(received[0].sender).toEqual({uid: 'mallory', name: 'Mallory Smith'});
    });

    it('should report a caller asserted by uid only with the uid beside the claimed name', async () => {
      await ringFrom('IT Support', 'mallory', '<sip:mallory@kit.test>');
      expect(received[0].callInitiator).toEqual({uid: 'mallory', name: 'IT Support (mallory)'});
    });

    it("should report the From header's caller through a proxy that asserts nothing", async () => {
      await ringFrom('Ada Lovelace', 'ada');
      expect(received[0].callInitiator).toEqual({uid: 'ada', name: 'Ada Lovelace'});
    });
  });
});
