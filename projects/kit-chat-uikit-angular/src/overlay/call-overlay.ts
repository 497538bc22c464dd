import {_IdGenerator} from '@angular/cdk/a11y';
import {Dialog, DialogRef} from '@angular/cdk/dialog';
import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {isPlatformBrowser} from '@angular/common';
import {
  ComponentRef,
  Injectable,
  Injector,
  OutputEmitterRef,
  PLATFORM_ID,
  Type,
  inject,
  reflectComponentType,
  runInInjectionContext,
} from '@angular/core';
import {Observable, Subject, Subscription} from 'rxjs';
import {KitCallEndReason} from '../call/call-lifecycle';
import {
  KitSdkConnection,
  kitConnectSdk,
  kitInvokeSafely,
  kitRunSdk,
} from '../call/call-screen-support';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallEventsService} from '../events/call-events';
import {KitIncomingCallComponent} from '../incoming-call/incoming-call';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitOngoingCallComponent} from '../ongoing-call/ongoing-call';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitCallType, KitUser} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {
  KIT_CALL_OVERLAY_DATA,
  KIT_CALL_OVERLAY_DEFAULT_OPTIONS,
  KIT_ONGOING_CALL_COMPONENT,
  KitCallOverlayConfig,
  KitCallOverlayData,
} from './call-overlay-config';
import {KitCallOverlayRef} from './call-overlay-ref';

/** Outputs a screen in the overlay may have; the overlay listens to those it finds. */
interface ScreenOutputs {
  accepted?: OutputEmitterRef<KitCall>;
  closed?: OutputEmitterRef<KitCallEndReason>;
  error?: OutputEmitterRef<KitException>;
}

/** A ringing screen that ends its call as unanswered itself (the built-in screens do). */
interface TimedScreen {
  _timeOut?: () => Promise<boolean>;
}

/** How long to wait before the ring timeout tries again, when a decision was pending or the SDK failed. */
const RETRY_TIMEOUT_MS = 5_000;

/** How many ended session ids are remembered to keep ghost rings away. */
const ENDED_MEMORY = 500;

/**
 * Opens the call screens full-screen in a CDK overlay (spec §1 placement rule 3): focus trapped and restored, the
 * page behind hidden from screen readers and pointers, no dismissal by Escape or backdrop, kept across router
 * navigation, above overlays opened later. After accept, the same overlay moves on to the ongoing call screen.
 */
@Injectable({providedIn: 'root'})
export class KitCallOverlay {
  private readonly _dialog = inject(Dialog);
  private readonly _injector = inject(Injector);
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _defaults = inject(KIT_CALL_OVERLAY_DEFAULT_OPTIONS, {optional: true});
  private readonly _ongoingComponent = inject(KIT_ONGOING_CALL_COMPONENT, {optional: true});
  private readonly _events = inject(KitCallEventsService);
  private readonly _intl = inject(KitCallsIntl);
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _open = new Map<string, KitCallOverlayRef>();
  private readonly _ended = new Set<string>();
  private readonly _allClosed = new Subject<void>();
  private readonly _screenShown = new Subject<HTMLElement>();
  private _topContainer: HTMLElement | null = null;
  private readonly _probeId = inject(_IdGenerator).getId('kit-call-overlay-start-');
  private _probes = 0;

