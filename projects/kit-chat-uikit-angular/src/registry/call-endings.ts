import {DestroyRef, inject} from '@angular/core';
import {KitCall} from '../sdk/models';
import {KitCallDirection, KitCallEndReason, KitCallSession} from '../session/call-session';
import {KitCallRegistry} from './call-registry';

/**
 * How a call of the kit ended, for `kit-chat-uikit-angular/call-log`.
 * @docs-private
 */
export interface _KitCallEnding {
  /** Which side this device was on. */
  readonly direction: KitCallDirection;
  /** The call, with its last known status. */
  readonly call: KitCall;
  /** Why it ended. */
  readonly reason: KitCallEndReason;
  /** When its session started here (ms since the epoch). */
  readonly startedAt: number;
  /** When it connected, or `null` when it never did. */
  readonly connectedAt: number | null;
  /** When it ended. */
  readonly endedAt: number;
}

/**
 * Follows every call session of the app (in an injection context) and tells each one's ending once. Lives in the
 * main entry because the sessions are internal; an app that never imports it ships none of it.
 * @param onEnding Receives each ending.
 * @docs-private
 */
export function _kitWatchCallEndings(onEnding: (ending: _KitCallEnding) => void): void {
  const registry = inject(KitCallRegistry);
  const watched = new WeakSet<KitCallSession>();
  const watch = () => {
    for (const session of registry.sessions) {
      if (!watched.has(session)) {
        watched.add(session);
        follow(session, onEnding);
      }
    }
  };
  const subscription = registry.changes.subscribe(watch);
  inject(DestroyRef).onDestroy(() => subscription.unsubscribe());
  watch();
}

function follow(session: KitCallSession, onEnding: (ending: _KitCallEnding) => void): void {
  const startedAt = Date.now();
  let connectedAt: number | null = session.state.connected ? startedAt : null;
  const stop = session.subscribe((state, facts) => {
    for (const fact of facts) {
      if (fact.type === 'connected') {
        connectedAt ??= Date.now();
      } else if (fact.type === 'ended') {
        stop();
        const {direction} = session;
        const {call} = state;
        onEnding({
          direction,
          call,
          reason: fact.ending.reason,
          startedAt,
          connectedAt,
          endedAt: Date.now(),
        });
      }
    }
  });
}
