import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Dialog} from '@angular/cdk/dialog';
import {DOCUMENT} from '@angular/common';
import {
  ApplicationRef,
  DestroyRef,
  ChangeDetectionStrategy,
  Component,
  ComponentRef,
  EnvironmentInjector,
  Injectable,
  Injector,
  ViewEncapsulation,
  inject,
  input,
  output,
  createComponent,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallButtonComponent} from '../button/call-button';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallSession} from '../session/call-session';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCall} from '../sdk/models';
import {kitCaller} from '../sdk/validation';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallHost} from '../overlay/call-host';

/** The compact banner of a call that waits while another call is on screen. @docs-private */
@Component({
  selector: 'kit-call-waiting',
  imports: [KitAvatarComponent, KitCallButtonComponent],
  template: `
    @let caller = _caller();
    @let video = call().type !== 'audio';
    <!-- The name is read in the sentence below; the initials would only repeat it. -->
    <kit-avatar aria-hidden="true" [name]="caller.name" [avatarUrl]="caller.avatar" />
    <p class="kit-call-waiting-text">
      <span class="kit-call-waiting-name">{{ caller.name }}</span>
      <span class="kit-call-waiting-type">{{
        video ? intl.incomingVideoCall : intl.incomingVoiceCall
      }}</span>
    </p>
    <div class="kit-call-waiting-actions">
      <kit-call-button
        icon="callEnd"
        buttonClass="kit-call-waiting-button kit-call-waiting-decline"
        [label]="intl.decline"
        [ariaLabel]="intl.declineCallFrom(caller.name, video)"
        (press)="decline.emit()"
      />
      <kit-call-button
        buttonClass="kit-call-waiting-button kit-call-waiting-end-and-accept"
        [icon]="video ? 'videocam' : 'call'"
        [label]="intl.endAndAccept"
        [ariaLabel]="intl.endAndAcceptCallFrom(caller.name, video)"
        (press)="endAndAccept.emit()"
      />
    </div>
  `,
  styleUrl: 'call-waiting.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  // The session it shows, for what adds to it from outside (withHold()'s "Hold and accept").
  host: {class: 'kit-call-waiting', '[attr.data-kit-session]': 'call().sessionId'},
})
export class KitCallWaitingComponent {
  protected readonly intl = inject(KitCallsIntl);
  /** The waiting call. */
  readonly call = input.required<KitCall>();
  /** Emits when the user declines the waiting call. */
  readonly decline = output<void>();
  /** Emits when the user ends the current call to accept the waiting one. */
  readonly endAndAccept = output<void>();
  protected _caller = () => kitCaller(this.call());
}

interface Waiting {
  session: KitCallSession;
  componentRef: ComponentRef<KitCallWaitingComponent>;
  detach: () => void;
}

