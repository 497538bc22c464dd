import {
  DestroyRef,
  Directive,
  Injectable,
  TemplateRef,
  WritableSignal,
  inject,
  signal,
} from '@angular/core';
import type {KitCall, KitParticipant, KitUser} from 'kit-chat-uikit-angular';

/** What a tile template (`participantTileView`) gets: the person, their stream and how they are. */
export interface KitParticipantTileContext {
  /** The person and where they stand. */
  readonly $implicit: KitParticipant;
  /** The same. */
  readonly participant: KitParticipant;
  /** Their stream (video and sound), or `null` while there is none. */
  readonly stream: MediaStream | null;
  /** Whether it is the user's own tile. */
  readonly self: boolean;
  /** Whether their microphone is off, when known. */
  readonly muted: boolean;
  /** Whether they speak now. */
  readonly speaking: boolean;
  /** Whether the tile is pinned (shown large). */
  readonly pinned: boolean;
}

/**
 * Who "Add people" offers in a call with several people: a list, or a function of the call (which may ask a
 * server). People already in the call are left out.
 */
export type KitPeopleToAdd =
  readonly KitUser[] | ((call: KitCall) => readonly KitUser[] | Promise<readonly KitUser[]>);

/**
 * What the app gives the screens of calls with several people (`withGroupCalls()`): who "Add people" offers, and the
 * tile template of the grid. The call screens are opened by the call overlay, so the app sets these here, e.g. in
 * its root component: `inject(KitGroupCallScreens).peopleToAdd.set(call => this.contacts())`.
 */
@Injectable({providedIn: 'root'})
export class KitGroupCallScreens {
  /** Who "Add people" offers; `null` (the default) shows no "Add people". */
  readonly peopleToAdd: WritableSignal<KitPeopleToAdd | null> = signal(null);
  /**
   * Replaces each tile of the grid (`participantTileView`); `null` shows the kit's tile (video or avatar, name,
   * muted mark, speaking ring). The tile stays a list item and a button that pins it.
   */
  readonly participantTileView: WritableSignal<TemplateRef<KitParticipantTileContext> | null> =
    signal(null);
}

/**
 * The tile template of the grid, given in the app's template (`participantTileView`): while this `ng-template` is
 * in the page, every tile of a call with several people renders it.
 *
 * ```html
 * <ng-template kitParticipantTileView let-participant let-speaking="speaking">
 *   <app-person [user]="participant.user" [speaking]="speaking" />
 * </ng-template>
 * ```
 */
@Directive({selector: 'ng-template[kitParticipantTileView]'})
export class KitParticipantTileView {
  constructor() {
    const screens = inject(KitGroupCallScreens);
    const template = inject<TemplateRef<KitParticipantTileContext>>(TemplateRef);
    screens.participantTileView.set(template);
    inject(DestroyRef).onDestroy(() => {
      if (screens.participantTileView() === template) {
        screens.participantTileView.set(null);
      }
    });
  }

  static ngTemplateContextGuard(
    _dir: KitParticipantTileView,
    _context: unknown,
  ): _context is KitParticipantTileContext {
    return true;
  }
}
