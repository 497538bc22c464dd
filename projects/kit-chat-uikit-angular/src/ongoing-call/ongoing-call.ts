import {LiveAnnouncer} from '@angular/cdk/a11y';
import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  OutputEmitterRef,
  Signal,
  ViewContainerRef,
  ViewEncapsulation,
  computed,
  effect,
  inject,
  input,
  output,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallButtonComponent} from '../button/call-button';
import {KitCallEndReason, KitCallSessionState} from '../session/call-session';
import {KitCallScreenShell} from '../screen/call-screen-shell';
import {KitCallSaid} from '../screen/call-session-binding';
import {kitEndReasonText, kitFirstPress} from '../screen/call-screen-support';
import {kitInvokeSafely} from '../core/invoke-safely';
import {kitFormatCallDuration} from '../intl/call-duration';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallMediaSource, KitCallsSdk, KitPhoneCallsSdk} from '../sdk/calls-sdk';
import {KitErrorCodes, KitException} from '../sdk/kit-exception';
import {
  KitCall,
  KitCallSettings,
  KitConstants,
  KitOnClick,
  KitOnError,
  KitUser,
} from '../sdk/models';
import {kitCaller, kitReceiver, kitValidateCall} from '../sdk/validation';
import {KIT_ONGOING_CALL_PARTS, KitOngoingCallMedia} from './ongoing-call-media';

/** The SDK with the optional media and phone parts of the port. */
type KitMediaSdk = KitCallsSdk & KitCallMediaSource & KitPhoneCallsSdk;

/**
 * The screen of an accepted call: the other person, the elapsed time, mute, camera on/off (video calls that are not
 * audio only) and end call. A view of the call's session: when either side hangs up, the session publishes
 * `ccCallEnded` once and the screen emits `closed`. When the SDK adapter implements `KitCallMediaSource`, the
 * streams are shown; otherwise the avatar is.
 *
 * One instance shows one call: a `call` with another session id starts over with a fresh timer.
 */
@Component({
  selector: 'kit-ongoing-call',
  templateUrl: 'ongoing-call.html',
  styleUrl: 'ongoing-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [KitAvatarComponent, KitCallButtonComponent],
  host: {
    class: 'kit-ongoing-call',
    // In a call overlay the CDK container is the one dialog, labelled by the ids it gave this screen.
    '[attr.role]': '_inOverlay ? null : "dialog"',
    '[attr.aria-modal]': '_inOverlay ? null : "true"',
    tabindex: '-1',
    '[attr.aria-labelledby]': '_inOverlay ? null : _labelId',
    '[attr.aria-describedby]': '_inOverlay ? null : _descriptionId',
    '[class.kit-ongoing-call-has-remote-video]': '_showRemoteVideo()',
    '[class.kit-ongoing-call-ended]': '_phase() === "ended"',
  },
})
export class KitOngoingCallComponent {
  readonly #shell = new KitCallScreenShell(this, 'kit-ongoing-call-', 'status');
  readonly #registry = this.#shell.registry;
  readonly #overlaySession = this.#shell.overlaySession;
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as KitMediaSdk | null;
  readonly #isBrowser = this.#shell.isBrowser;
  #mediaFailed = false;
  protected readonly intl = inject(KitCallsIntl);

  /** The accepted call. Its `settings` (from `KitCallSettingsBuilder`) say whether it is audio only. */
  readonly call: InputSignal<KitCall> = input.required<KitCall>();
  /** Settings that override `call.settings`. */
  readonly callSettings: InputSignal<KitCallSettings | null | undefined> =
    input<KitCallSettings | null>();
  /** Replaces the built-in end call (`sdk.endCall`); `endCallClick` still emits. */
  readonly onEndCallClick: InputSignal<KitOnClick | null | undefined> = input<KitOnClick | null>();
  /** Receives internal errors (`ERR_CALL_FAILED` when ending fails, `ERR_NOT_LOGGED_IN`...). */
  readonly onError: InputSignal<KitOnError | null | undefined> = input<KitOnError | null>();

  /** Emits when the end-call button is pressed, whether or not `onEndCallClick` replaces the default. */
  readonly endCallClick: OutputEmitterRef<void> = output<void>();
  /** Emits internal errors, whether or not `onError` is set. */
  // eslint-disable-next-line @angular-eslint/no-output-native -- `(error)` is the public name (angular-api.md).
  readonly error: OutputEmitterRef<KitException> = output<KitException>();
  /** Emits why the call ended (`'ended'` when either side hung up): remove the screen. */
  readonly closed: OutputEmitterRef<KitCallEndReason> = output<KitCallEndReason>();

