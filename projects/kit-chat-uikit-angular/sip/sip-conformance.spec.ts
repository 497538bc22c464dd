import {EnvironmentInjector, createEnvironmentInjector, runInInjectionContext} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitUser} from 'kit-chat-uikit-angular';
import {runKitCallsSdkConformance} from 'kit-chat-uikit-angular/testing';
import {KitSipCallsSdk} from './sip-calls-sdk';
import {kitSipCallsSdk} from './sip-calls-sdk-factory';
import * as fake from './sip-fakes.spec-helper';

jest.mock('jssip', () => ({
  UA: jest.fn((config: Record<string, unknown>) => new ProxiedUA(config)),
  WebSocketInterface: jest.fn((url: string) => ({url})),
}));
// The group calls' room on the SFU: joined at once, as a Janus that answers.
jest.mock('./janus-room-factory', () => ({
  kitJanusRoom: jest.fn(async () => ({id: '1', setCamera: async () => {}, leave: async () => {}})),
}));

const GRACE: KitUser = {uid: 'grace', name: 'Grace Hopper'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
const PEOPLE: KitUser[] = [
  ADA,
  {uid: 'alan', name: 'Alan Turing'},
  {uid: 'katherine', name: 'Katherine Johnson'},
];
/** The room the proxy writes on a group call's INVITE and its replies (Kamailio's route[GROUP_LEG]). */
const ROOM = `group-${'a1'.repeat(12)};token=${'t'.repeat(32)};janus=${btoa('1,janus,plugin:sig')};sfu=0`;
/** A response of a rung person's device, with the proxy's room header. */
const response = (statusCode: number) => ({
  status_code: statusCode,
  getHeader: (name: string) => (name === 'X-Kit-Room' ? ROOM : undefined),
});

/** Later, as a message over the WebSocket arrives: never inside the adapter's call into JsSIP. */
const later = (what: () => void) => setTimeout(what);

/** An INVITE from Ada whose answer goes out by itself once the adapter answers, as JsSIP sends it after ICE. */
class RingingSession extends fake.FakeSession {
  override answer(): void {
    super.answer();
    later(() => {
      this.emit('accepted', {originator: 'local'}); // The 200 OK went out.
      this.emit('confirmed', {originator: 'remote'}); // Ada's ACK.
    });
  }
}

/** A user agent whose INVITEs go out by themselves once the adapter placed them, as JsSIP sends them after ICE. */
class ProxiedUA extends fake.FakeUA {
  override call(
    target: string,
    options: {eventHandlers: {peerconnection: fake.Handler}},
  ): fake.FakeSession {
    const session = super.call(target, options);
    later(() => session.emit('sending', {}));
    return session;
  }
}

/** What each check's adapter came with: the user agent that plays the proxy, and the injector that owns it. */
const worlds = new WeakMap<KitSipCallsSdk, {ua: fake.FakeUA; injector: EnvironmentInjector}>();

beforeEach(() => fake.installFakeMedia(jest.fn(fake.fakeCapture([]))));

// The SIP adapter is held to the contract of an app's own adapter; JsSIP is faked, and the driver plays Ada's side
// by making the fake emit what JsSIP emits when the proxy relays her INVITE, 200, 603, CANCEL or BYE.
function conformance(sfu: boolean): void {
  runKitCallsSdkConformance(
    async () => {
      const before = fake.FakeUA.last;
      // The factory that apps give `provideKitUIKit`, in an injector like the app's.
      const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
      const sdk = runInInjectionContext(
        injector,
        kitSipCallsSdk({
          server: 'ws://127.0.0.1:5080',
          uri: 'sip:grace@kit.test',
          displayName: 'Grace Hopper',
          resumeTimeout: 50, // The fake proxy never answers the probe of resume().
          ...(sfu ? {sfu: {url: 'ws://127.0.0.1:8188'}} : {}),
        }),
      );
      // JsSIP loads (a dynamic import), then the user agent starts, connects and registers.
      while (fake.FakeUA.last === before) {
        await fake.settle();
      }
      const ua = fake.FakeUA.last;
      ua.emit('connected', {});
      ua.emit('registered', {});
      worlds.set(sdk, {ua, injector});
      return sdk;
    },
    sdk => {
      const {ua, injector} = worlds.get(sdk)!;
      const rung = new Map<string, fake.FakeSession>();
      /** The JsSIP session of a call, incoming or placed. */
      const session = (sessionId: string): fake.FakeSession => {
        const found =
          rung.get(sessionId) ?? ua.placed.find(placed => placed.session.id === sessionId)?.session;
        if (!found) {
          throw new Error(`the fake proxy knows no session "${sessionId}"`);
        }
        return found;
      };
      return {
        me: GRACE,
        peer: ADA,
        ringMe: async type => {
          const ringing = new RingingSession();
          rung.set(ringing.id, ringing);
          const body = type === 'video' ? fake.INVITE_VIDEO : fake.INVITE_AUDIO;
          ua.emit('newRTCSession', {originator: 'remote', session: ringing, request: {body}});
        },
        cancel: async sessionId =>
          session(sessionId).emit('failed', {
            originator: 'remote',
            cause: 'Canceled',
            message: fake.message(0),
          }),
        accept: async sessionId => {
          const placed = session(sessionId);
          placed.emit('progress', {originator: 'remote', response: {status_code: 180}});
          placed.emit('accepted', {originator: 'remote'});
          placed.emit('confirmed', {originator: 'local'});
          placed.answersReinvites = true;
        },
        reject: async sessionId => {
          const placed = session(sessionId);
          placed.emit('progress', {originator: 'remote', response: {status_code: 180}});
          placed.emit('failed', {
            originator: 'remote',
            cause: 'Rejected',
            message: fake.message(603),
          });
        },
        hangUp: async sessionId =>
          session(sessionId).emit('ended', {originator: 'remote', cause: 'Terminated'}),
        // Ada's re-INVITE with sendonly (then sendrecv), as JsSIP tells it.
        hold: async (sessionId, on) =>
          session(sessionId).emit(on ? 'hold' : 'unhold', {originator: 'remote'}),
        // Logging out destroys the injector, which disposes the adapter.
        dispose: () => injector.destroy(),
        group: sfu ? group(ua) : undefined,
      };
    },
    {
      name: sfu
        ? 'KitSipCallsSdk with sfu (group calls) against the conformance suite, group checks included'
        : 'KitSipCallsSdk against the KitCallsSdk conformance suite',
    },
  );
}

/** The people of a group call, as the fake proxy relays their devices' answers to each one's INVITE. */
function group(ua: fake.FakeUA) {
  const leg = (sessionId: string, user: KitUser) => {
    const placed = [...ua.placed]
      .reverse()
      .find(
        each =>
          each.target.startsWith(`sip:${user.uid}@`) &&
          (each.options['extraHeaders'] as string[] | undefined)?.includes(
            `X-Kit-Group: ${sessionId}`,
          ),
      );
    if (!placed) {
      throw new Error(`nobody rang ${user.uid} in "${sessionId}"`);
    }
    return placed.session;
  };
  return {
    people: PEOPLE,
    accept: async (sessionId: string, user: KitUser) => {
      const session = leg(sessionId, user);
      session.emit('progress', {originator: 'remote', response: response(180)});
      session.emit('accepted', {originator: 'remote', response: response(200)});
      session.emit('confirmed', {originator: 'local'});
    },
    reject: async (sessionId: string, user: KitUser) => {
      const session = leg(sessionId, user);
      session.emit('progress', {originator: 'remote', response: response(180)});
      session.emit('failed', {originator: 'remote', cause: 'Rejected', message: fake.message(603)});
    },
    leave: async (sessionId: string, user: KitUser) =>
      leg(sessionId, user).emit('ended', {originator: 'remote', cause: 'Terminated'}),
  };
}

conformance(false);
conformance(true);
