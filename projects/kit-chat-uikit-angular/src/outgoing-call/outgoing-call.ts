import {LiveAnnouncer} from '@angular/cdk/a11y';
import {NgTemplateOutlet} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  InputSignal,
  InputSignalWithTransform,
  OutputEmitterRef,
  Signal,
  TemplateRef,
  ViewEncapsulation,
  booleanAttribute,
  computed,
  contentChild,
  effect,
  inject,
  input,
  numberAttribute,
  output,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallButtonComponent} from '../button/call-button';
import {KitCallScreenStyleInputs, KitStyleValue} from '../screen/call-screen-style-inputs';
import {kitDraftCall} from '../registry/call-registry';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../session/call-session';
import {KIT_CALL_AGAIN} from '../screen/call-screen-ids';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {KitCallSaid} from '../screen/call-session-binding';
import {kitIgnoreHeldKey, kitSlot} from '../screen/call-screen-support';
import {kitInvokeSafely} from '../core/invoke-safely';
import {kitCssUrl} from '../core/style-utils';
import {KitIconComponent} from '../icon/icon';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitOnClick, KitOnError, KitUser} from '../sdk/models';
import {kitValidateCall, kitValidateUser} from '../sdk/validation';
import {KitSoundState} from '../sound/ringtone';
import {
  KitOutgoingCallAvatar,
  KitOutgoingCallContext,
  KitOutgoingCallEndCall,
  KitOutgoingCallSubtitle,
  KitOutgoingCallTitle,
} from './outgoing-call-slots';
import {KitOutgoingCallViewModel} from './outgoing-call-view-model';

/** A slot: `undefined` shows the default part, `null` nothing, a template replaces the part. */
type KitOutgoingCallSlot = TemplateRef<KitOutgoingCallContext> | null | undefined;

/** Outcomes a second try can change: the outgoing screen offers "Call again" for them. */
const CALL_AGAIN_REASONS: readonly KitCallEndReason[] = [
  'rejected',
  'busy',
  'unanswered',
  'unavailable',
  'failed',
];

/**
 * The screen shown to the caller while a call rings (spec: `KitOutgoingCall`): the callee's avatar and name, a
 * status line and an end-call button. A view of the call's session, which listens to the SDK, plays the ringback
 * and publishes the global call events; it emits `accepted` when the callee picks up and `closed` when it is done.
 */
@Component({
  selector: 'kit-outgoing-call',
  templateUrl: 'outgoing-call.html',
  styleUrl: 'outgoing-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NgTemplateOutlet, KitAvatarComponent, KitCallButtonComponent, KitIconComponent],
  host: {
    class: 'kit-outgoing-call',
    // In a call overlay the CDK container is the one dialog, labelled by the ids it gave this screen.
    '[attr.role]': '_inOverlay ? null : "dialog"',
    '[attr.aria-modal]': '_inOverlay ? null : "true"',
    tabindex: '-1',
    '(keydown)': '_onKeydown($event)',
    '[attr.aria-labelledby]': '_inOverlay ? null : _labelId',
    '[attr.aria-describedby]': '_inOverlay ? null : _statusId',
    '[class.kit-outgoing-call-dialing]': '_vm.phase() === "dialing"',
    '[class.kit-outgoing-call-ended]': '_vm.phase() === "ended"',
    '[style.--kit-outgoing-call-end-call-icon-tint]': 'endCallIconTint() || null',
    '[style.--kit-outgoing-call-end-call-button-background-color]':
      'endCallButtonBackgroundColor() || null',
  },
})
export class KitOutgoingCallComponent extends KitCallScreenStyleInputs {
  protected readonly _tokenPrefix = 'outgoing-call';
  readonly #shell = new KitCallScreenShell(this, 'kit-outgoing-call-', 'status');
  readonly #announcer = inject(LiveAnnouncer);
  readonly #registry = this.#shell.registry;
  readonly #overlaySession = this.#shell.overlaySession;
  readonly #problem = signal<KitException | null>(null);
  /** Whether `closed` was emitted for a call that could not start (no session says it then). */
  #closedWithoutSession = false;
  #problemTimer: ReturnType<typeof setTimeout> | undefined;
  /** A key held down since before the screen appeared never ends the call. @docs-private */
  protected readonly _onKeydown = kitIgnoreHeldKey;
  protected readonly intl = inject(KitCallsIntl);

