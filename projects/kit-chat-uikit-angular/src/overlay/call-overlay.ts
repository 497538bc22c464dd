import {LiveAnnouncer, _IdGenerator} from '@angular/cdk/a11y';
import {Direction, Directionality} from '@angular/cdk/bidi';
import {Dialog} from '@angular/cdk/dialog';
import {OverlayRef} from '@angular/cdk/overlay';
import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {DestroyRef, Injectable, PLATFORM_ID, inject} from '@angular/core';
import {Observable, Subject} from 'rxjs';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallSession} from '../session/call-session';
import {KIT_CALL_AGAIN, KIT_CALL_SCREEN_IDS, KitCallScreenIds} from '../screen/call-screen-ids';
import {KIT_CALL_SESSION} from '../screen/call-session-binding';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KIT_CALL_OVERLAY_DEFAULT_OPTIONS, KIT_UIKIT_CONFIG} from '../core/config';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallType, KitUser} from '../sdk/models';
import {kitReceiver} from '../sdk/validation';
import {
  KIT_CALL_OVERLAY_DATA,
  KIT_ONGOING_CALL_COMPONENT,
  KitCallOverlayConfig,
  KitCallOverlayData,
} from './call-overlay-config';
import {KIT_CALL_HOST_VIEWS, KitCallHost, KitCallHostViews} from './call-host';
import {KitCallOverlayRef, kitOngoingLabel} from './call-overlay-ref';

/**
 * Opens the call screens full-screen in a CDK overlay (spec §1 placement rule 3): one dialog per call session,
 * focus trapped and restored, the page behind hidden from screen readers and pointers, no dismissal by Escape or
 * backdrop, kept across router navigation, above overlays opened later. When the call connects, the same overlay
 * moves on to the ongoing call screen; when the session is done, it closes.
 */
@Injectable({providedIn: 'root'})
export class KitCallOverlay {
  readonly #dialog = inject(Dialog);
  readonly #ids = inject(_IdGenerator);
  readonly #announcer = inject(LiveAnnouncer);
  readonly #dir = inject(Directionality, {optional: true});
  readonly #document = inject(DOCUMENT);
  readonly #registry = inject(KitCallRegistry);
  readonly #isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  readonly #destroyRef = inject(DestroyRef);
  readonly #defaults = inject(KIT_CALL_OVERLAY_DEFAULT_OPTIONS, {optional: true});
  readonly #ongoingComponent = inject(KIT_ONGOING_CALL_COMPONENT, {optional: true});
  readonly #intl = inject(KitCallsIntl);
  readonly #config = inject(KIT_UIKIT_CONFIG);
  readonly #open = new Map<KitCallSession, KitCallOverlayRef>();
  readonly #allClosed = new Subject<void>();

  /** Calls on screen now, oldest first. */
  get openCalls(): readonly KitCallOverlayRef[] {
    return [...this.#open.values()];
  }

  /** @returns Emits each time the last call on screen closed. */
  afterAllClosed(): Observable<void> {
    return this.#allClosed;
  }

  /**
   * Whether a session ended (or was answered busy) here: a ring for it is a ghost.
   * @param sessionId The session id.
   * @returns Whether it ended.
   */
  hasEnded(sessionId: string): boolean {
    return this.#registry.hasEnded(sessionId);
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
    return this.#openCall(call, 'incoming', config) as KitCallOverlayRef<KitIncomingCallComponent>;
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
    return this.#openCall(call, 'outgoing', config) as KitCallOverlayRef<KitOutgoingCallComponent>;
  }

  /**
   * Places a call: the outgoing screen opens at once, `initiateCall` goes out through the call's session, and
   * `ccOutgoingCall` is published once the SDK registered the call. While a call placed to the same user is still
   * live (dialing or ongoing), it is that call's overlay that is returned: a double press places one call.
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
    const session = this.#registry.placeCall(receiver, type);
    if (session instanceof KitException) {
      throw session;
    }
    const ref = this._openSession(session, config) as KitCallOverlayRef<KitOutgoingCallComponent>;
    await session.start();
    return ref;
  }

  /**
   * Joins a call with several people that is still going on (a member who missed its ring): the ongoing screen
   * opens once the SDK joined it (`joinCall`). Needs `withGroupCalls()` and an adapter with `groupCalls`; otherwise,
   * or when the SDK refuses, the app's `onError` hears why and the promise resolves `null` (it never rejects).
   * @param sessionId The call.
   * @param config Options merged over the defaults.
   * @returns The overlay's reference, or `null`.
   */
  joinCall(sessionId: string, config?: KitCallOverlayConfig): Promise<KitCallOverlayRef | null> {
    return (this.#registry.group?.join(sessionId, config) ??
      (this.#reportError(
        new KitException(
          KitErrorCodes.NOT_INITIALIZED,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'joinCall() needs withGroupCalls().' : '',
        ),
      ),
      Promise.resolve(null))) as Promise<KitCallOverlayRef | null>;
  }

