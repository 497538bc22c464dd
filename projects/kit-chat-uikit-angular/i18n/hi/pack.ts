import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'वीडियो कॉल' : 'वॉइस कॉल');
const count = (value: number) => new Intl.NumberFormat('hi').format(value);

/** Hindi. */
export const hi = {
  locale: 'hi',
  dir: 'ltr',
  calls: {
    calling: 'कॉल किया जा रहा है…',
    ringing: 'घंटी बज रही है…',
    incomingVoiceCall: 'इनकमिंग वॉइस कॉल',
    incomingVideoCall: 'इनकमिंग वीडियो कॉल',
    accept: 'उठाएं',
    decline: 'अस्वीकार करें',
    endAndAccept: 'काटें और उठाएं',
    endCall: 'कॉल काटें',
    declined: 'कॉल अस्वीकार की गई',
    busy: 'व्यस्त',
    noAnswer: 'कोई जवाब नहीं',
    unavailable: 'उपलब्ध नहीं',
    cancelled: 'कॉल रद्द की गई',
    ended: 'कॉल समाप्त',
    failed: 'कॉल नहीं हो सकी',
    actionFailed: 'यह नहीं हो सका। कृपया फिर से कोशिश करें।',
    answeredElsewhere: 'दूसरे डिवाइस पर उठाई गई',
    declinedElsewhere: 'दूसरे डिवाइस पर अस्वीकार की गई',
    missedCall: 'मिस्ड कॉल',
    cancelledByCaller: 'कॉल करने वाले ने फ़ोन रख दिया',
    cancelledWhileAccepting: 'कॉल जुड़ने से पहले कॉल करने वाले ने फ़ोन रख दिया',
    callAgain: 'फिर से कॉल करें',
    connecting: 'कनेक्ट हो रहा है…',
    ending: 'समाप्त हो रही है…',
    reconnecting: 'फिर से कनेक्ट हो रहा है…',
    reconnected: 'फिर से कनेक्ट हो गया',
    soundBlocked: 'आवाज़ बंद है: रिंगटोन सुनने के लिए कहीं भी टैप करें',
    mute: 'म्यूट',
    unmute: 'अनम्यूट',
    cameraOff: 'कैमरा बंद करें',
    cameraOn: 'कैमरा चालू करें',
    camera: 'कैमरा',
    end: 'काटें',
    callDuration: 'कॉल की अवधि',
    acceptCallFrom: (name, isVideo = false) => `${name} की ${call(isVideo)} उठाएं`,
    declineCallFrom: (name, isVideo = false) => `${name} की ${call(isVideo)} अस्वीकार करें`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `मौजूदा कॉल काटें और ${name} की ${call(isVideo)} उठाएं`,
    endCallWith: name => `${name} के साथ कॉल काटें`,
    callingName: name => `${name} को कॉल किया जा रहा है`,
    incomingCallFrom: (name, isVideo) => `${name} की इनकमिंग ${call(isVideo)}`,
    inCallWith: name => `${name} के साथ कॉल पर`,
    callingPeople: people =>
      new Intl.PluralRules('hi').select(people) === 'one'
        ? `${count(people)} व्यक्ति को कॉल किया जा रहा है`
        : `${count(people)} लोगों को कॉल किया जा रहा है`,
    duration: kitDurationIn('hi'),
  },
  readiness: {
    ready: 'कॉल यहां बजेंगी',
    missing: 'आपसे कोई कॉल छूट सकती है:',
    turnOn: 'कॉल अलर्ट चालू करें',
    sound: 'क्लिक करने तक आवाज़ बंद रहेगी',
    notifications: 'सूचनाएं बंद हैं',
    notificationsDenied: 'ब्राउज़र की साइट सेटिंग में सूचनाएं ब्लॉक हैं',
    registered: 'कॉल सेवा से कनेक्ट नहीं है',
    serviceWorker: 'ऐप बंद होने पर कॉल आप तक नहीं पहुंच सकतीं',
  },
  dock: {
    minimize: 'कॉल छोटी करें',
    restore: 'फ़ुल स्क्रीन',
    popOut: 'अलग विंडो में खोलें',
    backToTab: 'टैब में वापस लाएं',
    moveHint: 'ऐरो कुंजियों से कॉल विंडो खिसकाएं',
    movedTo: (vertical, horizontal) =>
      `कॉल विंडो ${vertical === 'top' ? 'ऊपरी' : 'निचले'} ${
        horizontal === 'left' ? 'बाएं' : 'दाएं'
      } कोने में ले जाई गई`,
  },
  devices: {
    devices: 'डिवाइस',
    microphone: 'माइक्रोफ़ोन',
    camera: 'कैमरा',
    speaker: 'स्पीकर',
    mutedSpeech: 'आप म्यूट हैं',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'वॉइस',
    video: 'वीडियो',
    notReady: 'अभी कॉल उपलब्ध नहीं हैं',
    callTo: (name, isVideo = false) => `${name} को ${isVideo ? 'वीडियो' : 'वॉइस'} कॉल करें`,
    inCallWith: name => `${name} के साथ पहले से कॉल पर हैं`,
  },
  selfView: {
    label: 'आपका वीडियो, ऐरो कुंजियों से खिसकाएं',
    movedTo: (vertical, horizontal) =>
      `आपका वीडियो ${vertical === 'top' ? 'ऊपरी' : 'निचले'} ${
        horizontal === 'left' ? 'बाएं' : 'दाएं'
      } कोने में ले जाया गया`,
  },
  keypad: {
    keypad: 'कीपैड',
    star: 'स्टार',
    pound: 'हैश',
    digitsSent: 'भेजे गए अंक:',
    sent: key => `${key} भेजा गया`,
  },
  hold: {
    hold: 'होल्ड',
    onHold: 'होल्ड पर',
    resumed: 'कॉल फिर से शुरू हुई',
    heldBy: name => `${name} ने आपको होल्ड पर रखा`,
  },
  push: {
    voice: 'इनकमिंग वॉइस कॉल',
    video: 'इनकमिंग वीडियो कॉल',
    accept: 'उठाएं',
    decline: 'अस्वीकार करें',
    call: 'इनकमिंग कॉल',
    missed: 'मिस्ड कॉल',
    missedVoice: 'मिस्ड वॉइस कॉल',
    missedVideo: 'मिस्ड वीडियो कॉल',
    callBack: 'वापस कॉल करें',
  },
  log: {
    title: 'हाल की कॉल',
    empty: 'अभी तक कोई कॉल नहीं',
    callBack: 'वापस कॉल करें',
    incoming: 'इनकमिंग',
    outgoing: 'आउटगोइंग',
    missed: 'मिस्ड',
    voice: 'वॉइस कॉल',
    video: 'वीडियो कॉल',
    notAnswered: 'जवाब नहीं मिला',
    missedCallFrom: name => `${name} की मिस्ड कॉल`,
    callBackName: name => `${name} को वापस कॉल करें`,
    missedCount: missed => `${count(missed)} मिस्ड कॉल`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} ${group} को कॉल कर रहे हैं`,
    peopleCount: people =>
      new Intl.PluralRules('hi').select(people) === 'one'
        ? `${count(people)} व्यक्ति`
        : `${count(people)} लोग`,
    videoCall: 'वीडियो कॉल',
    voiceCall: 'वॉइस कॉल',
    more: more => `+${count(more)}`,
    moreLabel: more => `और ${count(more)} लोग`,
    callingPeople: people =>
      new Intl.PluralRules('hi').select(people) === 'one'
        ? `${count(people)} व्यक्ति को कॉल किया जा रहा है…`
        : `${count(people)} लोगों को कॉल किया जा रहा है…`,
    everyoneDeclined: 'अस्वीकार किया गया',
    nobodyAnswered: 'किसी ने जवाब नहीं दिया',
    everyoneLeft: 'सभी चले गए',
    invited: 'आमंत्रित',
    ringing: 'घंटी बज रही है',
    joined: 'कॉल में',
    declined: 'अस्वीकार किया',
    busy: 'व्यस्त',
    unanswered: 'कोई जवाब नहीं',
    left: 'चले गए',
    joinedName: name => `${name} जुड़ गए`,
    declinedName: name => `${name} ने अस्वीकार किया`,
    busyName: name => `${name} व्यस्त हैं`,
    unansweredName: name => `${name} ने जवाब नहीं दिया`,
    leftName: name => `${name} चले गए`,
    grid: 'प्रतिभागी',
    you: 'आप',
    tile: (name, muted, speaking) =>
      [name, muted && 'म्यूट', speaking && 'बोल रहे हैं'].filter(Boolean).join(', '),
    pinned: 'पिन किया गया',
    participants: 'लोग',
    panelTitle: 'कॉल में लोग',
    close: 'बंद करें',
    ringAgain: 'फिर से कॉल करें',
    ringAgainName: name => `${name} को फिर से कॉल करें`,
    addPeople: 'लोग जोड़ें',
    addName: name => `${name} को जोड़ें`,
    nobodyToAdd: 'जोड़ने के लिए कोई और नहीं',
  },
} satisfies KitLanguagePack;