  /** The call (spec: `setCall`); its receiver is shown. */
  readonly call: InputSignal<KitCall | null | undefined> = input<KitCall | null | undefined>();
  /** The callee, when there is no call (spec: `setUser`); `uid` and `name` are required. */
  readonly user: InputSignal<KitUser | null | undefined> = input<KitUser | null | undefined>();
  /** Replaces the built-in end call (spec: `setOnEndCallClick`). */
  readonly onEndCallClick: InputSignal<KitOnClick | null | undefined> = input<KitOnClick | null>();
  /** Receives internal errors (spec: `setOnError`). */
  readonly onError: InputSignal<KitOnError | null | undefined> = input<KitOnError | null>();
  /** Whether the ringback is off (spec: `disableSoundForCall`). */
  readonly disableSoundForCall: InputSignalWithTransform<boolean, unknown> = input(false, {
    transform: booleanAttribute,
  });
  /** URL of the ringback sound; the built-in tone when empty (spec: `setCustomSoundForCalls`). */
  readonly customSoundForCalls: InputSignal<string | null | undefined> = input<string | null>();
  /** Replaces the name. `null` leaves the slot empty. */
  readonly titleView: InputSignal<KitOutgoingCallSlot> = input<KitOutgoingCallSlot>();
  /** Replaces the status line. `null` leaves the slot empty. */
  readonly subtitleView: InputSignal<KitOutgoingCallSlot> = input<KitOutgoingCallSlot>();
  /** Replaces the avatar. `null` leaves the slot empty. */
  readonly avatarView: InputSignal<KitOutgoingCallSlot> = input<KitOutgoingCallSlot>();
  /** Replaces the end-call button. `null` leaves the slot empty. */
  readonly endCallView: InputSignal<KitOutgoingCallSlot> = input<KitOutgoingCallSlot>();
  /** Settings of the ongoing call, carried by `accepted` (spec: `setCallSettingsBuilder`). */
  readonly callSettingsBuilder: InputSignal<KitCallSettingsBuilder | null | undefined> =
    input<KitCallSettingsBuilder | null>();
  /**
   * How long, in ms, the outcome (declined, busy, no answer) stays on screen before `closed`. Default: the kit's
   * `closeDelay` when configured, else 5000 (time to press "Call again").
   */
  readonly closeDelay: InputSignalWithTransform<number | undefined, unknown> = input(undefined, {
    transform: (value: unknown) =>
      value == null || value === '' ? undefined : numberAttribute(value, 2000),
  });
  /** URL of an image that replaces the end-call icon; it is tinted with `endCallIconTint`. */
  readonly endCallIcon: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Color of the end-call icon. */
  readonly endCallIconTint: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Background color of the end-call button. */
  readonly endCallButtonBackgroundColor: InputSignal<KitStyleValue> = input<KitStyleValue>();

  /** Emits when the end-call button is pressed, whether or not `onEndCallClick` replaces the default. */
  readonly endCallClick: OutputEmitterRef<void> = output<void>();
  /** Emits internal errors, whether or not `onError` is set. */
  // eslint-disable-next-line @angular-eslint/no-output-native -- `(error)` is the public name (angular-api.md).
  readonly error: OutputEmitterRef<KitException> = output<KitException>();
  /** Emits the call, with its `settings`, when the callee accepts: show the ongoing call screen. */
  readonly accepted: OutputEmitterRef<KitCall> = output<KitCall>();
  /** Emits why the screen is done (cancelled, rejected, busy, unanswered, failed): remove the screen. */
  readonly closed: OutputEmitterRef<KitCallEndReason> = output<KitCallEndReason>();

