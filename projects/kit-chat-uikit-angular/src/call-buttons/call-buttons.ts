import {_IdGenerator} from '@angular/cdk/a11y';
import {NgTemplateOutlet} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  InputSignal,
  InputSignalWithTransform,
  OutputEmitterRef,
  Signal,
  ViewEncapsulation,
  booleanAttribute,
  computed,
  inject,
  input,
  output,
  signal,
} from '@angular/core';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KitIconComponent} from '../icon/icon';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitCallOverlayConfig} from '../overlay/call-overlay-config';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KitCallOverlayRef} from '../overlay/call-overlay-ref';
import type {KitOutgoingCallComponent} from '../outgoing-call/outgoing-call';
import {KitCallRegistry} from '../registry/call-registry';
import {KitCallsSdk, KitCallsSdkLifecycle} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCallType, KitOnError, KitUser} from '../sdk/models';
import {kitCaller, kitReceiver} from '../sdk/validation';
import {KitCallButtonsIntl} from './call-buttons-intl';

/**
 * Voice and video call buttons for a person: a press places the call through `KitCallOverlay.startCall`, so the
 * outgoing screen opens at once. The buttons are disabled, with the reason shown under them and read as their
 * description, while a call with that person is live (ringing, dialing, ongoing or waiting) and while the call SDK
 * is not ready (no SDK, nobody logged in, or an adapter that says it is not registered). A disabled button stays
 * focusable (`aria-disabled`), so that a keyboard or screen reader user finds it and hears why.
 *
 * ```html
 * <kit-call-buttons [user]="contact" labelled (callStarted)="log($event)" />
 * <kit-call-buttons [user]="contact" [video]="false" />
 * ```
 */
@Component({
  selector: 'kit-call-buttons',
  // One button template for both types: a two-item @for would bring the repeater's runtime (about 5 KB minified) to
  // an app whose screens do not use one.
  template: `
    <ng-template #button let-type>
      <button
        type="button"
        class="kit-call-buttons-button"
        [class.kit-call-buttons-voice]="type === 'audio'"
        [class.kit-call-buttons-video]="type === 'video'"
        [attr.aria-label]="intl.callTo(user()?.name ?? '', type === 'video')"
        [attr.aria-disabled]="reason() ? true : null"
        [attr.aria-describedby]="reason() ? reasonId : null"
        (click)="_press(type)"
      >
        <kit-icon [name]="type === 'video' ? 'videocam' : 'call'" />
        @if (labelled()) {
          <span class="kit-call-buttons-label">{{
            type === 'video' ? intl.video : intl.voice
          }}</span>
        }
      </button>
    </ng-template>
    @if (voice()) {
      <ng-container *ngTemplateOutlet="button; context: {$implicit: 'audio'}" />
    }
    @if (video()) {
      <ng-container *ngTemplateOutlet="button; context: {$implicit: 'video'}" />
    }
    @if (reason(); as reason) {
      <span class="kit-call-buttons-reason" [id]="reasonId">{{ reason }}</span>
    }
  `,
  styleUrl: 'call-buttons.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NgTemplateOutlet, KitIconComponent],
  host: {
    class: 'kit-call-buttons',
    '[class.kit-call-buttons-labelled]': 'labelled()',
    '[class.kit-call-buttons-disabled]': '!!reason()',
    // A user logged in (or an SDK that came up) without telling anyone: read again before a press.
    '(focusin)': '_refresh()',
    '(pointerenter)': '_refresh()',
  },
})
export class KitCallButtonsComponent {
  /** The person to call (`uid` and `name` required). */
  readonly user: InputSignal<KitUser | null | undefined> = input<KitUser | null>();
  /** Whether the voice call button is shown. */
  readonly voice: InputSignalWithTransform<boolean, unknown> = input(true, {
    transform: booleanAttribute,
  });
  /** Whether the video call button is shown. */
  readonly video: InputSignalWithTransform<boolean, unknown> = input(true, {
    transform: booleanAttribute,
  });
  /** Whether the buttons show a label beside their icon ("Voice", "Video"); icon buttons otherwise. */
  readonly labelled: InputSignalWithTransform<boolean, unknown> = input(false, {
    transform: booleanAttribute,
  });
  /** Options of the call's overlay, merged over the defaults as `KitCallOverlay.startCall` does. */
  readonly config: InputSignal<KitCallOverlayConfig | null | undefined> =
    input<KitCallOverlayConfig | null>();
  /** Replaces the default error handling (the kit's `onError`): a call that could not start. */
  readonly onError: InputSignal<KitOnError | null | undefined> = input<KitOnError | null>();

