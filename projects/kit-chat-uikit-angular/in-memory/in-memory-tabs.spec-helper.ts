import {KitCall, KitCallListener, KitGroup, KitUser} from 'kit-chat-uikit-angular';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {kitInMemoryGroupCalls} from './in-memory-group-calls';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

/** The browser's BroadcastChannel, in-process: a message reaches every other channel of the same name, later. */
export class FakeBroadcastChannel {
  static readonly open = new Set<FakeBroadcastChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    const copy = JSON.parse(JSON.stringify(data));
    for (const channel of FakeBroadcastChannel.open) {
      if (channel !== this && channel.name === this.name) {
        setTimeout(() => channel.onmessage?.({data: copy} as MessageEvent));
      }
    }
  }

  close(): void {
    FakeBroadcastChannel.open.delete(this);
  }
}

/**
 * Tabs of one test talk over the fake channel, on fake timers: call in a `describe`.
 */
export function useFakeTabs(): void {
  const original = (globalThis as {BroadcastChannel?: unknown}).BroadcastChannel;
  beforeEach(() => {
    jest.useFakeTimers();
    (globalThis as {BroadcastChannel?: unknown}).BroadcastChannel = FakeBroadcastChannel;
  });
  afterEach(() => {
    FakeBroadcastChannel.open.forEach(channel => channel.close());
    (globalThis as {BroadcastChannel?: unknown}).BroadcastChannel = original;
    jest.useRealTimers();
  });
}

/** A video call from one user to several, with its callees `invited`, to a group or none. */
export function groupCall(from: KitUser, to: KitUser[], group: KitGroup | null = null): KitCall {
  return {
    sessionId: '',
    type: 'video',
    sender: from,
    callInitiator: from,
    receiver: to[0],
    callReceiver: to[0],
    participants: to.map(user => ({user, status: 'invited'})),
    group,
  };
}

/** "ada:joined bob:ringing …": where everyone stands in a call with several people. */
export function standing(call: KitCall | undefined): string {
  return (call?.participants ?? []).map(({user, status}) => `${user.uid}:${status}`).join(' ');
}

/**
 * A tab of the app: its own switchboard connected to the others over the (fake) channel, and one device of a user
 * whose news are written down in `seen` (made by `device`, a `KitInMemoryCallsSdk` unless told); `groupCalls` turns
 * group calls on in it.
 */
export function tab<Sdk extends KitInMemoryCallsSdk = KitInMemoryCallsSdk>(
  user: KitUser,
  groupCalls = false,
  device: (switchboard: KitInMemorySwitchboard, user: KitUser) => Sdk = (board, who) =>
    new KitInMemoryCallsSdk(board, who) as Sdk,
): {
  sdk: Sdk;
  seen: string[];
  switchboard: KitInMemorySwitchboard;
  close: () => void;
} {
  const switchboard = new KitInMemorySwitchboard();
  if (groupCalls) {
    kitInMemoryGroupCalls(switchboard);
  }
  // Every fake tab shares the test's one window: keep this tab's own pagehide listener, to close this tab only.
  const listen = jest.spyOn(window, 'addEventListener');
  switchboard.connectTabs('test-calls');
  const pagehide = listen.mock.calls.find(([type]) => type === 'pagehide')?.[1] as
    ((event: Event) => void) | undefined;
  listen.mockRestore();
  if (pagehide) {
    window.removeEventListener('pagehide', pagehide);
  }
  const close = () => {
    pagehide?.(new Event('pagehide'));
    switchboard.ngOnDestroy();
  };
  const sdk = device(switchboard, user);
  const seen: string[] = [];
  const listener: KitCallListener = {
    onIncomingCallReceived: call => seen.push(`ring from ${call.callInitiator.uid}`),
    onIncomingCallCancelled: call => seen.push(`stop ${call.status}`),
    onOutgoingCallAccepted: () => seen.push('accepted'),
    onOutgoingCallRejected: call => seen.push(`rejected ${call.status}`),
    onCallEnded: () => seen.push('ended'),
    onCallHeld: () => seen.push('held'),
    onCallResumed: () => seen.push('resumed'),
    onParticipantsChanged: call => seen.push(`people ${standing(call)}`),
  };
  sdk.addCallListener('test', listener);
  return {sdk, seen, switchboard, close};
}
