import {Signal, computed} from '@angular/core';
import {kitCssLength} from '../core/style-utils';

/** A color, or a CSS class name, given to a style input; empty leaves the theme's value. */
export type KitStyleValue = string | null | undefined;

/** A length given to a style input: a number of pixels or a CSS length. */
export type KitLengthValue = number | string | null | undefined;

/** The style inputs the call screens share (spec: the programmatic style setters both screens have). */
export interface KitCallScreenStyle {
  readonly backgroundColor: Signal<KitStyleValue>;
  readonly titleTextColor: Signal<KitStyleValue>;
  readonly subtitleTextColor: Signal<KitStyleValue>;
  readonly cornerRadius: Signal<KitLengthValue>;
  readonly strokeWidth: Signal<KitLengthValue>;
  readonly strokeColor: Signal<KitStyleValue>;
}

/**
 * The custom properties a screen's shared style inputs set on its host (`--kit-<screen>-<token>`), the same
 * properties the Sass mixins write. Each screen declares the inputs itself (with `styleClass`, the text appearances
 * and the avatar style, which are CSS classes): an abstract directive holding them cost more in the bundle
 * (an inherited factory and definition per screen) than the declarations it saved.
 * @param prefix The screen's token prefix, such as `incoming-call`.
 * @param screen The screen's inputs.
 * @returns The properties, for the host's `[style]`.
 * @docs-private
 */
export function kitStyleTokens(
  prefix: string,
  screen: KitCallScreenStyle,
): Signal<Record<string, string>> {
  return computed(() => {
    const tokens: Record<string, string | null | undefined> = {
      'background-color': screen.backgroundColor(),
      'title-text-color': screen.titleTextColor(),
      'subtitle-text-color': screen.subtitleTextColor(),
      'corner-radius': kitCssLength(screen.cornerRadius()),
      'stroke-width': kitCssLength(screen.strokeWidth()),
      'stroke-color': screen.strokeColor(),
    };
    const style: Record<string, string> = {};
    for (const [name, value] of Object.entries(tokens)) {
      if (value) {
        style[`--kit-${prefix}-${name}`] = value;
      }
    }
    return style;
  });
}
