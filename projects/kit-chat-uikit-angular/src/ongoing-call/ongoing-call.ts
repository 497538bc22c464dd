import {FocusTrap, FocusTrapFactory, _IdGenerator} from '@angular/cdk/a11y';
import {isPlatformBrowser} from '@angular/common';
import {
  ChangeDetectionStrategy,
  ChangeDetectorRef,
  Component,
  DestroyRef,
  ElementRef,
  InputSignal,
  OutputEmitterRef,
  PLATFORM_ID,
  Signal,
  ViewEncapsulation,
  afterNextRender,
  computed,
  effect,
  inject,
  input,
  output,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {takeUntilDestroyed} from '@angular/core/rxjs-interop';
import {KitAvatarComponent} from '../avatar/avatar';
import {KitCallEndReason, KitCallLifecycle, KitCallPhase} from '../call/call-lifecycle';
import {
  kitConnectSdk,
  kitEndReasonText,
  kitInvokeSafely,
  kitRunSdk,
} from '../call/call-screen-support';
import {KitCallEventsService} from '../events/call-events';
import {KitIconComponent} from '../icon/icon';
import {KitCallsIntl} from '../intl/calls-intl';
import {KitCallMediaSource, KitCallsSdk} from '../sdk/calls-sdk';
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

/**
 * Formats the length of a call as `mm:ss`, or `h:mm:ss` from one hour on.
 * @param totalSeconds Elapsed whole seconds (negative values count as 0).
 * @returns The text, e.g. `"04:07"` or `"1:02:09"`.
 */
export function kitFormatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The SDK with the optional media part of the port. */
type KitMediaSdk = KitCallsSdk & KitCallMediaSource;

/**
 * The screen of an accepted call: the other person, the elapsed time, mute, camera on/off (video calls that are not
 * audio only) and end call. It listens to the SDK by itself: when either side hangs up it publishes `ccCallEnded`
 * once and emits `closed`. When the SDK adapter implements `KitCallMediaSource`, the streams are shown; otherwise
 * the avatar is.
 *
 * One instance shows one call: a `call` with another session id starts over with a fresh timer.
 */
@Component({
  selector: 'kit-ongoing-call',
  templateUrl: 'ongoing-call.html',
  styleUrl: 'ongoing-call.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [KitAvatarComponent, KitIconComponent],
  host: {
    class: 'kit-ongoing-call',
    role: 'dialog',
    'aria-modal': 'true',
    tabindex: '-1',
    '[attr.aria-labelledby]': '_labelId',
    '[class.kit-ongoing-call-video]': '_isVideo()',
    '[class.kit-ongoing-call-has-remote-video]': '_showRemoteVideo()',
    '[class.kit-ongoing-call-ended]': '_phase() === "ended"',
  },
})
export class KitOngoingCallComponent {
  private readonly _connection = kitConnectSdk();
  private readonly _events = inject(KitCallEventsService);
  private readonly _isBrowser = isPlatformBrowser(inject(PLATFORM_ID));
  private readonly _elementRef: ElementRef<HTMLElement> = inject(ElementRef);
  private readonly _focusTrapFactory = inject(FocusTrapFactory);
  private _focusTrap: FocusTrap | null = null;
  private _lifecycle: KitCallLifecycle | null = null;
  private _mediaFailed = false;
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

  private readonly _id = inject(_IdGenerator).getId('kit-ongoing-call-');
  protected readonly _labelId = `${this._id}-label`;
  protected readonly _phase = signal<KitCallPhase>('ongoing');
  /** Whether an `endCall` sent to the SDK awaits its answer. */
  protected readonly _ending = signal(false);
  protected readonly _muted = signal(false);
  protected readonly _cameraOff = signal(false);
  private readonly _elapsed = signal(0);
  protected readonly _elapsedText = computed(() => kitFormatCallDuration(this._elapsed()));
  protected readonly _elapsedIso = computed(() => `PT${this._elapsed()}S`);
  protected readonly _endText = computed(() => {
    const reason = this._phase() === 'ended' ? (this._lifecycle?.reason ?? 'ended') : null;
    return reason ? kitEndReasonText(this.intl, reason) : '';
  });
  private readonly _localStream = signal<MediaStream | null>(null);
  protected readonly _remoteStream = signal<MediaStream | null>(null);

  /** The person on the other end: whichever party is not the logged-in user. */
  protected readonly _other: Signal<KitUser | null> = computed(() => {
    const call = this.call();
    if (!call || typeof call !== 'object') {
      return null;
    }
    const caller = kitCaller(call) ?? null;
    const receiver = kitReceiver(call) ?? null;
    const me = this._connection.me;
    return me && caller?.uid === me.uid ? receiver : caller;
  });
  protected readonly _name = computed(() => this._other()?.name ?? '');
  private readonly _settings = computed(() => this.callSettings() ?? this.call()?.settings ?? null);
  /** Whether the call has video: a video call whose settings are not audio only. */
  protected readonly _isVideo = computed(
    () => this.call()?.type !== KitConstants.CALL_TYPE_AUDIO && !this._settings()?.audioOnly,
  );
  protected readonly _showRemoteVideo = computed(() => this._isVideo() && !!this._remoteStream());
  protected readonly _showLocalVideo = computed(
    () => this._isVideo() && !this._cameraOff() && !!this._localStream(),
  );

  private readonly _remoteVideo = viewChild<ElementRef<HTMLVideoElement>>('remoteVideo');
  private readonly _localVideo = viewChild<ElementRef<HTMLVideoElement>>('localVideo');
  private readonly _sessionId = computed(() => this.call()?.sessionId ?? '');
  /** Ends of calls heard before this screen started them (kept for `_start`). */
  private readonly _endedEarly = new Map<string, KitCall>();

  constructor() {
    const changeDetector = inject(ChangeDetectorRef);
    this.intl.changes.pipe(takeUntilDestroyed()).subscribe(() => changeDetector.markForCheck());

    // One lifecycle per session: a new session id tears the previous one down without closing.
    effect(onCleanup => {
      this._sessionId();
      const lifecycle = untracked(() => this._start());
      onCleanup(() => lifecycle?.end('dismissed'));
    });

    // `srcObject` cannot be bound in a template; set it on the element in code.
    effect(() => this._attach(this._remoteVideo(), this._remoteStream()));
    effect(() => this._attach(this._localVideo(), this._localStream(), true));

    // The tracks follow the toggles, and a stream that arrives late gets the current state.
    effect(() => {
      const stream = this._localStream();
      const audioOn = !this._muted();
      const videoOn = this._isVideo() && !this._cameraOff();
      if (stream) {
        untracked(() => this._setTracks(stream, audioOn, videoOn));
      }
    });

    afterNextRender(() => {
      const host = this._elementRef.nativeElement;
      this._focusTrap = this._focusTrapFactory.create(host);
      host.focus();
    });

    if (this._connection.sdk) {
      this._listen(this._connection.sdk);
    }

    inject(DestroyRef).onDestroy(() => {
      this._lifecycle?.end('dismissed');
      this._connection.sdk?.removeCallListener(this._id);
      this._focusTrap?.destroy();
    });
  }

  /** The end-call button: notifies, then runs `onEndCallClick` or ends the call through the SDK. @docs-private */
  protected _endCall(): void {
    const lifecycle = this._lifecycle;
    const sdk = this._connection.sdk;
    if (!lifecycle || lifecycle.isEnded || this._ending()) {
      return; // Ended, or an end is under way: a second press must not send a second endCall.
    }
    this.endCallClick.emit();
    const handler = this.onEndCallClick();
    if (handler) {
      kitInvokeSafely(handler);
      return;
    }
    if (!sdk) {
      return;
    }
    const call = this.call();
    this._ending.set(true);
    kitRunSdk(() => sdk.endCall(call.sessionId), KitErrorCodes.CALL_FAILED, 'endCall failed').then(
      ended => this._finish(lifecycle, ended ? {...ended} : {...call, status: 'ended'}),
      (error: KitException) => {
        if (lifecycle !== this._lifecycle || lifecycle.isEnded) {
          return; // The far side hung up meanwhile: the screen is already done.
        }
        this._ending.set(false);
        const cause = error.details;
        if (cause instanceof KitException && cause.code === KitErrorCodes.CALL_ENDED) {
          // The SDK says the call is over although no onCallEnded reached us: do not leave a stuck screen.
          this._finish(lifecycle, {...call, status: 'ended'});
        } else {
          this._report(error);
        }
      },
    );
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

  private _start(): KitCallLifecycle | null {
    this._lifecycle = null;
    this._ending.set(false);
    this._muted.set(false);
    this._cameraOff.set(false);
    this._elapsed.set(0);
    this._mediaFailed = false;
    const call = this.call();
    const problem = this._connection.error ?? kitValidateCall(call);
    const sdk = this._connection.sdk;
    if (problem || !sdk) {
      if (problem) {
        this._report(problem);
      }
      return null;
    }
    const lifecycle = new KitCallLifecycle('incoming', phase => this._phase.set(phase));
    lifecycle.connect();
    this._lifecycle = lifecycle;

    this._listen(sdk);
    lifecycle.onTeardown(() => sdk.removeCallListener(this._id));
    const endedEarly = this._endedEarly.get(call.sessionId);
    this._endedEarly.clear();

    // No timer and no media on the server: they would keep the render from settling.
    if (this._isBrowser) {
      const startedAt = Date.now();
      const timer = setInterval(() => {
        this._elapsed.set(Math.floor((Date.now() - startedAt) / 1000));
        this._refreshStreams(sdk, call.sessionId);
      }, 1000);
      lifecycle.onTeardown(() => clearInterval(timer));
      this._refreshStreams(sdk, call.sessionId);
      lifecycle.onTeardown(() => {
        this._localStream.set(null);
        this._remoteStream.set(null);
      });
    }
    if (endedEarly) {
      // The far side hung up before the first render started this screen.
      this._finish(lifecycle, endedEarly);
    }
    return lifecycle;
  }

  /** Listens to the end of calls: from construction, since the far side may hang up before the first render. */
  private _listen(sdk: KitMediaSdk): void {
    try {
      sdk.addCallListener(this._id, {
        onCallEnded: ended => {
          const lifecycle = this._lifecycle;
          if (lifecycle && ended?.sessionId === this.call()?.sessionId) {
            this._finish(lifecycle, ended);
          } else if (!lifecycle && ended?.sessionId) {
            this._endedEarly.set(ended.sessionId, ended);
          }
        },
      });
    } catch (error) {
      this._report(KitException.from(error, KitErrorCodes.SDK, 'addCallListener() failed'));
    }
  }

  /** Ends the lifecycle once: publishes `ccCallEnded` and emits `closed`. */
  private _finish(lifecycle: KitCallLifecycle, ended: KitCall): void {
    if (lifecycle !== this._lifecycle || !lifecycle.end('ended')) {
      return;
    }
    this._ending.set(false);
    this._events.publishCallEnded(ended);
    this.closed.emit('ended');
  }

  private _refreshStreams(sdk: KitMediaSdk, sessionId: string): void {
    if (this._mediaFailed || (!sdk.getLocalStream && !sdk.getRemoteStream)) {
      return;
    }
    try {
      this._localStream.set(sdk.getLocalStream?.(sessionId) ?? null);
      this._remoteStream.set(sdk.getRemoteStream?.(sessionId) ?? null);
    } catch (error) {
      // Report once, then show the avatars: asking every second would flood `error`.
      this._mediaFailed = true;
      this._localStream.set(null);
      this._remoteStream.set(null);
      this._report(KitException.from(error, KitErrorCodes.SDK, 'Getting the media streams failed'));
    }
  }

  private _attach(
    video: ElementRef<HTMLVideoElement> | undefined,
    stream: MediaStream | null,
    muted = false,
  ): void {
    const element = video?.nativeElement;
    if (!this._isBrowser || !element) {
      return;
    }
    // Set in code as well: the `muted` attribute alone does not mute in every browser.
    element.muted = muted;
    if (element.srcObject !== stream) {
      element.srcObject = stream;
    }
  }

  private _setTracks(stream: MediaStream, audioOn: boolean, videoOn: boolean): void {
    try {
      stream.getAudioTracks?.().forEach(track => (track.enabled = audioOn));
      stream.getVideoTracks?.().forEach(track => (track.enabled = videoOn));
    } catch (error) {
      this._report(KitException.from(error, KitErrorCodes.SDK, 'Setting the media tracks failed'));
    }
  }

  private _report(error: KitException): void {
    kitInvokeSafely(this.onError(), error);
    this.error.emit(error);
  }
}
