/*
 * Public API of kit-chat-uikit-angular/sip: the call SDK port over SIP (JsSIP, an optional peer dependency).
 */
export {KitSipCallsSdk} from './sip-calls-sdk';
export {kitSipCallsSdk} from './sip-calls-sdk-factory';
export {KitSipGroupCallsSdk} from './sip-group-calls-sdk';
export type {KitSipCall, KitSipCredentials, KitSipOptions, KitSipStatus} from './sip-options';
export {kitJanusRoom} from './janus-room-factory';
export type {KitJanusRoomMember, KitJanusRoomOptions} from './janus-room-types';
