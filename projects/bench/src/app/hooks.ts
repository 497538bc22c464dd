import {InjectionToken, Type} from '@angular/core';

/** The component the shell shows under its dialog button: the kit's panel in the `with-kit` build only. */
export const BENCH_PANEL = new InjectionToken<Type<unknown>>('BENCH_PANEL');

/**
 * Handles the benchmark (`tools/bench.mjs`) reaches on `window.__bench`. The fixture only exposes objects; the
 * measurements run in the page from the tool, so their code is in neither build.
 */
export function benchHooks(): Record<string, unknown> {
  const host = window as unknown as {__bench?: Record<string, unknown>};
  return (host.__bench ??= {});
}
