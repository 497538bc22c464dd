import type {KitCall, KitParticipant, KitUser} from 'kit-chat-uikit-angular';

/**
 * Whether a call has several people: it was placed to a group, or it has more than two participants. Any other call
 * is between two people and shows as before.
 * @param call The call.
 * @returns Whether the group screens show it.
 */
export function kitIsGroupCall(call: Partial<KitCall> | null | undefined): call is KitCall {
  return !!call && (!!call.group || (call.participants?.length ?? 0) > 2);
}

/** What a row of avatars shows: the first people, and how many more. @docs-private */
export interface KitAvatarRow {
  readonly shown: readonly KitUser[];
  readonly more: number;
}

/**
 * @param people The people of the row.
 * @param max How many avatars it shows at most.
 * @returns The avatars, and how many people are left for "+N".
 * @docs-private
 */
export function kitAvatarRow(people: readonly KitUser[], max = 3): KitAvatarRow {
  // With one person more than the room, "+1" would take the slot an avatar fits in.
  const room = people.length > max ? max : people.length;
  return {shown: people.slice(0, room), more: people.length - room};
}

/**
 * @param call The call.
 * @param leave The uids to leave out (the caller, the user).
 * @returns Its participants but those.
 * @docs-private
 */
export function kitOthers(
  call: KitCall | null | undefined,
  ...leave: (string | null | undefined)[]
): readonly KitParticipant[] {
  return (call?.participants ?? []).filter(({user}) => !leave.includes(user.uid));
}
