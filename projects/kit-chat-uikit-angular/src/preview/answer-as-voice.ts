import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InputSignal,
  ViewEncapsulation,
  afterRenderEffect,
  computed,
  inject,
  input,
} from '@angular/core';
import {KitCallButtonComponent} from '../button/call-button';
import {kitFollowIntl} from '../intl/follow-intl';
import {KitCallScreenView} from '../screen/call-screen-parts';
import {KitConstants} from '../sdk/models';
import {kitCaller} from '../sdk/validation';
import {KitCallPreviewIntl} from './call-preview-intl';

/**
 * "Answer as voice" under Accept and Decline on the incoming screen of a video call (`withCallPreview()`): it
 * accepts through the call's session with `audioOnly` settings, so the SDK sends no camera (`acceptCall(sessionId,
 * settings)`) and the ongoing screen starts as a voice call. Not shown when a slot replaced the screen's buttons.
 * @docs-private
 */
@Component({
  selector: 'kit-answer-as-voice',
  template: `
    @if (_text(); as text) {
      <kit-call-button
        icon="call"
        buttonClass="kit-answer-as-voice-button"
        [label]="text.label"
        [ariaLabel]="text.ariaLabel"
        [disabled]="!text.ringing"
        (press)="_answer()"
      />
    }
  `,
  styleUrl: 'answer-as-voice.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [KitCallButtonComponent],
  host: {class: 'kit-answer-as-voice'},
})
export class KitAnswerAsVoiceComponent {
  /** The screen beside which the part was created. */
  readonly screen: InputSignal<KitCallScreenView> = input.required<KitCallScreenView>();

  readonly #intl = inject(KitCallPreviewIntl);
  readonly #version = kitFollowIntl(this.#intl);
  protected readonly _text = computed(() => {
    this.#version();
    const screen = this.screen();
    const state = screen.state();
    const call = state?.call;
    if (
      !call ||
      call.type === KitConstants.CALL_TYPE_AUDIO ||
      !screen.host.classList.contains('kit-incoming-call')
    ) {
      return null;
    }
    const intl = this.#intl;
    return {
      label: intl.answerAsVoice,
      ariaLabel: intl.answerAsVoiceFrom(kitCaller(call).name),
      ringing: state.phase === 'ringing',
    };
  });

  constructor() {
    const host: HTMLElement = inject(ElementRef).nativeElement;
    // Created beside the screen's host: it stands in the screen's row of buttons (a new call renders the row anew),
    // and nowhere when a slot replaced them.
    afterRenderEffect(() => {
      this._text();
      const row = this.screen()
        .host.querySelector('.kit-incoming-call-accept-button')
        ?.closest('.kit-incoming-call-trailing');
      if (row && host.parentElement !== row) {
        row.append(host);
      }
      host.hidden = !row;
    });
  }

  /** Accepts with no camera; the session takes only the first decision. @docs-private */
  protected _answer(): void {
    void this.screen().session()?.accept({audioOnly: true, defaultAudioMode: 'SPEAKER'});
  }
}
