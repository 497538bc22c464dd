/*
 * Public API of kit-chat-uikit-angular/testing: test helpers and component harnesses.
 */
export * from './fake-audio-player';
export * from './calls-testing';
export * from './incoming-call-harness';
export * from './outgoing-call-harness';
export * from './ongoing-call-harness';
export * from './calls-sdk-conformance';
export * from './ring-readiness-harness';
export * from './call-log-harness';
export * from './call-buttons-harness';
export * from './group-call-harness';
