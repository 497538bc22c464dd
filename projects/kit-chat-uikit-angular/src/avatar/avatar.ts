import {
  ChangeDetectionStrategy,
  Component,
  InputSignal,
  ViewEncapsulation,
  computed,
  input,
  signal,
} from '@angular/core';

/**
 * Initials of a name: the first letter of its first and last words ("Ada King Lovelace" → "AL").
 * @param name A display name.
 * @returns One or two upper-case letters, or an empty string.
 */
export function kitInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) {
    return '';
  }
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/**
 * A hue from a name, the same for the same name on every device: the colour of an initials avatar.
 * @param name A display name.
 * @returns A hue, 0 to 359.
 */
function kitHue(name: string | null | undefined): number {
  let hue = 0;
  for (const char of name ?? '') {
    hue = (hue * 31 + char.charCodeAt(0)) % 360;
  }
  return hue;
}

/**
 * The avatar of a user (spec: `KitAvatar.setAvatar(name, url)`): the image, or the initials when there is no URL
 * or the image fails to load, on a gradient whose hue comes from the name. Its accessible name is the user's name.
 */
@Component({
  selector: 'kit-avatar',
  templateUrl: 'avatar.html',
  styleUrl: 'avatar.scss',
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    class: 'kit-avatar',
    role: 'img',
    '[attr.aria-label]': 'name() || null',
    '[class.kit-avatar-has-image]': 'showImage()',
    '[style.--_hue]': '_hue()',
  },
})
export class KitAvatarComponent {
  /** Name of the user: the accessible name, and the source of the initials. */
  readonly name: InputSignal<string | null | undefined> = input<string | null | undefined>('');
  /** URL of the avatar image. */
  readonly avatarUrl: InputSignal<string | null | undefined> = input<string | null | undefined>(
    null,
  );

  /** The URL that failed to load: a new URL is tried again. */
  protected readonly _failedUrl = signal<string | null | undefined>(undefined);
  protected readonly _initials = computed(() => kitInitials(this.name()));
  /** The hue of the initials' gradient: the same name always gets the same colour. */
  protected readonly _hue = computed(() => kitHue(this.name()));
  protected readonly showImage = computed(() => {
    const url = this.avatarUrl();
    return !!url?.trim() && url !== this._failedUrl();
  });
}
