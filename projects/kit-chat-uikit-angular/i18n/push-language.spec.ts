import {Component} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {kitUseLanguage, provideKitLanguage} from 'kit-chat-uikit-angular/i18n';
import {de} from 'kit-chat-uikit-angular/i18n/de';
import {fr} from 'kit-chat-uikit-angular/i18n/fr';
import {KitPushCalls, withPushCalls} from 'kit-chat-uikit-angular/push';
import {provideKitCallsTesting} from 'kit-chat-uikit-angular/testing';

@Component({template: ''})
class App {}

const SUBSCRIPTION = {endpoint: 'https://push.example/send/abc', keys: {p256dh: 'k', auth: 'a'}};

/** The browser's service worker container, with a push manager that subscribes at once. */
function stubServiceWorker() {
  const pushManager = {
    getSubscription: jest.fn(async () => null),
    subscribe: jest.fn(async () => ({toJSON: () => SUBSCRIPTION})),
  };
  const registration = {pushManager};
  const container = Object.assign(new EventTarget(), {
    register: jest.fn(async (_url: string, _options: unknown) => registration),
    ready: Promise.resolve(registration),
    controller: null,
  });
  Object.defineProperty(navigator, 'serviceWorker', {value: container, configurable: true});
  return container;
}

/** The words the worker's script URL gives it, by name. */
function wordsOf(url: string): Record<string, string> {
  const params = new URL(url, 'https://app.test/').searchParams;
  return Object.fromEntries([...params].filter(([name]) => name.startsWith('label-')));
}

describe('the push notification in the language of provideKitLanguage', () => {
  beforeEach(() => {
    (globalThis as {Notification?: unknown}).Notification = {permission: 'granted'};
    (globalThis as {PushManager?: unknown}).PushManager = class {};
  });

  afterEach(() => {
    delete (navigator as {serviceWorker?: unknown}).serviceWorker;
    delete (globalThis as {Notification?: unknown}).Notification;
    delete (globalThis as {PushManager?: unknown}).PushManager;
  });

  it('should give the service worker the German words, and the French ones after a switch', async () => {
    const worker = stubServiceWorker();
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({features: [withPushCalls({vapidPublicKey: 'BVapidKey'})]}),
        provideKitLanguage(de, {document: false}),
      ],
    });
    TestBed.createComponent(App);

    await TestBed.inject(KitPushCalls).subscribe();

    expect(worker.register).toHaveBeenCalledTimes(1);
    const [url] = worker.register.mock.calls[0];
    expect(url.startsWith('kit-call-sw.js?')).toBe(true);
    expect(wordsOf(url)).toEqual({
      'label-voice': 'Eingehender Sprachanruf',
      'label-video': 'Eingehender Videoanruf',
      'label-accept': 'Annehmen',
      'label-decline': 'Ablehnen',
      'label-call': 'Eingehender Anruf',
      'label-missed': 'Verpasster Anruf',
      'label-missed-voice': 'Verpasster Sprachanruf',
      'label-missed-video': 'Verpasster Videoanruf',
      'label-call-back': 'Zurückrufen',
    });

    TestBed.runInInjectionContext(() => kitUseLanguage(fr, {document: false}));
    await Promise.resolve();

    expect(worker.register).toHaveBeenCalledTimes(2);
    expect(wordsOf(worker.register.mock.calls[1][0])['label-accept']).toBe('Accepter');
  });

  it("should give an app that registers the worker itself the worker's URL with the words", () => {
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          features: [withPushCalls({vapidPublicKey: 'BVapidKey', serviceWorker: 'my-sw.js'})],
        }),
        provideKitLanguage(de, {document: false}),
      ],
    });
    TestBed.createComponent(App);
    const push = TestBed.inject(KitPushCalls);

    expect(push.scriptUrl.startsWith('my-sw.js?')).toBe(true);
    expect(wordsOf(push.scriptUrl)['label-accept']).toBe('Annehmen');
    TestBed.runInInjectionContext(() => kitUseLanguage(fr, {document: false}));
    expect(wordsOf(push.scriptUrl)['label-decline']).toBe('Refuser');
  });
});
