import {Directive, TemplateRef, inject} from '@angular/core';

/**
 * Base of the screens' slot directives (`kitIncomingCallTitle`, `kitOutgoingCallEndCall`...): an `ng-template`
 * that replaces one part of a screen, typed with the screen's context `C`.
 *
 * Each subclass still declares its own static `ngTemplateContextGuard`: Angular's template type-checker only looks
 * for the guard among a directive's own members, so an inherited one would leave `let-` variables untyped.
 * @docs-private
 */
@Directive()
export abstract class KitCallSlot<C> {
  /** The template. */
  readonly template: TemplateRef<C> = inject(TemplateRef);
}
