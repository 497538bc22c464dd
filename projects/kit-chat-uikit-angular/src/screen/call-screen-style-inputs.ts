import {Directive, InputSignal, Signal, computed, input} from '@angular/core';
import {kitCssLength} from '../core/style-utils';

/** A color, or a CSS class name, given to a style input; empty leaves the theme's value. */
export type KitStyleValue = string | null | undefined;

/** A length given to a style input: a number of pixels or a CSS length. */
export type KitLengthValue = number | string | null | undefined;

/**
 * The style inputs the call screens share (spec: the programmatic style setters both screens have). Colors and
 * sizes set the CSS custom property of the matching theme token on the host (`--kit-<screen>-<token>`), the same
 * properties the Sass mixins write; text appearances and the avatar style are CSS classes.
 * @docs-private
 */
@Directive({
  host: {
    '[class]': 'styleClass()',
    '[style]': '_sharedTokens()',
  },
})
export abstract class KitCallScreenStyleInputs {
  /** A class on the host whose rules use the theme mixins (spec: `setStyle`). */
  readonly styleClass: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Background of the screen (`background-color` token). */
  readonly backgroundColor: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Color of the other person's name (`title-text-color` token). */
  readonly titleTextColor: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** A CSS class on the name, typically setting `font`. */
  readonly titleTextAppearance: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Color of the line below the name (`subtitle-text-color` token). */
  readonly subtitleTextColor: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** A CSS class on the line below the name. */
  readonly subtitleTextAppearance: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** A CSS class on the avatar, typically setting `--kit-avatar-*` tokens. */
  readonly avatarStyle: InputSignal<KitStyleValue> = input<KitStyleValue>();
  /** Corner radius of the screen: a number of pixels or a CSS length (`corner-radius` token). */
  readonly cornerRadius: InputSignal<KitLengthValue> = input<KitLengthValue>();
  /** Width of the screen's border: a number of pixels or a CSS length (`stroke-width` token). */
  readonly strokeWidth: InputSignal<KitLengthValue> = input<KitLengthValue>();
  /** Color of the screen's border (`stroke-color` token). */
  readonly strokeColor: InputSignal<KitStyleValue> = input<KitStyleValue>();

  /** The screen's token prefix, such as `incoming-call`. */
  protected abstract readonly _tokenPrefix: string;

  /** The custom properties the shared inputs set on the host. */
  protected readonly _sharedTokens: Signal<Record<string, string>> = computed(() => {
    const tokens: Record<string, string | null> = {
      'background-color': this.backgroundColor() || null,
      'title-text-color': this.titleTextColor() || null,
      'subtitle-text-color': this.subtitleTextColor() || null,
      'corner-radius': kitCssLength(this.cornerRadius()),
      'stroke-width': kitCssLength(this.strokeWidth()),
      'stroke-color': this.strokeColor() || null,
    };
    const style: Record<string, string> = {};
    for (const [name, value] of Object.entries(tokens)) {
      if (value) {
        style[`--kit-${this._tokenPrefix}-${name}`] = value;
      }
    }
    return style;
  });
}
