import {kitValidateCall, kitValidateUser} from 'kit-chat-uikit-angular';
import type {KitCall, KitUser} from 'kit-chat-uikit-angular';

const STATUSES = new Set<unknown>([
  'invited',
  'ringing',
  'joined',
  'declined',
  'busy',
  'unanswered',
  'left',
]);

/**
 * @param call A group call placed here or replayed from another tab.
 * @returns Whether its group, if any, has an id and a name, and its participants, if any, are a list of valid users
 *   each with a status.
 */
export function kitValidGroupParts(call: KitCall): boolean {
  const {group, participants} = call;
  return (
    (!group || (typeof group.id === 'string' && typeof group.name === 'string')) &&
    (!participants ||
      (Array.isArray(participants) &&
        participants.every(
          person => STATUSES.has(person?.status) && !kitValidateUser(person.user),
        )))
  );
}

/**
 * @param users Whom an invite from another tab rings.
 * @param call The call it carries, if any.
 * @returns Whether they are a list of valid users (one at least), and the call a valid group call.
 */
export function kitValidInvite(users: unknown, call: KitCall | undefined): boolean {
  return (
    Array.isArray(users) &&
    users.length > 0 &&
    users.every((user: KitUser) => !kitValidateUser(user)) &&
    (call === undefined || (!kitValidateCall(call) && kitValidGroupParts(call)))
  );
}