  /** Whether a call overlay's dialog container carries the role and the label. @docs-private */
  protected readonly _inOverlay = this.#shell.inOverlay;
  protected readonly _labelId = this.#shell.labelId;
  protected readonly _descriptionId = this.#shell.descriptionId;
  readonly #state = this.#shell.state;
  protected readonly _phase = computed(() => this.#state()?.phase ?? 'ongoing');
  /** Whether an `endCall` sent to the SDK awaits its answer. */
  protected readonly _ending = computed(() => this.#state()?.phase === 'ending');
  protected readonly _muted = signal(false);
  protected readonly _cameraOff = signal(false);
  protected readonly _elapsed = computed(() => this.#state()?.elapsedSeconds ?? 0);
  /** The elapsed time as the language writes it. */
  protected _time(seconds: number): string {
    return (this.intl.duration ?? kitFormatCallDuration)(seconds);
  }
  /** Whether the call waits for its lost connection ("Reconnecting…"). */
  protected readonly _reconnecting = computed(() => !!this.#state()?.reconnecting);
  protected readonly _elapsedIso = computed(() => `PT${this._elapsed()}S`);
  /** A line a part adds after the time (`withHold()`: "On hold"). */
  protected readonly _note = signal('');
  /** Why the call ended (read only once it has: the template shows it then). */
  protected readonly _endText = computed(() =>
    kitEndReasonText(this.intl, this.#state()?.endReason ?? 'ended'),
  );
  readonly #localStream = signal<MediaStream | null>(null);
  protected readonly _remoteStream = signal<MediaStream | null>(null);

  /** The person on the other end: whichever party is not the logged-in user. */
  protected readonly _other: Signal<KitUser | null> = computed(() => {
    const call = this.call();
    // Any other value (a string...) has no parties: `kitCaller` reads `undefined` from it.
    if (!call) {
      return null;
    }
    const caller = kitCaller(call) ?? null;
    const receiver = kitReceiver(call) ?? null;
    const me = this.#shell.me();
    return me && caller?.uid === me.uid ? receiver : caller;
  });
  protected readonly _name = computed(() => this._other()?.name ?? '');
  readonly #settings = computed(() => this.callSettings() ?? this.call()?.settings ?? null);
  /** Whether the call has video: a video call whose settings are not audio only. */
  protected readonly _isVideo = computed(
    () => this.call()?.type !== KitConstants.CALL_TYPE_AUDIO && !this.#settings()?.audioOnly,
  );
  /** Whether the remote stream has a video track that shows something (not muted, not ended). */
  readonly #remoteVideoLive = signal(false);
  protected readonly _showRemoteVideo = computed(
    () => this._isVideo() && !!this._remoteStream() && this.#remoteVideoLive(),
  );
  protected readonly _showLocalVideo = computed(
    () => this._isVideo() && !this._cameraOff() && !!this.#localStream(),
  );

  private readonly _remoteVideo = viewChild<ElementRef<HTMLVideoElement>>('remoteVideo');
  private readonly _localVideo = viewChild<ElementRef<HTMLVideoElement>>('localVideo');
  readonly #sessionId = computed(() => this.call()?.sessionId ?? '');
  /** Where the parts that features add (device pickers...) go, beside the controls. */
  private readonly _partsSlot = viewChild('parts', {read: ViewContainerRef});

  constructor() {
    // One session per session id: a new session id follows the new call with fresh toggles.
    effect(onCleanup => {
      this.#sessionId();
      untracked(() => this.#start());
      onCleanup(() => this.#shell.release());
    });

    // The streams are asked for every second while the call is ongoing: a stream negotiated late still appears.
    effect(onCleanup => {
      const sessionId = this.#sessionId();
      const live = this._phase() !== 'ended' && this.#shell.session();
      if (!live || !this.#isBrowser) {
        return;
      }
      untracked(() => this.#refreshStreams(sessionId));
      const timer = setInterval(() => this.#refreshStreams(sessionId), 1000);
      onCleanup(() => {
        clearInterval(timer);
        this.#localStream.set(null);
        this._remoteStream.set(null);
      });
    });

    // `srcObject` cannot be bound in a template; set it on the element in code.
    effect(() => this.#attach(this._remoteVideo(), this._remoteStream()));
    effect(() => this.#attach(this._localVideo(), this.#localStream(), true));

    // The tracks follow the toggles, and a stream that arrives late gets the current state; the SDK is told too.
    effect(() => {
      const stream = this.#localStream();
      const audioOn = !this._muted();
      const videoOn = this._isVideo() && !this._cameraOff();
      const sessionId = this.#sessionId(); // A new call is told its state too.
      untracked(() => this.#setTracks(stream, audioOn, videoOn, sessionId));
    });

    // "Reconnecting…" and its end are said once each (the status line itself is not a live region).
    const announcer = inject(LiveAnnouncer);
    let wasReconnecting = false;
    effect(() => {
      const reconnecting = this._reconnecting();
      if (reconnecting !== wasReconnecting) {
        wasReconnecting = reconnecting;
        const back = this._phase() !== 'ended';
        if (reconnecting || back) {
          void announcer.announce(
            reconnecting ? this.intl.reconnecting : this.intl.reconnected,
            reconnecting ? 'assertive' : 'polite',
          );
        }
      }
    });
    // Created in code, not with `@for` and an outlet: an app that names no feature ships no list rendering for them.
    const parts = inject(KIT_ONGOING_CALL_PARTS, {optional: true});
    if (parts) {
      const media = this.#media();
      effect(() => {
        const slot = this._partsSlot();
        if (slot && !slot.length) {
          untracked(() =>
            parts.forEach(part => slot.createComponent(part).setInput('media', media)),
          );
        }
      });
    }

    // The element with the dialog role and the name takes focus, so the screen reader says where the user is.
    this.#shell.trapFocus(() => this.#shell.dialog());
  }

  readonly #firstPress = kitFirstPress();

  /** The end-call button: notifies, then runs `onEndCallClick` or ends the call through the SDK. @docs-private */
  protected _endCall(): void {
    const session = this.#shell.session();
    if (!session?.can('hangUp') || !this.#firstPress()) {
      // Ended, or an end is under way (the table says), or this very tick's press (an app's handler
      // decides, maybe later): a second press must not end the call twice.
      return;
    }
    this.endCallClick.emit();
    const handler = this.onEndCallClick();
    if (handler) {
      kitInvokeSafely(handler);
      return;
    }
    void session.hangUp();
  }

  /** @docs-private */
  protected _toggleMute(): void {
    if (this._phase() !== 'ended') {
      this._muted.update(muted => !muted);
    }
  }

  /** @docs-private */
  protected _toggleCamera(): void {
    if (this._phase() !== 'ended') {
      this._cameraOff.update(off => !off);
    }
  }

  #media(): KitOngoingCallMedia {
    return {
      sessionId: this.#sessionId,
      note: this._note,
      phase: this._phase,
      state: this.#state,
      video: this._isVideo,
      muted: this._muted,
      localStream: this.#localStream,
      remoteVideo: this._remoteVideo,
      localVideo: this._localVideo,
      sdk: this.#sdk,
      report: error => this.#shell.report(error),
    };
  }

  #start(): void {
    this._muted.set(false);
    this._cameraOff.set(false);
    this.#mediaFailed = false;
    const call = this.call();
    const session = this.#overlaySession ?? this.#sessionFor(call);
    if (session instanceof KitException) {
      this.#shell.bind(null);
      if (session.code === KitErrorCodes.CALL_ENDED) {
        this.closed.emit('ended'); // The far side hung up before this screen first rendered.
      } else {
        this.#shell.report(session);
      }
      return;
    }
    // No clock on the server: it would keep the render from settling.
    this.#shell.bind(session, (state, said) => this.#onChange(state, said), {
      ticks: this.#isBrowser,
    });
  }

  #sessionFor(call: KitCall) {
    const me = this.#registry.me();
    if (me instanceof KitException) {
      return me;
    }
    return (
      kitValidateCall(call) ??
      this.#registry.sessionFor(
        call,
        kitCaller(call).uid === me.uid ? 'outgoing' : 'incoming',
        'ongoing',
      )
    );
  }

  #onChange(state: KitCallSessionState, said: KitCallSaid): void {
    if (said.includes('done') && state.endReason !== 'dismissed') {
      this.closed.emit('ended');
    }
  }

  #refreshStreams(sessionId: string): void {
    const sdk = this.#sdk;
    // An adapter without the media part sets nothing here: the signals keep their `null`.
    if (this.#mediaFailed) {
      return;
    }
    try {
      this.#localStream.set(sdk?.getLocalStream?.(sessionId) ?? null);
      const remote = sdk?.getRemoteStream?.(sessionId) ?? null;
      this._remoteStream.set(remote);
      // Read on each ask: a remote camera turned off (its track muted, ended or gone) shows the avatar, not black.
      this.#remoteVideoLive.set(
        !!remote?.getVideoTracks?.().some(track => track.readyState !== 'ended' && !track.muted),
      );
    } catch (error) {
      // Report once, then show the avatars: asking every second would flood `error`.
      this.#mediaFailed = true;
      this.#localStream.set(null);
      this._remoteStream.set(null);
      this.#shell.report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'Getting the media streams failed' : '',
        ),
      );
    }
  }

  #attach(
    video: ElementRef<HTMLVideoElement> | undefined,
    stream: MediaStream | null,
    muted = false,
  ): void {
    const element = video?.nativeElement;
    if (!this.#isBrowser || !element) {
      return;
    }
    // Set in code as well: the `muted` attribute alone does not mute in every browser.
    element.muted = muted;
    if (element.srcObject !== stream) {
      element.srcObject = stream;
    }
  }

  async #setTracks(
    stream: MediaStream | null,
    audioOn: boolean,
    videoOn: boolean,
    sessionId: string,
  ): Promise<void> {
    try {
      stream?.getAudioTracks?.().forEach(track => (track.enabled = audioOn));
      stream?.getVideoTracks?.().forEach(track => (track.enabled = videoOn));
      // The port says it (`KitPhoneCallsSdk`): an adapter need not watch the tracks to learn the camera went off.
      await this.#sdk?.setLocalMedia?.(sessionId, audioOn, videoOn);
    } catch (error) {
      this.#shell.report(
        KitException.from(
          error,
          KitErrorCodes.SDK,
          typeof ngDevMode === 'undefined' || ngDevMode ? 'Setting the media tracks failed' : '',
        ),
      );
    }
  }
}
