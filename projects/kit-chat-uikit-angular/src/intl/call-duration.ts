/**
 * Formats the length of a call as `mm:ss`, or `h:mm:ss` from one hour on, in ASCII digits (`KitCallsIntl.duration`
 * says it in the language's digits).
 * @param totalSeconds Elapsed whole seconds (negative values count as 0).
 * @returns The text, e.g. `"04:07"` or `"1:02:09"`.
 */
export function kitFormatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
