import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {
  DestroyRef,
  PLATFORM_ID,
  effect,
  inject,
  provideEnvironmentInitializer,
} from '@angular/core';
import type {KitCallsFeature} from 'kit-chat-uikit-angular';
import {KIT_CALL_LOG_OPTIONS, KitCallLogEntry, KitCallLogOptions} from './call-log-entry';
import {KitCallLog} from './call-log';
import {KitCallLogIntl} from './call-log-intl';

/** The feature returned by `withCallLog()`. */
export type KitCallLogFeature = KitCallsFeature<'callLog'>;

/**
 * Keeps a log of the user's calls (`KitCallLog`, shown by `<kit-call-log>`): every call's ending, in IndexedDB per
 * signed-in user, with a count of the missed calls for a badge. A call missed while the tab is hidden raises a
 * notification that stays until it is clicked (the click calls back) or the log is seen.
 *
 * ```ts
 * provideKitUIKit({callsSdk: ...}, withCallLog({maxEntries: 50}))
 * ```
 * @param options How many calls to keep, and whether missed calls notify.
 * @returns The feature, for `provideKitCalls` or `provideKitUIKit`.
 */
export function withCallLog(options: KitCallLogOptions = {}): KitCallLogFeature {
  return {
    _kind: 'callLog',
    _providers: [
      {provide: KIT_CALL_LOG_OPTIONS, useValue: options},
      provideEnvironmentInitializer(() => {
        const log = inject(KitCallLog);
        log._start();
        if (options.notifyMissed !== false && isPlatformBrowser(inject(PLATFORM_ID))) {
          notifyMissedCalls(log);
        }
      }),
    ],
  };
}

/** Shows each call missed while the tab is hidden until it is clicked or seen; a click calls back. */
function notifyMissedCalls(log: KitCallLog): void {
  const view = inject(DOCUMENT).defaultView as (Window & typeof globalThis) | null;
  const intl = inject(KitCallLogIntl);
  const shown = new Map<string, Notification>();
  log._onMissed = (entry: KitCallLogEntry) => {
    if (
      view?.document.visibilityState !== 'hidden' ||
      view.Notification?.permission !== 'granted'
    ) {
      return;
    }
    try {
      const notification = new view.Notification(intl.missedCallFrom(entry.people[0].name), {
        tag: `kit-missed-${entry.id}`,
        body: intl.callBack,
        requireInteraction: true,
      });
      notification.onclick = () => {
        view.focus();
        notification.close();
        // Only a call still in the log is called back, to the person it names.
        const known = log.find(entry.id);
        if (known) {
          log.callBack(known).catch(() => {});
        }
      };
      notification.onclose = () => shown.delete(entry.id);
      shown.set(entry.id, notification);
    } catch {
      // Where only a service worker may show notifications, the missed call is in the log all the same.
    }
  };
  // Seen in the log: its notifications go.
  const seen = effect(() => {
    const seenIds = new Set(
      log
        .entries()
        .filter(e => e.seen)
        .map(e => e.id),
    );
    for (const [id, notification] of shown) {
      if (seenIds.has(id)) {
        notification.close();
        shown.delete(id);
      }
    }
  });
  inject(DestroyRef).onDestroy(() => {
    seen.destroy();
    log._onMissed = null;
  });
}
