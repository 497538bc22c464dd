import {KitUser} from 'kit-chat-uikit-angular';

export const ME: KitUser = {uid: 'grace', name: 'Grace Hopper'};
export const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
