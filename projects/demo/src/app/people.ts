import {KitUser} from 'kit-chat-uikit-angular';

/** The user logged in on this tab of the demo. */
export const DEMO_ME: KitUser = {uid: 'grace', name: 'Grace Hopper'};

/** The people of the far side, played by the demo's switchboard. */
export const DEMO_PEOPLE: KitUser[] = [
  {uid: 'ada', name: 'Ada Lovelace'},
  {uid: 'alan', name: 'Alan Turing', avatar: 'broken-avatar.png'},
  {uid: 'katherine', name: 'Katherine Johnson'},
];
