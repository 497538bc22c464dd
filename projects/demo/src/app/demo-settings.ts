import {DOCUMENT} from '@angular/common';
import {Injectable, TemplateRef, effect, inject, signal} from '@angular/core';
import {KitCallOverlayConfig, KitException} from 'kit-chat-uikit-angular';
import {KitInMemoryAnswer} from 'kit-chat-uikit-angular/in-memory';
import {DEMO_ERRORS} from './demo-log';
import {DEMO_PEOPLE} from './people';

/** The themes of the demo: Material's light and dark, and a brand theme made with the kit's Sass mixins. */
export type DemoTheme = 'light' | 'dark' | 'brand';

/** What a second call does while one is on screen (`withCallWaiting()` for `'wait'`). */
export type DemoBusyPolicy = 'busy' | 'wait';

/** The demo's settings, kept in `localStorage` so a reload (or a second tab) keeps them. */
export interface DemoState {
  readonly sound: boolean;
  readonly customRingtone: boolean;
  readonly slot: boolean;
  readonly theme: DemoTheme;
  readonly latency: number;
  /** Ms after which a simulated person who rings me cancels; 0: they wait for my answer. */
  readonly callerCancelsAfter: number;
  /** Ms after which a simulated person in a call with me hangs up; 0: they stay on. */
  readonly hangUpAfter: number;
  /** Ms after which a simulated person in a video call turns the camera off (and on again as long later); 0: never. */
  readonly cameraOffAfter: number;
  readonly answers: Readonly<Record<string, KitInMemoryAnswer>>;
}

/** The custom ringtone shipped with the demo (`projects/demo/public/ringtone.wav`). */
export const DEMO_RINGTONE_URL = 'ringtone.wav';

/** How long a simulated person lets a call ring before answering. */
export const DEMO_ANSWER_AFTER_MS = 1500;

const STATE_KEY = 'kit-demo-settings';
const BUSY_POLICY_KEY = 'kit-demo-busy-policy';

const DEFAULT_ANSWERS: Record<string, KitInMemoryAnswer> = {
  ada: 'accept',
  alan: 'reject',
  katherine: 'busy',
};

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // Storage can be disabled (privacy settings): the demo then forgets its settings.
  }
}

function systemTheme(): DemoTheme {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** @returns The stored settings, completed with the defaults. */
export function demoLoadState(): DemoState {
  const defaults: DemoState = {
    sound: true,
    customRingtone: false,
    slot: false,
    theme: systemTheme(),
    latency: 0,
    callerCancelsAfter: 0,
    hangUpAfter: 0,
    cameraOffAfter: 0,
    answers: DEFAULT_ANSWERS,
  };
  try {
    const stored = JSON.parse(storage()?.getItem(STATE_KEY) ?? '{}') as Partial<DemoState>;
    return {...defaults, ...stored, answers: {...DEFAULT_ANSWERS, ...stored.answers}};
  } catch {
    return defaults;
  }
}

/** @returns The busy policy to give `provideKitUIKit` at bootstrap. */
export function demoLoadBusyPolicy(): DemoBusyPolicy {
  return storage()?.getItem(BUSY_POLICY_KEY) === 'wait' ? 'wait' : 'busy';
}

/**
 * Puts the theme's classes on `<html>`, where the call overlays (attached to `<body>`) inherit them too.
 * @param root The `<html>` element.
 * @param theme The theme.
 */
export function demoApplyTheme(root: HTMLElement, theme: DemoTheme): void {
  root.classList.toggle('demo-theme-light', theme === 'light');
  root.classList.toggle('demo-theme-dark', theme === 'dark');
  root.classList.toggle('demo-brand-theme', theme === 'brand');
}

/** The settings of the demo, and the overlay options they make (`KIT_CALL_OVERLAY_DEFAULT_OPTIONS`). */
@Injectable({providedIn: 'root'})
export class DemoSettings {
  private readonly _document = inject(DOCUMENT);

  /** The current settings. */
  readonly state = signal<DemoState>(demoLoadState());
  /** The busy policy the app was started with. */
  readonly busyPolicy: DemoBusyPolicy = demoLoadBusyPolicy();
  /** The custom title of the ringing screens, registered by the app's template. */
  readonly titleTemplate = signal<TemplateRef<unknown> | null>(null);

  /**
   * Defaults of every call overlay. The overlay copies them at each open, so the getter hands the settings of
   * the moment to the next call.
   */
  readonly overlayOptions: KitCallOverlayConfig = this._overlayOptions();

  constructor() {
    effect(() => demoApplyTheme(this._document.documentElement, this.state().theme));
    effect(() => storage()?.setItem(STATE_KEY, JSON.stringify(this.state())));
  }

  /**
   * Changes some settings.
   * @param change The settings to change.
   */
  update(change: Partial<DemoState>): void {
    this.state.update(state => ({...state, ...change}));
  }

  /**
   * Sets what a simulated person answers.
   * @param uid The person.
   * @param answer The answer.
   */
  setAnswer(uid: string, answer: KitInMemoryAnswer): void {
    this.state.update(state => ({...state, answers: {...state.answers, [uid]: answer}}));
  }

  /**
   * Stores a busy policy and reloads the page: the policy is part of the configuration given at bootstrap.
   * @param policy The policy.
   */
  changeBusyPolicy(policy: DemoBusyPolicy): void {
    if (policy !== this.busyPolicy) {
      storage()?.setItem(BUSY_POLICY_KEY, policy);
      this._document.location.reload();
    }
  }

  private _overlayOptions(): KitCallOverlayConfig {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const settings = this;
    return {
      get inputs(): Record<string, unknown> {
        const {sound, customRingtone, slot} = settings.state();
        const title = settings.titleTemplate();
        return {
          disableSoundForCalls: !sound, // The incoming screen.
          disableSoundForCall: !sound, // The outgoing screen.
          customSoundForCalls: customRingtone ? DEMO_RINGTONE_URL : null,
          // The screens' own errors (a failed accept, a blocked ringtone) go to the log.
          onError: (error: KitException) => DEMO_ERRORS.next(error),
          ...(slot && title ? {titleView: title} : {}),
        };
      },
    };
  }
}

/** The people this tab plays (all simulated people except the logged-in user). */
export function demoSimulatedPeople(meUid: string) {
  return DEMO_PEOPLE.filter(person => person.simulated && person.uid !== meUid);
}
