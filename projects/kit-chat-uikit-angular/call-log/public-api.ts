/*
 * Public API of kit-chat-uikit-angular/call-log: the log of the user's calls, its list and missed-call badge count.
 * An app that does not import it ships none of it.
 */
export {KitCallLog} from './call-log';
export {KitCallLogComponent} from './call-log-list';
export {KitCallLogIntl} from './call-log-intl';
export {KitCallLogStore, KitIndexedDbCallLogStore, KitMemoryCallLogStore} from './call-log-store';
export {withCallLog, type KitCallLogFeature} from './call-log-feature';
export type {KitCallLogEntry, KitCallLogOptions} from './call-log-entry';
