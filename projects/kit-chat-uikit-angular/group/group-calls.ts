import {Injectable, inject} from '@angular/core';
import {
  KIT_UIKIT_CONFIG,
  KitCall,
  KitCallOverlay,
  KitCallOverlayConfig,
  KitCallOverlayRef,
  KitCallType,
  KitCallsSdk,
  KitErrorCodes,
  KitException,
  KitGroup,
  KitGroupCallsSdk,
  KitOutgoingCallComponent,
  KitUser,
  _KitCallRegistry,
} from 'kit-chat-uikit-angular';

/** Whom a call with several people rings: people, and the group it is placed to, if any. */
export interface KitGroupCallTarget {
  /** The people to ring (the logged-in user, if listed, is left out). */
  readonly people: readonly KitUser[];
  /** The group the call is placed to (a chat group, a team). */
  readonly group?: KitGroup | null;
}

/** The port's group methods the actions call. */
type GroupMethod = 'initiateCall' | 'inviteToCall' | 'joinCall' | 'leaveCall';

const DEV = typeof ngDevMode === 'undefined' || ngDevMode;

/**
 * The actions of calls with several people (`withGroupCalls()`): ring several people or a group, add people to a
 * live call, leave it, join one that goes on. Each needs an adapter with `groupCalls` (`KitGroupCallsSdk`);
 * otherwise, and whenever the SDK refuses, the app's `onError` hears a `KitException` and the action resolves
 * `null` or `false`: nothing is ever thrown into the app.
 *
 * ```ts
 * inject(KitGroupCalls).startCall({people: team.members, group: team}, 'video');
 * ```
 */
@Injectable({providedIn: 'root'})
export class KitGroupCalls {
  readonly #registry = inject(_KitCallRegistry);
  readonly #overlay = inject(KitCallOverlay);
  readonly #config = inject(KIT_UIKIT_CONFIG);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as (KitCallsSdk & KitGroupCallsSdk) | null;

  /** Whether the adapter can place and carry calls with several people: offer group actions only then. */
  get available(): boolean {
    return !!this.#sdk?.groupCalls;
  }

  /**
   * Rings several people (or a group) at once: the outgoing screen opens at once; the call connects when the
   * first person joins, and the others ring on until they answer.
   * @param to The people, and the group.
   * @param type `'audio'` or `'video'`.
   * @param config Options merged over the defaults.
   * @returns The overlay's reference once the SDK registered the call, or `null` (the reason went to `onError`,
   *   or is on the screen: "Call failed").
   */
  async startCall(
    to: KitGroupCallTarget,
    type: KitCallType = 'audio',
    config?: KitCallOverlayConfig,
  ): Promise<KitCallOverlayRef<KitOutgoingCallComponent> | null> {
    const me = this.#registry.me();
    if (!this.#can('initiateCall') || this.#failed(me)) {
      return null;
    }
    const people = [...new Map(to.people.map(user => [user.uid, user])).values()].filter(
      user => user.uid !== me.uid,
    );
    const live = new Set(this.#registry.sessions);
    const session = people.length
      ? this.#registry.placeCall(people[0], type)
      : new KitException(
          KitErrorCodes.INVALID_CALL,
          DEV ? 'A call with several people needs someone to call besides the logged-in user.' : '',
          to,
        );
    if (this.#failed(session)) {
      return null;
    }
    if (live.has(session)) {
      // A call to the first of them is on its way already: not two calls, and not that one hijacked.
      this.#report(
        new KitException(
          KitErrorCodes.INVALID_CALL,
          DEV ? `A call to "${people[0].uid}" is already live.` : '',
          to,
        ),
      );
      return null;
    }
    // The draft carries everyone before initiateCall leaves: the caller joined, each callee invited.
    session._set({
      call: {
        ...session.state.call,
        participants: [
          {user: me, status: 'joined'},
          ...people.map(user => ({user, status: 'invited' as const})),
        ],
        group: to.group ?? null,
      },
    });
    const ref = this.#overlay._openSession(session, config);
    // A start that fails is said on the screen ("Call failed") and to onError.
    return session.start().then(
      () => ref as KitCallOverlayRef<KitOutgoingCallComponent>,
      () => null,
    );
  }

