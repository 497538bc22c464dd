import {DOCUMENT} from '@angular/common';
import {Injectable, inject} from '@angular/core';

/**
 * Lets one tab at a time hold a named ringer, through the Web Locks API shared by the tabs of an origin. Where the
 * API is missing (old browsers, the server, jsdom), every caller holds it at once.
 */
@Injectable({providedIn: 'root'})
export class KitRingerLock {
  readonly #document = inject(DOCUMENT);

  /**
   * Asks for the lock `key`.
   * @param key Name of the lock.
   * @param granted Called with `true` once the lock is held, and first with `false` when another tab holds it
   *   (this one then waits in line).
   * @returns Releases the lock, or leaves the line. Safe to call more than once.
   */
  acquire(key: string, granted: (held: boolean) => void): () => void {
    let locks: LockManager | undefined;
    try {
      locks = this.#document.defaultView?.navigator?.locks;
    } catch {
      locks = undefined; // A sandboxed frame may throw on the mere access.
    }
    if (!locks) {
      granted(true);
      return () => {};
    }
    const controller = new AbortController();
    let release: () => void = () => {};
    let answered = false;
    const held = new Promise<void>(resolve => (release = resolve));
    const hold = () => {
      if (controller.signal.aborted) {
        return undefined;
      }
      answered = true;
      granted(true);
      return held;
    };
    // Refused (a sandboxed iframe, an opaque origin: SecurityError): ring as if this tab were alone.
    const ringAlone = () => {
      if (!answered && !controller.signal.aborted) {
        answered = true;
        granted(true);
      }
    };
    try {
      locks
        .request(key, {ifAvailable: true}, lock => {
          if (lock) {
            return hold();
          }
          answered = true;
          granted(false);
          // Wait in line: the tab that rings may close or stop before this call ends.
          locks.request(key, {signal: controller.signal}, hold).catch(() => {});
          return undefined;
        })
        .catch(ringAlone);
    } catch {
      ringAlone();
    }
    return () => {
      controller.abort();
      release();
    };
  }
}