  /** Emits the overlay of a call placed by a press, once the SDK registered the call. */
  readonly callStarted: OutputEmitterRef<KitCallOverlayRef<KitOutgoingCallComponent>> =
    output<KitCallOverlayRef<KitOutgoingCallComponent>>();
  /** Emits a call that could not start (`ERR_INVALID_CALL`, `ERR_NOT_LOGGED_IN`...), whether or not `onError` is set. */
  // eslint-disable-next-line @angular-eslint/no-output-native -- `(error)`, as on the call screens.
  readonly error: OutputEmitterRef<KitException> = output<KitException>();

  protected readonly intl = inject(KitCallButtonsIntl);
  protected readonly reasonId = inject(_IdGenerator).getId('kit-call-buttons-reason-');
  readonly #overlay = inject(KitCallOverlay);
  readonly #registry = inject(KitCallRegistry);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as
    (KitCallsSdk & KitCallsSdkLifecycle) | null;
  readonly #destroyRef = inject(DestroyRef);
  /** Counts what may change the state without a signal: calls starting or ending, the SDK's registration. */
  readonly #changes = signal(0);
  readonly #texts = kitFollowIntl(this.intl);

  /** Why the buttons are disabled now, or `null` when a press places a call. */
  protected readonly reason: Signal<string | null> = computed(() => {
    this.#changes();
    this.#texts();
    const uid = this.user()?.uid;
    if (!this.#ready()) {
      return this.intl.notReady;
    }
    const live = this.#registry.sessions.some(session => {
      const call = session.state.call;
      return !!uid && (kitCaller(call)?.uid === uid || kitReceiver(call)?.uid === uid);
    });
    return live ? this.intl.inCallWith(this.user()!.name) : null;
  });

  constructor() {
    const refresh = () => this._refresh();
    const changes = this.#registry.changes.subscribe(refresh);
    let stop: (() => void) | undefined;
    try {
      stop = this.#sdk?.getRegistration ? this.#sdk.watchRegistration?.(refresh) : undefined;
    } catch {
      // An adapter that fails to tell its registration: the buttons read it again on focus and hover.
    }
    this.#destroyRef.onDestroy(() => {
      changes.unsubscribe();
      stop?.();
    });
  }

  /** Reads the SDK and the live calls again. @docs-private */
  _refresh(): void {
    this.#changes.update(count => count + 1);
  }

  /** @docs-private */
  protected _press(type: KitCallType): void {
    this._refresh();
    if (this.reason()) {
      return;
    }
    // The call's session exists once startCall returns: the buttons are disabled before a second press lands.
    this.#overlay.startCall(this.user()!, type, this.config() ?? undefined).then(
      ref => !this.#destroyRef.destroyed && this.callStarted.emit(ref),
      (error: unknown) => this.#report(KitException.from(error, KitErrorCodes.CALL_FAILED)),
    );
  }

  /** Whether the SDK can place a call now: a user logged in and, when the adapter tells it, registered. */
  #ready(): boolean {
    if (this.#registry.me() instanceof KitException) {
      return false;
    }
    try {
      return this.#sdk?.getRegistration?.().registered ?? true;
    } catch {
      return false;
    }
  }

  #report(error: KitException): void {
    const onError = this.onError();
    if (onError) {
      kitInvokeSafely(onError, error);
    } else {
      this.#registry.report(error);
    }
    if (!this.#destroyRef.destroyed) {
      this.error.emit(error);
    }
  }
}
