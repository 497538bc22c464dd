import type {KitCallType, KitUser} from 'kit-chat-uikit-angular';
import {KitPushIntl} from './push-intl';
import type {KitPushCallsOptions} from './push-options';

/** How long the page waits for its service worker to redeem a nonce. */
const REDEEM_TIMEOUT = 5000;

/** English, to name on the worker's URL only the words that differ from it. */
const ENGLISH = new KitPushIntl();
const WORDS = [
  'voice',
  'video',
  'accept',
  'decline',
  'call',
  'missed',
  'missedVoice',
  'missedVideo',
  'callBack',
] as const;

/**
 * The worker's script URL, with the origins the app lets pushes name (`?origin=`) and the notification's words that
 * are not English (`?label-accept=`), read by `kit-call-sw.js`.
 */
export function workerUrl(
  {serviceWorker = 'kit-call-sw.js', origins = []}: KitPushCallsOptions,
  intl: KitPushIntl,
): string {
  const query = [
    ...origins.map(origin => `origin=${encodeURIComponent(origin)}`),
    ...WORDS.filter(word => intl[word] !== ENGLISH[word]).map(
      word =>
        `label-${word.replace(/[A-Z]/g, upper => `-${upper.toLowerCase()}`)}=${encodeURIComponent(intl[word])}`,
    ),
  ].join('&');
  return query
    ? `${serviceWorker}${serviceWorker.includes('?') ? '&' : '?'}${query}`
    : serviceWorker;
}

/** Whether a value is a call id as the worker gives it (a string of 1 to 256 characters). */
export function isCallId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 256;
}

/** A choice the worker tells the page of (a message to an open tab, or the answer to a nonce), not trusted yet. */
export interface KitWorkerChoice {
  action?: unknown;
  callId?: unknown;
  caller?: {uid?: unknown; name?: unknown; avatar?: unknown} | null;
  video?: unknown;
}

/**
 * Asks the worker what a nonce stands for, by a message with a port for its answer.
 * @returns The choice (`callId` `null` for a nonce it does not know); rejects when it does not answer in time.
 */
export function redeem(worker: ServiceWorker, nonce: string): Promise<KitWorkerChoice | null> {
  const channel = new MessageChannel();
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      channel.port1.close();
      fail(new Error(`no answer within ${REDEEM_TIMEOUT} ms`));
    }, REDEEM_TIMEOUT);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      done((event.data as {kitCall?: KitWorkerChoice} | null)?.kitCall ?? null);
    };
    worker.postMessage({kitCallRedeem: nonce}, [channel.port2]);
  });
}

/**
 * The person a Call back calls and how, from the worker's choice: a caller with a uid of 1 to 256 characters.
 * @returns `null` when the choice is not a Call back or names nobody usable.
 */
export function calledBack(
  choice: KitWorkerChoice | null,
): {user: KitUser; type: KitCallType} | null {
  const caller = choice?.action === 'callBack' ? choice.caller : null;
  if (!caller || !isCallId(caller.uid)) {
    return null;
  }
  const name = typeof caller.name === 'string' && caller.name ? caller.name : caller.uid;
  const avatar = typeof caller.avatar === 'string' ? caller.avatar : null;
  return {
    user: {uid: caller.uid, name, ...(avatar ? {avatar} : {})},
    type: choice?.video === true ? 'video' : 'audio',
  };
}
