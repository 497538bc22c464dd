import {inject, provideEnvironmentInitializer} from '@angular/core';
import {KitUser, provideKitUIKit} from 'kit-chat-uikit-angular';
import {KitGroupCalls, withGroupCalls} from 'kit-chat-uikit-angular/group';
import {
  KitInMemorySwitchboard,
  kitInMemoryGroupCalls,
  kitInMemoryMediaCallsSdk,
} from 'kit-chat-uikit-angular/in-memory';
import {BENCH_PANEL, benchHooks} from './hooks';
import {BenchKitPanel} from './kit-panel';

/** The user of this tab: `?user=p3` is "Person 3" (the benchmark opens six tabs, p1 to p6). */
const uid = new URLSearchParams(globalThis.location?.search ?? '').get('user') ?? 'p1';
const ME: KitUser = {uid, name: `Person ${uid.replace(/^p/, '')}`};

/**
 * The `with-mesh` build (replaces `kit.ts`), for the figure of a six-tab mesh call only (no size is measured): the
 * `with-group` app on the in-memory SDK with media (`kitInMemoryMediaCallsSdk`), its tabs sharing calls over a
 * BroadcastChannel, so that a group call of six tabs sends each tab's camera and microphone to the five others.
 */
export const KIT_PROVIDERS = [
  provideKitUIKit(
    {callsSdk: kitInMemoryMediaCallsSdk(ME, {mesh: true}), closeDelay: 0},
    withGroupCalls(),
  ),
  {provide: BENCH_PANEL, useValue: BenchKitPanel},
  provideEnvironmentInitializer(() => {
    const switchboard = inject(KitInMemorySwitchboard);
    const team = kitInMemoryGroupCalls(switchboard);
    switchboard.connectTabs('kit-bench-mesh');
    Object.assign(benchHooks(), {groupCalls: inject(KitGroupCalls), team, switchboard, me: ME});
  }),
];
