import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'video' : 'voice');
const count = (value: number) => new Intl.NumberFormat('en').format(value);

/** English, the kit's own words: to switch back to English at run time. */
export const en = {
  locale: 'en',
  dir: 'ltr',
  calls: {
    calling: 'Calling…',
    ringing: 'Ringing…',
    incomingVoiceCall: 'Incoming voice call',
    incomingVideoCall: 'Incoming video call',
    accept: 'Accept',
    decline: 'Decline',
    endAndAccept: 'End and accept',
    endCall: 'End call',
    declined: 'Call declined',
    busy: 'Busy',
    noAnswer: 'No answer',
    unavailable: 'Not available',
    cancelled: 'Call cancelled',
    ended: 'Call ended',
    failed: 'Call failed',
    actionFailed: 'That did not work. Please try again.',
    answeredElsewhere: 'Answered on another device',
    declinedElsewhere: 'Declined on another device',
    missedCall: 'Missed call',
    cancelledByCaller: 'The caller hung up',
    cancelledWhileAccepting: 'The caller hung up before the call connected',
    callAgain: 'Call again',
    connecting: 'Connecting…',
    ending: 'Ending…',
    reconnecting: 'Reconnecting…',
    reconnected: 'Connected again',
    soundBlocked: 'Sound is off: tap anywhere to hear the ringtone',
    mute: 'Mute',
    unmute: 'Unmute',
    cameraOff: 'Turn camera off',
    cameraOn: 'Turn camera on',
    camera: 'Camera',
    end: 'End',
    callDuration: 'Call duration',
    acceptCallFrom: (name, isVideo = false) => `Accept ${call(isVideo)} call from ${name}`,
    declineCallFrom: (name, isVideo = false) => `Decline ${call(isVideo)} call from ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `End current call and accept ${call(isVideo)} call from ${name}`,
    endCallWith: name => `End call with ${name}`,
    callingName: name => `Calling ${name}`,
    incomingCallFrom: (name, isVideo) => `Incoming ${call(isVideo)} call from ${name}`,
    inCallWith: name => `In call with ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('en').select(people) === 'one'
        ? `Calling ${count(people)} person`
        : `Calling ${count(people)} people`,
    duration: kitDurationIn('en'),
  },
  readiness: {
    ready: 'Calls will ring here',
    missing: 'You might miss a call:',
    turnOn: 'Turn on call alerts',
    sound: 'Sound is off until you click',
    notifications: 'Notifications are off',
    notificationsDenied: "Notifications are blocked in the browser's site settings",
    registered: 'Not connected to the call service',
    serviceWorker: 'Calls cannot reach you while the app is closed',
  },
  dock: {
    minimize: 'Minimize call',
    restore: 'Full screen',
    popOut: 'Pop out',
    backToTab: 'Back to the tab',
    moveHint: 'Arrow keys move the call window',
    movedTo: (vertical, horizontal) => `Call window moved to the ${vertical} ${horizontal} corner`,
  },
  devices: {
    devices: 'Devices',
    microphone: 'Microphone',
    camera: 'Camera',
    speaker: 'Speaker',
    mutedSpeech: 'You are muted',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  push: {
    voice: 'Incoming voice call',
    video: 'Incoming video call',
    accept: 'Accept',
    decline: 'Decline',
    call: 'Incoming call',
  },
  log: {
    title: 'Recent calls',
    empty: 'No calls yet',
    callBack: 'Call back',
    incoming: 'Incoming',
    outgoing: 'Outgoing',
    missed: 'Missed',
    voice: 'Voice call',
    video: 'Video call',
    notAnswered: 'Not answered',
    missedCallFrom: name => `Missed call from ${name}`,
    callBackName: name => `Call back ${name}`,
    missedCount: missed =>
      new Intl.PluralRules('en').select(missed) === 'one'
        ? `${count(missed)} missed call`
        : `${count(missed)} missed calls`,
  },
} satisfies KitLanguagePack;
