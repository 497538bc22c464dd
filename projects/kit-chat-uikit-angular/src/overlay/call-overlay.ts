import {LiveAnnouncer, _IdGenerator} from '@angular/cdk/a11y';
import {Direction, Directionality} from '@angular/cdk/bidi';
import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {OverlayRef} from '@angular/cdk/overlay';
import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {
  ComponentRef,
  Injectable,
  PLATFORM_ID,
  Type,
  inject,
  reflectComponentType,
} from '@angular/core';
import {Observable, Subject} from 'rxjs';
import {KitCallRegistry} from '../call/call-registry';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../call/call-session';
import {KIT_CALL_AGAIN, KIT_CALL_SCREEN_IDS, KitCallScreenIds} from '../call/call-screen-ids';
import {KIT_CALL_SESSION} from '../call/call-session-binding';
import {kitEndingAnnouncement, kitInvokeSafely} from '../call/call-screen-support';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS, KIT_UIKIT_CONFIG} from '../core/config';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallType, KitUser} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {
  KIT_CALL_OVERLAY_DATA,
  KIT_ONGOING_CALL_COMPONENT,
  KitCallOverlayConfig,
  KitCallOverlayData,
} from './call-overlay-config';
import {KitCallOverlayRef} from './call-overlay-ref';

/** Sound inputs of the ringing screens, applied to the session before its screen first renders. */
interface SoundInputs {
  disableSoundForCalls?: unknown;
  disableSoundForCall?: unknown;
  customSoundForCalls?: unknown;
}

/**
 * Opens the call screens full-screen in a CDK overlay (spec §1 placement rule 3): one dialog per call session,
 * focus trapped and restored, the page behind hidden from screen readers and pointers, no dismissal by Escape or
 * backdrop, kept across router navigation, above overlays opened later. When the call connects, the same overlay
 * moves on to the ongoing call screen; when the session is done, it closes.
 */
@Injectable({providedIn: 'root'})
export class KitCallOverlay {
  private readonly _dialog = inject(Dialog);
  private readonly _ids = inject(_IdGenerator);
  private readonly _announcer = inject(LiveAnnouncer);
  private readonly _dir = inject(Directionality, {optional: true});
  private readonly _document = inject(DOCUMENT);
  private readonly _registry = inject(KitCallRegistry);
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _defaults = inject(KIT_CALL_OVERLAY_DEFAULT_OPTIONS, {optional: true});
  private readonly _ongoingComponent = inject(KIT_ONGOING_CALL_COMPONENT, {optional: true});
  private readonly _intl = inject(KitCallsIntl);
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _open = new Map<KitCallSession, KitCallOverlayRef>();
  private readonly _allClosed = new Subject<void>();
  private readonly _screenShown = new Subject<HTMLElement>();
  private _topContainer: HTMLElement | null = null;

  /** Calls on screen now, oldest first. */
  get openCalls(): readonly KitCallOverlayRef[] {
    return [...this._open.values()];
  }

  /** @returns Emits each time the last call on screen closed. */
  afterAllClosed(): Observable<void> {
    return this._allClosed;
  }

  /**
   * Emits the dialog container of each call screen as it opens (the ringing screen, then the ongoing one).
   * @docs-private
   */
  _screenContainers(): Observable<HTMLElement> {
    return this._screenShown;
  }

  /** @returns The container of the call screen opened last, while it is in the page. @docs-private */
  _topScreenContainer(): HTMLElement | null {
    return this._topContainer?.isConnected ? this._topContainer : null;
  }

  /**
   * Whether a session ended (or was answered busy) here: a ring for it is a ghost.
   * @param sessionId The session id.
   * @returns Whether it ended.
   */
  hasEnded(sessionId: string): boolean {
    return this._registry.hasEnded(sessionId);
  }

