/*
 * Public API of kit-chat-uikit-angular/push: calls that ring while no tab of the app is open (Web Push, and SIP push
 * through RFC 8599 Contact parameters). The service-worker part is the script `push/kit-call-sw.js` of the package.
 */
export {KitPushCalls, withPushCalls, type KitPushCallsFeature} from './push-calls';
export {KitPushIntl} from './push-intl';
export type {KitPushCallsOptions, KitPushChoice} from './push-options';
