import type {LiveAnnouncer} from '@angular/cdk/a11y';
import type {DialogConfig} from '@angular/cdk/dialog';
import {ChangeDetectorRef, Signal, WritableSignal, computed, signal} from '@angular/core';
import {Observable, ReplaySubject, Subject} from 'rxjs';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../session/call-session';
import {KitCallSaid, kitSaidSoFar} from '../screen/call-session-binding';
import {kitEndingAnnouncement} from '../screen/call-screen-support';
import {kitInvokeSafely} from '../core/invoke-safely';
import type {KitCallsIntl} from '../intl/calls-intl';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitOnError} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {KitCallDisplay, KitCallDisplayMode} from './call-display';

/** Where a call in an overlay stands: ringing (incoming), dialing (outgoing), ongoing, or closed. */
export type KitCallOverlayStage = 'ringing' | 'dialing' | 'ongoing' | 'closed';

/**
 * The one CDK dialog of a call, as its reference uses it: to close it, to learn that someone else closed it, and to
 * turn it from an alert into a plain dialog when the call connects (`DialogRef` fits).
 * @docs-private
 */
export interface KitCallOverlayDialog {
  /** Closes the dialog. */
  close(): void;
  /** Emits once the dialog closed. */
  readonly closed: Observable<unknown>;
  /** The dialog's config, whose role and name the container binds. */
  readonly config: Pick<DialogConfig, 'role' | 'ariaLabel' | 'ariaDescribedBy'>;
  /** The dialog's component, marked for check when the role changes. */
  readonly componentRef: {readonly changeDetectorRef: ChangeDetectorRef} | null;
}

/**
 * What a reference needs besides its dialog to be the call's overlay by itself: where errors go, and how it says
 * the connection and the end. The opener gives these once; the reference never calls back into the opener.
 * @docs-private
 */
export interface KitCallOverlayRefContext {
  /** The app's `onError` (`KitUIKitConfig.onError`). */
  readonly onError: KitOnError | undefined;
  readonly announcer: LiveAnnouncer;
  readonly intl: KitCallsIntl;
  /** Whether the ongoing view is an app's own, which renders none of the kit's label and description. */
  readonly foreignOngoing: boolean;
}

/**
 * @param intl The strings.
 * @param session A call's session.
 * @returns The name of the call's dialog once it is ongoing ("In call with Ada").
 * @docs-private
 */
export function kitOngoingLabel(intl: KitCallsIntl, session: KitCallSession): string {
  const call = session.state.call;
  const other = session.direction === 'incoming' ? kitCaller(call) : kitReceiver(call);
  return intl.inCallWith(other?.name ?? '');
}

/**
 * Reference to a call opened in a full-screen overlay by `KitCallOverlay`: a view of the call's session, from the
 * ringing screen through the ongoing call to the end. It owns the overlay's single exit (`close()`).
 */
export class KitCallOverlayRef<T = unknown> {
  readonly #afterOpened = new ReplaySubject<void>(1);
  readonly #afterClosed = new ReplaySubject<KitCallEndReason>(1);
  readonly #stageChanges = new Subject<KitCallOverlayStage>();
  readonly #stage: WritableSignal<KitCallOverlayStage>;
  readonly #call: WritableSignal<KitCall>;
  /** What docks the call: the dock feature sets it. @docs-private */
  readonly _displaySignal = signal<KitCallDisplay | null>(null);
  #detach: (() => void) | null = null;
  readonly #dialogRef: KitCallOverlayDialog | null;
  readonly #context: KitCallOverlayRefContext | null;
  #closing = false;

  /** The component on screen: the ringing screen, then the ongoing one. `null` once closed. */
  componentInstance: T | null = null;

