import {LiveAnnouncer, _IdGenerator} from '@angular/cdk/a11y';
import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {NgTemplateOutlet, isPlatformBrowser} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  Injector,
  InputSignal,
  InputSignalWithTransform,
  OnInit,
  OutputEmitterRef,
  PLATFORM_ID,
  TemplateRef,
  ViewEncapsulation,
  afterNextRender,
  booleanAttribute,
  computed,
  contentChild,
  effect,
  inject,
  input,
  output,
  runInInjectionContext,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {Subscription} from 'rxjs';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallEndReason, kitEndReasonOf} from '../call/call-lifecycle';
import {kitConnectSdk, kitInvokeSafely} from '../call/call-screen-support';
import {KitCallEventsService} from '../events/call-events';
import {KitIconComponent} from '../icon/icon';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {KitCall, KitConstants, KitOnClick, KitOnError} from '../sdk/models';
import {kitCaller, kitValidateCall} from '../sdk/validation';
import {KitRingtone, KitRingtoneRef} from '../sound/ringtone';
import {
  KitIncomingCallContext,
  KitIncomingCallItem,
  KitIncomingCallLeading,
  KitIncomingCallSubtitle,
  KitIncomingCallTitle,
  KitIncomingCallTrailing,
  kitPickSlot,
} from './incoming-call-slots';
import {KitIncomingCallViewModel} from './incoming-call-view-model';
import {KitIncomingCallStyleInputs} from './incoming-call-style-inputs';

/** The elements of `<kit-incoming-call>` (spec: `KitIncomingCallComponentBinding`); `null` where a slot replaced a part. */
export interface KitIncomingCallBinding {
  /** The host element. */
  readonly root: HTMLElement;
  /** The default avatar. */
  readonly avatar: HTMLElement | null;
  /** The default title (the caller's name). */
  readonly title: HTMLElement | null;
  /** The default subtitle (the call type). */
  readonly subtitle: HTMLElement | null;
  /** The default accept button. */
  readonly acceptButton: HTMLButtonElement | null;
  /** The default reject button. */
  readonly rejectButton: HTMLButtonElement | null;
}

type Template = TemplateRef<KitIncomingCallContext> | null | undefined;

/**
 * The full-screen incoming call screen (spec: `KitIncomingCall`). It listens to the SDK by itself: with no `call`
 * set, it shows the next incoming call and closes when the caller cancels. Accept and reject run the built-in
 * logic unless `onAcceptClick` / `onRejectClick` replace it.
 */