  /**
   * Rings more people into a live call (or one that still rings); each shows as invited, then ringing.
   * @param sessionId The call.
   * @param people The people to add.
   * @returns Whether the SDK rang them.
   */
  async invite(sessionId: string, people: readonly KitUser[]): Promise<boolean> {
    const session = this.#live(sessionId);
    if (!session || !this.#can('inviteToCall')) {
      return false;
    }
    const call = await this.#ask(() => this.#sdk!.inviteToCall!(sessionId, people));
    // The answer holds the new people: the engine hears it as the SDK's news.
    return !!call && (this.#registry.group?.hear('onParticipantsChanged', session, call), true);
  }

  /**
   * Leaves a call with several people (`leaveCall`): the others stay in it while two remain. The same as the
   * ongoing screen's hang-up button.
   * @param sessionId The call.
   * @returns Whether the call ended here.
   */
  leave(sessionId: string): Promise<boolean> {
    const session = this.#live(sessionId);
    return session && this.#can('leaveCall') ? session.hangUp() : Promise.resolve(false);
  }

  /**
   * Joins a call with several people that still goes on: a member who missed its ring. `KitCallOverlay.joinCall`
   * comes here.
   * @param sessionId The call.
   * @param config Options merged over the defaults.
   * @returns The overlay's reference, or `null` (the reason went to `onError`).
   */
  async joinCall(
    sessionId: string,
    config?: KitCallOverlayConfig,
  ): Promise<KitCallOverlayRef | null> {
    const live = this.#registry.find(sessionId);
    if (live && !live.isEnded) {
      return this.#overlay._openSession(live, config); // Already in it, or it rings here: its screen.
    }
    // Its missed ring's ending may still be on screen: the joined call takes the screen.
    live?.dispose();
    if (!this.#can('joinCall')) {
      return null;
    }
    const call = await this.#ask(() => this.#sdk!.joinCall!(sessionId));
    const session =
      call && this.#registry.sessionFor({...call, status: 'ongoing'}, 'incoming', 'ongoing', true);
    return !session || this.#failed(session) ? null : this.#overlay._openSession(session, config);
  }

  /** Whether the adapter can; otherwise `onError` hears why. */
  #can(method: GroupMethod): boolean {
    const sdk = this.#sdk;
    return (
      (!!sdk?.groupCalls && typeof sdk[method] === 'function') ||
      this.#report(
        new KitException(
          sdk ? KitErrorCodes.CALL_FAILED : KitErrorCodes.NOT_INITIALIZED,
          DEV
            ? `${method}() of a call with several people needs an adapter with groupCalls: true` +
                (sdk ? ` and ${method}().` : ' (no call SDK).')
            : '',
        ),
      )
    );
  }

  /** The live session of a call, or `undefined` (`onError` hears that it is over). */
  #live(sessionId: string) {
    const session = this.#registry.find(sessionId);
    return session && !session.isEnded
      ? session
      : void this.#report(
          new KitException(KitErrorCodes.CALL_ENDED, DEV ? 'This call is over.' : '', sessionId),
        );
  }

  /** Asks the SDK, for at most the kit's action time-out. @returns Its answer, or `null` (reported). */
  async #ask(run: () => Promise<KitCall>): Promise<KitCall | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new KitException(KitErrorCodes.NETWORK, DEV ? 'The call SDK did not answer.' : ''),
          ),
        this.#config.actionTimeout ?? 15_000,
      );
    });
    try {
      return await Promise.race([Promise.resolve().then(run), late]);
    } catch (error) {
      this.#report(
        KitException.from(error, KitErrorCodes.CALL_FAILED, DEV ? 'The call SDK refused.' : ''),
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  #failed<T>(value: T | KitException): value is KitException {
    return value instanceof KitException && (this.#report(value), true);
  }

  /** @returns `false`, once the app's `onError` heard the error (it never throws here). */
  #report(error: KitException): false {
    try {
      this.#config.onError?.(error);
    } catch {
      // The app's handler threw: nothing more to tell it.
    }
    return false;
  }
}
