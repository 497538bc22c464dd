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
import {KitCallRegistry} from '../call/call-registry';
import {KitCallSession} from '../call/call-session';
import {KitIconComponent} from '../icon/icon';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCall} from '../sdk/models';
import {kitCaller} from '../sdk/validation';
import {KitCallOverlay} from './call-overlay';

/** The compact banner of a call that waits while another call is on screen. @docs-private */
@Component({
  selector: 'kit-call-waiting',
  imports: [KitAvatarComponent, KitIconComponent],
  template: `
    <kit-avatar [name]="_caller().name" [avatarUrl]="_caller().avatar" />
    <p class="kit-call-waiting-text">
      {{ intl.incomingCallFrom(_caller().name, call().type !== 'audio') }}
    </p>
    <button
      type="button"
      class="kit-call-waiting-decline"
      [attr.aria-label]="intl.declineCallFrom(_caller().name)"
      (click)="decline.emit()"
    >
      <kit-icon name="callEnd" />
      <span>{{ intl.decline }}</span>
    </button>
  `,
  styles: `
    .kit-call-waiting {
      --kit-avatar-size: 40px;
      position: fixed;
      z-index: 1;
      inset-block-start: 0;
      inset-inline: 8px;
      margin-inline: auto;
      display: flex;
      align-items: center;
      gap: 12px;
      box-sizing: border-box;
      max-inline-size: min(560px, calc(100vw - 16px));
      margin-block-start: 8px;
      padding: 8px 8px 8px 12px;
      border-radius: 28px;
      background: var(--kit-call-waiting-background-color, var(--mat-sys-inverse-surface, #2f3033));
      color: var(--kit-call-waiting-text-color, var(--mat-sys-inverse-on-surface, #f1f0f4));
      box-shadow: var(--mat-sys-level3, 0 4px 12px rgb(0 0 0 / 30%));
      font: var(--mat-sys-body-medium, 400 14px/20px sans-serif);
    }
    .kit-call-waiting-text {
      flex: 1;
      margin: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .kit-call-waiting-decline {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      min-block-size: 40px;
      padding-inline: 16px;
      border: 1px solid transparent;
      border-radius: 20px;
      background: var(--mat-sys-error, #b3261e);
      color: var(--mat-sys-on-error, #fff);
      font: var(--mat-sys-label-large, 500 14px/20px sans-serif);
      cursor: pointer;
    }
    .kit-call-waiting-decline:focus-visible {
      outline: 2px solid currentColor;
      outline-offset: 2px;
    }
  `,
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-call-waiting', role: 'status'},
})
export class KitCallWaitingComponent {
  protected readonly intl = inject(KitCallsIntl);
  /** The waiting call. */
  readonly call = input.required<KitCall>();
  /** Emits when the user declines the waiting call. */
  readonly decline = output<void>();
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
  private readonly _injector = inject(Injector);
  private readonly _environment = inject(EnvironmentInjector);
  private readonly _appRef = inject(ApplicationRef);
  private readonly _callOverlay = inject(KitCallOverlay);
  private readonly _registry = inject(KitCallRegistry);
  private readonly _waiting = new Map<KitCallSession, Waiting>();
  private _subscription: Subscription | null = null;

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      this._subscription?.unsubscribe();
      [...this._waiting.keys()].forEach(session => this._remove(session));
    });
  }

  /** Follows the waiting calls of the registry. */
  start(): void {
    if (this._subscription) {
      return;
    }
    this._subscription = this._registry.changes.subscribe(() => this._sync());
    // When the call on screen moves on (ringing → ongoing), its banners move into the new screen.
    this._subscription.add(
      this._callOverlay
        ._screenContainers()
        .subscribe(container =>
          this._waiting.forEach(({componentRef}) => this._place(componentRef, container)),
        ),
    );
  }

  /** @returns Whether the session waits in a banner. @param sessionId The session. */
  has(sessionId: string): boolean {
    return [...this._waiting.keys()].some(session => session.sessionId === sessionId);
  }

  /** The banners shown, by session id (for tests). @docs-private */
  _banners(): Map<string, HTMLElement> {
    return new Map(
      [...this._waiting.values()].map(({session, componentRef}) => [
        session.sessionId,
        componentRef.location.nativeElement as HTMLElement,
      ]),
    );
  }

  private _sync(): void {
    const waiting = new Set(this._registry.waiting);
    for (const session of [...this._waiting.keys()]) {
      if (!waiting.has(session) || session.isEnded) {
        this._remove(session);
      }
    }
    waiting.forEach(session => {
      if (!this._waiting.has(session) && !session.isEnded) {
        this._show(session);
      }
    });
  }

  private _show(session: KitCallSession): void {
    const componentRef = createComponent(KitCallWaitingComponent, {
      environmentInjector: this._environment,
      elementInjector: this._injector,
    });
    componentRef.setInput('call', session.state.call);
    componentRef.instance.decline.subscribe(() => void session.decline());
    this._appRef.attachView(componentRef.hostView);
    this._place(componentRef, this._callOverlay._topScreenContainer());
    // A view of the session that plays no sound; its errors reach the app's onError.
    const detach = session.attach(componentRef, {
      sound: false,
      onError: error => this._registry.report(error),
    });
    const unsubscribe = session.subscribe(state => {
      if (state.phase === 'ended' || !state.waiting) {
        this._remove(session);
      }
    });
    this._waiting.set(session, {
      session,
      componentRef,
      detach: () => {
        unsubscribe();
        detach();
      },
    });
  }

  private _place(
    componentRef: ComponentRef<KitCallWaitingComponent>,
    container: HTMLElement | null,
  ): void {
    const element: HTMLElement = componentRef.location.nativeElement;
    // First in the screen's dialog: inside its focus trap, and first in the Tab order.
    (container ?? this._injector.get(DOCUMENT).body).prepend(element);
  }

  private _remove(session: KitCallSession): void {
    const waiting = this._waiting.get(session);
    if (waiting) {
      this._waiting.delete(session);
      waiting.detach();
      if (!this._appRef.destroyed) {
        this._appRef.detachView(waiting.componentRef.hostView);
      }
      waiting.componentRef.destroy();
      waiting.componentRef.location.nativeElement.remove();
    }
  }
}
