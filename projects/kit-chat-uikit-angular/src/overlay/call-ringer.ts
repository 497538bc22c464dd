import {_IdGenerator} from '@angular/cdk/a11y';
import {DOCUMENT, isPlatformBrowser} from '@angular/common';
import {Subscription} from 'rxjs';
import {
  DestroyRef,
  Injectable,
  Injector,
  PLATFORM_ID,
  inject,
  runInInjectionContext,
} from '@angular/core';
import {kitConnectSdk, kitInvokeSafely, kitRunSdk} from '../call/call-screen-support';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall} from '../sdk/models';
import {kitCaller, kitReceiver, kitValidateCall} from '../sdk/validation';
import {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitCallOverlay} from './call-overlay';
import {KitCallOverlayRef} from './call-overlay-ref';
import {KitCallWaiting} from './call-waiting';

/**
 * Rings by itself (installed by `provideKitUIKit` unless `autoRing: false`): an incoming call opens the incoming
 * overlay, and the screen closes itself when the caller cancels. It also applies the call policies: a second call
 * while one is on screen is answered busy or shown as call waiting, ghost and duplicate rings are ignored, and
 * glare (the person I call calls me) resolves to one call, the same way on both sides.
 */
@Injectable({providedIn: 'root'})
export class KitCallRinger {
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _overlay = inject(KitCallOverlay);
  private readonly _waiting = inject(KitCallWaiting);
  private readonly _injector = inject(Injector);
  private readonly _document = inject(DOCUMENT);
  private readonly _intl = inject(KitCallsIntl);
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _listenerId = inject(_IdGenerator).getId('kit-call-ringer-');
  private readonly _destroyRef = inject(DestroyRef);
  private _sdk: KitCallsSdk | null = null;
  private _allClosed: Subscription | null = null;

  constructor() {
    this._destroyRef.onDestroy(() => this.stop());
  }

  /** Whether the ringer listens to the SDK. */
  get isStarted(): boolean {
    return this._sdk !== null;
  }

  /** Starts listening to incoming calls. Does nothing on the server or when already started. */
  start(): void {
    if (!this._isBrowser || this._sdk) {
      return;
    }
    const {sdk, error} = runInInjectionContext(this._injector, kitConnectSdk);
    if (!sdk) {
      this._report(error);
      return;
    }
    this._sdk = sdk;
    this._allClosed = this._overlay.afterAllClosed().subscribe(() => this._promoteWaiting());
    sdk.addCallListener(this._listenerId, {
      onIncomingCallReceived: call => this._ring(call),
      onIncomingCallCancelled: call => {
        // Cancelled, or answered on another device: a late or duplicate ring of it is a ghost.
        this._overlay._markEnded(call.sessionId);
        this._waiting.cancelled(call);
      },
    });
  }

  /** Stops listening. Screens already open stay. */
  stop(): void {
    this._sdk?.removeCallListener(this._listenerId);
    this._sdk = null;
    this._allClosed?.unsubscribe();
    this._allClosed = null;
  }

  private _ring(call: KitCall): void {
    const invalid = kitValidateCall(call);
    if (invalid) {
      this._report(invalid);
      return;
    }
    const id = call.sessionId;
    const open = this._overlay.openCalls;
    if (
      this._overlay.hasEnded(id) ||
      open.some(ref => ref.call().sessionId === id) ||
      this._waiting.has(id)
    ) {
      return; // A ghost (it ended) or a duplicate (it rings already).
    }
    const glare = open.find(
      ref =>
        ref.direction === 'outgoing' &&
        ref.stage() === 'dialing' &&
        kitReceiver(ref.call()).uid === kitCaller(call).uid,
    );
    if (glare) {
      this._resolveGlare(glare, call);
      return;
    }
    if (open.length > 0) {
      this._secondCall(call);
      return;
    }
    this._show(call);
  }

  private _show(call: KitCall): void {
    const ref = this._overlay.openIncomingCall(call);
    this._notifyIfHidden(call, ref);
  }

  /** Once no call is on screen any more, a call that waited rings on the full screen. */
  private _promoteWaiting(): void {
    if (this._destroyRef.destroyed) {
      return; // The app is being destroyed (its dialogs close): nothing may open any more.
    }
    const next = this._waiting.takeNext();
    if (next) {
      this._show(next);
    }
  }

  /**
   * Both sides call each other. The call started by the smaller uid wins on both sides: the other side cancels its
   * own call and lets the winner's ring; the winning side ignores the loser's call, which is cancelled at once.
   */
  private _resolveGlare(mine: KitCallOverlayRef, theirs: KitCall): void {
    const myCall = mine.call();
    if (kitCaller(myCall).uid < kitCaller(theirs).uid) {
      this._overlay._markEnded(theirs.sessionId);
      return;
    }
    const screen = mine.componentInstance;
    if (screen instanceof KitOutgoingCallComponent) {
      // Withdrawn through the screen's lifecycle: one cancel even if the user presses too, `ccCallEnded` is
      // published, and a pick-up that crosses the withdrawal wins.
      void screen.getViewModel()._withdraw();
    } else {
      const sdk = this._sdk;
      mine.close('cancelled');
      if (sdk) {
        kitRunSdk(
          () => sdk.rejectCall(myCall.sessionId, 'cancelled'),
          KitErrorCodes.CALL_FAILED,
          'Could not withdraw the call that crossed an incoming one',
        ).catch(error => this._report(error));
      }
    }
    this._show(theirs);
  }

  private _secondCall(call: KitCall): void {
    if (this._config.busyPolicy === 'wait') {
      this._waiting.show(call);
      return;
    }
    this._overlay._markEnded(call.sessionId);
    const sdk = this._sdk;
    if (sdk) {
      kitRunSdk(
        () => sdk.rejectCall(call.sessionId, 'busy'),
        KitErrorCodes.CALL_FAILED,
        'Busy answer failed',
      ).catch(error => this._report(error));
    }
  }

  private _notifyIfHidden(call: KitCall, ref: KitCallOverlayRef): void {
    const view = this._document.defaultView as (Window & typeof globalThis) | null;
    if (
      !this._config.notifyWhenHidden ||
      this._document.visibilityState !== 'hidden' ||
      !view?.Notification ||
      view.Notification.permission !== 'granted'
    ) {
      return;
    }
    try {
      const notification = new view.Notification(
        this._intl.incomingCallFrom(kitCaller(call).name, call.type !== 'audio'),
        {tag: `kit-call-${call.sessionId}`, requireInteraction: true},
      );
      notification.onclick = () => {
        view.focus();
        notification.close();
      };
      ref.afterClosed().subscribe(() => notification.close());
    } catch (error) {
      // Some browsers only allow notifications from a service worker: the screen still rings.
      this._report(
        KitException.from(error, KitErrorCodes.SDK, 'The notification could not be shown'),
      );
    }
  }

  private _report(error: KitException | null): void {
    if (error) {
      kitInvokeSafely(this._config.onError, error);
    }
  }
}
