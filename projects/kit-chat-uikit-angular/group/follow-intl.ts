import {ChangeDetectorRef, DestroyRef, Signal, inject, signal} from '@angular/core';
import type {Subject} from 'rxjs';

/**
 * Follows an Intl class's `changes`: the returned signal counts them, for computed texts to read, and the view is
 * marked for check on each. Created in an injection context.
 * @param intl The Intl class.
 * @returns The count of changes.
 * @docs-private
 */
export function kitFollowIntl(intl: {readonly changes: Subject<void>}): Signal<number> {
  const version = signal(0);
  const changeDetector = inject(ChangeDetectorRef);
  const subscription = intl.changes.subscribe(() => {
    version.update(value => value + 1);
    changeDetector.markForCheck();
  });
  inject(DestroyRef).onDestroy(() => subscription.unsubscribe());
  return version;
}
