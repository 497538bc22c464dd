import {LiveAnnouncer} from '@angular/cdk/a11y';
import {NgTemplateOutlet} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  InputSignal,
  InputSignalWithTransform,
  OnInit,
  OutputEmitterRef,
  TemplateRef,
  ViewEncapsulation,
  booleanAttribute,
  computed,
  contentChild,
  effect,
  inject,
  input,
  output,
  untracked,
  viewChild,
} from '@angular/core';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallButtonComponent} from '../button/call-button';
import {KitCallEndReason, KitCallSession, KitCallSessionState} from '../session/call-session';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {KitCallSaid} from '../screen/call-session-binding';
import {
  kitEndingAnnouncement,
  kitFirstPress,
  kitIgnoreHeldKey,
  kitSlot,
} from '../screen/call-screen-support';
import {kitInvokeSafely} from '../core/invoke-safely';
import {KitIconComponent} from '../icon/icon';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallSettingsBuilder} from '../sdk/call-settings';
import {KitException} from '../sdk/kit-exception';
import {KitCall, KitConstants, KitOnClick, KitOnError} from '../sdk/models';
import {kitCaller} from '../sdk/validation';
import {
  KitIncomingCallContext,
  KitIncomingCallItem,
  KitIncomingCallLeading,
  KitIncomingCallSubtitle,
  KitIncomingCallTitle,
  KitIncomingCallTrailing,
} from './incoming-call-slots';
import {KitIncomingCallSource} from './incoming-call-source';
import {KitIncomingCallBinding, KitIncomingCallViewModel} from './incoming-call-view-model';
import {KitIncomingCallStyleInputs} from './incoming-call-style-inputs';

type Template = TemplateRef<KitIncomingCallContext> | null | undefined;

/**
 * The full-screen incoming call screen (spec: `KitIncomingCall`): a view of the call's session. With no `call` set,
 * it shows the next call that rings and closes when the caller cancels. Accept and reject run the built-in logic
 * unless `onAcceptClick` / `onRejectClick` replace it.
 */
@Component({
  selector: 'kit-incoming-call',
  templateUrl: 'incoming-call.html',
  styleUrl: 'incoming-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [NgTemplateOutlet, KitAvatarComponent, KitCallButtonComponent, KitIconComponent],
  host: {
    class: 'kit-incoming-call',
    '[class.kit-incoming-call-ringing]': '_viewModel.isRinging()',
    '[class.kit-incoming-call-pending]': '_viewModel.isPending()',
    '[class.kit-incoming-call-video]': '_isVideo()',
    '[attr.hidden]': '_showing() ? null : ""',
    // In a call overlay the CDK container is the one dialog (labelled by the ids it gave this screen); placed in a
    // page, the screen is the dialog itself.
    '[attr.role]': '_showing() && !_inOverlay ? "alertdialog" : null',
    '[attr.aria-modal]': '_showing() && !_inOverlay ? "true" : null',
    '[attr.aria-labelledby]': '_showing() && !_inOverlay ? _labelId : null',
    '[attr.aria-describedby]': '_showing() && !_inOverlay ? _subtitleId : null',
    '[attr.tabindex]': '_showing() ? -1 : null',
    '(keydown)': '_onKeydown($event)',
  },
})
export class KitIncomingCallComponent extends KitIncomingCallStyleInputs implements OnInit {
  /**
   * Whether a press of Accept is its gesture's first: with the app's handler set, the handler may decide later, so
   * the session (and its table) has not heard of the press yet.
   */
  readonly #firstPress = kitFirstPress();
  readonly #shell = new KitCallScreenShell(this, 'kit-incoming-call-', 'subtitle');
  readonly #host: HTMLElement = inject(ElementRef).nativeElement;
  readonly #intl = inject(KitCallsIntl);
  readonly #announcer = inject(LiveAnnouncer);
  readonly #registry = this.#shell.registry;
  readonly #overlaySession = this.#shell.overlaySession;
  /** Whether a call overlay's dialog container carries the role and the label. @docs-private */
  protected readonly _inOverlay = this.#shell.inOverlay;

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
  private readonly _acceptEl = viewChild<KitCallButtonComponent>('accept');
  private readonly _rejectEl = viewChild<KitCallButtonComponent>('reject');

