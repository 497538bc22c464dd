/*
 * Public API of kit-chat-uikit-angular/in-memory: the embedded in-memory call SDK, for demos, tests and apps that
 * have no server yet.
 */
// Named, not `export *`: the device interface the switchboard talks to, and the helpers it is made of, are internal.
export {KitInMemorySwitchboard} from './in-memory-switchboard';
export {KitInMemoryFarSide} from './in-memory-far-side';
export type {KitInMemoryAction, KitInMemoryAnswer} from './in-memory-far-side';
export * from './in-memory-calls-sdk';
export * from './in-memory-media-calls-sdk';
// Calls with several people: opt-in, so that an app that never rings a group ships none of it.
export {KitInMemoryGroupFarSide, kitInMemoryGroupCalls} from './in-memory-group-calls';
