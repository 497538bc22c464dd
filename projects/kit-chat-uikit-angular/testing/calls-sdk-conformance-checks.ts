import {
  KitCallMediaSource,
  KitCallsSdk,
  KitCallsSdkLifecycle,
  KitException,
  KitPhoneCallsSdk,
  kitCaller,
  kitReceiver,
} from 'kit-chat-uikit-angular';
import {
  Probe,
  Seen,
  delay,
  describeError,
  expectSame,
  expectWholeCall,
} from './calls-sdk-conformance-probe';

/** A check of the suite. */
export interface Check {
  name: string;
  run(probe: Probe): Promise<void>;
}

/** The checks of the suite, each run on a fresh adapter and driver. */
export const CHECKS: Check[] = [
  {
    name: 'getLoggedInUser() returns the logged-in user, with a uid and a name',
    async run({sdk, driver}) {
      const user = sdk.getLoggedInUser();
      expectSame(user?.uid, driver.me.uid, 'getLoggedInUser().uid');
      if (!user?.name) {
        throw new Error('getLoggedInUser() has no name');
      }
    },
  },
  {
    name: 'initiateCall() resolves with the call: a session id, the type, me as the caller, the peer as the callee',
    async run(probe) {
      const call = await probe.callPeer('video');
      expectWholeCall(call, 'initiateCall()');
      expectSame(call.type, 'video', 'initiateCall().type');
      expectSame(kitCaller(call).uid, probe.driver.me.uid, 'the caller');
      expectSame(kitReceiver(call).uid, probe.driver.peer.uid, 'the callee');
      probe.checkAsynchronous();
    },
  },
  {
    name: 'two calls get two session ids',
    async run(probe) {
      const first = await probe.callPeer();
      await probe.succeed('rejectCall(cancelled)', () =>
        probe.sdk.rejectCall(first.sessionId, 'cancelled'),
      );
      const second = await probe.callPeer();
      if (first.sessionId === second.sessionId) {
        throw new Error(`both calls have the session id "${first.sessionId}"`);
      }
    },
  },
  {
    name: 'a ring arrives through onIncomingCallReceived as a whole call for me',
    async run(probe) {
      const call = await probe.ringMe('video');
      expectWholeCall(call, 'onIncomingCallReceived');
      expectSame(kitReceiver(call).uid, probe.driver.me.uid, 'the callee of the ring');
      expectSame(kitCaller(call).uid, probe.driver.peer.uid, 'the caller of the ring');
      expectSame(call.type, 'video', 'the type of the ring');
    },
  },
  {
    name: 'acceptCall() answers a ring with the same session id, and no listener runs inside it',
    async run(probe) {
      const ring = await probe.ringMe();
      const accepted = await probe.succeed('acceptCall', () =>
        probe.sdk.acceptCall(ring.sessionId),
      );
      expectSame(accepted?.sessionId, ring.sessionId, 'acceptCall().sessionId');
      probe.checkAsynchronous();
    },
  },
  {
    name: 'rejectCall(id, "rejected") declines a ring',
    async run(probe) {
      const ring = await probe.ringMe();
      const rejected = await probe.succeed('rejectCall(rejected)', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      expectSame(rejected?.sessionId, ring.sessionId, 'rejectCall().sessionId');
    },
  },
  {
    name: 'rejectCall(id, "busy") answers a ring busy',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('rejectCall(busy)', () => probe.sdk.rejectCall(ring.sessionId, 'busy'));
    },
  },
  {
    name: 'the caller’s cancel arrives through onIncomingCallCancelled, after the ring',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.driver.cancel(ring.sessionId);
      const cancelled = await probe.next('onIncomingCallCancelled', ring.sessionId);
      const order = probe.seen.indexOf(cancelled) > probe.seen.findIndex(e => e.call === ring);
      if (!order) {
        throw new Error('onIncomingCallCancelled came before the ring it cancels');
      }
    },
  },
  {
    name: 'the callee’s accept arrives through onOutgoingCallAccepted for the session initiateCall gave',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
    },
  },
  {
    name: 'the callee’s decline arrives through onOutgoingCallRejected (status rejected, busy or unanswered)',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.reject(call.sessionId);
      const {call: rejected} = await probe.next('onOutgoingCallRejected', call.sessionId);
      if (!['rejected', 'busy', 'unanswered'].includes(String(rejected.status))) {
        throw new Error(`onOutgoingCallRejected with status "${rejected.status}"`);
      }
    },
  },
  {
    name: 'rejectCall(id, "cancelled") withdraws my ringing call',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.succeed('rejectCall(cancelled)', () =>
        probe.sdk.rejectCall(call.sessionId, 'cancelled'),
      );
    },
  },
  {
    name: 'the peer’s hang-up arrives through onCallEnded, after the accept',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('acceptCall', () => probe.sdk.acceptCall(ring.sessionId));
      await probe.driver.hangUp(ring.sessionId);
      await probe.next('onCallEnded', ring.sessionId);
    },
  },
  {
    name: 'endCall() hangs up an ongoing call and settles',
    async run(probe) {
      const call = await probe.callPeer();
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
      await probe.succeed('endCall', () => probe.sdk.endCall(call.sessionId));
      probe.checkAsynchronous();
    },
  },
  {
    name: 'a second decision on the same call settles (duplicates are tolerated), never throws or hangs',
    async run(probe) {
      const ring = await probe.ringMe();
      await probe.succeed('rejectCall(rejected)', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      await probe.act('a second rejectCall', () =>
        probe.sdk.rejectCall(ring.sessionId, 'rejected'),
      );
      await probe.act('acceptCall after the decline', () => probe.sdk.acceptCall(ring.sessionId));
    },
  },
  {
    name: 'every action on an unknown session rejects, with a KitException (selectInputDevice, setLocalMedia, sendDigits, hold, unhold and transfer too, if any)',
    async run(probe) {
      const actions: [string, () => Promise<unknown>][] = [
        ['acceptCall', () => probe.sdk.acceptCall('kit-conformance-unknown')],
        ['rejectCall', () => probe.sdk.rejectCall('kit-conformance-unknown', 'rejected')],
        ['endCall', () => probe.sdk.endCall('kit-conformance-unknown')],
      ];
      // The optional device switch of the media port, when the adapter has it.
      const media = probe.sdk as typeof probe.sdk & KitCallMediaSource;
      if (typeof media.selectInputDevice === 'function') {
        actions.push([
          'selectInputDevice',
          () => media.selectInputDevice!('kit-conformance-unknown', 'audioinput', 'default'),
        ]);
      }
      // And the phone part's, when the adapter has them.
      const phone = probe.sdk as typeof probe.sdk & KitPhoneCallsSdk;
      if (typeof phone.setLocalMedia === 'function') {
        actions.push([
          'setLocalMedia',
          () => phone.setLocalMedia!('kit-conformance-unknown', true, true),
        ]);
      }
      if (typeof phone.sendDigits === 'function') {
        actions.push(['sendDigits', () => phone.sendDigits!('kit-conformance-unknown', '1')]);
      }
      for (const name of ['hold', 'unhold'] as const) {
        if (typeof phone[name] === 'function') {
          actions.push([name, () => phone[name]!('kit-conformance-unknown')]);
        }
      }
      if (typeof phone.transfer === 'function') {
        const to = probe.driver.peer;
        actions.push(['transfer', () => phone.transfer!('kit-conformance-unknown', to)]);
      }
      for (const [what, action] of actions) {
        const result = await probe.act(`${what} of an unknown session`, action);
        if (result.ok) {
          throw new Error(`${what} of an unknown session resolved`);
        }
        if (!(result.error instanceof KitException)) {
          throw new Error(
            `${what} of an unknown session rejected with ${describeError(result.error)}, not a KitException`,
          );
        }
      }
    },
  },
  {
    name: 'setLocalMedia() and sendDigits(), where the adapter has them, settle on an ongoing call; the same media twice too',
    async run(probe) {
      const phone = probe.sdk as typeof probe.sdk & KitPhoneCallsSdk;
      if (!phone.setLocalMedia && !phone.sendDigits) {
        return;
      }
      const call = await probe.callPeer('video');
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
      if (phone.setLocalMedia) {
        for (const [audio, video] of [
          [false, false],
          [false, false],
          [true, true],
        ]) {
          await probe.succeed(`setLocalMedia(${audio}, ${video})`, () =>
            phone.setLocalMedia!(call.sessionId, audio, video),
          );
        }
      }
      if (phone.sendDigits) {
        await probe.succeed('sendDigits("1#")', () => phone.sendDigits!(call.sessionId, '1#'));
        const wrong = await probe.act('sendDigits("x")', () =>
          phone.sendDigits!(call.sessionId, 'x'),
        );
        if (wrong.ok || !(wrong.error instanceof KitException)) {
          throw new Error(
            'sendDigits of a character that is no digit did not reject with a KitException',
          );
        }
      }
      probe.checkAsynchronous();
    },
  },
  {
    name: 'hold() and unhold(), where the adapter has them, settle on an ongoing call and reject once it ended; the far side holding is heard as onCallHeld / onCallResumed',
    async run(probe) {
      const phone = probe.sdk as typeof probe.sdk & KitPhoneCallsSdk;
      const holds = !!phone.hold && !!phone.unhold;
      if (!holds && !probe.driver.hold) {
        return;
      }
      const call = await probe.callPeer('audio');
      await probe.driver.accept(call.sessionId);
      await probe.next('onOutgoingCallAccepted', call.sessionId);
      if (holds) {
        await probe.succeed('hold()', () => phone.hold!(call.sessionId));
        await probe.succeed('unhold()', () => phone.unhold!(call.sessionId));
      }
      if (probe.driver.hold) {
        await probe.driver.hold(call.sessionId, true);
        await probe.next('onCallHeld', call.sessionId);
        await probe.driver.hold(call.sessionId, false);
        await probe.next('onCallResumed', call.sessionId);
      }
      await probe.driver.hangUp(call.sessionId);
      await probe.next('onCallEnded', call.sessionId);
      if (holds) {
        const late = await probe.act('hold() of an ended call', () => phone.hold!(call.sessionId));
        if (late.ok || !(late.error instanceof KitException)) {
          throw new Error('hold() of an ended call did not reject with a KitException');
        }
      }
      probe.checkAsynchronous();
    },
  },
  {
    name: 'addCallListener with the same id replaces the listener; removeCallListener stops it',
    async run(probe) {
      const again: Seen[] = [];
      probe.sdk.addCallListener('kit-conformance-2', probe.listener(again));
      probe.sdk.addCallListener('kit-conformance-2', probe.listener(again));
      const ring = await probe.ringMe();
      await delay(50);
      const rings = again.filter(entry => entry.method === 'onIncomingCallReceived');
      expectSame(rings.length, 1, 'rings heard by one listener id registered twice');
      probe.sdk.removeCallListener('kit-conformance-2');
      probe.sdk.removeCallListener('kit-conformance-never-added');
      await probe.driver.cancel(ring.sessionId);
      await probe.next('onIncomingCallCancelled', ring.sessionId);
      await delay(50);
      if (again.some(entry => entry.method === 'onIncomingCallCancelled')) {
        throw new Error('a removed listener was still called');
      }
    },
  },
  {
    name: 'resume(), where the adapter has it, settles, and a ring still arrives after it',
    async run(probe) {
      const sdk = probe.sdk as KitCallsSdk & KitCallsSdkLifecycle;
      if (sdk.resume) {
        const timeout = delay(5000).then(() => {
          throw new Error('resume() did not settle within 5 s');
        });
        await Promise.race([Promise.resolve().then(() => sdk.resume?.()), timeout]);
        const registration = sdk.getRegistration?.();
        if (registration && typeof registration.registered !== 'boolean') {
          throw new Error('getRegistration().registered is not a boolean');
        }
      }
      const call = await probe.ringMe('audio');
      expectWholeCall(call, 'onIncomingCallReceived after resume()');
    },
  },
];
