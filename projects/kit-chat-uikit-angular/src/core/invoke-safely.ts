/**
 * Calls an app's callback so that an exception in it is logged instead of thrown into the kit (a screen, the registry, the ringtone).
 * @param callback The app's callback, if any.
 * @param args Its arguments.
 * @docs-private
 */
export function kitInvokeSafely<A extends unknown[]>(
  callback: ((...args: A) => void) | null | undefined,
  ...args: A
): void {
  try {
    callback?.(...args);
  } catch (error) {
    console.error(
      typeof ngDevMode === 'undefined' || ngDevMode
        ? 'kit-chat-uikit-angular: an app callback threw'
        : '',
      error,
    );
  }
}
