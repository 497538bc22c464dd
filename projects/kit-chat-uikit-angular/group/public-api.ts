/*
 * Public API of kit-chat-uikit-angular/group: calls with more than two people, opt-in with `withGroupCalls()`.
 */
export {withGroupCalls, type KitGroupCallsFeature} from './group-calls-feature';
