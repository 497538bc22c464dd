export {KitOngoingCallComponent} from './ongoing-call';
export {kitFormatCallDuration} from '../intl/call-duration';
