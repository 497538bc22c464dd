import {FocusTrap, FocusTrapFactory, _IdGenerator} from '@angular/cdk/a11y';
import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {_CdkPrivateStyleLoader, _VisuallyHiddenLoader} from '@angular/cdk/private';
import {isPlatformBrowser} from '@angular/common';
import {
  ChangeDetectorRef,
  DestroyRef,
  ElementRef,
  Injector,
  OutputEmitterRef,
  PLATFORM_ID,
  Signal,
  ViewContainerRef,
  afterNextRender,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitException} from '../sdk/kit-exception';
import {KitOnError, KitUser} from '../sdk/models';
import {KitCallRegistry} from '../registry/call-registry';
import {KIT_CALL_SCREEN_IDS} from './call-screen-ids';
import {KIT_CALL_SCREEN_PARTS} from './call-screen-parts';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KIT_CALL_SESSION, KitCallSaid, kitSaidSoFar} from './call-session-binding';
import {KitCallSession} from '../session/call-session';
import {KitCallSessionState, KitCallSessionViewOptions} from '../session/call-session-types';

/** Where a screen's errors go: its `onError` input and `error` output. */
export interface KitCallScreenErrors {
  /** The screen's `onError` input. */
  readonly onError: () => KitOnError | null | undefined;
  /** The screen's `error` output. */
  readonly error: OutputEmitterRef<KitException>;
}

/**
 * What the three call screens share, so that each of them is only a view: the CDK's visually-hidden styles, the ids
 * that name and describe the screen (given by the call overlay, or made here), the session shown (one at a time,
 * followed with one subscription and one attach), error reporting, and the focus trap and restore. Created in a
 * screen's injection context.
 * @docs-private
 */
export class KitCallScreenShell {
  readonly #injector = inject(Injector);
  readonly #focusTrapFactory = inject(FocusTrapFactory);
  readonly #screenIds = inject(KIT_CALL_SCREEN_IDS, {optional: true});
  #sound: [Signal<boolean>, Signal<string | null | undefined>] | null = null;
  readonly #session = signal<KitCallSession | null>(null);
  readonly #state = signal<KitCallSessionState | null>(null);
  #release: (() => void) | null = null;
  readonly #intlVersion = signal(0);
  #focusTrap: FocusTrap | null = null;
  #previousFocus: HTMLElement | null = null;
  #destroyed = false;

  /** The screen's element. */
  readonly host: HTMLElement = inject(ElementRef).nativeElement;
  /** The registry of the app's calls. */
  readonly registry = inject(KitCallRegistry);
  /** The session a call overlay gives the screen, if it is in one. */
  readonly overlaySession = inject(KIT_CALL_SESSION, {optional: true});
  /** Whether the screen runs in a browser (focus, clocks and media are browser matters). */
  readonly isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  /** Whether a call overlay's dialog container carries the role and the label. */
  readonly inOverlay = !!this.#screenIds;
  /** The session shown, if any. */
  readonly session: Signal<KitCallSession | null> = this.#session.asReadonly();
  /** Its state, updated on every change. */
  readonly state: Signal<KitCallSessionState | null> = this.#state.asReadonly();
  /** Counts the changes of the strings (`KitCallsIntl.changes`), for computed texts to follow them. */
  readonly intlVersion: Signal<number> = this.#intlVersion.asReadonly();

  readonly #screen: KitCallScreenErrors;

  /**
   * @param screen The screen (its `onError` and `error` are read when an error comes: the shell is made before them).
   * @param idPrefix The prefix of the ids the screen makes when it is not in a call overlay (`kit-incoming-call-`).
   * @param descriptionSuffix The suffix of its description's id outside an overlay (`subtitle`, `status`).
   */
  constructor(screen: KitCallScreenErrors, idPrefix: string, descriptionSuffix: string) {
    this.#screen = screen;
    // The LiveAnnouncer's region and the screen-reader-only text need the CDK's visually-hidden styles, which an
    // app without Material's core styles never loaded: without them that text shows on the page.
    inject(_CdkPrivateStyleLoader).load(_VisuallyHiddenLoader);
    const id = inject(_IdGenerator).getId(idPrefix);
    this.labelId = this.#screenIds?.label ?? `${id}-label`;
    this.descriptionId = this.#screenIds?.description ?? `${id}-${descriptionSuffix}`;
    this.titleId = `${id}-title`;
    // A language switch during a call re-renders the screen (OnPush): its texts come from KitCallsIntl.
    const changeDetector = inject(ChangeDetectorRef);
    const intl = inject(KitCallsIntl).changes.subscribe(() => {
      this.#intlVersion.update(version => version + 1);
      changeDetector.markForCheck();
    });
    // The parts features add (`KIT_CALL_SCREEN_PARTS`), beside the screen: each places itself.
    inject(KIT_CALL_SCREEN_PARTS, {optional: true})?.forEach(part =>
      inject(ViewContainerRef).createComponent(part).setInput('screen', this),
    );
    inject(DestroyRef).onDestroy(() => {
      intl.unsubscribe();
      this.#destroyed = true;
      this.release();
      this.#focusTrap?.destroy();
      this.#focusTrap = null;
    });
  }

