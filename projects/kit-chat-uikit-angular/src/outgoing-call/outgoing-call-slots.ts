import {Directive} from '@angular/core';
import {KitCall, KitUser} from '../sdk/models';
import {KitCallSlot} from '../slot/call-slot';

/**
 * What every slot template of `<kit-outgoing-call>` receives: the call (also as `$implicit`), the callee, and
 * `endCall()`, which does what the default end-call button does.
 */
export interface KitOutgoingCallContext {
  /** The call. */
  $implicit: KitCall;
  /** The call. */
  call: KitCall;
  /** The callee. */
  user: KitUser;
  /** Ends the call like the default end-call button: runs `onEndCallClick` if set, else cancels the call. */
  endCall: () => void;
}

/**
 * Replaces the callee's name (spec: `setTitleView`).
 *
 * ```html
 * <ng-template kitOutgoingCallTitle let-user="user">{{ user.name }}</ng-template>
 * ```
 */
@Directive({selector: 'ng-template[kitOutgoingCallTitle]'})
export class KitOutgoingCallTitle extends KitCallSlot<KitOutgoingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitOutgoingCallContext {
    return true;
  }
}

/** Replaces the status line under the name (spec: `setSubtitleView`). */
@Directive({selector: 'ng-template[kitOutgoingCallSubtitle]'})
export class KitOutgoingCallSubtitle extends KitCallSlot<KitOutgoingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitOutgoingCallContext {
    return true;
  }
}

/** Replaces the avatar (spec: `setAvatarView`). */
@Directive({selector: 'ng-template[kitOutgoingCallAvatar]'})
export class KitOutgoingCallAvatar extends KitCallSlot<KitOutgoingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitOutgoingCallContext {
    return true;
  }
}

/**
 * Replaces the end-call button area (spec: `setEndCallView`). Call `endCall()` from the context to end the call.
 *
 * ```html
 * <ng-template kitOutgoingCallEndCall let-endCall="endCall">
 *   <button type="button" (click)="endCall()">Hang up</button>
 * </ng-template>
 * ```
 */
@Directive({selector: 'ng-template[kitOutgoingCallEndCall]'})
export class KitOutgoingCallEndCall extends KitCallSlot<KitOutgoingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitOutgoingCallContext {
    return true;
  }
}
