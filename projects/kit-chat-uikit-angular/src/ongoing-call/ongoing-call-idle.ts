import {DestroyRef, Signal, inject, signal} from '@angular/core';

/** How long a still mouse leaves the controls of a video call on screen. */
const IDLE_MS = 4000;

/**
 * Whether the controls of a full-bleed video call may step aside: only in a wide window with a fine pointer that
 * can hover (never on touch), after `IDLE_MS` without pointer movement, and never again once a key was pressed in
 * the screen (keyboard and screen-reader users keep them). The stylesheet also keeps them while they hold the focus.
 * Called in an injection context.
 * @param host The screen's element, whose pointer and key events wake the controls.
 * @param isBrowser Whether the page runs in a browser (no timers on the server).
 * @returns A signal that is `true` while the controls may hide. @docs-private
 */
export function kitIdleControls(host: HTMLElement, isBrowser: boolean): Signal<boolean> {
  const idle = signal(false);
  if (!isBrowser || typeof matchMedia !== 'function') {
    return idle;
  }
  const wide = matchMedia('(min-width: 720px) and (hover: hover) and (pointer: fine)');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let keyboard = false;
  const wake = (event?: Event) => {
    keyboard ||= event?.type === 'keydown';
    idle.set(false);
    clearTimeout(timer);
    if (!keyboard && wide.matches) {
      timer = setTimeout(() => idle.set(true), IDLE_MS);
    }
  };
  const events = ['pointermove', 'pointerdown', 'keydown'];
  events.forEach(name => host.addEventListener(name, wake));
  wake();
  inject(DestroyRef).onDestroy(() => {
    clearTimeout(timer);
    events.forEach(name => host.removeEventListener(name, wake));
  });
  return idle;
}
