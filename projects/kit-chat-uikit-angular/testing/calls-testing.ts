import {
  ApplicationRef,
  EnvironmentProviders,
  Injectable,
  inject,
  makeEnvironmentProviders,
} from '@angular/core';
import {
  KitAudioPlayer,
  KitCallsFeature,
  KitCallsSdk,
  KitUIKitConfig,
  KitUser,
  provideKitUIKit,
} from 'kit-chat-uikit-angular';
import {
  KitInMemoryCallsSdk,
  kitInMemoryCallsSdk,
  KitInMemoryFarSide,
  KitInMemorySwitchboard,
} from 'kit-chat-uikit-angular/in-memory';
import {KitFakeAudioPlayer} from './fake-audio-player';

/** Options of `provideKitCallsTesting`. */
export interface KitCallsTestingOptions {
  /** The user logged in on the app's device; `null` for nobody. Default: "Me" (`uid: 'me'`). */
  user?: KitUser | null;
  /** Latency of the switchboard in ms (default 0). */
  latency?: number;
  /** The rest of the kit's configuration: `autoRing`, `overlay`, `closeDelay`, `onError`... */
  config?: Omit<KitUIKitConfig, 'callsSdk'>;
  /** Features, as after the config of `provideKitUIKit`: `withCallWaiting()`, `withHiddenTabNotifications()`. */
  features?: KitCallsFeature[];
}

/** The default user of `provideKitCallsTesting`. */
export const KIT_TESTING_ME: KitUser = {uid: 'me', name: 'Me'};

/**
 * Provides the call screens for a unit test: the in-memory SDK logged in as `options.user`, and a fake audio
 * player. Inject `KitCallsTestingController` to drive the far side.
 *
 * ```ts
 * TestBed.configureTestingModule({providers: [provideKitCallsTesting()]});
 * const calls = TestBed.inject(KitCallsTestingController);
 * await calls.farSide.ring({uid: 'ada', name: 'Ada'}, calls.me);
 * ```
 * @param options The user and the latency.
 * @returns The providers.
 */
export function provideKitCallsTesting(options: KitCallsTestingOptions = {}): EnvironmentProviders {
  const user = options.user === undefined ? KIT_TESTING_ME : options.user;
  return makeEnvironmentProviders([
    provideKitUIKit(
      {
        closeDelay: 0,
        ...options.config,
        callsSdk: () => {
          inject(KitInMemorySwitchboard).latency = options.latency ?? 0;
          return kitInMemoryCallsSdk(user)();
        },
      },
      ...(options.features ?? []),
    ),
    KitFakeAudioPlayer,
    {provide: KitAudioPlayer, useExisting: KitFakeAudioPlayer},
  ]);
}

/** Drives the far side of calls in a test that uses `provideKitCallsTesting`. */
@Injectable({providedIn: 'root'})
export class KitCallsTestingController {
  /** The app's switchboard. */
  readonly switchboard = inject(KitInMemorySwitchboard);
  /** The app's SDK (the device of the logged-in user). */
  readonly sdk = inject(KitCallsSdk) as KitInMemoryCallsSdk;
  /** The fake audio player: which sounds play. */
  readonly audio = inject(KitFakeAudioPlayer);
  private readonly _appRef = inject(ApplicationRef);

  /** The far side: ring, accept, reject, cancel, busy, end, faults. */
  get farSide(): KitInMemoryFarSide {
    return this.switchboard.control;
  }

  /** The user logged in on the app's device. */
  get me(): KitUser {
    const user = this.sdk.getLoggedInUser();
    if (!user) {
      throw new Error('KitCallsTestingController: nobody is logged in.');
    }
    return user;
  }

  /**
   * Lets the switchboard deliver what is under way and Angular render it: `rounds` times, it waits one switchboard
   * delay (`latency`, on a real timer) and then until the app is stable. Two rounds cover an answer of the SDK and
   * what the screens do with it (the ongoing screen after accept, a screen that closes after reject or end).
   *
   * Needs real timers. Under Jest's fake timers it throws at once rather than hang: advance the clock instead,
   * e.g. `await jest.advanceTimersByTimeAsync(latency + 1)`; the harnesses work under fake timers too.
   * @param rounds How many switchboard delays to wait (default 2).
   * @returns A promise that resolves once the app is stable after the last round.
   */
  async settle(rounds = 2): Promise<void> {
    if (timersAreFake()) {
      throw new Error(
        'KitCallsTestingController.settle() needs real timers; with fake timers, advance them ' +
          '(e.g. await jest.advanceTimersByTimeAsync(latency + 1)) instead.',
      );
    }
    for (let round = 0; round < rounds; round++) {
      await new Promise<void>(resolve => setTimeout(resolve, this.switchboard.latency));
      await this._appRef.whenStable();
    }
  }
}

/** Whether `setTimeout` is replaced by fake timers (Jest's modern or legacy ones, or @sinonjs/fake-timers). */
function timersAreFake(): boolean {
  const timeout = setTimeout as unknown as {clock?: unknown; _isMockFunction?: boolean};
  return !!timeout.clock || timeout._isMockFunction === true;
}
