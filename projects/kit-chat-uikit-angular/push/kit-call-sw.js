/*
 * kit-call-sw.js: the service-worker part of `kit-chat-uikit-angular/push`. It rings a call while no tab of the app
 * is open: a push `{kitCall: {type: 'ring', ...}}` shows an incoming-call notification (caller's name and avatar,
 * Accept and Decline, requireInteraction, a ringing vibration), `{kitCall: {type: 'cancel', callId}}` closes it.
 * A cancel with `missed: true` (the caller gave up or nobody answered on any device) leaves a missed-call notification
 * in its place, which stays until it is clicked or the app's call log is seen, with a Call back action.
 *
 * - Accept opens the app at `url` with `kitCallAccept=<nonce>`: a one-time random nonce that this worker made for
 *   that call id and redeems once, for the page it controls (`withPushCalls()` asks it by a message, and answers the
 *   ringing call of that id). A tab of the app already open is focused and told the call id by a message instead.
 *   A nonce this worker did not make answers nothing: a link alone never answers a call.
 * - Decline POSTs to `declineUrl` (the app's backend, which declines the call at the proxy) without opening a page.
 * - A click on the notification itself opens (or focuses) the app, where the call rings as usual.
 * - Call back (on a missed call) opens the app with `kitCallBack=<nonce>` (or tells an open tab by a message), and
 *   the app calls the caller back: a nonce this worker made for that missed call, redeemed once, as for Accept.
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
  /** The tag of a missed call's notification: the call log's in-page ones have the same, one replaces the other. */
  var MISSED_TAG = 'kit-missed-';
  /** Where the missed calls wait for the app's call log (Cache Storage, read and emptied by `withCallLog()`). */
  var MISSED_CACHE = 'kit-call-missed';
  var MISSED_KEY = '/kit-call-missed.json';
  var MAX_MISSED = 50;
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
  /** The nonces of Accept and Call back not yet redeemed: nonce → {call, action, until}. */
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
      missed: call.missed === true,
      labels: {
        voice: word(labels.voice),
        video: word(labels.video),
        accept: word(labels.accept),
        decline: word(labels.decline),
        missedVoice: word(labels.missedVoice),
        missedVideo: word(labels.missedVideo),
        callBack: word(labels.callBack),
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

  /** Closes the call's ringing notification; resolves the call it rang for, if it was shown. */
  function close(callId) {
    end(callId);
    return scope.registration.getNotifications({tag: TAG + callId}).then(function (shown) {
      shown.forEach(function (notification) {
        notification.close();
      });
      return shown.length ? clean(shown[0].data) : null;
    });
  }

  /**
   * A cancel: the ring stops; when the sender says the call was missed, a notification that stays takes its place,
   * with Call back when the caller is known (the cancel's caller, else the ring's).
   */
  function cancel(call) {
    return close(call.callId).then(function (rang) {
      if (!call.missed) {
        return;
      }
      var known = call.caller.uid || call.caller.name ? call : rang || call;
      var labels = known.labels;
      var options = {
        body: known.video
          ? labels.missedVideo || said('missed-video', 'Missed video call')
          : labels.missedVoice || said('missed-voice', 'Missed voice call'),
        tag: MISSED_TAG + call.callId,
        requireInteraction: true,
        data: Object.assign({}, known, {type: 'cancel', callId: call.callId, missed: true}),
        actions: known.caller.uid
          ? [{action: 'callBack', title: labels.callBack || said('call-back', 'Call back')}]
          : [],
      };
      if (known.caller.avatar) {
        options.icon = known.caller.avatar;
      }
      var title = known.caller.name || known.caller.uid || said('missed', 'Missed call');
      return Promise.all([
        scope.registration.showNotification(title, options),
        remember({callId: call.callId, caller: known.caller, video: known.video, at: Date.now()}),
      ]);
    });
  }

  /** Keeps a missed call for the app's call log, which takes it at its next start. */
  function remember(missed) {
    if (!scope.caches) {
      return Promise.resolve();
    }
    return scope.caches
      .open(MISSED_CACHE)
      .then(function (cache) {
        return cache
          .match(MISSED_KEY)
          .then(function (kept) {
            return kept ? kept.json() : [];
          })
          .then(function (list) {
            var calls = (Array.isArray(list) ? list : []).concat([missed]).slice(-MAX_MISSED);
            return cache.put(MISSED_KEY, new Response(JSON.stringify(calls)));
          });
      })
      .catch(function () {}); // The notification shows all the same.
  }

  /** A one-time random nonce for an action on a call, redeemable once within `REDEEM_WITHIN`. */
  function mint(call, action) {
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
    accepts[nonce] = {call: call, action: action, until: now + REDEEM_WITHIN};
    return nonce;
  }

  /**
   * What a nonce stands for, once: the call id and the action (and, for Call back, the caller and the call's type);
   * a second redeem, a late one or an unknown nonce gives `{callId: null}`.
   * @param {unknown} nonce The nonce the page got in its URL.
   * @returns {object}
   */
  function redeem(nonce) {
    var minted = typeof nonce === 'string' && accepts.hasOwnProperty(nonce) ? accepts[nonce] : null;
    if (!minted) {
      return {callId: null};
    }
    delete accepts[nonce];
    return minted.until >= Date.now() ? told(minted.call, minted.action) : {callId: null};
  }

  /** The message that tells the page of a choice: the call id and the action, and whom to call back. */
  function told(call, action) {
    var choice = {action: action, callId: call.callId};
    if (action === 'callBack') {
      choice.caller = call.caller;
      choice.video = call.video;
    }
    return choice;
  }

  /**
   * Focuses a tab of the app (telling it the choice on Accept or Call back), or opens one at the call's URL (with a
   * nonce for the choice). Only tabs that this worker controls are candidates: their pages trust its messages.
   * @param {string} action `'accept'`, `'callBack'`, or `''` (open only).
   * @returns {Promise<string | null>} The URL opened, or `null` when a tab was focused.
   */
  function open(call, action) {
    var target = new URL(call.url);
    return scope.clients.matchAll({type: 'window'}).then(function (tabs) {
      var tab = tabs.find(function (candidate) {
        return new URL(candidate.url).origin === target.origin;
      });
      if (tab) {
        if (action) {
          tab.postMessage({kitCall: told(call, action)});
        }
        return Promise.resolve(tab.focus && tab.focus())
          .catch(function () {})
          .then(function () {
            return null;
          });
      }
      if (action) {
        target.searchParams.set(
          action === 'accept' ? 'kitCallAccept' : 'kitCallBack',
          mint(call, action),
        );
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
    if (notification.tag.indexOf(MISSED_TAG) === 0) {
      // A missed call: Call back calls the caller; a click on its body only opens the app.
      return open(call, action === 'callBack' && call.caller.uid ? 'callBack' : '');
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
    return open(call, action === 'accept' ? 'accept' : '');
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
    return call.type === 'cancel' ? cancel(call) : show(call);
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
    var tag = notification.tag || '';
    if (tag.indexOf(TAG) !== 0 && tag.indexOf(MISSED_TAG) !== 0) {
      return;
    }
    event.waitUntil(click(notification, event.action || ''));
  });

  // The page that Accept or Call back opened redeems its nonce: `{kitCallRedeem: nonce}` with a MessagePort for the
  // answer `{kitCall: {action, callId, caller?, video?}}` (`callId: null` for a nonce this worker did not make, or
  // already redeemed).
  scope.addEventListener('message', function (event) {
    var data = event.data;
    var port = event.ports && event.ports[0];
    if (!data || typeof data !== 'object' || !('kitCallRedeem' in data) || !port) {
      return;
    }
    port.postMessage({kitCall: redeem(data.kitCallRedeem)});
  });

  /**
   * @docs-private What a click on a call's notification does (the browser tests call it where a real click cannot
   * be made), and what a push message does, for a worker that stands in for the push service (the demo on the
   * in-memory SDK).
   */
  scope.kitCallWorker = {click: click, receive: receive};
})(self);
