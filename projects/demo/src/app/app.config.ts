import {
  ApplicationConfig,
  inject,
  provideBrowserGlobalErrorListeners,
  provideEnvironmentInitializer,
  provideZonelessChangeDetection,
} from '@angular/core';
import {
  KIT_CALL_OVERLAY_DEFAULT_OPTIONS,
  provideKitUIKit,
  withCallControls,
  withCallPreview,
  withCallWaiting,
  withRingReadiness,
  withDockedCalls,
  withPictureInPicture,
  withDevicePickers,
  withKeypad,
  withHold,
  withTransfer,
  withMutedSpeechHint,
  withDraggableSelfView,
  withHidingControls,
} from 'kit-chat-uikit-angular';
import {withCallLog} from 'kit-chat-uikit-angular/call-log';
import {withGroupCalls} from 'kit-chat-uikit-angular/group';
import {KIT_LANGUAGES, KitLanguageCode, provideKitLanguage} from 'kit-chat-uikit-angular/i18n';
import {
  KitInMemorySwitchboard,
  kitInMemoryGroupCalls,
  kitInMemoryMediaCallsSdk,
} from 'kit-chat-uikit-angular/in-memory';
import {DEMO_ERRORS} from './demo-log';
import {DemoSettings, demoLoadBusyPolicy} from './demo-settings';
import {demoLoadRingtoneOutput} from './ringtone-output';
import {DEMO_PEOPLE, DEMO_TEAM, DEMO_TEAM_MEMBERS, demoMe, demoUser} from './people';
import {
  demoAudioOnlyFromUrl,
  demoPushCalls,
  demoSipCallsSdk,
  demoSipServer,
  provideDemoSipStatus,
} from './sip-mode';

/** `?sip=<ws url>`: real calls over SIP (`npm run demo:sip`), else the in-memory switchboard. */
const sipServer = demoSipServer();

/**
 * `?ringTimeout=<ms>` shortens how long a call rings unanswered (45 s by default), for the browser tests.
 * @returns The overlay defaults, or `undefined` to keep the library's.
 */
function demoRingTimeoutFromUrl(): {ringTimeout: number} | undefined {
  const ringTimeout = Number(
    new URLSearchParams(globalThis.location?.search ?? '').get('ringTimeout'),
  );
  return Number.isFinite(ringTimeout) && ringTimeout > 0 ? {ringTimeout} : undefined;
}

/**
 * `?reconnectTimeout=<ms>`: how long a call may stay "Reconnecting…" (30 s by default), for the browser test of an
 * ICE restart, which waits for Chromium to give the old path up.
 * @returns The option, or `undefined` to keep the library's.
 */
function demoReconnectTimeoutFromUrl(): {reconnectTimeout: number} | undefined {
  const reconnectTimeout = Number(
    new URLSearchParams(globalThis.location?.search ?? '').get('reconnectTimeout'),
  );
  return Number.isFinite(reconnectTimeout) && reconnectTimeout > 0 ? {reconnectTimeout} : undefined;
}

/**
 * `?lang=<tag>` (`ar`, `ja`...): every word of the kit in that language, its pack loaded lazily before the app starts.
 * @returns The language's tag, or `undefined` for English.
 */
function demoLanguageFromUrl(): KitLanguageCode | undefined {
  const lang = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
  return KIT_LANGUAGES.find(code => code === lang);
}
const language = demoLanguageFromUrl();

/**
 * The video call's bar that hides while the mouse stays still and the self view that moves, unless `?look=still`
 * (the browser tests check the screen without them); `?hideControlsAfter=<ms>` shortens the 3 s the bar waits.
 * @returns The two features, or none.
 */
function demoLookFeatures() {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const delay = Number(query.get('hideControlsAfter'));
  return query.get('look') === 'still'
    ? []
    : [withHidingControls(delay > 0 ? {delay} : {}), withDraggableSelfView()];
}

export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    provideZonelessChangeDetection(),
    // The switchboard knows everyone, and shares calls with the demo's other tabs (two users, two tabs).
    provideEnvironmentInitializer(() => {
      const switchboard = inject(KitInMemorySwitchboard);
      switchboard.control.addUsers(...DEMO_PEOPLE.map(demoUser));
      // Group calls on, and the Team: "Call the team" rings its members (each tab sets it, as a server knows it).
      kitInMemoryGroupCalls(switchboard).addGroup(DEMO_TEAM, DEMO_TEAM_MEMBERS.map(demoUser));
      switchboard.connectTabs();
    }),
    provideKitUIKit(
      {
        callsSdk: sipServer
          ? demoSipCallsSdk(demoMe(), sipServer)
          : kitInMemoryMediaCallsSdk(demoUser(demoMe())),
        onError: error => DEMO_ERRORS.next(error),
        ...demoReconnectTimeoutFromUrl(),
        overlay: {...demoRingTimeoutFromUrl(), ...demoAudioOnlyFromUrl()},
        ringtoneOutput: demoLoadRingtoneOutput(),
      },
      // Sound unlocked at the first click, a flashing title when the ringtone is blocked, the SDK checked when a
      // frozen tab resumes; the settings panel shows what is missing (<kit-ring-readiness>).
      withRingReadiness(),
      // Microphone, camera and speaker pickers on the ongoing screen; "You are muted" when speaking muted.
      withDevicePickers(),
      withMutedSpeechHint(),
      // A keypad for menus ("press 1"): in memory the far side panel shows the digits; over SIP they go as RFC 4733.
      withKeypad(),
      // A look before answering: my camera behind a ringing video call (only when already allowed: ringing never
      // asks), and "Answer as voice" under Accept.
      withCallPreview(),
      // Hold and resume: over SIP a re-INVITE (sendonly, then sendrecv); in memory the far side panel holds too.
      withHold(),
      // Blind transfer: over SIP a REFER; in memory the far side calls the person chosen (the contacts).
      withTransfer(),
      // The video call's bar steps aside while the mouse stays still; the self view moves to any corner.
      ...demoLookFeatures(),
      // Part of the bootstrap config: the settings panel stores the busy policy and reloads the page.
      ...(demoLoadBusyPolicy() === 'wait' ? [withCallWaiting()] : []),
      // The call beside the app: minimize it into a corner, pop it out, and the browser's own call controls.
      withDockedCalls(),
      withPictureInPicture(),
      withCallControls(),
      // Every call's ending in IndexedDB, shown by <kit-call-log> with a missed-call badge; the last 10 keep the page
      // short (the browser tests make many calls).
      withCallLog({maxEntries: 10}),
      // Calls with several people: "Call the team" rings the Team's members, each one answers on their own.
      withGroupCalls(),
      ...demoPushCalls(),
    ),
    provideDemoSipStatus(),
    ...(language ? [provideKitLanguage(language)] : []),
    // Sound, ringtone and the custom title slot of every call screen, read at each call from the settings.
    {
      provide: KIT_CALL_OVERLAY_DEFAULT_OPTIONS,
      useFactory: () => inject(DemoSettings).overlayOptions,
    },
  ],
};