  /** Calls on screen now, by session id. */
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
    return this._ended.has(sessionId);
  }

  /**
   * Shows an incoming call.
   * @param call The ringing call.
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   */
  openIncomingCall(
    call: KitCall,
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef<KitIncomingCallComponent> {
    return this._openScreen(KitIncomingCallComponent, call, 'incoming', config);
  }

  /**
   * Shows an outgoing call while it rings.
   * @param call The initiated call (with its session id).
   * @param config Options merged over the defaults.
   * @returns The reference of the overlay.
   */
  openOutgoingCall(
    call: KitCall,
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef<KitOutgoingCallComponent> {
    return this._openScreen(KitOutgoingCallComponent, call, 'outgoing', config);
  }

  /**
   * Starts a call: `initiateCall` through the SDK, `ccOutgoingCall` published, the outgoing screen opened.
   * @param receiver The user to call.
   * @param type `'audio'` or `'video'`.
   * @param config Options merged over the defaults.
   * @returns The overlay's reference; rejects with a `KitException` when the call could not start.
   */
  async startCall(
    receiver: KitUser,
    type: KitCallType = 'audio',
    config?: KitCallOverlayConfig,
  ): Promise<KitCallOverlayRef<KitOutgoingCallComponent>> {
    const {sdk, me, error} = this._connection();
    if (!sdk || !me) {
      throw error;
    }
    // The callee may answer before `initiateCall` resolves (a busy line, a quick decline): keep those answers for
    // the screen, which only exists once the call does.
    const early: {kind: 'accepted' | 'rejected'; call: KitCall}[] = [];
    const probeId = `${this._probeId}-${++this._probes}`;
    sdk.addCallListener(probeId, {
      onOutgoingCallAccepted: answer => early.push({kind: 'accepted', call: answer}),
      onOutgoingCallRejected: answer => early.push({kind: 'rejected', call: answer}),
    });
    let call: KitCall;
    try {
      call = await kitRunSdk(
        () =>
          sdk.initiateCall({
            sessionId: '',
            type,
            sender: me,
            callInitiator: me,
            receiver,
            callReceiver: receiver,
          }),
        KitErrorCodes.CALL_FAILED,
        'The call could not start',
      );
    } finally {
      sdk.removeCallListener(probeId);
    }
    this._events.publishOutgoingCall(call);
    const ref = this.openOutgoingCall(call, config);
    const answer = early.filter(answer => answer.call.sessionId === call.sessionId).at(-1);
    if (answer && ref.componentInstance) {
      ref.componentInstance.getViewModel()._route(answer.kind, answer.call);
    }
    return ref;
  }

  /** @docs-private Remembers an ended session id, for the ringer's ghost-ring check. */
  _markEnded(sessionId: string): void {
    this._ended.add(sessionId);
    if (this._ended.size > ENDED_MEMORY) {
      this._ended.delete(this._ended.values().next().value as string);
    }
  }

  private _connection(): KitSdkConnection {
    return runInInjectionContext(this._injector, kitConnectSdk);
  }

  private _openScreen<T>(
    component: Type<T>,
    call: KitCall,
    direction: 'incoming' | 'outgoing',
    config?: KitCallOverlayConfig,
  ): KitCallOverlayRef<T> {
    const options: KitCallOverlayConfig = {
      ...new KitCallOverlayConfig(),
      ...this._config.overlay,
      ...this._defaults,
      ...config,
    };
    const ref = new KitCallOverlayRef<T>(call, direction);
    if (!this._isBrowser) {
      ref._closed('dismissed'); // Nothing rings on the server.
      return ref;
    }
    this._open.set(call.sessionId, ref as KitCallOverlayRef);
    const focusedBefore = _getFocusedElementPierceShadowDom();
    const teardown = new Subscription();
    let current: DialogRef<unknown, unknown> | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const finish = (reason: KitCallEndReason) => {
      if (ref.stage() === 'closed') {
        return;
      }
      if (timer !== null) {
        clearTimeout(timer);
      }
      teardown.unsubscribe();
      this._open.delete(call.sessionId);
      this._markEnded(call.sessionId);
      const dialog = current;
      current = null;
      ref._closed(reason);
      dialog?.close();
      if (this._open.size === 0) {
        this._allClosed.next();
      }
    };
    ref._setCloser(finish);

    const show = <C>(
      screen: Type<C>,
      shownCall: KitCall,
      label: string,
      inputs: Record<string, unknown>,
    ) => {
      const previous = current;
      const data: KitCallOverlayData = {
        call: shownCall,
        close: reason => finish(reason ?? 'ended'),
      };
      const dialogRef = this._dialog.open<unknown, unknown, C>(screen, {
        role: direction === 'incoming' && ref.stage() === 'ringing' ? 'alertdialog' : 'dialog',
        ariaLabel: label,
        ariaModal: true,
        disableClose: true,
        closeOnNavigation: false,
        closeOnDestroy: true,
        hasBackdrop: true,
        autoFocus: false, // The screens move focus to their main button themselves.
        // Each screen of the call gives focus back to where it was before the call: the element itself, since the
        // ringing screen had it meanwhile.
        restoreFocus: options.restoreFocus === false ? false : (focusedBefore ?? true),
        width: '100%',
        height: '100%',
        maxWidth: '100%',
        maxHeight: '100%',
        panelClass: ['kit-call-overlay-pane', ...[options.panelClass ?? []].flat()],
        backdropClass: 'kit-call-overlay-backdrop',
        providers: [{provide: KIT_CALL_OVERLAY_DATA, useValue: data}],
      });
      if (options.zIndex !== null && options.zIndex !== undefined) {
        dialogRef.overlayRef.hostElement.style.zIndex = String(options.zIndex);
      }
      current = dialogRef as DialogRef<unknown, unknown>;
      const container =
        dialogRef.overlayRef.overlayElement.querySelector<HTMLElement>('.cdk-dialog-container');
      if (container) {
        this._topContainer = container;
        this._screenShown.next(container);
      }
      // The ringing screen leaves once the ongoing one is in place, so focus never falls back to the page.
      if (previous) {
        // Handed over: focus stays in the call, with the screen that follows.
        previous.config.restoreFocus = false;
        previous.close();
      }
      const componentRef = dialogRef.componentRef as ComponentRef<C> | null;
      if (componentRef) {
        setInputs(componentRef, {call: shownCall, ...inputs});
        ref.componentInstance = componentRef.instance as unknown as T;
        const outputs = componentRef.instance as ScreenOutputs;
        if (outputs.accepted) {
          const subscription = outputs.accepted.subscribe(accepted => toOngoing(accepted));
          teardown.add(() => subscription.unsubscribe());
        }
        if (outputs.error) {
          // A screen in an overlay has no host template to bind `(error)`: its errors go to the app's onError.
          const subscription = outputs.error.subscribe(error =>
            kitInvokeSafely(this._config.onError, error),
          );
          teardown.add(() => subscription.unsubscribe());
        }
        if (outputs.closed) {
          const subscription = outputs.closed.subscribe(reason => finish(reason));
          teardown.add(() => subscription.unsubscribe());
        }
      }
      // An app or a test that closes the CDK dialog directly still ends the call's overlay.
      teardown.add(
        dialogRef.closed.subscribe(() => {
          if (current === (dialogRef as DialogRef<unknown, unknown>)) {
            finish('dismissed');
          }
        }),
      );
    };

    const toOngoing = (accepted: KitCall) => {
      if (ref.stage() === 'closed' || ref.stage() === 'ongoing') {
        return;
      }
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      ref._setStage('ongoing', accepted);
      const screen =
        options.ongoingCallComponent ?? this._ongoingComponent ?? KitOngoingCallComponent;
      show(screen, accepted, this._intl.inCallWith(otherParty(accepted, direction).name), {});
    };

    const label =
      direction === 'incoming'
        ? this._intl.incomingCallFrom(kitCaller(call)?.name ?? '', call.type !== 'audio')
        : this._intl.callingName(kitReceiver(call)?.name ?? '');
    show(component, call, label, {
      ...(options.callSettingsBuilder ? {callSettingsBuilder: options.callSettingsBuilder} : {}),
      ...options.inputs,
    });
    const ringTimeout = options.ringTimeout ?? 0;
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        timer = null;
        this._timeOut(ref as KitCallOverlayRef, finish).then(ended => {
          const stage = ref.stage();
          if (!ended && (stage === 'ringing' || stage === 'dialing')) {
            arm(Math.min(ringTimeout, RETRY_TIMEOUT_MS));
          }
        });
      }, ms);
    };
    if (ringTimeout > 0) {
      arm(ringTimeout);
    }
    ref._opened();
    return ref;
  }

  /**
   * Ends a call that rang too long as "unanswered". The built-in screens do it themselves, like a press (so an
   * accept in flight wins, and a failure is reported and retried); for an app's screen the overlay tells the SDK.
   * @returns Whether the call ended.
   */
  private async _timeOut(
    ref: KitCallOverlayRef,
    finish: (reason: KitCallEndReason) => void,
  ): Promise<boolean> {
    if (ref.stage() !== 'ringing' && ref.stage() !== 'dialing') {
      return true;
    }
    const screen = ref.componentInstance as TimedScreen | null;
    if (typeof screen?._timeOut === 'function') {
      return screen._timeOut();
    }
    const call = ref.call();
    const {sdk} = this._connection();
    if (!sdk) {
      finish('unanswered');
      return true;
    }
    try {
      const ended = await kitRunSdk(
        () => sdk.rejectCall(call.sessionId, 'unanswered'),
        KitErrorCodes.CALL_FAILED,
        'The unanswered call could not be ended',
      );
      finish('unanswered');
      this._events.publishCallEnded(ended);
      return true;
    } catch (error) {
      kitInvokeSafely(this._config.onError, error as KitException);
      return ref.stage() === 'closed';
    }
  }
}

function otherParty(call: KitCall, direction: 'incoming' | 'outgoing'): KitUser {
  return direction === 'incoming' ? kitCaller(call) : kitReceiver(call);
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