  /**
   * Shows an incoming call. Opening a call that is already on screen returns its reference.
   * @param call The ringing call.
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   */
  openIncomingCall(
    call: KitCall,
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef<KitIncomingCallComponent> {
    return this._openCall(call, 'incoming', config) as KitCallOverlayRef<KitIncomingCallComponent>;
  }

  /**
   * Shows an outgoing call while it rings. Opening a call that is already on screen returns its reference.
   * @param call The initiated call (with its session id).
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   */
  openOutgoingCall(
    call: KitCall,
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef<KitOutgoingCallComponent> {
    return this._openCall(call, 'outgoing', config) as KitCallOverlayRef<KitOutgoingCallComponent>;
  }

  /**
   * Places a call: the outgoing screen opens at once, `initiateCall` goes out through the call's session, and
   * `ccOutgoingCall` is published once the SDK registered the call.
   * @param receiver The user to call.
   * @param type `'audio'` or `'video'`.
   * @param config Options merged over the defaults.
   * @returns The overlay's reference once the SDK registered the call; rejects with a `KitException` when the
   *   call could not start (`ERR_INVALID_CALL` for a callee without uid or name, or oneself).
   */
  async startCall(
    receiver: KitUser,
    type: KitCallType = 'audio',
    config?: KitCallOverlayConfig,
  ): Promise<KitCallOverlayRef<KitOutgoingCallComponent>> {
    const session = this._registry.placeCall(receiver, type);
    if (session instanceof KitException) {
      throw session;
    }
    const ref = this._openSession(session, config) as KitCallOverlayRef<KitOutgoingCallComponent>;
    await session.start();
    return ref;
  }

  /**
   * Shows a session that rings (the kit's own auto ring).
   * @param session The session.
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   * @docs-private
   */
  _openSession(session: KitCallSession, config?: KitCallOverlayConfig): KitCallOverlayRef {
    const existing = this._open.get(session);
    if (existing) {
      return existing;
    }
    const options: KitCallOverlayConfig = {
      ...new KitCallOverlayConfig(),
      ...this._config.overlay,
      ...this._defaults,
      ...config,
    };
    const ref = new KitCallOverlayRef(session.direction, session.state.call, session);
    if (!this._isBrowser || session.state.done) {
      ref._closed(session.state.endReason ?? 'dismissed'); // Nothing rings on the server.
      return ref;
    }
    this._applyOptions(session, options, config);
    this._open.set(session, ref);
    new KitCallOverlayView(this, session, ref, options, _getFocusedElementPierceShadowDom()).open();
    return ref;
  }

  /** @docs-private */
  _dialogFor<C>(
    screen: Type<C>,
    session: KitCallSession,
    label: string,
    options: KitCallOverlayConfig,
    restoreFocus: boolean | HTMLElement,
  ): DialogRef<unknown, C> {
    const data: KitCallOverlayData = {
      call: session.state.call,
      close: reason => this._open.get(session)?.close(reason ?? 'ended'),
    };
    const ringing = session.direction === 'incoming' && !session.state.connected;
    // The container is the one dialog of the screen: it is named and described by the screen's own label and
    // status elements, whose ids the screen learns from KIT_CALL_SCREEN_IDS (the screen drops its own role).
    const id = this._ids.getId('kit-call-screen-');
    const ids: KitCallScreenIds = {label: `${id}-label`, description: `${id}-description`};
    const dialogRef = this._dialog.open<unknown, unknown, C>(screen, {
      role: ringing ? 'alertdialog' : 'dialog',
      // A screen of the app's own that does not render the label element is still named.
      ariaLabel: isKitScreen(screen) ? null : label,
      ariaLabelledBy: isKitScreen(screen) ? ids.label : null,
      ariaDescribedBy: isKitScreen(screen) ? ids.description : null,
      ariaModal: true,
      // No silent dismissal: a call ends through its buttons (Escape and the backdrop do nothing).
      disableClose: true,
      // A call outlives the page it started on.
      closeOnNavigation: false,
      closeOnDestroy: true,
      hasBackdrop: true,
      autoFocus: false, // The screens move focus to their main button themselves.
      restoreFocus,
      width: '100%',
      height: '100%',
      maxWidth: '100%',
      maxHeight: '100%',
      panelClass: ['kit-call-overlay-pane', ...[options.panelClass ?? []].flat()],
      backdropClass: 'kit-call-overlay-backdrop',
      providers: [
        {provide: KIT_CALL_OVERLAY_DATA, useValue: data},
        {provide: KIT_CALL_SESSION, useValue: session},
        {provide: KIT_CALL_SCREEN_IDS, useValue: ids},
        {provide: KIT_CALL_AGAIN, useValue: () => this._callAgain(session)},
      ],
    });
    dialogRef.closed.subscribe(this._followDirection(dialogRef.overlayRef));
    if (options.zIndex !== null && options.zIndex !== undefined) {
      dialogRef.overlayRef.hostElement.style.zIndex = String(options.zIndex);
    }
    const container =
      dialogRef.overlayRef.overlayElement.querySelector<HTMLElement>('.cdk-dialog-container');
    if (container) {
      this._topContainer = container;
      this._screenShown.next(container);
    }
    return dialogRef;
  }

  /** @docs-private */
  _label(session: KitCallSession, state: KitCallSessionState): string {
    const call = state.call;
    if (state.connected) {
      const other = session.direction === 'incoming' ? kitCaller(call) : kitReceiver(call);
      return this._intl.inCallWith(other?.name ?? '');
    }
    return session.direction === 'incoming'
      ? this._intl.incomingCallFrom(kitCaller(call)?.name ?? '', call.type !== 'audio')
      : this._intl.callingName(kitReceiver(call)?.name ?? '');
  }

  /** @docs-private */
  _ongoingScreen(options: KitCallOverlayConfig): Type<unknown> {
    return options.ongoingCallComponent ?? this._ongoingComponent ?? KitOngoingCallComponent;
  }

  /**
   * Says how a call ended, once, through the LiveAnnouncer: the screen leaves (or shows the outcome) and focus goes
   * back to the page, so without it a screen-reader user never learns why. @docs-private
   */
  _announceEnd(session: KitCallSession, state: KitCallSessionState, crossedAccept: boolean): void {
    const text = kitEndingAnnouncement(
      this._intl,
      session.direction,
      state.endReason ?? 'ended',
      state.connected,
      crossedAccept,
    );
    if (text) {
      void this._announcer.announce(text, 'assertive');
    }
  }

  /**
   * The pane's `dir` is fixed when it opens: a direction the app changes during the call (through the CDK's
   * `Directionality`, or the page's `dir` attribute when the language changes) is followed.
   * @returns What stops following.
   */
  private _followDirection(overlayRef: OverlayRef): () => void {
    const apply = (dir: Direction) => overlayRef.setDirection(dir);
    const changes = this._dir?.change.subscribe(apply);
    const doc = this._document;
    const observer =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() =>
            apply((doc.body?.dir || doc.documentElement.dir) === 'rtl' ? 'rtl' : 'ltr'),
          );
    for (const element of [doc.documentElement, doc.body]) {
      if (element) {
        observer?.observe(element, {attributes: true, attributeFilter: ['dir']});
      }
    }
    return () => {
      changes?.unsubscribe();
      observer?.disconnect();
    };
  }

  /** "Call again" on an outcome screen: the same call, placed anew, in place of the outcome. */
  private _callAgain(session: KitCallSession): void {
    const call = session.state.call;
    const receiver = kitReceiver(call);
    if (session.direction !== 'outgoing' || !receiver) {
      return;
    }
    this._open.get(session)?.close(session.state.endReason ?? 'ended');
    this.startCall(receiver, call.type).catch((error: unknown) => {
      if (error instanceof KitException) {
        this._reportError(error);
      }
    });
  }

  /** @docs-private */
  _reportError(error: KitException): void {
    kitInvokeSafely(this._config.onError, error);
  }

  /** @docs-private */
  _forget(session: KitCallSession): void {
    if (this._open.delete(session) && this._open.size === 0) {
      this._allClosed.next();
    }
  }

  private _openCall(
    call: KitCall,
    direction: 'incoming' | 'outgoing',
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef {
    const session = this._registry.sessionFor(call, direction);
    if (session instanceof KitException) {
      if (session.code !== KitErrorCodes.CALL_ENDED) {
        this._reportError(session);
      }
      const ref = new KitCallOverlayRef(direction, call);
      ref._closed(session.code === KitErrorCodes.CALL_ENDED ? 'ended' : 'failed');
      return ref;
    }
    return this._openSession(session, config);
  }

  /** The options that are the session's own (sound, ring time-out, settings) go to the session first. */
  private _applyOptions(
    session: KitCallSession,
    options: KitCallOverlayConfig,
    config?: KitCallOverlayConfig,
  ): void {
    const inputs = (options.inputs ?? {}) as SoundInputs;
    const disabled =
      session.direction === 'incoming' ? inputs.disableSoundForCalls : inputs.disableSoundForCall;
    const url = inputs.customSoundForCalls;
    session.setSound(disabled === true || disabled === '' || disabled === 'true', url as string);
    const ringTimeout =
      config?.ringTimeout ?? this._defaults?.ringTimeout ?? this._config.overlay?.ringTimeout;
    if (ringTimeout !== undefined) {
      session.setRingTimeout(ringTimeout);
    }
    if (options.callSettingsBuilder) {
      session.setCallSettings(options.callSettingsBuilder.build());
    }
  }
}

/**
 * One call's overlay: a view of its session that shows the ringing screen, then the ongoing one, and closes when
 * the session is done.
 */
class KitCallOverlayView {
  private _dialogRef: DialogRef<unknown, unknown> | null = null;
  private _showsOngoing = false;
  private _closed = false;
  private _saidEnd = false;
  private _lastPhase: KitCallSessionState['phase'] | null = null;
  private _detach: (() => void) | null = null;

  constructor(
    private readonly _overlay: KitCallOverlay,
    private readonly _session: KitCallSession,
    private readonly _ref: KitCallOverlayRef,
    private readonly _options: KitCallOverlayConfig,
    private readonly _focusedBefore: HTMLElement | null,
  ) {}

  open(): void {
    const session = this._session;
    this._ref._setCloser(reason => this._close(reason, true));
    // The overlay is a view of the session too: its errors reach the app's onError. It plays no sound itself;
    // the screen does once it is painted.
    const detach = session.attach(this, {
      sound: false,
      onError: error => this._overlay._reportError(error),
    });
    const unsubscribe = session.subscribe(state => this._sync(state));
    this._detach = () => {
      unsubscribe();
      detach();
    };
    this._show(session.state);
    this._ref._opened();
    this._sync(session.state);
  }

  private _sync(state: KitCallSessionState): void {
    if (this._closed) {
      return;
    }
    this._ref._sync(state);
    if (state.phase === 'ended' && !this._saidEnd) {
      this._saidEnd = true;
      this._overlay._announceEnd(this._session, state, this._lastPhase === 'accepting');
    }
    this._lastPhase = state.phase;
    if (state.done) {
      this._close(state.endReason ?? 'ended', false);
      return;
    }
    if (state.connected && !this._showsOngoing) {
      this._show(state);
    }
  }

  private _show(state: KitCallSessionState): void {
    const session = this._session;
    const previous = this._dialogRef;
    const ongoing = state.connected;
    this._showsOngoing = ongoing;
    const screen = ongoing
      ? this._overlay._ongoingScreen(this._options)
      : session.direction === 'incoming'
        ? KitIncomingCallComponent
        : KitOutgoingCallComponent;
    // Each screen of the call gives focus back to where it was before the call: the element itself, since the
    // ringing screen had it meanwhile.
    const restoreFocus =
      this._options.restoreFocus === false ? false : (this._focusedBefore ?? true);
    const dialogRef = this._overlay._dialogFor(
      screen as Type<unknown>,
      session,
      this._overlay._label(session, state),
      this._options,
      restoreFocus,
    );
    this._dialogRef = dialogRef;
    // The ringing screen leaves once the ongoing one is in place, so focus never falls back to the page.
    if (previous) {
      previous.config.restoreFocus = false;
      previous.close();
    }
    const componentRef = dialogRef.componentRef as ComponentRef<unknown> | null;
    if (componentRef) {
      const inputs: Record<string, unknown> = {call: state.call};
      if (!ongoing) {
        if (this._options.callSettingsBuilder) {
          inputs['callSettingsBuilder'] = this._options.callSettingsBuilder;
        }
        Object.assign(inputs, this._options.inputs);
      }
      setInputs(componentRef, inputs);
      this._ref.componentInstance = componentRef.instance;
    }
    // An app or a test that closes the CDK dialog directly still ends the call's overlay.
    dialogRef.closed.subscribe(() => {
      if (this._dialogRef === dialogRef) {
        this._close('dismissed', true);
      }
    });
  }

  /** The single exit: detach from the session, close the dialog, tell the ref. Safe to call twice. */
  private _close(reason: KitCallEndReason, fromOutside: boolean): void {
    if (this._closed) {
      return;
    }
    this._closed = true;
    this._detach?.();
    this._detach = null;
    if (fromOutside && !this._session.state.done) {
      // Closed by the app: the call leaves the screen here without a word to the SDK.
      this._session.dispose(reason);
    }
    const dialog = this._dialogRef;
    this._dialogRef = null;
    this._overlay._forget(this._session);
    this._ref._closed(
      this._session.state.endReason && !fromOutside ? this._session.state.endReason : reason,
    );
    dialog?.close();
  }
}

function setInputs<C>(componentRef: ComponentRef<C>, inputs: Record<string, unknown>): void {
  const declared = new Set(
    reflectComponentType(componentRef.componentType)?.inputs.map(input => input.templateName),
  );
  for (const [name, value] of Object.entries(inputs)) {
    if (declared.has(name)) {
      componentRef.setInput(name, value);
    }
  }
}

/** Whether the screen is one of this library's, which render the label and description the dialog points at. */
function isKitScreen(screen: Type<unknown>): boolean {
  return (
    screen === KitIncomingCallComponent ||
    screen === KitOutgoingCallComponent ||
    screen === KitOngoingCallComponent
  );
}
