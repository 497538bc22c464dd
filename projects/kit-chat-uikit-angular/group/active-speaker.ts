import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Signal, computed, effect, inject, signal, untracked} from '@angular/core';
import {KitGroupCallsIntl} from './group-calls-intl';

/**
 * Who the docked window of a group call shows: the other person who spoke last (from the speaking rings' audio
 * levels). They stay shown while nobody speaks, and give way to the next one who does; someone who left the call
 * is let go. While the call is docked (or popped out), a change of speaker is said politely ("Alan Turing is
 * speaking"), once per change: silence between words says nothing. Created in an injection context.
 * @param speaking The uids of who speaks now.
 * @param names The names of the people in the call by uid, the user left out.
 * @param docked Whether the call is small (docked or popped out).
 * @returns The uid of the person to show, or `null` before anyone spoke.
 * @docs-private
 */
export function kitActiveSpeaker(
  speaking: Signal<ReadonlySet<string>>,
  names: Signal<ReadonlyMap<string, string>>,
  docked: Signal<boolean>,
): Signal<string | null> {
  const announcer = inject(LiveAnnouncer);
  const intl = inject(KitGroupCallsIntl);
  const last = signal<string | null>(null);
  effect(() => {
    const now = speaking();
    const people = names();
    untracked(() => {
      const current = last();
      if (current && now.has(current) && people.has(current)) {
        return;
      }
      const next = [...now].find(uid => people.has(uid));
      if (next) {
        last.set(next);
      } else if (current && !people.has(current)) {
        last.set(null);
      }
    });
  });
  effect(() => {
    const uid = last();
    if (uid && untracked(docked)) {
      void announcer.announce(intl.speakingName(untracked(names).get(uid) ?? ''), 'polite');
    }
  });
  return computed(() => last());
}