@Component({
  selector: 'kit-incoming-call',
  templateUrl: 'incoming-call.html',
  styleUrl: 'incoming-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NgTemplateOutlet, KitAvatarComponent, KitIconComponent],
  host: {
    class: 'kit-incoming-call',
    '[class.kit-incoming-call-ringing]': '_viewModel.isRinging()',
    '[class.kit-incoming-call-pending]': '_viewModel.isPending()',
    '[class.kit-incoming-call-video]': '_isVideo()',
    '[attr.hidden]': '_showing() ? null : ""',
    '[attr.role]': '_showing() ? "alertdialog" : null',
    '[attr.aria-modal]': '_showing() ? "true" : null',
    '[attr.aria-labelledby]': '_showing() ? _titleId : null',
    '[attr.aria-describedby]': '_showing() && _hasDefaultSubtitle() ? _subtitleId : null',
    '[attr.tabindex]': '_showing() ? -1 : null',
  },
})
export class KitIncomingCallComponent extends KitIncomingCallStyleInputs implements OnInit {
  private readonly _host: HTMLElement = inject(ElementRef).nativeElement;
  private readonly _injector = inject(Injector);
  private readonly _intl = inject(KitCallsIntl);
  private readonly _ringtone = inject(KitRingtone);
  private readonly _announcer = inject(LiveAnnouncer);
  private readonly _connection = kitConnectSdk();
  private readonly _id = inject(_IdGenerator).getId('kit-incoming-call-');
  private readonly _subscriptions = new Subscription();
  private readonly _intlVersion = signal(0);
  private readonly _sound = signal<KitRingtoneRef | null>(null);
  private _listening = false;
  private _inputDriven = false;
  private _destroyed = false;
  private _previousFocus: HTMLElement | null = null;
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));

  /** The call to show (spec: `setCall`). When not set, the screen shows the next call the SDK rings. */
  readonly call: InputSignal<KitCall | null | undefined> = input<KitCall | null | undefined>();
  /** Replaces the built-in accept. `getViewModel().acceptCall(call)` still runs it. */
  readonly onAcceptClick: InputSignal<KitOnClick | null | undefined> = input<KitOnClick | null>();
  /** Replaces the built-in reject. */
  readonly onRejectClick: InputSignal<KitOnClick | null | undefined> = input<KitOnClick | null>();
  /** Receives every error of the screen, as a `KitException`. */
  readonly onError: InputSignal<KitOnError | null | undefined> = input<KitOnError | null>();
  /** Whether the incoming ringtone is off. Takes effect at once, also while ringing. */
  readonly disableSoundForCalls: InputSignalWithTransform<boolean, unknown> = input(false, {
    transform: booleanAttribute,
  });
  /** URL of the ringtone; the built-in tone when empty. Takes effect at once, also while ringing. */
  readonly customSoundForCalls: InputSignal<string | null | undefined> = input<string | null>();
  /** Replaces the whole card (caller information and controls). `null` empties it. */
  readonly itemView: InputSignal<Template> = input<Template>();
  /** Replaces the leading section (the avatar). `null` empties it. */
  readonly leadingView: InputSignal<Template> = input<Template>();
  /** Replaces the caller's name. `null` empties it. */
  readonly titleView: InputSignal<Template> = input<Template>();
  /** Replaces the call type line. `null` empties it. */
  readonly subtitleView: InputSignal<Template> = input<Template>();
  /** Replaces the trailing section (the buttons). `null` empties it. */
  readonly trailingView: InputSignal<Template> = input<Template>();
  /** Settings that travel with an accepted call. Default: voice only for a voice call. */
  readonly callSettingsBuilder: InputSignal<KitCallSettingsBuilder | null | undefined> =
    input<KitCallSettingsBuilder | null>();

  /** Emits when accept is pressed (also when `onAcceptClick` replaces the built-in accept). */
  readonly acceptClick: OutputEmitterRef<void> = output<void>();
  /** Emits when reject is pressed (also when `onRejectClick` replaces the built-in reject). */
  readonly rejectClick: OutputEmitterRef<void> = output<void>();
  /** Emits every error of the screen. */
  // The name is the public contract (`(error)`, as in angular-api.md); it never bubbles like a DOM event.
  // eslint-disable-next-line @angular-eslint/no-output-native
  readonly error: OutputEmitterRef<KitException> = output<KitException>();
  /** Emits the accepted call, with its `settings`, for the ongoing call screen. */
  readonly accepted: OutputEmitterRef<KitCall> = output<KitCall>();
  /** Emits why the screen closed without a hand-over (rejected, cancelled, answered elsewhere...). */
  readonly closed: OutputEmitterRef<KitCallEndReason> = output<KitCallEndReason>();

  private readonly _itemDir = contentChild(KitIncomingCallItem);
  private readonly _leadingDir = contentChild(KitIncomingCallLeading);
  private readonly _titleDir = contentChild(KitIncomingCallTitle);
  private readonly _subtitleDir = contentChild(KitIncomingCallSubtitle);
  private readonly _trailingDir = contentChild(KitIncomingCallTrailing);
  private readonly _avatarEl = viewChild('avatar', {read: ElementRef<HTMLElement>});
  private readonly _titleEl = viewChild<ElementRef<HTMLElement>>('title');
  private readonly _subtitleEl = viewChild<ElementRef<HTMLElement>>('subtitle');
  private readonly _acceptEl = viewChild<ElementRef<HTMLButtonElement>>('accept');
  private readonly _rejectEl = viewChild<ElementRef<HTMLButtonElement>>('reject');

  /** @docs-private */
  protected readonly _viewModel = new KitIncomingCallViewModel(
    this._connection.sdk,
    inject(KitCallEventsService),
    {
      settings: () => untracked(this.callSettingsBuilder),
      accepted: call => {
        this._restoreFocus();
        this._emit(this.accepted, call);
      },
      closed: reason => this._emit(this.closed, reason),
      error: error => {
        if (error.code === KitErrorCodes.CALL_FAILED && this._viewModel.isRinging()) {
          // Said on screen too, and focus goes back to accept: the disabled button had dropped it.
          this._failedSession.set(this._viewModel.call()?.sessionId ?? null);
          afterNextRender(() => this._acceptEl()?.nativeElement.focus(), {
            injector: this._injector,
          });
        }
        this._report(error);
      },
    },
  );
  /** The call whose accept or reject just failed, while it still rings. */
  private readonly _failedSession = signal<string | null>(null);
  protected readonly _showFailure = computed(
    () =>
      this._viewModel.isRinging() && this._failedSession() === this._viewModel.call()?.sessionId,
  );

  protected readonly _titleId = `${this._id}-title`;
  protected readonly _subtitleId = `${this._id}-subtitle`;
  protected readonly _showing = computed(
    () => this._viewModel.isRinging() || this._viewModel.isPending(),
  );
  protected readonly _shownCall = computed(() => (this._showing() ? this._viewModel.call() : null));
  protected readonly _isVideo = computed(
    () => (this._viewModel.call()?.type ?? '') !== KitConstants.CALL_TYPE_AUDIO,
  );
  protected readonly _item = computed(() => kitPickSlot(this.itemView(), this._itemDir()));
  protected readonly _leading = computed(() => kitPickSlot(this.leadingView(), this._leadingDir()));
  protected readonly _title = computed(() => kitPickSlot(this.titleView(), this._titleDir()));
  protected readonly _subtitle = computed(() =>
    kitPickSlot(this.subtitleView(), this._subtitleDir()),
  );
  protected readonly _trailing = computed(() =>
    kitPickSlot(this.trailingView(), this._trailingDir()),
  );
  protected readonly _hasDefaultTitle = computed(
    () => this._item() === undefined && this._title() === undefined,
  );
  protected readonly _hasDefaultSubtitle = computed(
    () => this._item() === undefined && this._subtitle() === undefined,
  );
  protected readonly _soundBlocked = computed(() => this._sound()?.state() === 'blocked');
  protected readonly _context = computed<KitIncomingCallContext | null>(() => {
    const call = this._shownCall();
    return (
      call && {$implicit: call, call, accept: () => this._accept(), reject: () => this._reject()}
    );
  });
  protected readonly _text = computed(() => {
    this._intlVersion();
    const intl = this._intl;
    const call = this._shownCall();
    const name = call ? kitCaller(call).name : '';
    return {
      intl,
      name,
      avatarUrl: call ? kitCaller(call).avatar : null,
      type: this._isVideo() ? intl.incomingVideoCall : intl.incomingVoiceCall,
      typeIconUrl: (this._isVideo() ? this.videoCallIcon() : this.voiceCallIcon()) || null,
      acceptLabel: intl.acceptCallFrom(name),
      declineLabel: intl.declineCallFrom(name),
    };
  });

  constructor() {
    super();
    const sdk = this._connection.sdk;
    if (sdk) {
      this._listening = true;
      sdk.addCallListener(this._id, {
        onIncomingCallReceived: call => this._received(call),
        onIncomingCallCancelled: call => this._sdkUpdate(call, 'cancelled'),
        onCallEnded: call => this._sdkUpdate(call, 'ended'),
      });
    }
    this._subscriptions.add(
      this._intl.changes.subscribe(() => this._intlVersion.update(v => v + 1)),
    );
    effect(() => {
      const call = this.call();
      untracked(() => this._applyCallInput(call));
    });
    // The ringtone follows the phase and the sound inputs: each change restarts or stops it at once.
    effect(onCleanup => {
      if (!this._viewModel.isRinging() || this.disableSoundForCalls()) {
        return;
      }
      const url = this.customSoundForCalls();
      const sound = untracked(() =>
        this._ringtone.start('incoming', {url, onError: error => this._report(error)}),
      );
      this._sound.set(sound);
      this._viewModel._onTeardown(() => sound.stop());
      onCleanup(() => sound.stop());
    });
    inject(DestroyRef).onDestroy(() => {
      this._destroyed = true;
      this.disposeObservers();
      this._viewModel._dismiss();
      this._restoreFocus();
    });
  }

  ngOnInit(): void {
    if (this._connection.error) {
      this._report(this._connection.error);
    }
  }

  /** @returns The view model: the call, its phase, and the built-in `acceptCall` / `rejectCall`. */
  getViewModel(): KitIncomingCallViewModel {
    return this._viewModel;
  }

  /**
   * Ends the ringing call as unanswered (the ring timeout of `KitCallOverlay`). Counts like a press: not while a
   * decision is pending.
   * @returns Whether the call ended.
   * @docs-private
   */
  _timeOut(): Promise<boolean> {
    const call = this._viewModel.call();
    return call && this._viewModel.isRinging()
      ? this._viewModel._timeOut(call)
      : Promise.resolve(false);
  }

  /** @returns The root element and the default parts; `null` for a part that a slot replaced. */
  getBinding(): KitIncomingCallBinding {
    return {
      root: this._host,
      avatar: this._avatarEl()?.nativeElement ?? null,
      title: this._titleEl()?.nativeElement ?? null,
      subtitle: this._subtitleEl()?.nativeElement ?? null,
      acceptButton: this._acceptEl()?.nativeElement ?? null,
      rejectButton: this._rejectEl()?.nativeElement ?? null,
    };
  }

  /**
   * Stops listening to the SDK and to string changes. Runs by itself when the component is destroyed; safe to call
   * more than once.
   */
  disposeObservers(): void {
    if (this._listening) {
      this._listening = false;
      this._connection.sdk?.removeCallListener(this._id);
    }
    this._subscriptions.unsubscribe();
  }

  /** Accept was pressed: the app's handler, else the built-in accept. @docs-private */
  protected _accept(): void {
    const call = this._viewModel.call();
    if (!call || !this._viewModel.isRinging()) {
      return; // A decision is pending, or the call ended: the first press won.
    }
    this._failedSession.set(null);
    this._emit(this.acceptClick, undefined);
    const handler = this.onAcceptClick();
    if (handler) {
      kitInvokeSafely(handler);
    } else {
      void this._viewModel.acceptCall(call);
    }
  }

  /** Reject was pressed: the app's handler, else the built-in reject. @docs-private */
  protected _reject(): void {
    const call = this._viewModel.call();
    if (!call || !this._viewModel.isRinging()) {
      return;
    }
    this._failedSession.set(null);
    this._emit(this.rejectClick, undefined);
    const handler = this.onRejectClick();
    if (handler) {
      kitInvokeSafely(handler);
    } else {
      void this._viewModel.rejectCall(call);
    }
  }

  private _received(call: KitCall): void {
    // The `call` input wins over the SDK; a call already on screen keeps it (busy policies come later).
    if (this.call() || this._viewModel.isBusy()) {
      return;
    }
    this._present(call);
  }

  /**
   * A new status of a call from the SDK. The `call` input is applied by an effect, at the next render: an update
   * that arrives first (a cancel right behind the ring) must still find that call on screen, or the screen would
   * stay open for a call that is over.
   */
  private _sdkUpdate(call: KitCall, fallback: KitCallEndReason): void {
    const input = untracked(this.call);
    if (
      input?.sessionId === call.sessionId &&
      this._viewModel.call()?.sessionId !== input.sessionId
    ) {
      this._applyCallInput(input);
    }
    this._viewModel._update(call, fallback);
  }

  private _applyCallInput(call: KitCall | null | undefined): void {
    const shown = this._viewModel.call();
    if (call && shown?.sessionId === call.sessionId && this._viewModel.isBusy()) {
      this._viewModel._update(call); // A new status of the call shown: update, or close.
      return;
    }
    if (!call) {
      // Cleared: the call the input showed leaves; a call the SDK rang stays.
      if (this._inputDriven) {
        this._inputDriven = false;
        this._viewModel._dismiss();
      }
      return;
    }
    // The input wins over whatever was shown, so a bad input never leaves a misleading caller on screen.
    this._viewModel._dismiss();
    // Without an SDK the error was reported on init: nothing is shown.
    this._inputDriven = !!this._connection.sdk && this._present(call);
  }

  private _present(call: KitCall): boolean {
    const invalid = kitValidateCall(call);
    if (invalid) {
      this._report(invalid);
      return false;
    }
    // Checked again for each call: a user may log in after the screen was created.
    const {error} = runInInjectionContext(this._injector, kitConnectSdk);
    if (error) {
      this._report(error);
      return false;
    }
    const over = kitEndReasonOf(call.status);
    if (over) {
      this._viewModel._update(call); // Remembered as ended: it never rings here.
      this._emit(this.closed, over);
      return false;
    }
    if (!this._viewModel._show(call)) {
      return false; // Already shown, ended or handed over: a late or duplicate ring never rings again.
    }
    if (this._isBrowser) {
      // Focus is a browser matter: on the server there is nothing to remember or give back.
      this._previousFocus ??= _getFocusedElementPierceShadowDom();
    }
    this._viewModel._onTeardown(() => this._restoreFocus());
    const caller = kitCaller(call);
    void this._announcer.announce(
      this._intl.incomingCallFrom(caller.name, call.type !== KitConstants.CALL_TYPE_AUDIO),
      'assertive',
    );
    afterNextRender(
      () => {
        if (this._showing()) {
          (this._acceptEl()?.nativeElement ?? this._host).focus();
        }
      },
      {injector: this._injector},
    );
    return true;
  }

  private _restoreFocus(): void {
    const previous = this._previousFocus;
    this._previousFocus = null;
    if (!previous) {
      return;
    }
    const active = _getFocusedElementPierceShadowDom();
    const focusInside =
      !active || active === active.ownerDocument.body || this._host.contains(active);
    if (previous?.isConnected && focusInside && !this._host.contains(previous)) {
      previous.focus();
    }
  }

  private _report(error: KitException): void {
    kitInvokeSafely(this.onError(), error);
    this._emit(this.error, error);
  }

  private _emit<T>(emitter: OutputEmitterRef<T>, value: T): void {
    if (!this._destroyed) {
      emitter.emit(value);
    }
  }
}
