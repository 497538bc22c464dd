/*
 * kit-call-sw.js: the service-worker part of `kit-chat-uikit-angular/push`. It rings a call while no tab of the app
 * is open: a push `{kitCall: {type: 'ring', ...}}` shows an incoming-call notification (caller's name and avatar,
 * Accept and Decline, requireInteraction, a ringing vibration), `{kitCall: {type: 'cancel', callId}}` closes it.
 *
 * - Accept opens the app at `url` (or focuses an open tab of it) with `kitCallAction=accept&kitCallCaller=<uid>`;
 *   `withPushCalls()` then answers that caller's call as soon as it rings in the page.
 * - Decline POSTs to `declineUrl` (the app's backend, which declines the call at the proxy) without opening a page.
 * - A click on the notification itself opens the app, where the call rings as usual.
 *
 * Use it as the app's worker (`withPushCalls({serviceWorker: 'kit-call-sw.js'})`, after copying it from
 * `node_modules/kit-chat-uikit-angular/push/` into the app's assets), or from the app's own worker, also beside
 * Angular's: `importScripts('ngsw-worker.js', 'kit-call-sw.js');`. Pushes without `kitCall` are left to the others.
 */
(function (scope) {
  'use strict';

  var TAG = 'kit-call-';
  /** A ringing pattern: ring, pause, ring... (about 10 s; `requireInteraction` keeps the notification after it). */
  var VIBRATE = [800, 400, 800, 400, 800, 1200, 800, 400, 800, 400, 800, 1200, 800, 400, 800];
  /** Calls whose ring ended (a `cancel` push) while their notification was being shown. */
  var ended = {};

  /**
   * The page Accept (or a click on the notification) opens.
   * @param {{url?: string, caller?: {uid?: string}}} call The notification's data.
   * @param {boolean} accept Whether the user chose Accept.
   * @returns {string}
   */
  function openUrl(call, accept) {
    var url = new URL(call.url || './', scope.registration.scope);
    if (accept) {
      url.searchParams.set('kitCallAction', 'accept');
      url.searchParams.set('kitCallCaller', (call.caller && call.caller.uid) || '');
    }
    return url.href;
  }

  function show(call) {
    var caller = call.caller || {};
    // The words, translated by the sender when it gives them (`labels`), else in English.
    var labels = call.labels || {};
    var options = {
      body: call.video
        ? labels.video || 'Incoming video call'
        : labels.voice || 'Incoming voice call',
      tag: TAG + call.callId,
      renotify: true,
      requireInteraction: true,
      vibrate: VIBRATE,
      data: call,
      actions: [
        {action: 'accept', title: labels.accept || 'Accept'},
        {action: 'decline', title: labels.decline || 'Decline'},
      ],
    };
    if (caller.avatar) {
      options.icon = caller.avatar;
    }
    var title = caller.name || caller.uid || 'Incoming call';
    return scope.registration.showNotification(title, options).then(function () {
      return kept(call.callId, title, options, 3);
    });
  }

  /**
   * A ring is never lost silently: Chromium can resolve `showNotification` without keeping the notification (seen in
   * headless Chromium, about one push in four), so the worker checks and shows it again, a few times at most.
   */
  function kept(callId, title, options, tries) {
    return scope.registration.getNotifications({tag: TAG + callId}).then(function (shown) {
      if (shown.length || !tries || ended[callId]) {
        return;
      }
      return new Promise(function (done) {
        setTimeout(done, 100);
      })
        .then(function () {
          return ended[callId] ? null : scope.registration.showNotification(title, options);
        })
        .then(function () {
          return kept(callId, title, options, tries - 1);
        });
    });
  }

  function close(callId) {
    ended[callId] = true;
    return scope.registration.getNotifications({tag: TAG + callId}).then(function (shown) {
      shown.forEach(function (notification) {
        notification.close();
      });
    });
  }

  /** Focuses a tab of the app and tells it the choice, or opens one at the call's URL. */
  function open(call, accept) {
    var url = openUrl(call, accept);
    return scope.clients
      .matchAll({type: 'window', includeUncontrolled: true})
      .then(function (tabs) {
        var tab = tabs.find(function (candidate) {
          return new URL(candidate.url).origin === new URL(url).origin;
        });
        if (!tab) {
          return scope.clients.openWindow(url);
        }
        if (accept) {
          tab.postMessage({kitCall: {action: 'accept', caller: call.caller && call.caller.uid}});
        }
        return tab.focus();
      });
  }

  /**
   * What a push message does: `ring` shows the call's notification, `cancel` closes it.
   * @param {{kitCall?: object}} message The push's JSON payload.
   * @returns {Promise<void> | null} Done when the notification is shown or closed; `null` for another message.
   */
  function receive(message) {
    var call = message && message.kitCall;
    if (!call || !call.callId) {
      return null;
    }
    return call.type === 'cancel' ? close(call.callId) : show(call);
  }

  scope.addEventListener('push', function (event) {
    var message;
    try {
      message = event.data && event.data.json();
    } catch (error) {
      return; // Not JSON: another part of the app's worker handles it.
    }
    var done = receive(message);
    if (done) {
      event.waitUntil(done);
    }
  });

  scope.addEventListener('notificationclick', function (event) {
    var notification = event.notification;
    if (!notification.tag || notification.tag.indexOf(TAG) !== 0) {
      return;
    }
    notification.close();
    var call = notification.data || {};
    if (event.action === 'decline') {
      event.waitUntil(fetch(call.declineUrl, {method: 'POST'}).catch(function () {}));
      return;
    }
    event.waitUntil(open(call, event.action === 'accept'));
  });

  /**
   * @docs-private The URL a choice opens (the browser tests open it where a real click cannot be made), and what a
   * push message does, for a worker that stands in for the push service (the demo on the in-memory SDK).
   */
  scope.kitCallWorker = {openUrl: openUrl, receive: receive};
})(self);
