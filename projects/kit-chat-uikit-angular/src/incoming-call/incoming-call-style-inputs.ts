import {Directive, InputSignal, input} from '@angular/core';
import {kitCssLength} from '../core/style-utils';

/** A color or a CSS length input; empty leaves the theme's value. */
type Css = string | null | undefined;

/**
 * The 18 style inputs of `<kit-incoming-call>` (spec: the programmatic style setters). Colors and sizes set the
 * CSS custom property of the matching theme token on the host (`--kit-incoming-call-<token>`); text appearances
 * and the avatar style are CSS classes; the call type icons are image URLs.
 * @docs-private
 */
@Directive({
  host: {
    '[style.--kit-incoming-call-background-color]': 'backgroundColor() || null',
    '[style.--kit-incoming-call-title-text-color]': 'titleTextColor() || null',
    '[style.--kit-incoming-call-subtitle-text-color]': 'subtitleTextColor() || null',
    '[style.--kit-incoming-call-icon-tint]': 'iconTint() || null',
    '[style.--kit-incoming-call-accept-button-background-color]':
      'acceptCallButtonBackgroundColor() || null',
    '[style.--kit-incoming-call-reject-button-background-color]':
      'rejectCallButtonBackgroundColor() || null',
    '[style.--kit-incoming-call-accept-button-text-color]': 'acceptButtonTextColor() || null',
    '[style.--kit-incoming-call-reject-button-text-color]': 'rejectButtonTextColor() || null',
    '[style.--kit-incoming-call-corner-radius]': '_cssLength(cornerRadius())',
    '[style.--kit-incoming-call-stroke-width]': '_cssLength(strokeWidth())',
    '[style.--kit-incoming-call-stroke-color]': 'strokeColor() || null',
  },
})
export abstract class KitIncomingCallStyleInputs {
  /** A class on the host whose rules use the theme mixins (spec: `setStyle`). */
  readonly styleClass: InputSignal<string | null | undefined> = input<string | null>();
  /** Background of the screen (`--kit-incoming-call-background-color`). */
  readonly backgroundColor: InputSignal<Css> = input<Css>();
  /** Color of the caller's name (`--kit-incoming-call-title-text-color`). */
  readonly titleTextColor: InputSignal<Css> = input<Css>();
  /** A CSS class on the caller's name, typically setting `font`. */
  readonly titleTextAppearance: InputSignal<Css> = input<Css>();
  /** Color of the call type line (`--kit-incoming-call-subtitle-text-color`). */
  readonly subtitleTextColor: InputSignal<Css> = input<Css>();
  /** A CSS class on the call type line. */
  readonly subtitleTextAppearance: InputSignal<Css> = input<Css>();
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
  /** Corner radius of the screen: a number of pixels or a CSS length (`--kit-incoming-call-corner-radius`). */
  readonly cornerRadius: InputSignal<number | string | null | undefined> = input<
    number | string | null
  >();
  /** Width of the screen's border: a number of pixels or a CSS length (`--kit-incoming-call-stroke-width`). */
  readonly strokeWidth: InputSignal<number | string | null | undefined> = input<
    number | string | null
  >();
  /** Color of the screen's border (`--kit-incoming-call-stroke-color`). */
  readonly strokeColor: InputSignal<Css> = input<Css>();
  /** A CSS class on the avatar, typically setting `--kit-avatar-*` tokens. */
  readonly avatarStyle: InputSignal<Css> = input<Css>();

  protected readonly _cssLength = kitCssLength;
}
