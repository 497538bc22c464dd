/**
 * Turns a style input into a CSS length: a number is pixels, a string is used as it is.
 * @param value A number of pixels, a CSS length, or nothing.
 * @returns The CSS value, or `null` to leave the theme's value.
 */
export function kitCssLength(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  return typeof value === 'number' ? (Number.isFinite(value) ? `${value}px` : null) : value;
}

/**
 * Turns a URL into a CSS `url()` value, quoted so that spaces and quotes in it cannot break out.
 * @param url An image URL, or nothing.
 * @returns The CSS value, or `null`.
 */
export function kitCssUrl(url: string | null | undefined): string | null {
  return url ? `url(${JSON.stringify(url)})` : null;
}
