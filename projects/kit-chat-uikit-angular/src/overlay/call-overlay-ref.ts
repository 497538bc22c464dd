import {Signal, WritableSignal, signal} from '@angular/core';
import {Observable, ReplaySubject, Subject} from 'rxjs';
import {KitCallEndReason} from '../call/call-lifecycle';
import {KitCall} from '../sdk/models';

/** Where a call in an overlay stands: ringing (incoming), dialing (outgoing), ongoing, or closed. */
export type KitCallOverlayStage = 'ringing' | 'dialing' | 'ongoing' | 'closed';

/**
 * Reference to a call opened in a full-screen overlay by `KitCallOverlay`. It lives from the ringing screen through
 * the ongoing call to the end.
 */
export class KitCallOverlayRef<T = unknown> {
  private readonly _afterOpened = new ReplaySubject<void>(1);
  private readonly _afterClosed = new ReplaySubject<KitCallEndReason>(1);
  private readonly _stageChanges = new Subject<KitCallOverlayStage>();
  private readonly _stage = signal<KitCallOverlayStage>('ringing');
  private readonly _call: WritableSignal<KitCall>;
  private _closer: (reason: KitCallEndReason) => void = () => {};

  /** The component on screen: the ringing screen, then the ongoing one. `null` once closed. */
  componentInstance: T | null = null;

  /** Where the call stands. */
  readonly stage: Signal<KitCallOverlayStage> = this._stage.asReadonly();
  /** The call, updated when it is accepted. */
  readonly call: Signal<KitCall>;

  /** @docs-private */
  constructor(
    call: KitCall,
    readonly direction: 'incoming' | 'outgoing',
  ) {
    this._call = signal(call);
    this.call = this._call.asReadonly();
    this._stage.set(direction === 'incoming' ? 'ringing' : 'dialing');
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

  /** @docs-private */
  _setStage(stage: KitCallOverlayStage, call?: KitCall): void {
    if (call) {
      this._call.set(call);
    }
    if (this._stage() !== 'closed') {
      this._stage.set(stage);
      this._stageChanges.next(stage);
    }
  }

  /** @docs-private */
  _closed(reason: KitCallEndReason): void {
    if (this._stage() === 'closed') {
      return;
    }
    this._setStage('closed');
    this.componentInstance = null;
    this._stageChanges.complete();
    this._afterClosed.next(reason);
    this._afterClosed.complete();
  }
}