  /** @docs-private */
  protected readonly _vm = new KitOutgoingCallViewModel(
    this.#shell,
    computed(() => this.call() ?? this.#overlaySession?.state.call ?? null),
    this.user,
    this.#problem.asReadonly(),
    () => this.#builtInEndCall(),
  );
  readonly #callAgainAction = inject(KIT_CALL_AGAIN, {optional: true});
  /** Whether the outcome on screen is one a second try can change (declined, busy, no answer, failed). */
  protected readonly _canCallAgain = computed(
    () =>
      !!this.#callAgainAction &&
      this._vm.phase() === 'ended' &&
      CALL_AGAIN_REASONS.includes(this._vm.endReason() ?? 'ended'),
  );
  /** Whether a call overlay's dialog container carries the role and the label. @docs-private */
  protected readonly _inOverlay = this.#shell.inOverlay;
  protected readonly _labelId = this.#shell.labelId;
  protected readonly _statusId = this.#shell.descriptionId;
  protected readonly _endCallIconUrl = computed(() => kitCssUrl(this.endCallIcon()));
  protected readonly _name = computed(() => this._vm.user()?.name ?? '');
  protected readonly _soundState: Signal<KitSoundState | null> = computed(() => {
    this.#shell.state();
    return this.#shell.session()?.sound?.state() ?? null;
  });
  private readonly _endButton = viewChild<KitCallButtonComponent>('endButton');
  private readonly _titleContent = contentChild(KitOutgoingCallTitle);
  private readonly _subtitleContent = contentChild(KitOutgoingCallSubtitle);
  private readonly _avatarContent = contentChild(KitOutgoingCallAvatar);
  private readonly _endCallContent = contentChild(KitOutgoingCallEndCall);
  protected readonly _titleSlot = kitSlot(this.titleView, this._titleContent);
  protected readonly _subtitleSlot = kitSlot(this.subtitleView, this._subtitleContent);
  protected readonly _avatarSlot = kitSlot(this.avatarView, this._avatarContent);
  protected readonly _endCallSlot = kitSlot(this.endCallView, this._endCallContent);

  /** The context of the slot templates, once there is a callee. */
  protected readonly _context: Signal<KitOutgoingCallContext | null> = computed(() => {
    const user = this._vm.user();
    if (!user) {
      return null;
    }
    // With `user` and no call, the slots get a call that is not registered (empty session id).
    const me = this._vm.me ?? user;
    const call = this._vm.call() ?? kitDraftCall(me, user);
    return {$implicit: call, call, user, endCall: () => this._endCall()};
  });

  /** What the screen shows: a new call (by session id) or a new callee starts over. */
  readonly #target = computed(() => ({call: this.call(), user: this.call() ? null : this.user()}), {
    equal: (a, b) =>
      a.user === b.user &&
      (a.call === b.call || (!!a.call?.sessionId && a.call.sessionId === b.call?.sessionId)),
  });

  constructor() {
    super();
    this.#shell.rememberFocus();

    effect(() => {
      const {call, user} = this.#target();
      untracked(() => this.#start(call, user));
    });
    // The ringback follows the inputs at once.
    this.#shell.followSound(this.disableSoundForCall, this.customSoundForCalls);
    effect(() => {
      const session = this.#shell.session();
      const builder = this.callSettingsBuilder();
      const delay = this.closeDelay();
      untracked(() => {
        if (session && delay !== undefined) {
          session.options.closeDelay = session.options.outcomeDelay = delay;
        }
        if (session && builder) {
          session.setCallSettings(builder.build());
        }
      });
    });

    this.#shell.trapFocus(() => this._endButton()?._element());
    inject(DestroyRef).onDestroy(() => {
      this.#clearProblemTimer();
      this.#shell.restoreFocus(false);
    });
  }

  /** @returns The view model (spec: `getViewModel`). Changing the call through it may conflict with the screen. */
  getViewModel(): KitOutgoingCallViewModel {
    return this._vm;
  }

  /** Stops following the call (spec: `disposeObservers`); the call goes on without this screen. */
  disposeObservers(): void {
    this.#shell.release();
  }

  /** "Call again" on an outcome screen. @docs-private */
  protected _callAgain(): void {
    if (this._canCallAgain()) {
      this.#callAgainAction?.();
    }
  }

  /** The end-call button: notifies, then runs `onEndCallClick` or the built-in cancellation. @docs-private */
  protected _endCall(): void {
    if (this._vm.phase() === 'cancelling' || this._vm.phase() === 'ended') {
      // Disabled while the cancellation is under way, and on an outcome screen (there is no call to end).
      return;
    }
    this.endCallClick.emit();
    const handler = this.onEndCallClick();
    if (handler) {
      kitInvokeSafely(handler);
    } else {
      this.#builtInEndCall();
    }
  }

  #builtInEndCall(): void {
    const session = this.#shell.session();
    if (!session) {
      if (this.#problem()) {
        this.#close(this._vm.endReason() ?? 'failed');
      }
      return;
    }
    if (session.isEnded) {
      session.dispose(); // The outcome is on screen: close it at once.
      return;
    }
    void session.hangUp();
  }

  #start(call: KitCall | null | undefined, user: KitUser | null | undefined): void {
    this.#shell.release();
    this.#clearProblemTimer();
    this.#closedWithoutSession = false;
    this.#problem.set(null);
    const session = this.#overlaySession ?? this.#sessionFor(call, user);
    if (session instanceof KitException) {
      this.#problem.set(session);
      this.#shell.bind(null);
      this.#shell.report(session);
      // With neither a call nor a user, the host may still be loading them: wait instead of closing.
      if (call || user) {
        this.#problemTimer = setTimeout(
          () => this.#close('failed'),
          untracked(this.closeDelay) ?? this.#registry.closeDelay,
        );
      }
      return;
    }
    this.#shell.bind(session, (state, said) => this.#onChange(state, said));
    if (!session.isEnded) {
      this.#announcer.announce(this.intl.callingName(this._name()), 'polite');
    }
  }

  #sessionFor(
    call: KitCall | null | undefined,
    user: KitUser | null | undefined,
  ): KitCallSession | KitException {
    const me = this.#registry.me();
    if (me instanceof KitException) {
      return me;
    }
    if (call) {
      return kitValidateCall(call) ?? this.#registry.sessionFor(call, 'outgoing');
    }
    if (user) {
      return kitValidateUser(user, 'callee') ?? this.#registry.preview(user, me);
    }
    return new KitException(
      KitErrorCodes.INVALID_CALL,
      typeof ngDevMode === 'undefined' || ngDevMode
        ? '<kit-outgoing-call> needs a `call`, or a `user` when there is no call.'
        : '',
      call,
    );
  }

  #onChange(state: KitCallSessionState, said: KitCallSaid): void {
    if (said.includes('connected')) {
      this.accepted.emit(state.call);
    }
    if (said.includes('ended') && !said.includes('done') && !this._canCallAgain()) {
      // End call is hidden with the call and nothing takes its place: focus goes to the screen.
      this.#shell.trapFocus(
        () => null,
        () => this.#shell.session()?.state.done === false,
      );
    }
    if (said.includes('done') && !state.connected) {
      this.#close(state.endReason ?? 'ended');
    }
  }

  #clearProblemTimer(): void {
    clearTimeout(this.#problemTimer);
    this.#problemTimer = undefined;
  }

  #close(reason: KitCallEndReason): void {
    this.#clearProblemTimer();
    if (!this.#shell.session()) {
      // A call that could not start closes once, whether its time ran out or end call was pressed.
      if (this.#closedWithoutSession) {
        return;
      }
      this.#closedWithoutSession = true;
    }
    this.#shell.restoreFocus(false);
    this.closed.emit(reason);
  }
}
