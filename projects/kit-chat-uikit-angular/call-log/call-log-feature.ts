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
        if (isPlatformBrowser(inject(PLATFORM_ID))) {
          if (options.notifyMissed !== false) {
            notifyMissedCalls(log);
          }
          followWorkerMissedCalls(log);
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

/** The tag of a missed call's notification, the service worker's (`kit-call-sw.js`) and this page's alike. */
const MISSED_TAG = 'kit-missed-';
/** Where the service worker keeps the calls missed while no tab was open (Cache Storage). */
const MISSED_CACHE = 'kit-call-missed';
const MISSED_KEY = '/kit-call-missed.json';

/**
 * The calls missed while no tab was open, kept by the service worker of `kit-chat-uikit-angular/push`: each goes
 * into the log (seen when its notification was clicked or closed already), and the notifications still shown close
 * once the log is seen.
 */
function followWorkerMissedCalls(log: KitCallLog): void {
  const view = inject(DOCUMENT).defaultView;
  const shown = async () => {
    const registration = await view?.navigator.serviceWorker?.getRegistration();
    const all = (await registration?.getNotifications()) ?? [];
    return all.filter(notification => notification.tag.startsWith(MISSED_TAG));
  };
  void takeWorkerMissed(view?.caches, shown, log).catch(() => {});
  const seen = effect(() => {
    const seenTags = new Set(
      log
        .entries()
        .filter(entry => entry.missed && entry.seen)
        .map(entry => MISSED_TAG + entry.id),
    );
    if (seenTags.size) {
      shown()
        .then(all => all.filter(n => seenTags.has(n.tag)).forEach(n => n.close()))
        .catch(() => {});
    }
  });
  inject(DestroyRef).onDestroy(() => seen.destroy());
}

/** Moves the worker's missed calls into the log. */
async function takeWorkerMissed(
  caches: CacheStorage | undefined,
  shown: () => Promise<Notification[]>,
  log: KitCallLog,
): Promise<void> {
  const cache = await caches?.open(MISSED_CACHE);
  const kept = await cache?.match(MISSED_KEY);
  if (!cache || !kept) {
    return;
  }
  const list: unknown = await kept.json();
  await cache.delete(MISSED_KEY);
  const still = new Set((await shown()).map(notification => notification.tag));
  for (const item of Array.isArray(list) ? list : []) {
    recordWorkerMissed(log, item, still);
  }
}

/** A missed call as the worker kept it (the push's call, checked by the worker). */
function recordWorkerMissed(log: KitCallLog, item: unknown, shownTags: Set<string>): void {
  const data = item as {
    callId?: unknown;
    video?: unknown;
    at?: unknown;
    caller?: {uid?: unknown; name?: unknown; avatar?: unknown};
  } | null;
  const uid = data?.caller?.uid;
  if (typeof data?.callId !== 'string' || typeof uid !== 'string') {
    return;
  }
  const name = typeof data.caller?.name === 'string' ? data.caller.name : uid;
  const avatar = typeof data.caller?.avatar === 'string' ? data.caller.avatar : null;
  log._recordMissed({
    id: data.callId,
    direction: 'incoming',
    people: [{uid, name, ...(avatar ? {avatar} : {})}],
    type: data.video === true ? 'video' : 'audio',
    startedAt: typeof data.at === 'number' ? data.at : Date.now(),
    duration: 0,
    reason: 'cancelled',
    missed: true,
    // Its notification is gone: the user clicked it (Call back) or closed it.
    seen: !shownTags.has(MISSED_TAG + data.callId),
  });
}
