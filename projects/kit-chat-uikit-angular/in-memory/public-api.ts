/*
 * Public API of kit-chat-uikit-angular/in-memory: the embedded in-memory call SDK, for demos, tests and apps that
 * have no server yet.
 */
// Named, not `export *`: the device interface the switchboard talks to is internal (@docs-private).
export {KitInMemorySwitchboard, KitInMemoryFarSide} from './in-memory-switchboard';
export type {KitInMemoryAction, KitInMemoryAnswer} from './in-memory-switchboard';
export * from './in-memory-calls-sdk';
