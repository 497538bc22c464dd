/*
 * Public API of kit-chat-uikit-angular.
 */
export * from './sdk/models';
export * from './sdk/kit-exception';
export * from './sdk/call-settings';
export * from './sdk/calls-sdk';
export * from './sdk/validation';
export * from './core/config';
export * from './core/provide-kit-uikit';
export * from './call/call-lifecycle';
export * from './events/call-events';
export * from './intl/calls-intl';
export * from './sound/tones';
export * from './sound/audio-player';
export * from './sound/ringtone';
export * from './sound/ringer-lock';
export * from './avatar/avatar';
export * from './core/style-utils';
export * from './call/call-screen-support';
export * from './icon/icon';
export * from './incoming-call/index';
export * from './outgoing-call/index';
export * from './ongoing-call/index';
export * from './overlay/call-overlay-config';
export * from './overlay/call-overlay-ref';
export * from './overlay/call-overlay';
export * from './overlay/call-ringer';
export * from './call/call-screen-style-inputs';
