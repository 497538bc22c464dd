import {
  EnvironmentProviders,
  effect,
  inject,
  makeEnvironmentProviders,
  provideEnvironmentInitializer,
} from '@angular/core';
import {KitCallOverlayConfig, KitCallSettingsBuilder, KitCallsSdk} from 'kit-chat-uikit-angular';
import {KitPushCalls, KitPushCallsFeature, withPushCalls} from 'kit-chat-uikit-angular/push';
import {KitSipCallsSdk, KitSipOptions, kitSipCallsSdk} from 'kit-chat-uikit-angular/sip';
import {DEMO_PUSH_WORKER} from './closed-tab-ring';
import {DEMO_ERRORS} from './demo-log';
import {DemoPerson, demoUser} from './people';

/** The SIP domain of the demo's users (tools/kamailio/kamailio.cfg treats it as its own). */
export const DEMO_SIP_DOMAIN = 'kit.test';

/**
 * SIP mode (`npm run demo:sip`): `?sip=ws://127.0.0.1:5080` makes the demo ring real calls through that proxy;
 * `?sip` alone means port 5080 on the page's host. Without it the demo stays on the in-memory SDK.
 * @param search The query string of the page.
 * @returns The proxy's WebSocket URL, or `null` outside SIP mode.
 */
export function demoSipServer(search: string = globalThis.location?.search ?? ''): string | null {
  const value = new URLSearchParams(search).get('sip');
  if (value === null) {
    return null;
  }
  return value || `ws://${globalThis.location?.hostname || '127.0.0.1'}:5080`;
}

/** `?sipReconnect=<s>`: the wait between reconnection attempts, fixed. */
function reconnectFromUrl(params: URLSearchParams): {min: number; max: number} | undefined {
  const seconds = Number(params.get('sipReconnect'));
  return seconds > 0 ? {min: seconds, max: seconds} : undefined;
}

/**
 * The `callsSdk` of SIP mode: the person of this tab registers as `sip:<uid>@kit.test`, with ephemeral credentials
 * from `?sipAuth=<url>` (the endpoint that `npm run demo:sip` and the SIP browser tests serve; an app asks its own
 * backend).
 * @param me The person of this tab.
 * @param server The proxy's WebSocket URL.
 * @param search The query string of the page.
 */
export function demoSipCallsSdk(
  me: DemoPerson,
  server: string,
  search: string = globalThis.location?.search ?? '',
): () => KitSipCallsSdk {
  const params = new URLSearchParams(search);
  const auth = params.get('sipAuth');
  const options: KitSipOptions = {
    server,
    uri: `sip:${me.uid}@${DEMO_SIP_DOMAIN}`,
    credentials: auth
      ? async () => {
          const response = await fetch(`${auth}?user=${encodeURIComponent(me.uid)}`);
          if (!response.ok) {
            throw new Error(`${auth} answered ${response.status}`);
          }
          return response.json();
        }
      : undefined,
    displayName: me.name,
    // `?iceRelay=1`: media only through the TURN server that comes with the credentials.
    iceTransportPolicy: params.get('iceRelay') === '1' ? 'relay' : undefined,
    // `?dtmf=info`: the keypad's digits go as SIP INFO (application/dtmf-relay), not RFC 4733 in the audio.
    dtmf: params.get('dtmf') === 'info' ? 'info' : undefined,
    // `?sfu=<Janus WebSocket URL>[,<another>]`: calls with several people (the Team), their media through Janus's
    // rooms, which the proxy's room hook (`kamailio.sh --group-hook`) arranges.
    sfu: params.get('sfu') ? {url: params.get('sfu')!.split(',')} : undefined,
    user: demoUser(me),
    // Loopback: come back quickly after a proxy restart. `?sipReconnect=<s>` sets a fixed back-off (JsSIP's own
    // default goes up to 30 s), for the browser test of a frozen tab, which resumes well before it.
    reconnectInterval: reconnectFromUrl(params) ?? {min: 1, max: 2},
    onError: error => DEMO_ERRORS.next(error),
  };
  if (!demoPushFromUrl(search)) {
    return kitSipCallsSdk(options);
  }
  // `?push=<VAPID key>`: every REGISTER carries this device's Web Push binding (RFC 8599 Contact parameters), so
  // that a call still rings it, by a notification, once its tab is closed. The demo asks for the permission at
  // once (an app asks from a click: `KitPushCalls.subscribe()`); the registration waits for the answer.
  return () => {
    const push = inject(KitPushCalls);
    const contactParams = async () => {
      await push.subscribe();
      return push.contactParams();
    };
    return kitSipCallsSdk({...options, contactParams})();
  };
}

/**
 * `?push=<VAPID public key>` (with `?sip`): calls ring this user by a Web Push notification while no tab is open
 * (`withPushCalls()`; the SIP browser tests and `npm run demo:sip` start the push sender). On the in-memory SDK,
 * always: the page that a notification's Accept opens answers the call ("Close this tab, then ring me", where the
 * demo's worker stands in for the push service and the demo never subscribes, so the key is never used).
 * @param search The query string of the page.
 * @returns The feature, or an empty list.
 */
export function demoPushCalls(
  search: string = globalThis.location?.search ?? '',
): KitPushCallsFeature[] {
  if (!demoSipServer(search)) {
    return [withPushCalls({vapidPublicKey: 'none', serviceWorker: DEMO_PUSH_WORKER})];
  }
  const vapidPublicKey = demoPushFromUrl(search);
  // `?pushOrigin=`: the push sender's origin (its decline URL), which the worker must be told it may use. A demo
  // takes it from its address, as it takes the SIP proxy; an app writes it in its code.
  const pushOrigin = new URLSearchParams(search).get('pushOrigin');
  return vapidPublicKey
    ? [withPushCalls({vapidPublicKey, origins: pushOrigin ? [pushOrigin] : []})]
    : [];
}

function demoPushFromUrl(search: string): string | null {
  return new URLSearchParams(search).get('push') || null;
}

/**
 * In SIP mode, the registration state on `<html data-sip-status>` (for people and for the browser tests) and the
 * SDK on `window.kitDemoSip` (for the benchmark).
 */
export function provideDemoSipStatus(): EnvironmentProviders {
  if (!demoSipServer()) {
    return makeEnvironmentProviders([]); // The in-memory demo stays exactly as it was.
  }
  return makeEnvironmentProviders([
    provideEnvironmentInitializer(() => {
      const sdk = inject(KitCallsSdk);
      if (sdk instanceof KitSipCallsSdk && typeof document !== 'undefined') {
        (globalThis as {kitDemoSip?: KitSipCallsSdk}).kitDemoSip = sdk;
        effect(() => (document.documentElement.dataset['sipStatus'] = sdk.status()));
      }
    }),
  ]);
}

/**
 * `?audioOnly=1`: every accepted call goes on as voice only (`KitCallSettingsBuilder.setIsAudioOnly(true)`), so the
 * camera's track is switched off even on a video call.
 * @param search The query string of the page.
 * @returns Overlay options to merge, or `undefined`.
 */
export function demoAudioOnlyFromUrl(
  search: string = globalThis.location?.search ?? '',
): Partial<KitCallOverlayConfig> | undefined {
  return new URLSearchParams(search).get('audioOnly') === '1'
    ? {callSettingsBuilder: new KitCallSettingsBuilder().setIsAudioOnly(true)}
    : undefined;
}
