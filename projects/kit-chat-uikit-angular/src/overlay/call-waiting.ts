import {DOCUMENT} from '@angular/common';
import {
  ApplicationRef,
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
  runInInjectionContext,
} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {KitAvatarComponent} from '../avatar/avatar';
import {kitConnectSdk, kitInvokeSafely, kitRunSdk} from '../call/call-screen-support';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitIconComponent} from '../icon/icon';
import {KitCallEventsService} from '../events/call-events';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitErrorCodes} from '../sdk/kit-exception';
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
  call: KitCall;
  componentRef: ComponentRef<KitCallWaitingComponent>;
}

/**
 * Shows calls that ring while another call is on screen (busy policy `'wait'`) as compact banners. Declining one
 * rejects that call only; the call on screen is never touched. A banner lives inside the call screen's dialog, so
 * it is inside its focus trap and reachable with Tab. @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallWaiting {
  private readonly _injector = inject(Injector);
  private readonly _environment = inject(EnvironmentInjector);
  private readonly _appRef = inject(ApplicationRef);
  private readonly _callOverlay = inject(KitCallOverlay);
  private readonly _events = inject(KitCallEventsService);
  private readonly _config = inject(KIT_UIKIT_CONFIG);
  private readonly _waiting = new Map<string, Waiting>();

  constructor() {
    // When the call on screen moves on (ringing → ongoing), its banners move into the new screen.
    this._callOverlay
      ._screenContainers()
      .pipe(takeUntilDestroyed())
      .subscribe(container =>
        this._waiting.forEach(({componentRef}) => this._place(componentRef, container)),
      );
  }

  /** @returns Whether the session waits in a banner. @param sessionId The session. */
  has(sessionId: string): boolean {
    return this._waiting.has(sessionId);
  }

  /** Shows a waiting call. @param call The call. */
  show(call: KitCall): void {
    const componentRef = createComponent(KitCallWaitingComponent, {
      environmentInjector: this._environment,
      elementInjector: this._injector,
    });
    componentRef.setInput('call', call);
    componentRef.instance.decline.subscribe(() => this._decline(call));
    this._appRef.attachView(componentRef.hostView);
    this._place(componentRef, this._callOverlay._topScreenContainer());
    this._waiting.set(call.sessionId, {call, componentRef});
  }

  /** The caller of a waiting call gave up. @param call The cancelled call. */
  cancelled(call: KitCall): void {
    this._remove(call.sessionId);
  }

  /** @returns The oldest waiting call, removed from the banners, if any. */
  takeNext(): KitCall | null {
    const next = this._waiting.values().next().value as Waiting | undefined;
    if (!next) {
      return null;
    }
    this._remove(next.call.sessionId);
    return next.call;
  }

  private _place(
    componentRef: ComponentRef<KitCallWaitingComponent>,
    container: HTMLElement | null,
  ): void {
    const element: HTMLElement = componentRef.location.nativeElement;
    // First in the screen's dialog: inside its focus trap, and first in the Tab order.
    (container ?? this._injector.get(DOCUMENT).body).prepend(element);
  }

  private _decline(call: KitCall): void {
    this._remove(call.sessionId);
    // Declined: a late or duplicate ring of it is a ghost.
    this._callOverlay._markEnded(call.sessionId);
    const {sdk} = runInInjectionContext(this._injector, kitConnectSdk);
    if (sdk) {
      kitRunSdk(
        () => sdk.rejectCall(call.sessionId, 'rejected'),
        KitErrorCodes.CALL_FAILED,
        'Decline failed',
      ).then(
        rejected => this._events.publishCallRejected(rejected),
        error => kitInvokeSafely(this._config.onError, error),
      );
    }
  }

  private _remove(sessionId: string): void {
    const waiting = this._waiting.get(sessionId);
    if (waiting) {
      this._appRef.detachView(waiting.componentRef.hostView);
      waiting.componentRef.destroy();
      waiting.componentRef.location.nativeElement.remove();
      this._waiting.delete(sessionId);
    }
  }
}
