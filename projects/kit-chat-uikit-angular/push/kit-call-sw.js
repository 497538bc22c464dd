/*
 * kit-call-sw.js: the service-worker part of `kit-chat-uikit-angular/push`. It rings a call while no tab of the app
 * is open: a push `{kitCall: {type: 'ring', ...}}` shows an incoming-call notification (caller's name and avatar,
 * Accept and Decline, requireInteraction, a ringing vibration), `{kitCall: {type: 'cancel', callId}}` closes it.
 *
 * - Accept opens the app at `url` with `kitCallAccept=<nonce>`: a one-time random nonce that this worker made for
 *   that call id and redeems once, for the page it controls (`withPushCalls()` asks it by a message, and answers the
 *   ringing call of that id). A tab of the app already open is focused and told the call id by a message instead.
 *   A nonce this worker did not make answers nothing: a link alone never answers a call.
 * - Decline POSTs to `declineUrl` (the app's backend, which declines the call at the proxy) without opening a page.
 * - A click on the notification itself opens (or focuses) the app, where the call rings as usual.
 *
 * The payload is not trusted: every field is typed and length-capped, and `url`, `declineUrl` and `icon` must be of
 * the worker's origin or of an origin the app lists, by `self.kitCallWorkerOptions = {origins: [...]}` set before
 * `importScripts`, or by `?origin=` on the worker's script URL (repeatable). The icon may also be a `data:image/`.
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
  /** How long the page that Accept opened has to redeem its nonce, in ms. */
  var REDEEM_WITHIN = 60000;
  /** Caps on the payload's fields (longer: an id is refused, a word is cut). */
  var MAX_ID = 256;
  var MAX_NAME = 128;
  var MAX_URL = 2048;
  var MAX_DATA_ICON = 65536;
  /** How many ended call ids are remembered (a late ring of one of them shows nothing). */
  var MAX_ENDED = 200;
  /** The call ids whose ring ended (a `cancel`, or a choice), newest last. */
  var ended = [];
  /** The nonces of Accept not yet redeemed: nonce → {callId, until}. */
  var accepts = {};

  /** The origins a payload's URLs may name: the worker's own and those the app listed. */
  function origins() {
    var listed = [scope.registration.scope];
    var options = scope.kitCallWorkerOptions;
    if (options && Array.isArray(options.origins)) {
      listed = listed.concat(options.origins);
    }
    if (scope.location && scope.location.href) {
      listed = listed.concat(new URL(scope.location.href).searchParams.getAll('origin'));
    }
    return listed
      .map(function (origin) {
        try {
          return new URL(String(origin)).origin;
        } catch (error) {
          return null;
        }
      })
      .filter(function (origin) {
        return origin && origin !== 'null';
      });
  }

  /** A word of the app's language, given on the worker's script URL (`?label-accept=`), else the English one. */
  function said(name, english) {
    var href = scope.location && scope.location.href;
    return (href && word(new URL(href).searchParams.get('label-' + name))) || english;
  }

  /** A string of 1 to `max` characters, or undefined. */
  function id(value) {
    return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID
      ? value
      : undefined;
  }

  /** A word to show, cut to `MAX_NAME` characters, or undefined. */
  function word(value) {
    return typeof value === 'string' && value.trim() ? value.slice(0, MAX_NAME) : undefined;
  }

  /** An absolute http(s) URL of an allowed origin (relative ones resolve against the scope), or undefined. */
  function url(value) {
    if (typeof value !== 'string' || value.length > MAX_URL) {
      return undefined;
    }
    try {
      var parsed = new URL(value, scope.registration.scope);
      var ok = /^https?:$/.test(parsed.protocol) && origins().indexOf(parsed.origin) >= 0;
      return ok ? parsed.href : undefined;
    } catch (error) {
      return undefined;
    }
  }

  /** The notification's icon: an allowed URL, or an image inlined as a `data:` URL (no request at all). */
  function icon(value) {
    var inline =
      typeof value === 'string' &&
      value.length <= MAX_DATA_ICON &&
      /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(value);
    return inline ? value : url(value);
  }

  /**
   * The payload's call as the worker uses it: only known fields, typed and capped, URLs of allowed origins.
   * @returns {object | null} `null` without a valid `callId`.
   */
  function clean(call) {
    var known = call && (call.type === 'ring' || call.type === 'cancel');
    if (!known || typeof call !== 'object' || !id(call.callId)) {
      return null;
    }
    var caller = call.caller && typeof call.caller === 'object' ? call.caller : {};
    var labels = call.labels && typeof call.labels === 'object' ? call.labels : {};
    return {
      type: call.type,
      callId: call.callId,
      video: call.video === true,
      caller: {uid: id(caller.uid), name: word(caller.name), avatar: icon(caller.avatar)},
      url: url(call.url || './') || scope.registration.scope,
      declineUrl: url(call.declineUrl),
      labels: {
        voice: word(labels.voice),
        video: word(labels.video),
        accept: word(labels.accept),
        decline: word(labels.decline),
      },
    };
  }

  function hasEnded(callId) {
    return ended.indexOf(callId) >= 0;
  }

  function end(callId) {
    if (!hasEnded(callId)) {
      ended.push(callId);
      ended.splice(0, Math.max(0, ended.length - MAX_ENDED));
    }
  }

  function show(call) {
    // A cancel that came first (push services do not keep the order): the call is over, nothing rings.
    if (hasEnded(call.callId)) {
      return Promise.resolve();
    }
    var caller = call.caller;
    // The words: the sender's (`labels`), else the app's language (`?label-accept=` on the script URL), else English.
    var labels = call.labels;
    var options = {
      body: call.video
        ? labels.video || said('video', 'Incoming video call')
        : labels.voice || said('voice', 'Incoming voice call'),
      tag: TAG + call.callId,
      renotify: true,
      requireInteraction: true,
      vibrate: VIBRATE,
      data: call,
      actions: [
        {action: 'accept', title: labels.accept || said('accept', 'Accept')},
        {action: 'decline', title: labels.decline || said('decline', 'Decline')},
      ],
    };
    if (caller.avatar) {
      options.icon = caller.avatar;
    }
    var title = caller.name || caller.uid || said('call', 'Incoming call');
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
      if (shown.length || !tries || hasEnded(callId)) {
        return;
      }
      return new Promise(function (done) {
        setTimeout(done, 100);
      })
        .then(function () {
          return hasEnded(callId) ? null : scope.registration.showNotification(title, options);
        })
        .then(function () {
          return kept(callId, title, options, tries - 1);
        });
    });
  }

  function close(callId) {
    end(callId);
    return scope.registration.getNotifications({tag: TAG + callId}).then(function (shown) {
      shown.forEach(function (notification) {
        notification.close();
      });
    });
  }

  /** A one-time random nonce for Accept on `callId`, redeemable once within `REDEEM_WITHIN`. */
  function mint(callId) {
    var bytes = new Uint8Array(16);
    scope.crypto.getRandomValues(bytes);
    var nonce = Array.prototype.map
      .call(bytes, function (byte) {
        return (byte + 256).toString(16).slice(1);
      })
      .join('');
    var now = Date.now();
    Object.keys(accepts).forEach(function (old) {
      if (accepts[old].until < now) {
        delete accepts[old];
      }
    });
    accepts[nonce] = {callId: callId, until: now + REDEEM_WITHIN};
    return nonce;
  }

  /**
   * The call id an Accept's nonce stands for, once: a second redeem, a late one or an unknown nonce gives `null`.
   * @param {unknown} nonce The nonce the page got in its URL.
   * @returns {string | null}
   */
  function redeem(nonce) {
    var accept = typeof nonce === 'string' && accepts.hasOwnProperty(nonce) ? accepts[nonce] : null;
    if (!accept) {
      return null;
    }
    delete accepts[nonce];
    return accept.until >= Date.now() ? accept.callId : null;
  }

  /**
   * Focuses a tab of the app (telling it the call id on Accept), or opens one at the call's URL (with a nonce on
   * Accept). Only tabs that this worker controls are candidates: their pages trust its messages.
   * @returns {Promise<string | null>} The URL opened, or `null` when a tab was focused.
   */
  function open(call, accept) {
    var target = new URL(call.url);
    return scope.clients.matchAll({type: 'window'}).then(function (tabs) {
      var tab = tabs.find(function (candidate) {
        return new URL(candidate.url).origin === target.origin;
      });
      if (tab) {
        if (accept) {
          tab.postMessage({kitCall: {action: 'accept', callId: call.callId}});
        }
        return Promise.resolve(tab.focus && tab.focus())
          .catch(function () {})
          .then(function () {
            return null;
          });
      }
      if (accept) {
        target.searchParams.set('kitCallAccept', mint(call.callId));
      }
      // A click the browser did not make (a test's) may not open a window: the URL is still the answer.
      return Promise.resolve(scope.clients.openWindow(target.href))
        .catch(function () {})
        .then(function () {
          return target.href;
        });
    });
  }

  /**
   * What a click on a call's notification does (the `notificationclick` handler): the notification closes; Decline
   * POSTs to `declineUrl` (no credentials, no referrer, no redirect) and opens nothing; Accept opens or focuses the
   * app with the call's id (a nonce in a new tab's URL); a click on the notification's body opens or focuses the app
   * and answers nothing.
   * @param {Notification} notification The call's notification.
   * @param {string} action `'accept'`, `'decline'`, or `''` for the body.
   * @returns {Promise<string | null>} The URL of the tab opened, if one was.
   */
  function click(notification, action) {
    notification.close();
    var call = clean(notification.data);
    if (!call) {
      return Promise.resolve(null);
    }
    if (action === 'decline') {
      end(call.callId);
      if (!call.declineUrl) {
        return Promise.resolve(null);
      }
      return scope
        .fetch(call.declineUrl, {
          method: 'POST',
          credentials: 'omit',
          redirect: 'error',
          referrerPolicy: 'no-referrer',
          cache: 'no-store',
        })
        .then(
          function () {
            return null;
          },
          function () {
            return null;
          },
        );
    }
    return open(call, action === 'accept');
  }

  /**
   * What a push message does: `ring` shows the call's notification, `cancel` closes it.
   * @param {{kitCall?: object}} message The push's JSON payload.
   * @returns {Promise<void> | null} Done when the notification is shown or closed (or refused); `null` for another
   *   message.
   */
  function receive(message) {
    if (!message || typeof message !== 'object' || !message.kitCall) {
      return null;
    }
    var call = clean(message.kitCall);
    if (!call) {
      return Promise.resolve(); // Ours, but unusable: nothing to show.
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
    event.waitUntil(click(notification, event.action || ''));
  });

  // The page that Accept opened redeems its nonce: `{kitCallRedeem: nonce}` with a MessagePort for the answer
  // `{kitCall: {callId}}` (`null` for a nonce this worker did not make, or already redeemed).
  scope.addEventListener('message', function (event) {
    var data = event.data;
    var port = event.ports && event.ports[0];
    if (!data || typeof data !== 'object' || !('kitCallRedeem' in data) || !port) {
      return;
    }
    port.postMessage({kitCall: {callId: redeem(data.kitCallRedeem)}});
  });

  /**
   * @docs-private What a click on a call's notification does (the browser tests call it where a real click cannot
   * be made), and what a push message does, for a worker that stands in for the push service (the demo on the
   * in-memory SDK).
   */
  scope.kitCallWorker = {click: click, receive: receive};
})(self);
