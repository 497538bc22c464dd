/*
 * Public API of kit-chat-uikit-angular/group: calls with more than two people, opt-in with `withGroupCalls()`.
 */
export {withGroupCalls, type KitGroupCallsFeature} from './group-calls-feature';
// The engine (gcore): the actions of calls with several people, and how a call's outcome is read.
export {KitGroupCalls, type KitGroupCallTarget} from './group-calls';
export {kitGroupOutcome} from './group-engine';
// The screens (gscreens): what the incoming, outgoing and ongoing screens show of a call with several people.
export {KitGroupCallsIntl} from './group-calls-intl';
export {
  KitGroupCallScreens,
  KitParticipantTileView,
  type KitParticipantTileContext,
  type KitPeopleToAdd,
} from './group-call-screens';
export {kitIsGroupCall} from './group-call';
