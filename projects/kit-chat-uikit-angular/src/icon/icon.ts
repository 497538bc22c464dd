import {
  ChangeDetectionStrategy,
  Component,
  InputSignal,
  ViewEncapsulation,
  input,
} from '@angular/core';

/**
 * SVG paths of the icons the call screens use, from Material Icons (Apache License 2.0), shipped inline so that no
 * icon font is downloaded. The path data went through SVGO's lossless path rewriting (shorthands, a closing line
 * turned into `z`), kept only where Chromium fills the same pixels at 20, 24, 32 and 480 px.
 */
export const KIT_ICON_PATHS = {
  call: 'M20.01 15.38c-1.23 0-2.42-.2-3.53-.56-.35-.12-.74-.03-1.01.24l-1.57 1.97c-2.83-1.35-5.48-3.9-6.89-6.83l1.95-1.66c.27-.28.35-.67.24-1.02-.37-1.11-.56-2.3-.56-3.53 0-.54-.45-.99-.99-.99H4.19C3.65 3 3 3.24 3 3.99 3 13.28 10.73 21 20.01 21c.71 0 .99-.63.99-1.18v-3.45c0-.54-.45-.99-.99-.99',
  callEnd:
    'M12 9c-1.6 0-3.15.25-4.6.72v3.1c0 .39-.23.74-.56.9-.98.49-1.87 1.12-2.66 1.85-.18.18-.43.28-.7.28-.28 0-.53-.11-.71-.29L.29 13.08c-.18-.17-.29-.42-.29-.7s.11-.53.29-.71C3.34 8.78 7.46 7 12 7s8.66 1.78 11.71 4.67c.18.18.29.43.29.71s-.11.53-.29.71l-2.48 2.48c-.18.18-.43.29-.71.29-.27 0-.52-.11-.7-.28-.79-.74-1.69-1.36-2.67-1.85-.33-.16-.56-.5-.56-.9v-3.1C15.15 9.25 13.6 9 12 9',
  videocam:
    'M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11l-4 4',
  videocamOff:
    'm21 6.5-4 4V7c0-.55-.45-1-1-1H9.82L21 17.18zM3.27 2 2 3.27 4.73 6H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.21 0 .39-.08.54-.18L19.73 21 21 19.73z',
  mic: 'M12 14c1.66 0 2.99-1.34 2.99-3L15 5c0-1.66-1.34-3-3-3S9 3.34 9 5v6c0 1.66 1.34 3 3 3m5.3-3c0 3-2.54 5.1-5.3 5.1S6.7 14 6.7 11H5c0 3.41 2.72 6.23 6 6.72V21h2v-3.28c3.28-.48 6-3.3 6-6.72z',
  micOff:
    'M19 11h-1.7c0 .74-.16 1.43-.43 2.05l1.23 1.23c.56-.98.9-2.09.9-3.28zm-4.02.17c0-.06.02-.11.02-.17V5c0-1.66-1.34-3-3-3S9 3.34 9 5v.18l5.98 5.99zM4.27 3L3 4.27l6.01 6.01V11c0 1.66 1.33 3 2.99 3 .22 0 .44-.03.65-.08l1.66 1.66c-.71.33-1.5.52-2.31.52-2.76 0-5.3-2.1-5.3-5.1H5c0 3.41 2.72 6.23 6 6.72V21h2v-3.28c.91-.13 1.77-.45 2.54-.9L19.73 21 21 19.73 4.27 3z',
  volumeOff:
    'M16.5 12c0-1.77-1.02-3.29-2.5-4.03v2.21l2.45 2.45c.03-.2.05-.41.05-.63m2.5 0c0 .94-.2 1.82-.54 2.64l1.51 1.51C20.63 14.91 21 13.5 21 12c0-4.28-2.99-7.86-7-8.77v2.06c2.89.86 5 3.54 5 6.71M4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25c-.67.52-1.42.93-2.25 1.18v2.06c1.38-.31 2.63-.95 3.69-1.81L19.73 21 21 19.73l-9-9zM12 4 9.91 6.09 12 8.18z',
} as const;

/** Name of a built-in icon. */
export type KitIconName = keyof typeof KIT_ICON_PATHS;

/**
 * A built-in icon as inline SVG, sized by `font-size` and coloured by `color`. Decorative: hidden from screen
 * readers (its host is `aria-hidden`, which hides the SVG too; no browser the kit supports makes an SVG focusable, so
 * it needs no `focusable="false"`), so the button or text around it carries the label.
 */
@Component({
  selector: 'kit-icon',
  template: `<svg viewBox="0 0 24 24">
    <path [attr.d]="_paths[name()]" />
  </svg>`,
  styles: `
    .kit-icon {
      display: inline-flex;
      inline-size: 1em;
      block-size: 1em;
      flex: none;
    }
    .kit-icon svg {
      inline-size: 100%;
      block-size: 100%;
      fill: currentColor;
    }
    [dir='rtl'] .kit-icon-flip-rtl svg {
      transform: scaleX(-1);
    }
  `,
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-icon', 'aria-hidden': 'true'},
})
export class KitIconComponent {
  /** Which icon. */
  readonly name: InputSignal<KitIconName> = input.required<KitIconName>();
  protected readonly _paths = KIT_ICON_PATHS;
}
