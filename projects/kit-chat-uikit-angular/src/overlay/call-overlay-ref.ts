import {Signal, WritableSignal, signal} from '@angular/core';
import {Observable, ReplaySubject, Subject} from 'rxjs';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../call/call-session';
import {KitCall} from '../sdk/models';

/** Where a call in an overlay stands: ringing (incoming), dialing (outgoing), ongoing, or closed. */
export type KitCallOverlayStage = 'ringing' | 'dialing' | 'ongoing' | 'closed';

/**
 * Reference to a call opened in a full-screen overlay by `KitCallOverlay`: a view of the call's session, from the
 * ringing screen through the ongoing call to the end.
 */
export class KitCallOverlayRef<T = unknown> {
  private readonly _afterOpened = new ReplaySubject<void>(1);
  private readonly _afterClosed = new ReplaySubject<KitCallEndReason>(1);
  private readonly _stageChanges = new Subject<KitCallOverlayStage>();
  private readonly _stage: WritableSignal<KitCallOverlayStage>;
  private readonly _call: WritableSignal<KitCall>;
  private _closer: (reason: KitCallEndReason) => void = () => {};

  /** The component on screen: the ringing screen, then the ongoing one. `null` once closed. */
  componentInstance: T | null = null;

  /** Where the call stands. */
  readonly stage: Signal<KitCallOverlayStage>;
  /** The call, updated when it gets its session id and when it is accepted. */
  readonly call: Signal<KitCall>;
  /** Whether the call rings here (`'incoming'`) or was placed from here (`'outgoing'`). */
  readonly direction: 'incoming' | 'outgoing';

  /**
   * @param direction Which side this device is on.
   * @param call The call.
   * @param _session The call's session (none for a call that could not be shown).
   * @docs-private
   */
  constructor(
    direction: 'incoming' | 'outgoing',
    call: KitCall,
    readonly _session: KitCallSession | null = null,
  ) {
    this.direction = direction;
    this._call = signal(call);
    this.call = this._call.asReadonly();
    this._stage = signal(direction === 'incoming' ? 'ringing' : 'dialing');
    this.stage = this._stage.asReadonly();
  }

  /** @returns Emits once the screen is in the page. */
  afterOpened(): Observable<void> {
    return this._afterOpened;
  }

  /** @returns Emits the reason once, when the call's overlay closed for good, then completes. */
  afterClosed(): Observable<KitCallEndReason> {
    return this._afterClosed;
  }

  /** @returns Emits each change of stage. */
  stageChanges(): Observable<KitCallOverlayStage> {
    return this._stageChanges;
  }

  /**
   * Closes the overlay. This does not end the call in the SDK: use the screen's buttons or the SDK for that.
   * @param reason Reported by `afterClosed()` (default `'dismissed'`).
   */
  close(reason: KitCallEndReason = 'dismissed'): void {
    this._closer(reason);
  }

  /** @docs-private */
  _setCloser(closer: (reason: KitCallEndReason) => void): void {
    this._closer = closer;
  }

  /** @docs-private */
  _opened(): void {
    this._afterOpened.next();
    this._afterOpened.complete();
  }

  /** Follows the session's state. @docs-private */
  _sync(state: KitCallSessionState): void {
    if (this._stage() === 'closed') {
      return;
    }
    this._call.set(state.call);
    const stage = kitOverlayStage(state, this.direction);
    if (stage !== this._stage() && stage !== 'closed') {
      this._stage.set(stage);
      this._stageChanges.next(stage);
    }
  }

  /** @docs-private */
  _closed(reason: KitCallEndReason): void {
    if (this._stage() === 'closed') {
      return;
    }
    this._stage.set('closed');
    this._stageChanges.next('closed');
    this.componentInstance = null;
    this._stageChanges.complete();
    this._afterClosed.next(reason);
    this._afterClosed.complete();
  }
}

/**
 * @param state A session's state.
 * @param direction The session's direction.
 * @returns The stage of its overlay: the ringing screen until the call connects (its outcome included).
 */
function kitOverlayStage(
  state: KitCallSessionState,
  direction: 'incoming' | 'outgoing',
): KitCallOverlayStage {
  if (state.done) {
    return 'closed';
  }
  if (state.connected) {
    return 'ongoing';
  }
  return direction === 'incoming' ? 'ringing' : 'dialing';
}
