import {KitUser} from 'kit-chat-uikit-angular';
import {
  KitCallsSdkConformanceDriver,
  runKitCallsSdkConformance,
} from 'kit-chat-uikit-angular/testing';
import {KitInMemoryCallsSdk} from './in-memory-calls-sdk';
import {kitInMemoryGroupCalls} from './in-memory-group-calls';
import {KitInMemoryMediaCallsSdk} from './in-memory-media-calls-sdk';
import {KitInMemorySwitchboard} from './in-memory-switchboard';

const ME: KitUser = {uid: 'me', name: 'Me'};
const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};

const quietly = (move: Promise<unknown>) => move.then(() => undefined);

/** The switchboard's far side plays Ada. */
function driverOf(sdk: KitInMemoryCallsSdk): KitCallsSdkConformanceDriver {
  const farSide = sdk.switchboard.control;
  return {
    me: ME,
    peer: ADA,
    ringMe: type => quietly(farSide.ring(ADA, ME, type)),
    cancel: sessionId => quietly(farSide.cancel(sessionId)),
    accept: sessionId => quietly(farSide.accept(sessionId)),
    reject: sessionId => quietly(farSide.reject(sessionId)),
    hangUp: sessionId => quietly(farSide.end(sessionId)),
    hold: async (sessionId, on) => farSide.hold(sessionId, on),
    dispose: () => {
      sdk.dispose();
      sdk.switchboard.ngOnDestroy();
    },
  };
}

// The embedded SDKs are held to the same contract as an app's own adapter. The one with media keeps the contract of
// the one without (jsdom has no media: it goes without quietly), and its device switch rejects for an unknown session.
for (const Sdk of [KitInMemoryCallsSdk, KitInMemoryMediaCallsSdk]) {
  runKitCallsSdkConformance(() => new Sdk(new KitInMemorySwitchboard(), ME), driverOf, {
    name: `${Sdk.name} against the KitCallsSdk conformance suite`,
  });
}

// With its calls of several people turned on, the in-memory SDK also holds to the port's group part: the suite's
// group checks run against it (Alan and Katherine join Ada as the people rung).
const PEOPLE: KitUser[] = [
  ADA,
  {uid: 'alan', name: 'Alan Turing'},
  {uid: 'katherine', name: 'Katherine Johnson'},
];
runKitCallsSdkConformance(
  () => new KitInMemoryCallsSdk(new KitInMemorySwitchboard(), ME),
  sdk => {
    const team = kitInMemoryGroupCalls(sdk.switchboard);
    return {
      ...driverOf(sdk),
      group: {
        people: PEOPLE,
        accept: (sessionId, user) => quietly(team.accept(sessionId, user.uid)),
        reject: (sessionId, user) => quietly(team.reject(sessionId, user.uid)),
        leave: (sessionId, user) => quietly(team.leave(sessionId, user.uid)),
      },
    };
  },
  {
    name: 'KitInMemoryCallsSdk with kitInMemoryGroupCalls() against the conformance suite, group checks included',
  },
);
