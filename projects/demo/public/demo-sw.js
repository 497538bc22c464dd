/*
 * demo-sw.js: the demo's service worker on the in-memory SDK, for "Ring me once this tab is closed".
 *
 * It is the library's own kit-call-sw.js (imported below: the notification, Accept, Decline and the cancel are its
 * code, unchanged) plus a stand-in for the two things the in-memory demo has no server for:
 *
 * - the push service and the backend that sends the push: a page asks (a message `{kitDemoPush: {ring, user, after,
 *   within}}`), and the worker waits until no tab of that user is open, then `after` ms more, and hands the `ring`
 *   message (the same `{kitCall: {type: 'ring', ...}}` that a real push carries) to kit-call-sw.js, as its push
 *   handler would. If the caller's ring time (`ringTime`) runs out unanswered, it hands over the `cancel` message
 *   with `missed: true` (a missed-call notification with Call back stays).
 *   `event.waitUntil` keeps the worker alive meanwhile: nothing leaves the browser.
 * - the backend's decline URL: the caller's side of the demo lives in this worker, so the worker answers the
 *   `declineUrl` itself (the POST that kit-call-sw.js sends on Decline) and keeps what happened for the demo's next
 *   page (Cache Storage `kit-demo-push`, read and emptied by the page's log).
 *
 * Accept is kit-call-sw.js's own: it opens the ring's `url` with a one-time nonce, where the demo plays the same call
 * ringing again, with the same call id (`&call=`: the stand-in for a server handing the kept call to the page that
 * connects); the page redeems the nonce with this worker and the kit answers that call at once.
 */
/* global importScripts, clients */
importScripts('kit-call-sw.js');

(function (scope) {
  'use strict';

  var OUTCOMES = 'kit-demo-push';
  /** The stand-in backend's decline URL, in the worker's scope (the page builds its `declineUrl` the same way). */
  var DECLINE_URL = new URL('demo-push/decline', scope.registration.scope).href;
  /** The request waiting for its user's tabs to close, by user. */
  var waiting = {};
  /** The calls whose ring was handed over and that nobody answered yet, by call id. */
  var ringing = {};

  function wait(ms) {
    return new Promise(function (done) {
      setTimeout(done, ms);
    });
  }

  /** Whether a tab of the demo is open for `user` (its `?user=`, Grace when it names nobody). */
  function tabOpen(user) {
    return scope.clients
      .matchAll({type: 'window', includeUncontrolled: true})
      .then(function (tabs) {
        return tabs.some(function (tab) {
          var url = new URL(tab.url);
          return (
            url.origin === scope.location.origin &&
            (url.searchParams.get('user') || 'grace') === user
          );
        });
      });
  }

  /**
   * Waits until the request's user has no tab open (polled every 250 ms), until `deadline`.
   * @returns {Promise<'closed' | 'expired' | 'replaced'>} `replaced`: a newer request of the same user took over.
   */
  function tabsClosed(request, deadline) {
    return tabOpen(request.user).then(function (open) {
      if (waiting[request.user] !== request) {
        return 'replaced';
      }
      if (!open) {
        return 'closed';
      }
      return Date.now() > deadline
        ? 'expired'
        : wait(250).then(function () {
            return tabsClosed(request, deadline);
          });
    });
  }

  /** Waits until the user chose on the call's notification (resolves `true`) or `deadline` passed (`false`). */
  function answered(callId, deadline) {
    if (!ringing[callId]) {
      return Promise.resolve(true);
    }
    return Date.now() > deadline
      ? Promise.resolve(false)
      : wait(250).then(function () {
          return answered(callId, deadline);
        });
  }

  /** Keeps an outcome for the demo's next page (it reads and empties the list). */
  function keep(outcome) {
    return scope.caches.open(OUTCOMES).then(function (cache) {
      return cache
        .match('outcomes')
        .then(function (stored) {
          return stored ? stored.json() : [];
        })
        .then(function (outcomes) {
          var call = outcome.call;
          outcomes.push({
            at: Date.now(),
            outcome: outcome.outcome,
            caller: {uid: call.caller.uid, name: call.caller.name},
            user: outcome.user,
            video: !!call.video,
          });
          return cache.put('outcomes', new Response(JSON.stringify(outcomes)));
        });
    });
  }

  /** The stand-in push: once the user's tabs are closed, the ring; the cancel if nobody chose in time. */
  function deliver(request) {
    var call = request.ring.kitCall;
    waiting[request.user] = request; // A second press replaces the first: one call rings.
    return tabsClosed(request, Date.now() + (request.within || 120000)).then(function (tabs) {
      if (tabs === 'replaced') {
        return null;
      }
      delete waiting[request.user];
      if (tabs === 'expired') {
        return keep({outcome: 'expired', call: call, user: request.user});
      }
      return wait(request.after || 0)
        .then(function () {
          ringing[call.callId] = {call: call, user: request.user};
          return scope.kitCallWorker.receive(request.ring);
        })
        .then(function () {
          return answered(call.callId, Date.now() + (request.ringTime || 45000));
        })
        .then(function (chosen) {
          if (chosen) {
            return null; // Accepted or declined.
          }
          delete ringing[call.callId];
          return Promise.all([
            // Missed: kit-call-sw.js leaves a missed-call notification with Call back, kept for the call log.
            scope.kitCallWorker.receive({kitCall: {type: 'cancel', callId: call.callId, missed: true}}),
            keep({outcome: 'missed', call: call, user: request.user}),
          ]);
        });
    });
  }

  scope.addEventListener('install', function () {
    scope.skipWaiting(); // Replace kit-call-sw.js (SIP mode registers it on the same scope) at once.
  });

  scope.addEventListener('message', function (event) {
    var request = event.data && event.data.kitDemoPush;
    if (request && request.ring && request.ring.kitCall && request.user) {
      event.waitUntil(deliver(request));
    }
  });

  // Accept (or a click on the notification itself): the page takes the call over.
  scope.addEventListener('notificationclick', function (event) {
    var call = event.notification.data;
    if (call && call.callId && event.action !== 'decline') {
      delete ringing[call.callId];
    }
  });

  // The stand-in backend's decline URL: kit-call-sw.js POSTs it on Decline. A worker's own requests never reach its
  // fetch handler, so the worker's fetch answers it.
  var realFetch = scope.fetch;
  scope.fetch = function (input) {
    var url = new URL(typeof input === 'string' ? input : input.url, scope.location.href);
    if (url.origin + url.pathname !== DECLINE_URL) {
      return realFetch.apply(scope, arguments);
    }
    var callId = url.searchParams.get('call');
    var kept = callId && ringing[callId];
    if (!kept) {
      return Promise.resolve(new Response(null, {status: 404}));
    }
    delete ringing[callId];
    return keep({outcome: 'declined', call: kept.call, user: kept.user}).then(function () {
      return new Response(null, {status: 204});
    });
  };
})(self);
