import {KitGroup, KitUser} from 'kit-chat-uikit-angular';

/** A person of the demo. `simulated` people are played by this tab's far-side panel. */
export interface DemoPerson extends KitUser {
  /** Whether the far-side panel of this tab plays the person (else: open the demo as them in another tab). */
  readonly simulated: boolean;
}

/** A picture URL that cannot load. */
export const BROKEN_PICTURE = 'data:image/png;base64,bm90IGEgcGljdHVyZQ==';

/** Everyone in the demo's directory. Grace and Linus are tab users: open one tab as each to call between them. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {uid: 'grace', name: 'Grace Hopper', simulated: false},
  {uid: 'linus', name: 'Linus Torvalds', simulated: false},
  {uid: 'ada', name: 'Ada Lovelace', simulated: true},
  // A broken picture on purpose: the avatar falls back to the initials. A data URL that does not decode fails
  // like a dead link, without a 404 in the console.
  {uid: 'alan', name: 'Alan Turing', avatar: BROKEN_PICTURE, simulated: true},
  {uid: 'katherine', name: 'Katherine Johnson', simulated: true},
];

/** The demo's group: "Call the team" rings its members at once (a group call). */
export const DEMO_TEAM: KitGroup = {id: 'team', name: 'Team'};

/** The four people of the Team: a tab user and the three simulated people. */
export const DEMO_TEAM_MEMBERS: readonly DemoPerson[] = DEMO_PEOPLE.filter(person =>
  ['grace', 'ada', 'alan', 'katherine'].includes(person.uid),
);

/** The user logged in when the URL names nobody. */
export const DEMO_DEFAULT_UID = 'grace';

/**
 * The user logged in on this tab: `?user=<uid>` in the URL, else Grace.
 * @param search The query string of the page.
 * @returns The person.
 */
export function demoMe(search: string = globalThis.location?.search ?? ''): DemoPerson {
  const uid = new URLSearchParams(search).get('user');
  return (
    DEMO_PEOPLE.find(person => person.uid === uid) ??
    DEMO_PEOPLE.find(person => person.uid === DEMO_DEFAULT_UID)!
  );
}

/**
 * A user as the SDK knows it (without the demo's flags).
 * @param person A person of the demo.
 * @returns The user.
 */
export function demoUser(person: DemoPerson): KitUser {
  const {uid, name, avatar} = person;
  return avatar ? {uid, name, avatar} : {uid, name};
}

/**
 * The people this tab can call: everyone in memory (the far-side panel plays the simulated ones), only the tab
 * users over SIP, where nobody plays the simulated people and a call to them would go nowhere.
 * @param me The person of this tab.
 * @param sip Whether the demo runs over SIP.
 * @returns The others, in the directory's order.
 */
export function demoReachable(me: DemoPerson, sip: boolean): DemoPerson[] {
  return DEMO_PEOPLE.filter(person => person.uid !== me.uid && (!sip || !person.simulated));
}