  /** Where the call stands. */
  readonly stage: Signal<KitCallOverlayStage>;
  /** The call, updated when it gets its session id and when it is accepted. */
  readonly call: Signal<KitCall>;
  /** Whether the call rings here (`'incoming'`) or was placed from here (`'outgoing'`). */
  readonly direction: 'incoming' | 'outgoing';
  /** How the call is shown: `'fullscreen'`, or `'docked'` / `'pip'` with `withDockedCalls()`. */
  readonly displayMode: Signal<KitCallDisplayMode> = computed(
    () => this._displaySignal()?.mode() ?? 'fullscreen',
  );
  /**
   * Whether the call was ever ongoing: the overlay shows the ongoing view from then on (read from the stage, which
   * stays `ongoing` until the dialog is gone). @docs-private
   */
  readonly _connected: Signal<boolean> = computed(() => this.#stage() === 'ongoing');

  /**
   * @param direction Which side this device is on.
   * @param call The call.
   * @param _session The call's session (none for a call that could not be shown).
   * @param dialogRef The one CDK dialog of the call, closed by the single exit.
   * @param context Where the session's errors go, and how the connection and the end are said.
   * @docs-private
   */
  constructor(
    direction: 'incoming' | 'outgoing',
    call: KitCall,
    readonly _session: KitCallSession | null = null,
    dialogRef: KitCallOverlayDialog | null = null,
    context: KitCallOverlayRefContext | null = null,
  ) {
    this.#dialogRef = dialogRef;
    this.#context = context;
    this.direction = direction;
    this.#call = signal(call);
    this.call = this.#call.asReadonly();
    this.#stage = signal(direction === 'incoming' ? 'ringing' : 'dialing');
    this.stage = this.#stage.asReadonly();
    if (_session && dialogRef) {
      this.#follow(_session, dialogRef);
    }
  }

  /** @returns Emits once the screen is in the page. */
  afterOpened(): Observable<void> {
    return this.#afterOpened;
  }

  /** @returns Emits the reason once, when the call's overlay closed for good, then completes. */
  afterClosed(): Observable<KitCallEndReason> {
    return this.#afterClosed;
  }

  /** @returns Emits each change of stage. */
  stageChanges(): Observable<KitCallOverlayStage> {
    return this.#stageChanges;
  }

  /**
   * Closes the overlay. This does not end the call in the SDK: use the screen's buttons or the SDK for that.
   * @param reason Reported by `afterClosed()` (default `'dismissed'`).
   */
  close(reason: KitCallEndReason = 'dismissed'): void {
    this._finish(reason, true);
  }

  /**
   * Docks the call in a small floating window beside the app (the page stays usable). Needs `withDockedCalls()`
   * (else reported through `onError` as `ERR_NOT_INITIALIZED`); a call that rings here stays full screen.
   */
  minimize(): void {
    this.#display('minimize');
  }

  /**
   * Pops the call out into a Picture-in-Picture window, which stays on top when the user switches tabs. Call it
   * from a click (the browser asks for one). Without `withPictureInPicture()`, or where the browser has no such
   * window, the call docks.
   * @returns Resolves once the call is shown out of the tab, or docked.
   */
  popOut(): Promise<void> {
    return Promise.resolve(this.#display('popOut'));
  }

  /**
   * Puts the ongoing call on hold: the far side hears `onCallHeld`, media stops both ways, the screen says "On hold"
   * and the timer goes on. Needs `withHold()` and an adapter with `hold` (`KitPhoneCallsSdk`); a refusal leaves
   * the call as it was, reported through `onError`.
   * @returns Whether the call is on hold.
   */
  hold(): Promise<boolean> {
    return this._session?.hold?.(true) ?? Promise.resolve(false);
  }

  /**
   * Takes the call off hold (`hold()`): media flows both ways again.
   * @returns Whether the call is off hold.
   */
  resume(): Promise<boolean> {
    return this._session?.hold?.(false) ?? Promise.resolve(false);
  }

  /** Shows the call full screen again (a call that is full screen stays so). */
  restore(): void {
    this._displaySignal()?.restore();
  }

  #display(action: 'minimize' | 'popOut'): Promise<void> | void {
    const display = this._displaySignal();
    if (display) {
      return display[action]();
    }
    this.#reportError(
      new KitException(
        KitErrorCodes.NOT_INITIALIZED,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'Needs withDockedCalls()' : '',
      ),
    );
  }

  /** @docs-private */
  _opened(): void {
    this.#afterOpened.next();
    this.#afterOpened.complete();
  }

