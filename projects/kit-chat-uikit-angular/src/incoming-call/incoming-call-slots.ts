import {Directive, TemplateRef} from '@angular/core';
import {KitCall} from '../sdk/models';
import {KitCallSlot} from '../slot/call-slot';

/**
 * Context of the slot templates of `<kit-incoming-call>`: the call, and the actions of its buttons. `accept()` and
 * `reject()` do what the default buttons do (the app's `onAcceptClick` / `onRejectClick` when set, else the
 * built-in logic), so a custom template needs nothing else.
 */
export interface KitIncomingCallContext {
  /** The incoming call. */
  $implicit: KitCall;
  /** The incoming call. */
  call: KitCall;
  /** Presses accept. */
  accept: () => void;
  /** Presses reject. */
  reject: () => void;
}

/** A slot template of `<kit-incoming-call>`, typed with its context. */
export interface KitIncomingCallSlot {
  /** The template. */
  readonly template: TemplateRef<KitIncomingCallContext>;
}

/**
 * Replaces the whole incoming call card: `<ng-template kitIncomingCallItem let-call let-accept="accept">`.
 * The template renders all caller information and controls.
 */
@Directive({selector: 'ng-template[kitIncomingCallItem]'})
export class KitIncomingCallItem extends KitCallSlot<KitIncomingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitIncomingCallContext {
    return true;
  }
}

/** Replaces the leading section (the avatar): `<ng-template kitIncomingCallLeading let-call>`. */
@Directive({selector: 'ng-template[kitIncomingCallLeading]'})
export class KitIncomingCallLeading extends KitCallSlot<KitIncomingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitIncomingCallContext {
    return true;
  }
}

/** Replaces the caller's name: `<ng-template kitIncomingCallTitle let-call>`. */
@Directive({selector: 'ng-template[kitIncomingCallTitle]'})
export class KitIncomingCallTitle extends KitCallSlot<KitIncomingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitIncomingCallContext {
    return true;
  }
}

/** Replaces the line below the name (the call type): `<ng-template kitIncomingCallSubtitle let-call>`. */
@Directive({selector: 'ng-template[kitIncomingCallSubtitle]'})
export class KitIncomingCallSubtitle extends KitCallSlot<KitIncomingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitIncomingCallContext {
    return true;
  }
}

/**
 * Replaces the trailing section (the accept and reject buttons):
 * `<ng-template kitIncomingCallTrailing let-accept="accept" let-reject="reject">`.
 */
@Directive({selector: 'ng-template[kitIncomingCallTrailing]'})
export class KitIncomingCallTrailing extends KitCallSlot<KitIncomingCallContext> {
  /** Types the template's context. @returns Always true. */
  static ngTemplateContextGuard(_: unknown, _c: unknown): _c is KitIncomingCallContext {
    return true;
  }
}
