import {ChangeDetectorRef, DestroyRef, Signal, inject, signal} from '@angular/core';
import {Observable} from 'rxjs';

/**
 * Renders the view again each time its strings change (`intl.changes`, e.g. `kitUseLanguage()` of
 * `kit-chat-uikit-angular/i18n`), until the view is destroyed. Call it in a constructor.
 * @param intl The view's strings.
 * @returns How many times they changed: read it in a `computed` that builds texts from them.
 * @docs-private
 */
export function kitFollowIntl(intl: {readonly changes: Observable<void>}): Signal<number> {
  const changeDetector = inject(ChangeDetectorRef);
  const count = signal(0);
  const subscription = intl.changes.subscribe(() => {
    count.update(value => value + 1);
    changeDetector.markForCheck();
  });
  inject(DestroyRef).onDestroy(() => subscription.unsubscribe());
  return count;
}
