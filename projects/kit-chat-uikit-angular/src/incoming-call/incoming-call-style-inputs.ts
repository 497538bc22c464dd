import {Directive, InputSignal, input} from '@angular/core';
import {KitCallScreenStyleInputs, KitStyleValue as Css} from '../screen/call-screen-style-inputs';

/**
 * The style inputs of `<kit-incoming-call>` that the outgoing screen does not have (spec: the programmatic style
 * setters); the shared ones come from `KitCallScreenStyleInputs`. Colors set the CSS custom property of the
 * matching theme token on the host (`--kit-incoming-call-<token>`); text appearances are CSS classes; the call
 * type icons are image URLs.
 * @docs-private
 */
@Directive({
  host: {
    '[style.--kit-incoming-call-icon-tint]': 'iconTint() || null',
    '[style.--kit-incoming-call-accept-button-background-color]':
      'acceptCallButtonBackgroundColor() || null',
    '[style.--kit-incoming-call-reject-button-background-color]':
      'rejectCallButtonBackgroundColor() || null',
    '[style.--kit-incoming-call-accept-button-text-color]': 'acceptButtonTextColor() || null',
    '[style.--kit-incoming-call-reject-button-text-color]': 'rejectButtonTextColor() || null',
  },
})
export abstract class KitIncomingCallStyleInputs extends KitCallScreenStyleInputs {
  protected readonly _tokenPrefix = 'incoming-call';

  /** Color of the call type icon (`--kit-incoming-call-icon-tint`). */
  readonly iconTint: InputSignal<Css> = input<Css>();
  /** URL of an image that replaces the voice call icon. */
  readonly voiceCallIcon: InputSignal<Css> = input<Css>();
  /** URL of an image that replaces the video call icon. */
  readonly videoCallIcon: InputSignal<Css> = input<Css>();
  /** Background of the accept button (`--kit-incoming-call-accept-button-background-color`). */
  readonly acceptCallButtonBackgroundColor: InputSignal<Css> = input<Css>();
  /** Background of the reject button (`--kit-incoming-call-reject-button-background-color`). */
  readonly rejectCallButtonBackgroundColor: InputSignal<Css> = input<Css>();
  /** Color of the accept button's icon and text (`--kit-incoming-call-accept-button-text-color`). */
  readonly acceptButtonTextColor: InputSignal<Css> = input<Css>();
  /** Color of the reject button's icon and text (`--kit-incoming-call-reject-button-text-color`). */
  readonly rejectButtonTextColor: InputSignal<Css> = input<Css>();
  /** A CSS class on the accept button's text. */
  readonly acceptButtonTextAppearance: InputSignal<Css> = input<Css>();
  /** A CSS class on the reject button's text. */
  readonly rejectButtonTextAppearance: InputSignal<Css> = input<Css>();
}