  /**
   * The single exit, in `DialogRef.close`'s order: guard, stop following the session, dispose of what is left (the
   * session when the app closed the overlay, then the dialog), emit, complete. Safe to call twice, and from inside
   * itself (closing the dialog comes back here through `closed`).
   * @param reason Why the overlay closes.
   * @param fromOutside Whether the app (or a test) closed it, rather than the session being done.
   * @docs-private
   */
  _finish(reason: KitCallEndReason, fromOutside = false): void {
    if (this.#closing) {
      return;
    }
    this.#closing = true;
    this.#detach?.();
    this.#detach = null;
    const session = this._session;
    if (fromOutside && session && !session.state.done) {
      // Closed by the app: the call leaves the screen here without a word to the SDK.
      session.dispose(reason);
    }
    this.#dialogRef?.close();
    this.componentInstance = null;
    this.#stage.set('closed');
    this.#stageChanges.next('closed');
    this.#stageChanges.complete();
    this.#afterClosed.next(reason);
    this.#afterClosed.complete();
  }

  #reportError(error: KitException): void {
    kitInvokeSafely(this.#context?.onError, error);
  }

  #follow(session: KitCallSession, dialogRef: KitCallOverlayDialog): void {
    // The overlay is a view of the session too: its errors reach the app's onError. It plays no sound itself; the
    // screen does once it is painted.
    const detach = session.attach(this, {sound: false, onError: error => this.#reportError(error)});
    const unsubscribe = session.subscribe((state, facts) =>
      this.#sync(
        state,
        facts.map(fact => fact.type),
      ),
    );
    // An app or a test that closes the CDK dialog directly still ends the call's overlay.
    const closed = dialogRef.closed.subscribe(() => this._finish('dismissed', true));
    this.#detach = () => {
      closed.unsubscribe();
      unsubscribe();
      detach();
    };
    // A call connected before it was opened here was opened as a plain dialog already: only the view follows it.
    const said = kitSaidSoFar(session.state);
    this.#sync(
      session.state,
      said.filter(type => type !== 'connected'),
    );
  }

  /** Follows the session: the call and the stage on every change; the connection, the end and the close once each. */
  #sync(state: KitCallSessionState, said: KitCallSaid): void {
    if (this.#closing) {
      return;
    }
    this.#call.set(state.call);
    if (said.includes('connected')) {
      this.#becomeOngoing();
    }
    const stage: KitCallOverlayStage = state.connected
      ? 'ongoing'
      : this.direction === 'incoming'
        ? 'ringing'
        : 'dialing';
    if (stage !== this.#stage()) {
      this.#stage.set(stage);
      this.#stageChanges.next(stage);
    }
    if (said.includes('ended')) {
      this.#sayEnd(state);
    }
    if (said.includes('done')) {
      this._finish(state.endReason ?? 'ended');
    }
  }

  /**
   * The call connected: the host shows the ongoing view, and the dialog turns from an alert (a call that rings) into
   * a plain dialog in place (the container binds its config; marking the host marks the container, its parent). A
   * call beside the app (docked, popped out) takes no focus when it connects, so the connection is said.
   */
  #becomeOngoing(): void {
    const context = this.#context!;
    const dialog = this.#dialogRef!;
    const label = kitOngoingLabel(context.intl, this._session!);
    if (this.displayMode() !== 'fullscreen') {
      void context.announcer.announce(label, 'polite');
    }
    dialog.config.role = 'dialog';
    if (context.foreignOngoing) {
      // An app's own screen renders none of the kit's label and description elements.
      dialog.config.ariaLabel = label;
      dialog.config.ariaDescribedBy = null;
    }
    dialog.componentRef?.changeDetectorRef.markForCheck();
  }

  /**
   * Says how the call ended, through the LiveAnnouncer: the screen leaves (or shows the outcome) and focus goes
   * back to the page, so without it a screen-reader user never learns why.
   */
  #sayEnd(state: KitCallSessionState): void {
    const context = this.#context!;
    const text = kitEndingAnnouncement(
      context.intl,
      this.direction,
      state.endReason ?? 'ended',
      state.connected,
      state.endedFrom === 'accepting',
    );
    if (text) {
      void context.announcer.announce(text, 'assertive');
    }
  }
}
