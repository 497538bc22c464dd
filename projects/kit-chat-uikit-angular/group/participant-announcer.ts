import {LiveAnnouncer} from '@angular/cdk/a11y';
import {DestroyRef, Signal, effect, inject, untracked} from '@angular/core';
import type {KitParticipant, KitParticipantStatus} from 'kit-chat-uikit-angular';
import {KitGroupCallsIntl} from './group-calls-intl';

/** How long changes gather before they are said together, in ms. */
export const KIT_ANNOUNCE_BATCH = 1000;

/** The statuses said when someone comes to them, and how. */
const SAID: Partial<Record<KitParticipantStatus, keyof KitGroupCallsIntl>> = {
  joined: 'joinedName',
  declined: 'declinedName',
  busy: 'busyName',
  unanswered: 'unansweredName',
  left: 'leftName',
};

/**
 * Says politely who joined, declined, was busy, did not answer or left, from the participants as they change:
 * the changes of one second go in one announcement ("Alan joined. Katherine declined"), so that a burst of them
 * does not chatter. The statuses the screen first shows are not said (they are on screen). Created in an injection
 * context; stops with it.
 * @param participants The call's participants as they stand.
 * @param me The user's uid: their own changes are not said.
 * @docs-private
 */
export function kitAnnounceParticipants(
  participants: Signal<readonly KitParticipant[] | null>,
  me: () => string | null | undefined,
): void {
  const announcer = inject(LiveAnnouncer);
  const intl = inject(KitGroupCallsIntl);
  let known: Map<string, KitParticipantStatus> | null = null;
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  inject(DestroyRef).onDestroy(() => clearTimeout(timer));
  effect(() => {
    const people = participants();
    untracked(() => {
      if (!people) {
        known = null;
        return;
      }
      const before = known;
      known = new Map(people.map(({user, status}) => [user.uid, status]));
      if (!before) {
        return;
      }
      for (const {user, status} of people) {
        const key = SAID[status];
        if (key && before.get(user.uid) !== status && user.uid !== me()) {
          pending.push((intl[key] as (name: string) => string)(user.name));
        }
      }
      if (pending.length && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          const text = pending.join('. ');
          pending = [];
          void announcer.announce(text, 'polite');
        }, KIT_ANNOUNCE_BATCH);
      }
    });
  });
}
