/**
 * How long ICE may stay `disconnected` before it is restarted as if `failed` (Chromium may stay `disconnected` for
 * minutes without moving on to `failed`).
 */
const DISCONNECTED_WAIT = 5000;
/** How long a restarted ICE has to connect again before the room is given up as lost. */
const RESTART_WAIT = 10000;

/** What the watch of one peer connection tells its member. @docs-private */
export interface KitJanusIceHooks {
  /** The path broke (ICE `disconnected` or `failed`), or it is back (`connected`, `completed`). */
  changed(broken: boolean): void;
  /** Restarts ICE (a new offer with new credentials, or Janus's, for a subscriber). */
  restart(): Promise<void>;
  /** The path did not come back after a restart: the room is lost. */
  lost(): void;
}

/**
 * Watches a peer connection to Janus: a path that breaks is said broken at once, restarted once it is `failed` or
 * `disconnected` for 5 s, and given up (`lost`) when the restart fails or does not connect within 10 s. A path that
 * comes back by itself is said back.
 * @returns Stops the watch (its timer).
 * @docs-private
 */
export function kitJanusWatchIce(peer: RTCPeerConnection, hooks: KitJanusIceHooks): () => void {
  let broken = false;
  let restarted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number, then: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(then, ms);
  };
  const restart = () => {
    if (restarted) {
      return;
    }
    restarted = true;
    wait(RESTART_WAIT, hooks.lost);
    hooks.restart().catch(() => {
      clearTimeout(timer);
      hooks.lost();
    });
  };
  const changed = () => {
    const state = peer.iceConnectionState;
    if (state === 'connected' || state === 'completed') {
      clearTimeout(timer);
      timer = undefined;
      restarted = false;
      if (broken) {
        broken = false;
        hooks.changed(false);
      }
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') {
      return;
    }
    if (!broken) {
      broken = true;
      hooks.changed(true);
    }
    if (state === 'failed') {
      restart();
    } else if (!restarted) {
      wait(DISCONNECTED_WAIT, restart);
    }
  };
  peer.addEventListener('iceconnectionstatechange', changed);
  return () => {
    clearTimeout(timer);
    peer.removeEventListener('iceconnectionstatechange', changed);
  };
}