  /** @docs-private */
  readonly #settings = () => untracked(this.callSettingsBuilder)?.build() ?? null;
  protected readonly _viewModel = new KitIncomingCallViewModel(this.#shell, this.#settings);
  readonly #source = new KitIncomingCallSource({
    shell: this.#shell,
    call: this.call,
    isBusy: () => this._viewModel.isBusy(),
    show: session => this.#show(session),
    closed: reason => this.#shell.emit(this.closed, reason),
  });
  readonly #state = this.#shell.state;
  protected readonly _showFailure = computed(() => {
    const state = this.#state();
    return state?.phase === 'ringing' && !!state.failure;
  });

  protected readonly _titleId = this.#shell.titleId;
  protected readonly _labelId = this.#shell.labelId;
  protected readonly _subtitleId = this.#shell.descriptionId;
  protected readonly _showing = computed(() => {
    const state = this.#state();
    return (
      !!state &&
      !state.waiting &&
      (state.phase === 'ringing' ||
        state.phase === 'accepting' ||
        state.phase === 'declining' ||
        // An ending the user did not choose (the caller hung up, a missed call...) stays for a moment.
        (state.phase === 'ended' && !state.done && !state.connected))
    );
  });
  protected readonly _shownCall = computed(() => (this._showing() ? this._viewModel.call() : null));
  protected readonly _isVideo = computed(
    () => (this._viewModel.call()?.type ?? '') !== KitConstants.CALL_TYPE_AUDIO,
  );
  protected readonly _item = kitSlot(this.itemView, this._itemDir);
  protected readonly _leading = kitSlot(this.leadingView, this._leadingDir);
  protected readonly _title = kitSlot(this.titleView, this._titleDir);
  protected readonly _subtitle = kitSlot(this.subtitleView, this._subtitleDir);
  protected readonly _trailing = kitSlot(this.trailingView, this._trailingDir);
  /**
   * Whether Decline looks enabled: the table takes a decline now, or once the tick of the user's accept is over
   * (`accepting.fresh` takes only `tick`, to `accepting`, which takes a decline: that step brings no new state to
   * re-read on). The user's last decision wins, as on a phone. A press checks `can('decline')` itself: a decline in
   * the accept's own tick is the same gesture's second press and loses. @docs-private
   */
  protected _canDecline(): boolean {
    this.#state();
    const session = this.#shell.session();
    return !!session && (session.can('decline') || session.can('tick'));
  }
  protected readonly _soundBlocked = computed(() => {
    this.#state();
    return this.#shell.session()?.sound?.state() === 'blocked';
  });
  protected readonly _context = computed<KitIncomingCallContext | null>(() => {
    const call = this._shownCall();
    return (
      call && {$implicit: call, call, accept: () => this._accept(), reject: () => this._reject()}
    );
  });
  protected readonly _text = computed(() => {
    this.#shell.intlVersion();
    const intl = this.#intl;
    const call = this._shownCall();
    const caller = call && kitCaller(call);
    const name = caller ? caller.name : '';
    const video = this._isVideo();
    const state = this.#state();
    const phase = state?.phase;
    return {
      intl,
      name,
      avatarUrl: caller ? caller.avatar : null,
      label: intl.incomingCallFrom(name, video),
      type: video ? intl.incomingVideoCall : intl.incomingVoiceCall,
      typeIconUrl: (video ? this.videoCallIcon() : this.voiceCallIcon()) || null,
      acceptLabel: intl.acceptCallFrom(name, video),
      declineLabel: intl.declineCallFrom(name, video),
      pending: phase === 'accepting' ? intl.connecting : phase === 'declining' ? intl.ending : null,
      ending:
        phase === 'ended'
          ? kitEndingAnnouncement(
              intl,
              'incoming',
              state!.endReason ?? 'ended',
              false,
              state!.endedFrom === 'accepting',
            )
          : null,
    };
  });

  constructor() {
    super();
    this.#registry.listen();
    effect(() => {
      const call = this.call();
      const session = this.#overlaySession;
      // In a call overlay the screen shows the overlay's session, bound once, whatever the input says.
      untracked(() =>
        session ? this.#shell.session() || this.#show(session) : this.#source.apply(call),
      );
    });
    // The sound follows the inputs at once, also while ringing.
    this.#shell.followSound(this.disableSoundForCalls, this.customSoundForCalls);
    // An accept or decline that failed is said on screen, and focus goes back to accept.
    effect(() => {
      if (this._showFailure()) {
        untracked(() => this.#shell.trapFocus(() => this._acceptEl()?._element()));
      }
    });
    inject(DestroyRef).onDestroy(() => {
      this.disposeObservers();
      this.#shell.restoreFocus();
    });
  }

  ngOnInit(): void {
    this.#source.checkMe();
  }

  /** @returns The view model: the call, its phase, and the built-in `acceptCall` / `rejectCall`. */
  getViewModel(): KitIncomingCallViewModel {
    return this._viewModel;
  }

  /** @returns The root element and the default parts; `null` for a part that a slot replaced. */
  getBinding(): KitIncomingCallBinding {
    return {
      root: this.#host,
      avatar: this._avatarEl()?.nativeElement ?? null,
      title: this._titleEl()?.nativeElement ?? null,
      subtitle: this._subtitleEl()?.nativeElement ?? null,
      acceptButton: this._acceptEl()?._element() ?? null,
      rejectButton: this._rejectEl()?._element() ?? null,
    };
  }

  /**
   * Stops following calls: the call shown goes on without this screen. Runs by itself when the component is
   * destroyed; safe to call more than once.
   */
  disposeObservers(): void {
    this.#source.stop();
    this.#shell.release();
  }

  /** A key held down since before the screen appeared never activates a button here. @docs-private */
  protected readonly _onKeydown = kitIgnoreHeldKey;

  /** Accept was pressed: the app's handler, else the built-in accept. @docs-private */
  protected _accept(): void {
    const call = this._viewModel.call();
    if (!call || !this._viewModel.isRinging() || !this.#firstPress()) {
      return; // A decision is pending, or the call ended, or this very tick's press: the first press won.
    }
    this.#shell.emit(this.acceptClick, undefined);
    const handler = this.onAcceptClick();
    if (handler) {
      // The app's handler decides, maybe later.
      kitInvokeSafely(handler);
    } else {
      // Straight to the call's session (the view model's acceptCall, for apps, does the same).
      void this.#shell.session()?.accept(this.#settings());
    }
  }

  /** Reject was pressed: the app's handler, else the built-in reject (which supersedes an accept in flight). @docs-private */
  protected _reject(): void {
    const call = this._viewModel.call();
    if (!call || !this.#shell.session()?.can('decline')) {
      return; // A decline in the accept's own tick is the same gesture: the first press won.
    }
    this.#shell.emit(this.rejectClick, undefined);
    const handler = this.onRejectClick();
    if (handler) {
      kitInvokeSafely(handler);
    } else {
      void this._viewModel.rejectCall(call);
    }
  }

  #show(session: KitCallSession): void {
    this.#shell.bind(session, (state, said) => this.#onChange(state, said));
    const state = session.state;
    if (state.phase !== 'ringing') {
      return;
    }
    this.#shell.rememberFocus();
    const caller = kitCaller(state.call);
    void this.#announcer.announce(
      this.#intl.incomingCallFrom(caller.name, state.call.type !== KitConstants.CALL_TYPE_AUDIO),
      'assertive',
    );
    // Focus goes to the screen itself, never to accept: an Enter or Space meant for the page must not answer the
    // call (with the camera on, for a video call).
    this.#focusScreen();
  }

  /** Focus goes to the screen while it shows the call: in an overlay to the dialog container, which is labelled. */
  #focusScreen(): void {
    // The shell focuses the screen itself when there is no dialog container.
    this.#shell.trapFocus(
      () => this.#shell.dialog(),
      () => this._showing(),
    );
  }

  #onChange(state: KitCallSessionState, said: KitCallSaid): void {
    if (said.includes('connected')) {
      this.#shell.restoreFocus();
      this.#shell.emit(this.accepted, state.call);
    }
    if (said.includes('ended') && !state.connected) {
      if (!this.#overlaySession) {
        // In an overlay the overlay says it; placed in a page, the screen vanishes and says why itself.
        // The ending the screen shows: the state and the phase it ended from are the screen's already.
        const text = untracked(this._text).ending;
        if (text) {
          void this.#announcer.announce(text, 'assertive');
        }
      }
      this.#shell.emit(this.closed, state.endReason ?? 'ended');
      // The buttons left with the call: focus goes to the screen while the ending shows.
      this.#focusScreen();
    }
    if (said.includes('done')) {
      // Focus goes back once the ending left the screen (at once when the user declined).
      this.#shell.restoreFocus();
      this.#source.done();
    }
  }
}
