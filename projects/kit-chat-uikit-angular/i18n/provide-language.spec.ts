import {Directionality} from '@angular/cdk/bidi';
import {HarnessLoader} from '@angular/cdk/testing';
import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {
  ApplicationInitStatus,
  Component,
  EnvironmentProviders,
  inject,
  provideAppInitializer,
} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KitCallButtonsIntl,
  KitCallDockIntl,
  KitCallOverlay,
  KitCallsIntl,
  KitCallPreviewIntl,
  KitDevicePickersIntl,
  KitHoldIntl,
  KitKeypadIntl,
  KitRingReadinessIntl,
  KitSelfViewIntl,
} from 'kit-chat-uikit-angular';
import {kitUseLanguage, provideKitLanguage} from 'kit-chat-uikit-angular/i18n';
import {ar} from 'kit-chat-uikit-angular/i18n/ar';
import {de} from 'kit-chat-uikit-angular/i18n/de';
import {en} from 'kit-chat-uikit-angular/i18n/en';
import {KitCallLogIntl} from 'kit-chat-uikit-angular/call-log';
import {KitGroupCallsIntl} from 'kit-chat-uikit-angular/group';
import {KitPushIntl} from 'kit-chat-uikit-angular/push';
import {
  KitCallsTestingController,
  KitIncomingCallHarness,
  KitOutgoingCallHarness,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';

@Component({template: '<p>My app</p>'})
class App {}

const ADA = {uid: 'ada', name: 'Ada Lovelace'};

describe('provideKitLanguage and kitUseLanguage', () => {
  let loader: HarnessLoader;
  let calls: KitCallsTestingController;

  function setup(...providers: EnvironmentProviders[]): void {
    TestBed.configureTestingModule({providers: [provideKitCallsTesting(), ...providers]});
    const fixture = TestBed.createComponent(App);
    loader = TestbedHarnessEnvironment.documentRootLoader(fixture);
    calls = TestBed.inject(KitCallsTestingController);
  }

  afterEach(() => {
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
  });

  it('should ring in German from the start, every Intl class and the page in German', async () => {
    setup(provideKitLanguage(de));

    await calls.farSide.ring(ADA, calls.me, 'video');
    const incoming = await loader.getHarness(KitIncomingCallHarness);

    expect(await incoming.getSubtitleText()).toBe('Eingehender Videoanruf');
    expect(await incoming.getAcceptLabel()).toBe('Videoanruf von Ada Lovelace annehmen');
    expect(await incoming.getRejectLabel()).toBe('Videoanruf von Ada Lovelace ablehnen');
    expect(TestBed.inject(KitRingReadinessIntl).turnOn).toBe('Anrufhinweise einschalten');
    expect(TestBed.inject(KitCallDockIntl).movedTo('top', 'left')).toBe(
      'Anruffenster in die Ecke oben links verschoben',
    );
    expect(TestBed.inject(KitDevicePickersIntl).unnamedDevice('Mikrofon', 2)).toBe('Mikrofon 2');
    expect(TestBed.inject(KitPushIntl).accept).toBe('Annehmen');
    const log = TestBed.inject(KitCallLogIntl);
    expect([log.callBack, log.locale, log.missedCount(3)]).toEqual([
      'Zurückrufen',
      'de',
      '3 verpasste Anrufe',
    ]);
    expect(TestBed.inject(KitCallButtonsIntl).callTo('Ada', true)).toBe('Videoanruf an Ada');
    expect(TestBed.inject(KitGroupCallsIntl).callingGroup('Ada', 'Team')).toBe('Ada ruft Team an');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('should write every string of the pack into its Intl class', () => {
    setup();
    TestBed.runInInjectionContext(() => kitUseLanguage(de));
    const classes = {
      calls: KitCallsIntl,
      readiness: KitRingReadinessIntl,
      dock: KitCallDockIntl,
      devices: KitDevicePickersIntl,
      buttons: KitCallButtonsIntl,
      selfView: KitSelfViewIntl,
      keypad: KitKeypadIntl,
      preview: KitCallPreviewIntl,
      hold: KitHoldIntl,
      push: KitPushIntl,
      log: KitCallLogIntl,
      group: KitGroupCallsIntl,
    } as const;
    for (const [part, intlClass] of Object.entries(classes)) {
      const intl = TestBed.inject(intlClass as unknown as new () => object) as Record<
        string,
        unknown
      >;
      for (const [key, value] of Object.entries(de[part as keyof typeof classes])) {
        expect([part, key, intl[key]]).toEqual([part, key, value]);
      }
    }
  });

  it('should load a language by its tag (a lazy chunk) before the app starts', async () => {
    setup(provideKitLanguage('ja'));
    await TestBed.inject(ApplicationInitStatus).donePromise;

    await calls.farSide.ring(ADA, calls.me, 'video');
    const incoming = await loader.getHarness(KitIncomingCallHarness);

    expect(await incoming.getSubtitleText()).toBe('ビデオ通話の着信');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('should switch an open screen to another language at run time, right to left for Arabic', async () => {
    setup();
    void TestBed.inject(KitCallOverlay).startCall(ADA, 'audio');
    await calls.settle();
    const outgoing = await loader.getHarness(KitOutgoingCallHarness);
    expect(await outgoing.getStatusText()).toBe('Calling…');
    // What follows the direction (the call overlay's pane, an app's own components) hears each change.
    const directions: string[] = [];
    TestBed.inject(Directionality).change.subscribe(dir => directions.push(dir));

    TestBed.runInInjectionContext(() => kitUseLanguage(ar));
    await calls.settle();

    expect(await outgoing.getStatusText()).toBe('جارٍ الاتصال…');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(TestBed.inject(Directionality).value).toBe('rtl');

    TestBed.runInInjectionContext(() => kitUseLanguage(en));
    await calls.settle();

    expect(await outgoing.getStatusText()).toBe('Calling…');
    expect(TestBed.inject(Directionality).value).toBe('ltr');
    expect(directions).toEqual(['rtl', 'ltr']);
  });

  it('should let the app override single strings after the pack, and keep its page as it is', async () => {
    setup(
      provideKitLanguage(de, {document: false}),
      provideAppInitializer(() => {
        inject(KitCallsIntl).incomingVideoCall = 'Ada ruft per Video an';
      }),
    );

    await calls.farSide.ring(ADA, calls.me, 'video');
    const incoming = await loader.getHarness(KitIncomingCallHarness);

    expect(await incoming.getSubtitleText()).toBe('Ada ruft per Video an');
    expect(await incoming.getAcceptLabel()).toBe('Videoanruf von Ada Lovelace annehmen');
    expect(document.documentElement.hasAttribute('lang')).toBe(false);
  });
});
