import {Signal, WritableSignal, computed, signal} from '@angular/core';
import {Observable, ReplaySubject, Subject} from 'rxjs';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../session/call-session';
import {KitCallPhase} from '../session/call-session-types';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {KitCallDisplay, KitCallDisplayMode} from './call-display';

/** Where a call in an overlay stands: ringing (incoming), dialing (outgoing), ongoing, or closed. */
export type KitCallOverlayStage = 'ringing' | 'dialing' | 'ongoing' | 'closed';

/**
 * What the overlay gives a reference to follow its session with.
 * @docs-private
 */
export interface KitCallOverlayRefHooks {
  /** Receives the session's errors (the overlay is a view of the session). */
  readonly onError?: (error: KitException) => void;
  /** Told once when the call connected, before any view renders it (the dialog changes its role then). */
  readonly onConnected?: () => void;
  /** Told once when the call ended, with the phase it ended from (to say why through the LiveAnnouncer). */
  readonly onEnded?: (state: KitCallSessionState, endedFrom: KitCallPhase | null) => void;
}

/**
 * What a reference needs of its CDK dialog: to close it, and to learn that someone else closed it.
 * @docs-private
 */
export interface KitCallOverlayDialog {
  /** Closes the dialog. */
  close(): void;
  /** Emits once the dialog closed. */
  readonly closed: Observable<unknown>;
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
  readonly #connectedSignal = signal(false);
  /** What docks the call: the dock feature sets it. @docs-private */
  readonly _displaySignal = signal<KitCallDisplay | null>(null);
  #detach: (() => void) | null = null;
  readonly #dialogRef: KitCallOverlayDialog | null;
  readonly #hooks: KitCallOverlayRefHooks;
  #closing = false;
  #saidEnd = false;

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
  /** Whether the call was ever ongoing: the overlay shows the ongoing view from then on. @docs-private */
  readonly _connected: Signal<boolean> = this.#connectedSignal.asReadonly();

  /**
   * @param direction Which side this device is on.
   * @param call The call.
   * @param _session The call's session (none for a call that could not be shown).
   * @param dialogRef The one CDK dialog of the call, closed by the single exit.
   * @param hooks Where the session's errors and its end go.
   * @docs-private
   */
  constructor(
    direction: 'incoming' | 'outgoing',
    call: KitCall,
    readonly _session: KitCallSession | null = null,
    dialogRef: KitCallOverlayDialog | null = null,
    hooks: KitCallOverlayRefHooks = {},
  ) {
    this.#dialogRef = dialogRef;
    this.#hooks = hooks;
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

  /** Shows the call full screen again (a call that is full screen stays so). */
  restore(): void {
    this._displaySignal()?.restore();
  }

  #display(action: 'minimize' | 'popOut'): Promise<void> | void {
    const display = this._displaySignal();
    if (display) {
      return display[action]();
    }
    this.#hooks.onError?.(
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
    this.#afterClosed.next(
      session?.state.endReason && !fromOutside ? session.state.endReason : reason,
    );
    this.#afterClosed.complete();
  }

  #follow(session: KitCallSession, dialogRef: KitCallOverlayDialog): void {
    // The overlay is a view of the session too: its errors reach the app's onError. It plays no sound itself; the
    // screen does once it is painted.
    const detach = session.attach(this, {sound: false, onError: this.#hooks.onError});
    const unsubscribe = session.subscribe(state => this.#sync(state));
    // An app or a test that closes the CDK dialog directly still ends the call's overlay.
    const closed = dialogRef.closed.subscribe(() => this._finish('dismissed', true));
    this.#detach = () => {
      closed.unsubscribe();
      unsubscribe();
      detach();
    };
    this.#sync(session.state);
  }

  /** Follows the session's state: the call, the stage, the end said once, and the close once it is done. */
  #sync(state: KitCallSessionState): void {
    if (this.#closing) {
      return;
    }
    const endedFrom = state.endedFrom;
    this.#call.set(state.call);
    if (state.connected && !this.#connectedSignal()) {
      this.#connectedSignal.set(true);
      this.#hooks.onConnected?.();
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
    if (state.phase === 'ended' && !this.#saidEnd) {
      this.#saidEnd = true;
      this.#hooks.onEnded?.(state, endedFrom);
    }
    if (state.done) {
      this._finish(state.endReason ?? 'ended');
    }
  }
}