/**
 * Shows the calls that ring while another call is on screen (busy policy `'wait'`) as compact banners, each a view
 * of its call's session. Declining one declines that call only; the call on screen is never touched. A banner lives
 * inside the call screen's dialog, so it is inside its focus trap and reachable with Tab. @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallWaiting {
  readonly #injector = inject(Injector);
  readonly #environment = inject(EnvironmentInjector);
  readonly #appRef = inject(ApplicationRef);
  readonly #callOverlay = inject(KitCallOverlay);
  readonly #dialog = inject(Dialog);
  readonly #registry = inject(KitCallRegistry);
  readonly #announcer = inject(LiveAnnouncer);
  readonly #intl = inject(KitCallsIntl);
  readonly #waiting = new Map<KitCallSession, Waiting>();
  #subscription: Subscription | null = null;

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      this.#subscription?.unsubscribe();
      [...this.#waiting.keys()].forEach(session => this.#remove(session));
    });
  }

  /** Follows the waiting calls of the registry. */
  start(): void {
    if (this.#subscription) {
      return;
    }
    this.#subscription = this.#registry.changes.subscribe(() => this.#sync());
    // When another call's dialog opens (an outgoing call placed, a waiting call taken), the banners move into it;
    // when it closes, back into the call's dialog left on top (or the page): not gone with the dialog's pane.
    // (Not while the app is torn down: its dialogs close after its views are gone.)
    const placeAll = () =>
      this.#appRef.destroyed ||
      this.#waiting.forEach(({componentRef}) => this.#place(componentRef));
    this.#subscription.add(
      this.#dialog.afterOpened.subscribe(dialogRef => {
        placeAll();
        dialogRef.closed.subscribe(placeAll);
      }),
    );
  }

  /** @returns Whether the session waits in a banner. @param sessionId The session. */
  has(sessionId: string): boolean {
    return [...this.#waiting.keys()].some(session => session.sessionId === sessionId);
  }

  #sync(): void {
    const waiting = new Set(this.#registry.waiting);
    for (const session of [...this.#waiting.keys()]) {
      if (!waiting.has(session) || session.isEnded) {
        this.#remove(session);
      }
    }
    waiting.forEach(session => {
      if (!this.#waiting.has(session) && !session.isEnded) {
        this.#show(session);
      }
    });
  }

  #show(session: KitCallSession): void {
    const componentRef = createComponent(KitCallWaitingComponent, {
      environmentInjector: this.#environment,
      elementInjector: this.#injector,
    });
    componentRef.setInput('call', session.state.call);
    componentRef.instance.decline.subscribe(() => void session.decline());
    componentRef.instance.endAndAccept.subscribe(() => void this.#endAndAccept(session));
    // Announced like any incoming call: the banner appears without taking focus from the call on screen.
    void this.#announcer.announce(
      this.#intl.incomingCallFrom(
        kitCaller(session.state.call).name,
        session.state.call.type !== 'audio',
      ),
      'assertive',
    );
    this.#appRef.attachView(componentRef.hostView);
    this.#place(componentRef);
    // A view of the session that plays no sound; its errors reach the app's onError.
    const detach = session.attach(componentRef, {
      sound: false,
      onError: error => this.#registry.report(error),
    });
    const unsubscribe = session.subscribe((state, facts) => {
      if (!state.waiting || facts.some(fact => fact.type === 'ended')) {
        this.#remove(session);
      }
    });
    this.#waiting.set(session, {
      session,
      componentRef,
      detach: () => {
        unsubscribe();
        detach();
      },
    });
  }

  /**
   * "End and accept", as on a phone: ends the call on screen through its session, and once it ended, accepts the
   * waiting call, which then takes the full screen. If the current call cannot be ended, the waiting one keeps
   * ringing in its banner (the failure is said by the current call's screen).
   */
  async #endAndAccept(session: KitCallSession): Promise<void> {
    const current = this.#registry.sessions.filter(
      other => other !== session && !other.state.waiting && !other.isEnded,
    );
    // A hang-up answers whether its call ended, also when the SDK's onCallEnded came before endCall resolved.
    const ended = await Promise.all(current.map(other => other.hangUp()));
    if (ended.includes(false) || session.state.phase !== 'ringing') {
      return;
    }
    if (session.state.waiting) {
      session._set({waiting: false});
      this.#callOverlay._openSession(session);
    }
    await session.accept();
  }

  /** Puts a banner first in the dialog of the call opened last: inside its focus trap, first in the Tab order. */
  #place(componentRef: ComponentRef<KitCallWaitingComponent>): void {
    const top = this.#dialog.openDialogs
      .filter(ref => ref.componentInstance instanceof KitCallHost)
      .at(-1);
    // Wherever the dialog is: in its pane, or with the call in a Picture-in-Picture window.
    const container = top?.componentRef?.location.nativeElement.closest('.cdk-dialog-container');
    (container ?? this.#injector.get(DOCUMENT).body).prepend(componentRef.location.nativeElement);
  }

  #remove(session: KitCallSession): void {
    const waiting = this.#waiting.get(session);
    if (waiting) {
      this.#waiting.delete(session);
      waiting.detach();
      if (!this.#appRef.destroyed) {
        this.#appRef.detachView(waiting.componentRef.hostView);
      }
      waiting.componentRef.destroy();
      waiting.componentRef.location.nativeElement.remove();
    }
  }
}
