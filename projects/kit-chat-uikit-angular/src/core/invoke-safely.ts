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

/**
 * Runs an app's or an SDK's function that should answer with a promise: a synchronous throw
 * becomes a rejection, a plain value a resolved promise.
 * @param run The function.
 * @returns Its answer, as a promise.
 * @docs-private
 */
export function kitAttempt<T>(run: () => PromiseLike<T> | T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error);
  }
}