  /**
   * Shows a session that rings (the kit's own auto ring).
   * @param session The session.
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   * @docs-private
   */
  _openSession(session: KitCallSession, config?: KitCallOverlayConfig): KitCallOverlayRef {
    const existing = this.#open.get(session);
    if (existing) {
      return existing;
    }
    if (!this.#isBrowser || session.state.done || this.#destroyRef.destroyed) {
      // Nothing rings on the server, nor while the app is being destroyed.
      const ref = new KitCallOverlayRef(session.direction, session.state.call, session);
      ref._finish(session.state.endReason ?? 'dismissed');
      return ref;
    }
    // The one merge, in the order `KitUIKitConfig.overlay` documents: the per-open config, then
    // KIT_CALL_OVERLAY_DEFAULT_OPTIONS, then `KitUIKitConfig.overlay`, then the `KitCallOverlayConfig` defaults.
    const options = {
      ...new KitCallOverlayConfig(),
      ...this.#config.overlay,
      ...this.#defaults,
      ...config,
    };
    this.#applyOptions(session, options);
    const ref = this.#openDialog(session, options);
    this.#open.set(session, ref);
    ref.afterClosed().subscribe(() => {
      if (this.#open.delete(session) && this.#open.size === 0) {
        this.#allClosed.next();
      }
    });
    ref._opened();
    return ref;
  }

  /** Opens the one CDK dialog of a call, whose host shows the ringing view, then the ongoing one. */
  #openDialog(session: KitCallSession, options: KitCallOverlayConfig): KitCallOverlayRef {
    const ringing =
      session.direction === 'incoming' ? KitIncomingCallComponent : KitOutgoingCallComponent;
    const ongoing =
      options.ongoingCallComponent ?? this.#ongoingComponent ?? KitOngoingCallComponent;
    const connected = session.state.connected;
    const foreign = connected && ongoing !== KitOngoingCallComponent;
    // The container is the one dialog of the call: it is named and described by the screen's own label and
    // status elements, whose ids the screens learn from KIT_CALL_SCREEN_IDS (the screens drop their own role).
    const id = this.#ids.getId('kit-call-screen-');
    const ids: KitCallScreenIds = {label: `${id}-label`, description: `${id}-description`};
    const views: KitCallHostViews = {
      ringing,
      // The call settings went to the session with the sound: the screen is not handed them again.
      ringingInputs: options.inputs ?? {},
      ongoing,
    };
    let ref: KitCallOverlayRef | null = null;
    const dialogRef = this.#dialog.open<unknown, unknown, KitCallHost>(KitCallHost, {
      role: session.direction === 'incoming' && !connected ? 'alertdialog' : 'dialog',
      // An app's own ongoing screen does not render the label element: the dialog is named here.
      ariaLabel: foreign ? kitOngoingLabel(this.#intl, session) : null,
      ariaLabelledBy: ids.label,
      ariaDescribedBy: foreign ? null : ids.description,
      ariaModal: true,
      // No silent dismissal: a call ends through its buttons (Escape and the backdrop do nothing).
      disableClose: true,
      // A call outlives the page it started on.
      closeOnNavigation: false,
      closeOnDestroy: true,
      hasBackdrop: true,
      // The screens move focus themselves: the ringing screen to itself, the others to their main button.
      autoFocus: false,
      // One dialog for the whole call: focus goes back to where it was before the call rang or was placed.
      restoreFocus: options.restoreFocus !== false,
      width: '100%',
      height: '100%',
      maxWidth: '100%',
      maxHeight: '100%',
      panelClass: ['kit-call-overlay-pane', ...[options.panelClass ?? []].flat()],
      backdropClass: 'kit-call-overlay-backdrop',
      // The reference is built with the dialog, as MatBottomSheet builds its ref, and owns the only exit.
      providers: cdkRef => {
        ref = new KitCallOverlayRef(session.direction, session.state.call, session, cdkRef, {
          onError: this.#config.onError,
          announcer: this.#announcer,
          intl: this.#intl,
          foreignOngoing: ongoing !== KitOngoingCallComponent,
        });
        const openRef = ref;
        const data: KitCallOverlayData = {
          get call() {
            return session.state.call;
          },
          close: reason => openRef.close(reason ?? 'ended'),
        };
        return [
          {provide: KitCallOverlayRef, useValue: ref},
          {provide: KIT_CALL_HOST_VIEWS, useValue: views},
          {provide: KIT_CALL_OVERLAY_DATA, useValue: data},
          {provide: KIT_CALL_SESSION, useValue: session},
          {provide: KIT_CALL_SCREEN_IDS, useValue: ids},
          {provide: KIT_CALL_AGAIN, useValue: () => this.#callAgain(session)},
        ];
      },
    });
    dialogRef.closed.subscribe(this.#followDirection(dialogRef.overlayRef));
    if (options.zIndex != null) {
      dialogRef.overlayRef.hostElement.style.zIndex = String(options.zIndex);
    }
    return ref!;
  }

