export {KitOngoingCallComponent, kitFormatCallDuration} from './ongoing-call';