  /** Id of the element that names the screen. */
  readonly labelId: string;
  /** Id of the element that describes the screen (its status or call type line). */
  readonly descriptionId: string;
  /** Id of the screen's title. */
  readonly titleId: string;

  /**
   * The sound of the session shown follows the screen's inputs: set when a session is bound, then at once on
   * every change, also while it rings.
   * @param disabled Whether the sound is off.
   * @param url A custom sound.
   */
  followSound(disabled: Signal<boolean>, url: Signal<string | null | undefined>): void {
    this.#sound = [disabled, url];
    effect(
      () => {
        const session = this.session();
        const off = disabled();
        const custom = url();
        untracked(() => session?.setSound(off, custom));
      },
      {injector: this.#injector},
    );
  }

  /**
   * Shows a session (or none), leaving the previous one: follows its state, and attaches the screen to it so that
   * it rings and reports to the screen. `onChange` hears at once what the session said so far, then every change
   * of it with the facts it brought.
   * @param session The session.
   * @param onChange Called with each change: the new state, and the kinds of the facts the session said with it
   *   (`connected`, `ended`, `done`: each once per session).
   * @param options How the screen attaches (the clock, the sound); errors go to `report`.
   */
  bind(
    session: KitCallSession | null,
    onChange?: (state: KitCallSessionState, said: KitCallSaid) => void,
    options: KitCallSessionViewOptions = {},
  ): void {
    this.release();
    this.#session.set(session);
    this.#state.set(session?.state ?? null);
    if (!session) {
      return;
    }
    if (this.#sound) {
      session.setSound(untracked(this.#sound[0]), untracked(this.#sound[1]));
    }
    const unsubscribe = session.subscribe((state, facts) => {
      this.#state.set(state);
      onChange?.(
        state,
        facts.map(fact => fact.type),
      );
    });
    const detach = session.attach(this, {onError: error => this.report(error), ...options});
    this.#release = () => {
      unsubscribe();
      detach();
    };
    onChange?.(session.state, kitSaidSoFar(session.state));
  }

  /** Stops following the session shown (it goes on without this screen). Safe to call more than once. */
  release(): void {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  /** @returns The logged-in user, or `null` when there is none (or no SDK). */
  me(): KitUser | null {
    const me = this.registry.me();
    return me instanceof KitException ? null : me;
  }

  /**
   * Reports an error to the screen's `onError` (an exception thrown there is logged) and `error`.
   * @param error The error.
   */
  report(error: KitException): void {
    kitInvokeSafely(this.#screen.onError(), error);
    this.emit(this.#screen.error, error);
  }

  /**
   * Emits an output, unless the screen is destroyed.
   * @param emitter The output.
   * @param value The value.
   */
  emit<T>(emitter: OutputEmitterRef<T>, value: T): void {
    if (!this.#destroyed) {
      emitter.emit(value);
    }
  }

  /** Remembers the element focused before the screen showed a call, to give focus back to it. */
  rememberFocus(): void {
    // In a call overlay the dialog gives focus back when the call leaves (or not, as the app configured it).
    if (this.isBrowser && !this.inOverlay) {
      this.#previousFocus ??= _getFocusedElementPierceShadowDom();
    }
  }

  /**
   * Traps focus in the screen after its next render and moves it there.
   * @param target The element to focus: the screen's main button, or the screen (or its dialog) itself.
   * @param when Checked after the render: whether the screen still wants focus.
   */
  trapFocus(target: () => HTMLElement | null | undefined, when: () => boolean = () => true): void {
    afterNextRender(
      () => {
        // A call docked beside the app (its dialog not modal) leaves focus where the user is.
        if (this.#destroyed || !when() || this.dialog()?.getAttribute('aria-modal') === 'false') {
          return;
        }
        // In a call overlay the CDK container traps focus, around the dock's buttons too.
        if (!this.inOverlay) {
          this.#focusTrap ??= this.#focusTrapFactory.create(this.host);
          this.#focusTrap.enabled = true;
        }
        (target() ?? this.host).focus();
      },
      {injector: this.#injector},
    );
  }

  /**
   * @returns The call overlay's dialog around the screen, which carries the role and the name, if any.
   */
  dialog(): HTMLElement | null {
    return this.inOverlay ? this.host.closest<HTMLElement>('.cdk-dialog-container') : null;
  }

  /**
   * Gives focus back to the element that had it before the call, when focus is still ours (on the screen or
   * fallen to the body), so a user who moved on is not pulled back.
   * @param forget Whether the element is forgotten (a screen that shows the next call remembers anew); a screen
   *   that shows one call keeps it, to give focus back again when it is destroyed.
   */
  restoreFocus(forget = true): void {
    if (this.#focusTrap) {
      // A screen placed in a page stays in it: it lets go of Tab until it shows the next call.
      this.#focusTrap.enabled = false;
    }
    const previous = this.#previousFocus;
    if (forget) {
      this.#previousFocus = null;
    }
    if (!previous) {
      return;
    }
    const active = _getFocusedElementPierceShadowDom();
    const host = this.host;
    const ours = !active || active === host.ownerDocument.body || host.contains(active);
    if (previous.isConnected && ours && !host.contains(previous)) {
      previous.focus();
    }
  }
}