  /**
   * The pane's `dir` is fixed when it opens: a direction the app changes during the call (through the CDK's
   * `Directionality`, or the page's `dir` attribute when the language changes) is followed, and so is a `dir`
   * attribute changed since the app started (`Directionality` reads it once). The position is applied again: a
   * docked call's corner and margins depend on the direction.
   * @returns What stops following.
   */
  #followDirection(overlayRef: OverlayRef): () => void {
    const apply = (dir: Direction) => {
      overlayRef.setDirection(dir);
      overlayRef.updatePosition();
    };
    const changes = this.#dir?.change.subscribe(apply);
    const doc = this.#document;
    // At the open, only a `dir` attribute counts (without one, the app's `Directionality` decides); once removed, the
    // page is left-to-right.
    const fromPage = (opening = false) => {
      const attribute = doc.body?.dir || doc.documentElement.dir;
      const dir = attribute === 'rtl' ? 'rtl' : 'ltr';
      if ((attribute || !opening) && dir !== overlayRef.getDirection()) {
        apply(dir);
      }
    };
    fromPage(true);
    // Only a browser opens the overlay (`_openSession`): MutationObserver is there.
    const observer = new MutationObserver(() => fromPage());
    for (const element of [doc.documentElement, doc.body]) {
      if (element) {
        observer.observe(element, {attributes: true, attributeFilter: ['dir']});
      }
    }
    return () => {
      changes?.unsubscribe();
      observer.disconnect();
    };
  }

  /** "Call again" on an outcome screen: the same call, placed anew, in place of the outcome. */
  #callAgain(session: KitCallSession): void {
    const call = session.state.call;
    const receiver = kitReceiver(call);
    if (session.direction !== 'outgoing' || !receiver) {
      return;
    }
    this.#open.get(session)?.close(session.state.endReason ?? 'ended');
    if (this.#registry.group?.again(call)) {
      return;
    }
    this.startCall(receiver, call.type).catch((error: unknown) => {
      if (error instanceof KitException) {
        this.#reportError(error);
      }
    });
  }

  #reportError(error: KitException): void {
    kitInvokeSafely(this.#config.onError, error);
  }

  #openCall(
    call: KitCall,
    direction: 'incoming' | 'outgoing',
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef {
    const session = this.#registry.sessionFor(call, direction);
    if (session instanceof KitException) {
      if (session.code !== KitErrorCodes.CALL_ENDED) {
        this.#reportError(session);
      }
      const ref = new KitCallOverlayRef(direction, call);
      ref._finish(session.code === KitErrorCodes.CALL_ENDED ? 'ended' : 'failed');
      return ref;
    }
    return this._openSession(session, config);
  }

  /**
   * The options that are the session's own (ring time-out, settings) go to the session before any view attaches.
   * The sound is the ringing screen's inputs (`options.inputs`): the screen hands them to the session before it
   * attaches, the only view that plays it (the ref attaches silent), so they take one route.
   */
  #applyOptions(session: KitCallSession, options: KitCallOverlayConfig): void {
    const ringTimeout = options.ringTimeout ?? session.options.ringTimeout;
    if (ringTimeout !== session.options.ringTimeout) {
      session.setRingTimeout(ringTimeout);
    }
    if (options.callSettingsBuilder) {
      session.setCallSettings(options.callSettingsBuilder.build());
    }
  }
}
