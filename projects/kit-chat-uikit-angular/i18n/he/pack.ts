import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'שיחת הווידאו' : 'השיחה הקולית');
const count = (value: number) => new Intl.NumberFormat('he').format(value);

/** Hebrew (right to left). */
export const he = {
  locale: 'he',
  dir: 'rtl',
  calls: {
    calling: 'מתקשר…',
    ringing: 'מצלצל…',
    incomingVoiceCall: 'שיחה קולית נכנסת',
    incomingVideoCall: 'שיחת וידאו נכנסת',
    accept: 'מענה',
    decline: 'דחייה',
    endAndAccept: 'סיום ומענה',
    endCall: 'סיום שיחה',
    declined: 'השיחה נדחתה',
    busy: 'תפוס',
    noAnswer: 'אין מענה',
    unavailable: 'לא זמין',
    cancelled: 'השיחה בוטלה',
    ended: 'השיחה הסתיימה',
    failed: 'השיחה נכשלה',
    actionFailed: 'זה לא הצליח. אפשר לנסות שוב.',
    answeredElsewhere: 'נענתה במכשיר אחר',
    declinedElsewhere: 'נדחתה במכשיר אחר',
    missedCall: 'שיחה שלא נענתה',
    cancelledByCaller: 'המתקשר ניתק',
    cancelledWhileAccepting: 'המתקשר ניתק לפני שהשיחה חוברה',
    callAgain: 'התקשרות חוזרת',
    connecting: 'מתחבר…',
    ending: 'מסיים…',
    reconnecting: 'מתחבר מחדש…',
    reconnected: 'החיבור חזר',
    soundBlocked: 'הצליל כבוי: אפשר להקיש במקום כלשהו כדי לשמוע את הצלצול',
    mute: 'השתקה',
    unmute: 'ביטול השתקה',
    cameraOff: 'כיבוי המצלמה',
    cameraOn: 'הפעלת המצלמה',
    camera: 'מצלמה',
    end: 'סיום',
    callDuration: 'משך השיחה',
    acceptCallFrom: (name, isVideo = false) => `מענה ל${call(isVideo)} מ${name}`,
    declineCallFrom: (name, isVideo = false) => `דחיית ${call(isVideo)} מ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `סיום השיחה הנוכחית ומענה ל${call(isVideo)} מ${name}`,
    endCallWith: name => `סיום השיחה עם ${name}`,
    callingName: name => `מתקשר אל ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'שיחת וידאו נכנסת' : 'שיחה קולית נכנסת'} מ${name}`,
    inCallWith: name => `בשיחה עם ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('he').select(people) === 'one'
        ? 'מתקשר לאדם אחד'
        : `מתקשר ל־${count(people)} אנשים`,
    duration: kitDurationIn('he'),
  },
  readiness: {
    ready: 'שיחות יצלצלו כאן',
    missing: 'ייתכן שתפספסו שיחה:',
    turnOn: 'הפעלת התראות על שיחות',
    sound: 'הצליל כבוי עד שתלחצו',
    notifications: 'ההתראות כבויות',
    notificationsDenied: 'ההתראות חסומות בהגדרות האתר בדפדפן',
    registered: 'אין חיבור לשירות השיחות',
    serviceWorker: 'כשהאפליקציה סגורה, שיחות לא יגיעו אליכם',
  },
  dock: {
    minimize: 'מזעור השיחה',
    restore: 'מסך מלא',
    popOut: 'פתיחה בחלון נפרד',
    backToTab: 'חזרה לכרטיסייה',
    moveHint: 'מקשי החיצים מזיזים את חלון השיחה',
    movedTo: (vertical, horizontal) =>
      `חלון השיחה הועבר לפינה ה${vertical === 'top' ? 'עליונה' : 'תחתונה'} ה${
        horizontal === 'left' ? 'שמאלית' : 'ימנית'
      }`,
  },
  devices: {
    devices: 'מכשירים',
    microphone: 'מיקרופון',
    camera: 'מצלמה',
    speaker: 'רמקול',
    mutedSpeech: 'המיקרופון מושתק',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'קולית',
    video: 'וידאו',
    notReady: 'אי אפשר להתקשר כרגע',
    callTo: (name, isVideo = false) => `${isVideo ? 'שיחת וידאו' : 'שיחה קולית'} אל ${name}`,
    inCallWith: name => `כבר בשיחה עם ${name}`,
  },
  selfView: {
    label: 'הווידאו שלך, מקשי החיצים מזיזים אותו',
    movedTo: (vertical, horizontal) =>
      `הווידאו שלך הועבר לפינה ה${vertical === 'top' ? 'עליונה' : 'תחתונה'} ה${
        horizontal === 'left' ? 'שמאלית' : 'ימנית'
      }`,
  },
  keypad: {
    keypad: 'מקלדת',
    star: 'כוכבית',
    pound: 'סולמית',
    digitsSent: 'ספרות שנשלחו:',
    sent: key => `${key} נשלח`,
  },
  push: {
    voice: 'שיחה קולית נכנסת',
    video: 'שיחת וידאו נכנסת',
    accept: 'מענה',
    decline: 'דחייה',
    call: 'שיחה נכנסת',
  },
  log: {
    title: 'שיחות אחרונות',
    empty: 'אין עדיין שיחות',
    callBack: 'חיוג חוזר',
    incoming: 'נכנסת',
    outgoing: 'יוצאת',
    missed: 'הוחמצה',
    voice: 'שיחה קולית',
    video: 'שיחת וידאו',
    notAnswered: 'לא נענתה',
    missedCallFrom: name => `שיחה שלא נענתה מאת ${name}`,
    callBackName: name => `חיוג חוזר אל ${name}`,
    missedCount: missed => `שיחות שלא נענו: ${count(missed)}`,
  },
} satisfies KitLanguagePack;
