import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  ViewEncapsulation,
  afterRenderEffect,
  computed,
  effect,
  inject,
  input,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitCallScreenView} from '../screen/call-screen-parts';
import {KitCallMediaSource, KitCallsSdk} from '../sdk/calls-sdk';
import {KitConstants} from '../sdk/models';
import {KitCallPreviewIntl} from './call-preview-intl';

/**
 * The self view behind a ringing video call (`withCallPreview()`): on the incoming screen while it rings, on the
 * outgoing screen while it dials. Shown only when the camera may already be used: the call's own stream when the SDK
 * hands one out (`getLocalStream`), else a camera of its own when `navigator.permissions` says the camera is
 * `'granted'`; never a prompt. Its own camera stops as soon as the call stops ringing. @docs-private
 */
@Component({
  selector: 'kit-call-preview',
  template: `
    @if (_stream()) {
      <video
        #video
        class="kit-call-preview-video"
        autoplay
        playsinline
        muted
        aria-hidden="true"
      ></video>
      <span class="cdk-visually-hidden">{{ _label() }}</span>
    }
  `,
  styleUrl: 'call-preview.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-call-preview', '[attr.hidden]': '_stream() ? null : ""'},
})
export class KitCallPreviewComponent {
  /** The screen beside which the part was created. */
  readonly screen: InputSignal<KitCallScreenView> = input.required<KitCallScreenView>();

  readonly #intl = inject(KitCallPreviewIntl);
  readonly #version = kitFollowIntl(this.#intl);
  readonly #sdk = inject(KitCallsSdk, {optional: true}) as
    (KitCallsSdk & KitCallMediaSource) | null;
  protected readonly _label = computed(() => (this.#version(), this.#intl.preview));
  protected readonly _stream = signal<MediaStream | null>(null);
  private readonly _video = viewChild<ElementRef<HTMLVideoElement>>('video');

  /** The session id of the video call that rings on the screen, or `null`. */
  readonly #ringing = computed(() => {
    const screen = this.screen();
    const state = screen.state();
    const phase = screen.host.classList.contains('kit-incoming-call') ? 'ringing' : 'dialing';
    return state?.phase === phase &&
      !state.waiting &&
      state.call.type !== KitConstants.CALL_TYPE_AUDIO
      ? state.call.sessionId
      : null;
  });

  constructor() {
    const host: HTMLElement = inject(ElementRef).nativeElement;
    // Created beside the screen's host: it stands inside the screen, behind its content.
    afterRenderEffect(() => {
      const screen = this.screen().host;
      if (host.parentElement !== screen) {
        screen.append(host);
      }
    });
    effect(onCleanup => {
      const sessionId = this.#ringing();
      if (!sessionId || typeof navigator === 'undefined') {
        return;
      }
      let live = true;
      let own: MediaStream | null = null;
      untracked(
        () =>
          void this.#open(sessionId).then(([stream, mine]) => {
            own = mine ? stream : null;
            if (!live) {
              own?.getTracks().forEach(track => track.stop());
            } else {
              this._stream.set(stream);
            }
          }),
      );
      // The call stopped ringing (answered, declined, cancelled) or the screen is gone: the camera goes off.
      onCleanup(() => {
        live = false;
        own?.getTracks().forEach(track => track.stop());
        this._stream.set(null);
      });
    });
    // `srcObject` cannot be bound in a template; muted in code as well (the call's own stream has its microphone).
    effect(() => {
      const video = this._video()?.nativeElement;
      if (video) {
        video.muted = true;
        video.srcObject = this._stream();
      }
    });
  }

  /** @returns The stream to show (or `null`), and whether it is this part's own (to stop). */
  async #open(sessionId: string): Promise<[MediaStream | null, boolean]> {
    try {
      const call = this.#sdk?.getLocalStream?.(sessionId);
      if (call?.getVideoTracks().length) {
        return [call, false];
      }
      // Only a camera the page may already use: ringing never asks. A browser that cannot tell (no Permissions
      // API, or no 'camera' name in it) shows no preview, and that is no error.
      const permission = await navigator.permissions?.query({name: 'camera' as PermissionName});
      if (permission?.state !== 'granted') {
        return [null, false];
      }
      return [await navigator.mediaDevices.getUserMedia({video: true}), true];
    } catch {
      // A camera that is busy or gone: the call rings as before, without the look.
      return [null, false];
    }
  }
}
