/*
 * Public API of kit-chat-uikit-angular/in-memory: the embedded in-memory call SDK, for demos, tests and apps that
 * have no server yet.
 */
export * from './in-memory-switchboard';
export * from './in-memory-calls-sdk';
