import {Injectable, OnDestroy} from '@angular/core';
import {Observable, Subject, Subscription} from 'rxjs';
import {KitCall} from '../sdk/models';

/**
 * Base class of a listener of the global call events (spec: `KitCallEvents` subclass). Override the methods you
 * need and register an instance with `KitCallEventsService.addListener(tag, listener)`.
 */
export class KitCallEventsListener {
  /** A call was accepted. @param call The call. */
  ccCallAccepted(_call: KitCall): void {}
  /** A call was rejected. @param call The call. */
  ccCallRejected(_call: KitCall): void {}
  /** A call ended (hung up, or cancelled by the caller). @param call The call. */
  ccCallEnded(_call: KitCall): void {}
  /** An outgoing call was initiated. @param call The call. */
  ccOutgoingCall(_call: KitCall): void {}
}

type KitCallEventName = 'ccCallAccepted' | 'ccCallRejected' | 'ccCallEnded' | 'ccOutgoingCall';

/**
 * Global UI events of the call screens (spec §6.1), subscribable from anywhere in the app. Payloads are never
 * `null`: a publish without a call is refused.
 */
@Injectable({providedIn: 'root'})
export class KitCallEventsService implements OnDestroy {
  private readonly _accepted = new Subject<KitCall>();
  private readonly _rejected = new Subject<KitCall>();
  private readonly _ended = new Subject<KitCall>();
  private readonly _outgoing = new Subject<KitCall>();
  readonly #listeners = new Map<string, Subscription>();

  /** Emits when a call is accepted (an outgoing call by the receiver, or an incoming call here). */
  readonly ccCallAccepted: Observable<KitCall> = this._accepted.asObservable();
  /** Emits when a call is rejected (an outgoing call by the receiver, or an incoming call here). */
  readonly ccCallRejected: Observable<KitCall> = this._rejected.asObservable();
  /** Emits when a call ends. */
  readonly ccCallEnded: Observable<KitCall> = this._ended.asObservable();
  /** Emits when an outgoing call is initiated. */
  readonly ccOutgoingCall: Observable<KitCall> = this._outgoing.asObservable();

  /**
   * Registers a listener. A second listener under the same tag replaces the first. A listener that throws does
   * not keep the event from the others.
   * @param tag Any string that names the listener.
   * @param listener An instance of a `KitCallEventsListener` subclass.
   */
  addListener(tag: string, listener: KitCallEventsListener): void {
    this.removeListener(tag);
    const subscription = new Subscription();
    const names: KitCallEventName[] = [
      'ccCallAccepted',
      'ccCallRejected',
      'ccCallEnded',
      'ccOutgoingCall',
    ];
    for (const name of names) {
      subscription.add(
        this[name].subscribe(call => {
          try {
            listener[name](call);
          } catch (error) {
            // One broken listener must not silence the others, nor throw into the component that published.
            console.error(
              typeof ngDevMode === 'undefined' || ngDevMode
                ? `KitCallEventsService: listener "${tag}" threw in ${name}`
                : '',
              error,
            );
          }
        }),
      );
    }
    this.#listeners.set(tag, subscription);
  }

  /**
   * Removes the listener registered under a tag. Unknown tags are ignored.
   * @param tag The tag given to `addListener`.
   */
  removeListener(tag: string): void {
    this.#listeners.get(tag)?.unsubscribe();
    this.#listeners.delete(tag);
  }

  /** Publishes `ccCallAccepted`. @param call The call (required). */
  publishCallAccepted(call: KitCall): void {
    this.#publish(this._accepted, call, 'ccCallAccepted');
  }

  /** Publishes `ccCallRejected`. @param call The call (required). */
  publishCallRejected(call: KitCall): void {
    this.#publish(this._rejected, call, 'ccCallRejected');
  }

  /** Publishes `ccCallEnded`. @param call The call (required). */
  publishCallEnded(call: KitCall): void {
    this.#publish(this._ended, call, 'ccCallEnded');
  }

  /** Publishes `ccOutgoingCall`. @param call The call (required). */
  publishOutgoingCall(call: KitCall): void {
    this.#publish(this._outgoing, call, 'ccOutgoingCall');
  }

  ngOnDestroy(): void {
    this.#listeners.forEach(subscription => subscription.unsubscribe());
    this.#listeners.clear();
    [this._accepted, this._rejected, this._ended, this._outgoing].forEach(subject =>
      subject.complete(),
    );
  }

  #publish(subject: Subject<KitCall>, call: KitCall, name: KitCallEventName): void {
    if (call === null || call === undefined || typeof call !== 'object') {
      console.error(
        typeof ngDevMode === 'undefined' || ngDevMode
          ? `KitCallEventsService: ${name} needs a call; "${String(call)}" was refused.`
          : call,
      );
      return;
    }
    subject.next(call);
  }
}
