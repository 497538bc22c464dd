import {KitUser} from 'kit-chat-uikit-angular';

/** The user logged in on the bench's device. */
export const ME: KitUser = {uid: 'grace', name: 'Grace Hopper'};
/** The far side of the bench's calls. */
export const PEER: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
